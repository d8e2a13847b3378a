"""Jinja for templates: one sandboxed environment with StrictUndefined; errors name file and line.

Card data is only ever passed as variables, never compiled as template source.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import jinja2
import jinja2.meta
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment

from kitgen.layout.picture import tint
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.budget import BudgetedSandbox, OverBudget, budget, over_time, reset_steps, template_place
from kitgen.layout.document import escape_markup
from kitgen.layout.precompiled import card_string_code, card_string_names, shipped_code
from kitgen.load.files import display_path
from kitgen.load.templates import locate_template, source_digest
from kitgen.model import signed

MAX_OUTPUT = 1_000_000  # characters: a rules summary is about 20,000


FILTERS = {"signed": signed, "tint": tint}  # tint: a colour mixed with white, e.g. {{ type.color | tint(0.8) }}


def make_environment(dirs: list[Path], roots: tuple[Path, ...] | None = None,
                     markup: bool = False) -> SandboxedEnvironment:
    """The environment for templates found in `dirs`, first folder first, each file contained in
    `roots` (default: its own folder; see load/files.contained). One per set of folders for the
    life of the process: Jinja keeps each template compiled in memory and compiles it again only
    when its file changes. Nothing compiled is kept on disk (no bytecode cache: marshal data read
    back from a folder a game can write into would be code). `markup`: values are escaped so
    data text can never become document markup (layout/document.escape_markup)."""
    return _environment(tuple(str(d) for d in dirs), tuple(str(r) for r in roots) if roots else None, markup)


@lru_cache(maxsize=16)
def _environment(dirs: tuple[str, ...], roots: tuple[str, ...] | None, markup: bool) -> SandboxedEnvironment:
    env = BudgetedSandbox(
        loader=ContainedLoader([Path(d) for d in dirs], [Path(r) for r in roots] if roots else None, markup),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # output is plain text or kitgen's own markup, escaped by finalize
        keep_trailing_newline=True,
        finalize=escape_markup if markup else None,
    )
    env.filters.update(FILTERS)
    return env


class ContainedLoader(jinja2.BaseLoader):
    """Jinja's FileSystemLoader, but every template, include and import passes the one
    containment rule first: a link out of the game folder, a pipe or a huge file is one line.
    `read`: each template name it has read -> a hash of the text (load/templates.template_digest),
    so a check made with these templates can tell later whether it still holds. `shipped`: the
    documents' environment, which takes a shipped template's code compiled ahead when there is
    one for its very text (layout/precompiled.py)."""

    def __init__(self, dirs: list[Path], roots: list[Path] | None, shipped: bool = False):
        self.dirs, self.roots, self.shipped = dirs, roots, shipped
        self.read: dict[str, str] = {}

    def load(self, environment, name: str, globals=None) -> jinja2.Template:
        """Jinja's BaseLoader.load (this environment has no bytecode cache), with the code
        compiled ahead when there is some for this text; the template keeps its own file name,
        which errors name."""
        source, filename, uptodate = self.get_source(environment, name)
        code = shipped_code(name, source) if self.shipped else None
        template = environment.template_class.from_code(
            environment, code or environment.compile(source, name, filename), {} if globals is None else globals,
            uptodate)
        template.filename = filename
        return template

    def get_source(self, environment, template: str):
        pieces = split_template_path(template)  # refuses '..'
        found = locate_template(pieces, self.dirs, self.roots)
        if found is None:
            raise jinja2.TemplateNotFound(template)
        index, path, resolved = found
        try:
            source = resolved.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise KitgenError(error(Where(display_path(path)), f"cannot read template: {exc}")) from None
        mtime = os.path.getmtime(resolved)
        self.read[template] = source_digest(source)
        # Compiled once, kept while the file is unchanged and no folder before it on the path
        # has gained a file of that name (an override added while `kitgen watch` runs).
        earlier = [before.joinpath(*pieces) for before in self.dirs[:index]]
        return source, os.path.normpath(path), lambda: _unchanged(resolved, mtime) and not any(
            other.exists() or other.is_symlink() for other in earlier)


def _unchanged(path: Path, mtime: float) -> bool:
    try:
        return os.path.getmtime(path) == mtime
    except OSError:
        return False


def card_environment() -> BudgetedSandbox:
    """The environment a card template's strings are compiled for (one each)."""
    env = BudgetedSandbox(undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters.update(FILTERS)
    return env


@lru_cache(maxsize=512)
def _compiled(source: str) -> jinja2.Template:
    """A card string's template: a shipped card template's string with the code compiled ahead
    for its very text (layout/precompiled.py), any other compiled now. Its globals are a copy of
    its own environment's (range and the rest), which nothing changes later, rather than Jinja's
    ChainMap over them: every render copies them into its context, and a card face renders ~3
    strings through Jinja (~600 renders for Galactic Civ)."""
    env = card_environment()
    code = card_string_code(source) or env.compile(source)
    return env.template_class.from_code(env, code, dict(env.make_globals(None)))


_PARSER = SandboxedEnvironment()
_PARSER.filters.update(FILTERS)  # a filter it does not know is a syntax error to it


@lru_cache(maxsize=4096)
def variables(source: str, where: Where | None = None, box: str = "") -> frozenset[str]:
    """The names a template string reads from its context (a shipped card template's string: as
    listed when its code was compiled ahead, layout/precompiled.py)."""
    if "{" not in source:
        return frozenset()
    try:
        shipped = card_string_names(source)
        return shipped if shipped is not None else parsed_variables(source)
    except jinja2.TemplateSyntaxError as exc:
        label = f"box '{box}': " if box else ""
        raise KitgenError(error(where or Where("template"), f"{label}template syntax error: {exc.message}")) from None


def parsed_variables(source: str) -> frozenset[str]:
    return frozenset(jinja2.meta.find_undeclared_variables(_PARSER.parse(source)))


# `{{ name }}` or `{{ name.attribute }}`: most of a card template's strings, and for them Jinja's
# render (a context, a generator, a join) costs ten times the lookup. They are looked up here
# with the sandbox's own getattr and written with str(), which is what the compiled template
# does; anything else, or a name the context lacks, goes through Jinja.
_LOOKUP = re.compile(r"\{\{\s*([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\s*\}\}")
_LITERALS = {"true", "false", "none", "True", "False", "None"}
_SANDBOX = SandboxedEnvironment(undefined=jinja2.StrictUndefined)


@lru_cache(maxsize=4096)
def _lookup(source: str) -> tuple[str, str | None] | None:
    match = _LOOKUP.fullmatch(source)
    return (match[1], match[2]) if match and match[1] not in _LITERALS else None


def render_string(source: str, context: dict, where: Where | None, box: str = "") -> str:
    """Render a template string taken from a template file (never from card data)."""
    if "{" not in source:
        return source
    label = f"box '{box}': " if box else ""
    try:
        lookup = _lookup(source)
        if lookup is not None and lookup[0] in context:
            value = context[lookup[0]]
            return str(value if lookup[1] is None else _SANDBOX.getattr(value, lookup[1]))
        reset_steps()
        text = _compiled(source).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise KitgenError(error(where or Where("template"), f"{label}template syntax error: {exc.message}")) from None
    except RENDER_ERRORS as exc:
        raise KitgenError(error(where or Where("template"), f"{label}template error: {_reason(exc)}")) from None
    if len(text) > MAX_BOX_OUTPUT:
        raise KitgenError(error(where or Where("template"), f"{label}template output is over {MAX_BOX_OUTPUT:,} "
                                "characters"))
    return text


MAX_BOX_OUTPUT = 100_000  # characters of one card box: a card holds a few hundred
# What a template's own code can raise (the data it is given is checked): each is the template's fault.
RENDER_ERRORS = (jinja2.TemplateError, TypeError, ValueError, AttributeError, KeyError, IndexError, ArithmeticError,
                 RecursionError, OverBudget)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "templates nest too deeply: an include or a macro calls itself"
    return f"{exc}"[:300] or type(exc).__name__


def render_template(env: SandboxedEnvironment, name: str, context: dict) -> str:
    """Render a document template within its budget (layout/budget.py); any failure is one line
    at the template's own file:line (an included template's, not the one including it)."""
    try:
        with budget():
            text = _generate(env.get_template(name), context)
    except jinja2.TemplateNotFound as exc:
        place = template_place(exc)
        if place is None:
            raise KitgenError(error(Where(name), "template not found")) from None
        raise KitgenError(error(_where(place, name), f"template '{exc.name}' not found")) from None
    except jinja2.TemplateSyntaxError as exc:
        raise KitgenError(error(Where(display_path(Path(exc.filename)) if exc.filename else name, exc.lineno or 0),
                                f"template syntax error: {exc.message}")) from None
    except RENDER_ERRORS as exc:
        place = template_place(exc) or (_template_file(env, name), 0)
        raise KitgenError(error(_where(place, name), f"template error: {_reason(exc)}")) from None
    return text


def _generate(template: jinja2.Template, context: dict) -> str:
    """The output, stopped as soon as it is too long or too late (a runaway loop that writes)."""
    parts, length = [], 0
    for part in template.generate(**context):
        parts.append(part)
        length += len(part)
        if length > MAX_OUTPUT:
            raise OverBudget(f"template output is over {MAX_OUTPUT:,} characters")
        if over_time():
            raise OverBudget("rendering took too long; the template is too slow")
    return "".join(parts)


def _where(place: tuple[str, int], name: str = "template") -> Where:
    """A template's file:line; a template without a file (from a string) is shown by its name."""
    return Where(name if place[0].startswith("<") else display_path(Path(place[0])), place[1])


def _template_file(env: SandboxedEnvironment, name: str) -> str:
    try:
        return env.get_template(name).filename or name
    except jinja2.TemplateError:
        return name
