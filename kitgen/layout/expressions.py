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
from jinja2.sandbox import SandboxedEnvironment

from kitgen.errors import KitgenError, Where, error

MAX_OUTPUT = 1_000_000  # characters: a rules summary is about 20,000


def signed(value: int) -> str:
    """+2 / −2 with a true minus sign, as printed on cards."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def effect_value(effect) -> str:
    """What an effect's badge says: '+2', '−1', '+1D6'."""
    return f"+{effect.dice}" if effect.dice else signed(effect.delta)


FILTERS = {"signed": signed}


def make_environment(dirs: list[Path], compiled: Path | None = None) -> SandboxedEnvironment:
    """The environment for templates found in `dirs`, first folder first. One per set of folders
    for the life of the process: Jinja keeps each template compiled and compiles it again only when
    its file changes (it compares modification times), so a watch rebuild does not compile the
    documents' templates again. `compiled` (the build cache) keeps what this build compiles for the
    next process, and gives what an earlier one compiled: a rebuild at the prompt compiles nothing."""
    env = _environment(tuple(str(d) for d in dirs))
    env.bytecode_cache.folder = compiled
    env.bytecode_cache.pending.clear()  # what a build that failed compiled is not kept by the next
    return env


def keep_compiled(dirs: list[Path]) -> None:
    """After a build has succeeded: write the templates it compiled into its `compiled` folder."""
    _environment(tuple(str(d) for d in dirs)).bytecode_cache.keep()


@lru_cache(maxsize=16)
def _environment(dirs: tuple[str, ...]) -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        loader=jinja2.FileSystemLoader(list(dirs)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # output is plain text or kitgen's own markup, escaped when rendered
        keep_trailing_newline=True,
        bytecode_cache=CompiledTemplates(),
    )
    env.filters.update(FILTERS)
    return env


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates in a folder of the build cache (none: nothing kept), one file per
    template, named by the template's name and path; Jinja stores the source's checksum inside and
    compiles again when the source differs. Jinja asks only when it compiles, which an environment
    does once per template and process. Read then; written only by keep(), once the build has
    succeeded, so a refused build leaves nothing beside the kit. A file that cannot be read or
    written only means compiling again."""

    def __init__(self):
        self.folder: Path | None = None
        self.pending: dict[Path, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if self.folder is None:
            return
        try:
            bucket.bytecode_from_string((self.folder / f"{bucket.key}.jinja").read_bytes())
        except Exception:  # missing, unreadable or damaged (marshal raises several kinds): compile
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        if self.folder is not None:
            self.pending[self.folder / f"{bucket.key}.jinja"] = bucket.bytecode_to_string()

    def keep(self) -> None:
        pending, self.pending = self.pending, {}
        try:
            for path, data in pending.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                part = path.with_name(f".{path.name}.part")  # write, then rename: never half a file
                part.write_bytes(data)
                os.replace(part, path)
        except OSError:  # a cache folder that cannot be written: the next run compiles again
            pass


@lru_cache(maxsize=512)
def _compiled(source: str) -> jinja2.Template:
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters.update(FILTERS)
    return env.from_string(source)


_PARSER = SandboxedEnvironment()


@lru_cache(maxsize=4096)
def variables(source: str, where: Where | None = None, box: str = "") -> frozenset[str]:
    """The names a template string reads from its context."""
    if "{" not in source:
        return frozenset()
    try:
        return frozenset(jinja2.meta.find_undeclared_variables(_PARSER.parse(source)))
    except jinja2.TemplateSyntaxError as exc:
        label = f"box '{box}': " if box else ""
        raise KitgenError(error(where or Where("template"), f"{label}template syntax error: {exc.message}")) from None


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
        return _compiled(source).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise KitgenError(error(where or Where("template"), f"{label}template syntax error: {exc.message}")) from None
    except (jinja2.TemplateError, TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise KitgenError(error(where or Where("template"), f"{label}template error: {exc}")) from None


def render_template(env: SandboxedEnvironment, name: str, context: dict) -> str:
    try:
        text = env.get_template(name).render(**context)
    except jinja2.TemplateNotFound:
        raise KitgenError(error(Where(name), "template not found")) from None
    except jinja2.TemplateSyntaxError as exc:
        raise KitgenError(error(Where(exc.filename or name, exc.lineno or 0),
                                f"template syntax error: {exc.message}")) from None
    except (jinja2.TemplateError, TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise KitgenError(error(Where(_template_file(env, name), _template_line(exc)),
                                f"template error: {exc}")) from None
    if len(text) > MAX_OUTPUT:
        raise KitgenError(error(Where(name), f"template output is over {MAX_OUTPUT:,} characters"))
    return text


def _template_file(env: SandboxedEnvironment, name: str) -> str:
    try:
        return env.get_template(name).filename or name
    except jinja2.TemplateError:
        return name


def _template_line(exc: Exception) -> int:
    """The template line of a render error, read from the traceback Jinja rewrites for templates."""
    tb = exc.__traceback__
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith((".j2", ".md", ".txt")):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
