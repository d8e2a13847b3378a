"""The edits of tests/property/test_cache_edits*.py and the workspace that makes them (what an
edit is and why: test_cache_edits.py). Split from the tests so that the edits of the tiny
game's data, of its templates and print settings, and of the shipped games run as three files,
which xdist (--dist loadfile) can give to different workers."""
from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from kitgen.errors import KitgenError
from kitgen.kit.build import Options, build_game
from kitgen.load import load_game
from kitgen.model import PrintSettings
from kitgen.project import Project
from kitgen.units import MM, Length
from tests.attacks.harness import REPO

MORE = int(os.environ.get("KITGEN_EDITS", "0"))
GAMES = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
DOCUMENT_TEMPLATES = sorted(p.name for p in (REPO / "templates").glob("*.j2"))
CARD_TEMPLATES = sorted(p.name for p in (REPO / "templates").glob("card-*.yaml"))
# A value for each print setting that differs from every shipped default (a new setting fails
# test_every_print_setting_has_an_edit until it has one here).
PRINT_EDITS = {"paper": ["a4", "200x280mm"], "card_size": ["bridge", "mini"], "margin": [Length(9 * MM)],
               "gap": [Length(2 * MM)], "bleed": [Length(3 * MM)], "duplex": ["short-edge", "off"],
               "layout": ["gutterfold", "single"], "back_offset": ["0.5,-0.3"], "ink_saver": [True]}
LENGTH = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Edit:
    """One change: `kind` groups the edits of one field (list positions left out), `apply(ws)`
    makes it and returns what undoes it."""

    kind: str
    label: str
    spot: object
    how: int = 0  # which of the field's mutations

    def __repr__(self) -> str:
        return f"Edit({self.label}, how={self.how})"


# --- finding what can be edited -----------------------------------------------------------------

def scalars(text: str):
    """(path, node) of every scalar value in a YAML text, mapping keys left out."""
    def walk(node, path):
        if isinstance(node, yaml.ScalarNode):
            yield path, node
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                yield from walk(item, (*path, index))
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                yield from walk(value, (*path, key.value))
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    return list(walk(root, ())) if root is not None else []


def field_kind(file: str, path: tuple) -> str:
    group = "decks/*" if file.startswith("decks/") else file
    return f"{group}:{'.'.join('*' if type(p) is int else str(p) for p in path)}"


def yaml_edits(folder: Path, prefix: str = "", files: list[str] | None = None) -> list[Edit]:
    names = files if files is not None else sorted(str(p.relative_to(folder)) for p in folder.rglob("*.yaml"))
    out = []
    for name in names:
        for path, node in scalars((folder / name).read_text(encoding="utf-8")):
            spot = ("yaml", prefix, name, node.start_mark.index, node.end_mark.index, node.tag, node.value)
            out.append(Edit(prefix + field_kind(name, path), f"{prefix}{name}:{'.'.join(map(str, path))}", spot))
    return out


def absent_fields(folder: Path) -> list[Edit]:
    """Top-level fields the schema allows that the game leaves out: each added with a value."""
    schema = json.loads((REPO / "data" / "schema" / "game.schema.json").read_text())["properties"]
    present = set()
    for name in ("game.yaml", "rules.yaml", "tables.yaml", "sheet.yaml"):
        if (folder / name).is_file():
            present |= set(yaml.safe_load((folder / name).read_text(encoding="utf-8")) or {})
    out = []
    for field, rule in schema.items():
        value = ("7.5pt" if "pattern" in rule and "mm|cm" in rule["pattern"] else "Extra Ship card." if rule.get(
            "type") == "string" else 12 if rule.get("type") == "integer" else rule["enum"][-1] if "enum" in rule else None)
        if field not in present and value is not None:
            out.append(Edit(f"game.yaml:+{field}", f"game.yaml:+{field}", ("add", field, value)))
    return out


def line_edits() -> list[Edit]:
    out = []
    for name in DOCUMENT_TEMPLATES:
        lines = (REPO / "templates" / name).read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines):
            if line.strip() and not re.search(r"[{}%|:]", line) and not line.lstrip().startswith(("::", "-", "|")):
                out.append(Edit(f"templates/{name}", f"templates/{name}:{number + 1}", ("line", name, number)))
    return out


def all_edits(game: Path) -> list[Edit]:
    edits = yaml_edits(game) + absent_fields(game) + line_edits()
    edits += yaml_edits(REPO / "templates", "templates/", CARD_TEMPLATES)
    edits += [Edit(f"print:{field}", f"print:{field}={value}", ("print", field, value))
              for field, values in PRINT_EDITS.items() for value in values]
    edits += [Edit("art", f"art:{card.id}", ("art", card.id)) for deck in load_game(game).decks for card in deck.cards[:3]]
    return edits


def game_file(edit) -> bool:
    """An edit of the game's own folder (its YAML files, a field it leaves out, a card's art), not of
    the templates or the print settings (those: test_cache_edits_templates.py)."""
    return not edit.kind.startswith(("templates/", "print:"))


