"""Property test: one value of a game or of its card template replaced by a hostile one (a huge
or negative number, inf, a 5,000-digit number, a length with no or an absurd unit, a colour that is
not one, text with newlines, markup, control characters or Jinja) ends, through the whole of
`kitgen validate` (load, check, card faces laid out, documents rendered), in a report or in
KitgenError with file:line problems: never in another exception (issue 12: validate and build agree).

The values mutated are the scalars of the tiny game, of the smallest shipped game (civ-builder)
and of kitgen's card front, found with their exact place in the file (YAML marks) and replaced in
the text, so the rest of the file stays as written. Deterministic for CI: derandomize=True, no
example database; about 10 s.
"""
from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from kitgen.kit.build import Options, check_kit, layout_documents
from kitgen.errors import KitgenError, Problem
from kitgen.project import Project

REPO = Path(__file__).resolve().parents[2]
GAMES = {"tiny": REPO / "tests" / "fixtures" / "tiny", "civ-builder": REPO / "data" / "civ-builder"}
FRONT = REPO / "templates" / "card-front.yaml"

FUZZ = settings(max_examples=24, deadline=None, derandomize=True, database=None, print_blob=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def scalars(path: Path) -> list[tuple[int, int]]:
    """(start, end) character offsets of every scalar value (not key) of a YAML file."""
    found = []

    def walk(node, is_key=False):
        if isinstance(node, yaml.ScalarNode):
            if not is_key:
                found.append((node.start_mark.index, node.end_mark.index))
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key, True)
                walk(value)
    walk(yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader))
    return found


# Each file a mutation may land in: (game, path relative to the game folder, the file to read).
FILES = [(name, path.relative_to(folder), path) for name, folder in GAMES.items()
         for path in sorted(folder.rglob("*.yaml"))] + [("tiny", Path("templates/card-front.yaml"), FRONT)]
PLACES = {relative: scalars(path) for _, relative, path in FILES}

NUMBERS = st.one_of(st.integers(-10**30, 10**30).map(str),
                    st.sampled_from(["0", "-1", "1000000000", "9" * 5000, "1e9", "inf", "-inf", "nan", ".inf",
                                     "0x10", "1_000", "010", "+2", "-0"]))
LENGTHS = st.builds("{}{}".format,
                    st.sampled_from(["0", "-5", "0.0001", "1e9", "99999999", "9" * 400, "inf", "nan", "63.5", "3"]),
                    st.sampled_from(["mm", "pt", "in", "cm", "", "px", " mm"]))
COLORS = st.sampled_from(["red", "#f00", "#12", "#GGGGGG", "blurple", "transparent", "", "RebeccaPurple",
                           "{{ card.name }}", "{{ 1 / 0 }}", "{{ type.color }}x", "rgb(1,2,3)"])
TEXT = st.one_of(st.text(max_size=30),
                 st.sampled_from(["a\n::table grid 9mm\n| x | y |", "::columns", "| a | b", "# title", "- item",
                                  "{{ game.__class__ }}", "{% for i in range(100000) %}x{% endfor %}",
                                  "{{ range(10**9) }}", "../../etc/passwd", "market/v2", "\x1b[31mred", "x" * 3000]))
VALUES = st.one_of(NUMBERS, LENGTHS, COLORS, TEXT)
PLAIN = re.compile(r"^[\w.#+-][\w .#+-]*$")


def as_yaml(value: str, plain: bool) -> str:
    """The value as written in the file: plain when it can be, else a double-quoted YAML string."""
    return value if plain and PLAIN.match(value) else json.dumps(value)


@st.composite
def mutations(draw):
    game, relative, source = draw(st.sampled_from(FILES))
    start, end = draw(st.sampled_from(PLACES[relative]))
    value = as_yaml(draw(VALUES), draw(st.booleans()))
    return game, relative, source, start, end, value


def validate_contract(folder: Path) -> None:
    """What `kitgen validate` does, in-process: a report, or KitgenError with problems that say where."""
    project = Project.default()
    try:
        checked = check_kit(project, str(folder))
        if not any(p.is_error for p in checked.problems):
            layout_documents(project, checked.game, str(folder), Options())
        problems = checked.problems
        event("validated" if not any(p.is_error for p in problems) else "reported errors")
    except KitgenError as exc:
        problems = exc.problems
        assert problems, "KitgenError without a problem"
        event("refused")
    assert all(isinstance(p, Problem) and p.where.file for p in problems), problems


@FUZZ
@given(mutations())
def test_one_hostile_value__only_clean_problems(mutation):
    game, relative, source, start, end, value = mutation
    text = source.read_text(encoding="utf-8")
    note(f"{game}/{relative}: {text[start:end]!r} -> {value!r}")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / game
        shutil.copytree(GAMES[game], folder)
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text[:start] + value + text[end:], encoding="utf-8")
        validate_contract(folder)