def tiny_sweep(game_files: bool) -> list[Edit]:
    """One edit of each kind of field of the tiny game (each a test, so that pytest-xdist schedules
    the sweep as the many tests it is): of its own files, or of the templates and print settings.
    Edits name files relative to the game and the templates, so the checkout's folders give the
    same edits as the workspace's copies."""
    used = ("templates/card-front.yaml", "templates/card-back.yaml")  # the other frames: in the shipped games' edits
    return sweep([e for e in all_edits(REPO / "tests" / "fixtures" / "tiny") if game_file(e) == game_files
                  and (not e.kind.startswith("templates/card-") or e.kind.startswith(used))])


# --- making an edit ---------------------------------------------------------------------------

def mutate(tag: str, value: str, how: int, word: str) -> str:
    """The scalar's new source text."""
    if tag.endswith(":bool"):
        return "false" if value.lower() == "true" else "true"
    if tag.endswith(":int"):
        return str(int(value) + (1 if how % 2 == 0 else -1))
    if tag.endswith(":float"):
        return repr(round(float(value) * 1.1 + 0.1, 3))
    if match := LENGTH.match(value):
        return f"{round(float(match[1]) * (1.1 if how % 2 == 0 else 0.9) + 0.1, 2)}{match[2]}"
    if COLOR.match(value):
        return json.dumps("#" + value[3:] + value[1:3])
    return json.dumps([f"{value} {word} card.", f"{value} Zq", value[:-1], ""][how % 4] if value else word)


class Workspace:
    """A copy of a game and of kitgen's templates, kept built with the cache on; `check(edit)`
    makes the edit, rebuilds with the cache and without, compares, and undoes it."""

    def __init__(self, root: Path, source: Path):
        self.root, self.game, self.templates = root, root / source.name, root / "templates"
        shutil.copytree(source, self.game)
        shutil.copytree(REPO / "templates", self.templates)
        default = Project.default()
        self.project = Project(default.data, self.templates, default.fonts)
        self.options = Options()
        loaded = load_game(self.game)
        self.word = loaded.card_types[0].name  # 'Ship': text naming a type is text cards show
        self.build(root / "kit", True)

    def build(self, out: Path, cache: bool):
        try:
            report = build_game(self.project, str(self.game), out, self.options, use_cache=cache)
        except KitgenError as exc:
            return "refused", [str(p) for p in exc.problems]
        files = {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file()}
        return "built", files, sorted(str(p) for p in report.warnings)

    def check(self, edit: Edit) -> None:
        undo = self.apply(edit)
        try:
            cached = self.build(self.root / "kit", True)
            clean = self.build(self.root / "clean", False)
            if cached != clean:
                differ = sorted(n for n in set(cached[1]) | set(clean[1]) if cached[1].get(n) != clean[1].get(n)) \
                    if cached[0] == clean[0] == "built" else [cached[0], clean[0]]
                pytest.fail(f"after {edit!r} the cached rebuild differs from a --no-cache build: {differ or cached[2:]}")
        finally:
            undo()

    def apply(self, edit: Edit):
        kind = edit.spot[0]
        if kind == "print":
            before, self.options = self.options, Options(PrintSettings(**{edit.spot[1]: edit.spot[2]}))
            return lambda: setattr(self, "options", before)
        if kind == "art":
            from PIL import Image

            path = self.game / "art" / f"{edit.spot[1]}.png"
            path.parent.mkdir(exist_ok=True)
            buffer = io.BytesIO()
            Image.new("RGB", (40, 56), (30 + 40 * edit.how % 200, 90, 160)).save(buffer, "PNG")
            path.write_bytes(buffer.getvalue())
            return lambda: shutil.rmtree(path.parent)
        if kind == "add":
            return self._rewrite(self.game / "game.yaml", lambda text: f"{text.rstrip()}\n{edit.spot[1]}: "
                                 f"{json.dumps(edit.spot[2])}\n")
        if kind == "line":
            return self._rewrite(self.templates / edit.spot[1], lambda text: _add_to_line(text, edit.spot[2], self.word))
        _, prefix, name, start, end, tag, value = edit.spot
        path = (self.root if prefix else self.game) / prefix / name
        new = mutate(tag, value, edit.how, self.word)
        return self._rewrite(path, lambda text: text[:start] + new + ("\n" if text[start:end].endswith("\n") else "")
                             + text[end:])

    @staticmethod
    def _rewrite(path: Path, change):
        before = path.read_text(encoding="utf-8")
        path.write_text(change(before), encoding="utf-8")
        return lambda: path.write_text(before, encoding="utf-8")


def _add_to_line(text: str, number: int, word: str) -> str:
    lines = text.split("\n")
    lines[number] += f" {word} Zq"
    return "\n".join(lines)


def sweep(edits: list[Edit]) -> list[Edit]:
    """One edit of each kind of field: the first of its kind."""
    first: dict[str, Edit] = {}
    for edit in edits:
        first.setdefault(edit.kind, edit)
    return list(first.values())


def run_edits(workspace: Workspace, edits: list[Edit], random: int, explicit: list[Edit]) -> None:
    """The explicit edits, then `random` drawn by Hypothesis (KITGEN_EDITS: that many, not derandomized)."""
    phases = (Phase.explicit,) if not (random or MORE) else tuple(Phase)
    @settings(max_examples=max(random, MORE, 1), derandomize=not MORE, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=phases)
    @given(st.sampled_from(edits), st.integers(0, 3))
    def single_edit(edit: Edit, how: int) -> None:
        workspace.check(dataclasses.replace(edit, how=how))

    for edit in explicit:
        single_edit = example(edit, 0)(single_edit)
    single_edit()
