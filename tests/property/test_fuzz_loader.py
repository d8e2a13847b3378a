"""Property tests: whatever a game folder holds, loading and checking it ends in a game or in
KitgenError (problems with file:line), never in another exception, and quickly.

(a) small random decks, written as YAML into a temporary game folder: names and text from all of
    Unicode (emoji, right-to-left scripts, control characters), attributes, deltas, copies and
    deck rules that are sometimes right, sometimes nonsense, sometimes of the wrong type;
(b) random mutations of the shipped data/galactic-civ: a key deleted, a value replaced by random
    text, a number or a list, a line duplicated or deleted, a file cut at a random byte;
and, one step further, random valid cards laid out as `kitgen validate` does, and every problem
printed on one line whatever the names in it.

Deterministic for CI: derandomize=True (the examples follow from the test's code, no database).
A failure prints the smallest example hypothesis found; its files are written to a temporary
folder that is removed, so reproduce it by pasting the printed data into a game folder.
"""
from __future__ import annotations

import copy
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import currently_in_test_context
from hypothesis import strategies as st

from kitgen.kit.build import check_kit
from kitgen.check import check_game
from kitgen.errors import KitgenError, Problem
from kitgen.load import load_game
from kitgen.project import Project

REPO = Path(__file__).resolve().parents[2]
GALACTIC_CIV = REPO / "data" / "galactic-civ"

FUZZ = settings(
    max_examples=60,
    deadline=2000,  # ms per example: one load and check takes ~20 ms
    derandomize=True,
    database=None,  # nothing written beside the tests
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def load_and_check(folder: Path, count: bool = True) -> list[Problem] | None:
    """The contract: a game and its problems, or KitgenError whose problems say where; nothing else.
    Returns the check's problems, None when the loader refused. `count`: tell hypothesis's statistics
    (--hypothesis-show-statistics) which way it went, to see that the examples reach the checks."""
    try:
        game = load_game(folder)
    except KitgenError as exc:
        assert exc.problems, "KitgenError without a problem"
        assert all(isinstance(p, Problem) and p.where.file for p in exc.problems), exc.problems
        if count:  # e.g. "refused by the loader: cards[].copies"
            first = exc.problems[0].message.split(":")[0]
            event("refused by the loader: " + re.sub(r"\[\d+\]", "[]", first))
        return None
    problems = check_game(game)
    assert all(isinstance(p, Problem) and p.level in ("error", "warning") for p in problems), problems
    if count:
        event("loaded, with errors" if any(p.is_error for p in problems) else "loaded, valid")
    return problems


# --- (a) random small decks ------------------------------------------------------------------

ATTRIBUTES = ["Military", "Trade", "Research"]
TYPES = ["Ship", "Build"]
RULES = ["deck-size", "count-per-type", "copies", "unique-names"]

# Any text: every Unicode category but surrogates (which UTF-8 cannot hold), emoji and RTL included.
any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
# Names that read like names, in the scripts designers use, plus emoji.
name_text = st.lists(
    st.one_of(
        st.characters(min_codepoint=0x20, max_codepoint=0x7E),  # ASCII
        st.characters(min_codepoint=0x0370, max_codepoint=0x04FF),  # Greek, Cyrillic
        st.characters(min_codepoint=0x0590, max_codepoint=0x06FF),  # Hebrew, Arabic (right to left)
        st.characters(min_codepoint=0x4E00, max_codepoint=0x4E40),  # CJK
        # emoji (one with a skin tone), the RTL mark and override, a combining accent, a line break
        st.sampled_from(["🚀", "🐉", "👍🏽", "\u200f", "\u202e", "\u0301", "\n"]),
    ),
    min_size=1,
    max_size=40,
).map("".join)
# A value of the wrong kind, for any key.
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
# What a designer might write where a whole number is expected, Norway problems included.
number_text = st.sampled_from(["+2", "-1", "0", "010", "1.10", "no", "yes", "~", "1e3", "0x10", "٣", "+", "2 ",
                               "99999999999999999999999"])


def mostly(strategy, odd, one_in: int = 8):
    """`strategy`, now and then (1 in `one_in`) `odd`. (Repeating a strategy in one_of would not
    weight it: hypothesis drops the repeats.)"""
    return st.integers(1, one_in).flatmap(lambda n: odd if n == 1 else strategy)


whole = mostly(st.integers(-3, 6), st.integers() | number_text)
attribute_name = mostly(st.sampled_from(ATTRIBUTES + ["Science", "MIL"]), name_text)
type_name = mostly(st.sampled_from(TYPES), name_text)

effect = st.fixed_dictionaries(
    {"attribute": attribute_name},
    optional={"delta": whole, "target": st.sampled_from(["self", "target-player", "all-other-players", "all-players"]),
              "dice": st.sampled_from(["1D6", "2D6", "1D0", "D", "1D999999999999"])},
)
card = st.fixed_dictionaries(
    {"name": name_text, "type": type_name},
    optional={"effects": st.lists(effect, max_size=3), "copies": whole, "text": any_text,
              "id": st.from_regex(r"[a-z0-9-]{0,12}", fullmatch=True), "keywords": st.lists(name_text, max_size=2)},
)
deck_rule = st.fixed_dictionaries(
    {"rule": mostly(st.sampled_from(RULES), name_text)},
    optional={"count": whole, "type": type_name},
)
deck = st.fixed_dictionaries(
    {"id": st.just("main"), "name": name_text, "code": name_text, "cards": st.lists(card, max_size=8)},
    optional={"rules": st.lists(deck_rule, max_size=4),
              "back": st.fixed_dictionaries({}, optional={"title": name_text, "color": any_text})},
)
attribute = st.fixed_dictionaries(
    {"name": mostly(st.sampled_from(ATTRIBUTES), name_text)},
    optional={"aliases": st.lists(name_text, max_size=2), "abbreviation": name_text, "group": name_text},
)
card_type = st.fixed_dictionaries(
    {"name": type_name, "deck": mostly(st.just("main"), name_text)},
    optional={"plural": name_text, "color": any_text, "code": name_text},
)
phase = st.fixed_dictionaries(
    {"name": name_text, "text": any_text},
    optional={"trigger": st.fixed_dictionaries({"kind": st.sampled_from(["highest", "lowest"]),
                                                "attribute": attribute_name})},
)
game = st.fixed_dictionaries(
    {"id": st.just("fuzz"), "title": name_text, "short_name": name_text, "players": name_text,
     "attributes": st.lists(attribute, min_size=1, max_size=4), "card_types": st.lists(card_type, min_size=1, max_size=3),
     "decks": st.just(["main"]), "phases": st.lists(phase, max_size=2)},
    optional={"turns": whole, "min_text_size": st.sampled_from(["6pt", "2mm", "6", "-1pt", "0pt"])},
)


def _slots(data, slots=None) -> list:
    """Every (container, key) of a nested structure: the places a value can be spoilt."""
    slots = [] if slots is None else slots
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        slots.append((data, key))
        _slots(value, slots)
    return slots


@st.composite
def spoilt(draw, strategy):
    """A value of `strategy` in which half the time one to three values are replaced by anything at
    all: the wrong type, an unknown key's worth of nesting, null, a float where text goes."""
    data = copy.deepcopy(draw(strategy))  # st.just(["main"]) hands out one list each time: never spoil it
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):
        slots = _slots(data)
        if not slots:
            break
        container, key = draw(st.sampled_from(slots))
        container[key] = draw(junk)
    return data


def write_yaml(path: Path, data) -> str:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1_000_000)
    path.write_text(text, encoding="utf-8")
    return text


@FUZZ
@given(game=spoilt(game), deck=spoilt(deck))
def test_random_small_decks__load_and_check_or_a_kitgen_error(game, deck):
    with tempfile.TemporaryDirectory(prefix="kitgen-fuzz-") as tmp:
        folder = Path(tmp)
        (folder / "decks").mkdir()
        note("game.yaml:\n" + write_yaml(folder / "game.yaml", game))
        note("decks/main.yaml:\n" + write_yaml(folder / "decks" / "main.yaml", deck))
        load_and_check(folder)


LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"  # what str.splitlines() splits at


@FUZZ
@given(cards=st.lists(st.fixed_dictionaries({"name": name_text.filter(lambda n: not set(n) & set(LINE_BREAKS)),
                                             "type": st.sampled_from(TYPES), "effects": st.lists(effect, max_size=2)}),
                      min_size=1, max_size=8))
def test_random_card_names__every_problem_is_one_line(cards):
    """Problems print as `file:line:col: level: message`, one a line, whatever the names in them:
    emoji, right-to-left text, combining accents. (Names with a line break: the test below.)"""
    problems = _tiny_with_cards(cards)
    for problem in problems or []:
        assert len(str(problem).splitlines()) == 1, repr(str(problem))


def test_card_name_with_a_line_break__its_problem_is_still_one_line():
    problems = _tiny_with_cards([{"name": "Lib\nrary", "type": "Build", "copies": 0,
                                  "effects": [{"attribute": "Research", "delta": 1}]}])
    assert problems, "the card with 0 copies was not reported"
    for problem in problems:
        assert len(str(problem).splitlines()) == 1, repr(str(problem))


valid_card = st.fixed_dictionaries(
    {"name": name_text, "type": st.sampled_from(TYPES),
     "effects": st.lists(st.fixed_dictionaries({"attribute": st.sampled_from(ATTRIBUTES), "delta": st.integers(-9, 9)},
                                               optional={"target": st.sampled_from(["self", "all-players"])}),
                         max_size=4)},
    optional={"text": any_text | st.text(max_size=400), "copies": st.integers(1, 3),
              "keywords": st.lists(name_text, max_size=2)},
)


@settings(FUZZ, max_examples=25)
@given(cards=st.lists(valid_card, min_size=1, max_size=6, unique_by=lambda c: c["name"].casefold()))
def test_random_cards__lay_out_or_a_kitgen_error(cards):
    """One step further, as `kitgen validate` goes: cards that pass the checks, every face laid out
    with the shipped templates and fonts (text fitting, glyph checks, art lookup by card id)."""
    _tiny_with_cards(cards, lay_out=True)


def _tiny_with_cards(cards: list[dict], lay_out: bool = False) -> list[Problem] | None:
    """tests/fixtures/tiny with these cards in its deck, loaded and checked (and laid out)."""
    with tempfile.TemporaryDirectory(prefix="kitgen-fuzz-") as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "tests" / "fixtures" / "tiny", folder, dirs_exist_ok=True)
        deck = yaml.safe_load((folder / "decks" / "main.yaml").read_text(encoding="utf-8"))
        deck["cards"] = cards
        if lay_out:
            deck["rules"] = []  # the counts would stop the check before the layout
        text = write_yaml(folder / "decks" / "main.yaml", deck)
        if currently_in_test_context():
            note("decks/main.yaml:\n" + text)
        if not lay_out:
            return load_and_check(folder, count=False)
        try:
            checked = check_kit(Project.default(), str(folder))
        except KitgenError as exc:
            assert exc.problems and all(isinstance(p, Problem) for p in exc.problems), exc.problems
            event("refused")
            return None
        assert all(isinstance(p, Problem) for p in checked.problems), checked.problems
        event(f"laid out {len(checked.faces)} deck" if checked.faces else "stopped by the checks")
        return checked.problems


# --- (b) mutations of the shipped Galactic Civ --------------------------------------------------

# Read once: every example mutates the same bytes, even if data/ is edited while the tests run.
GC_BYTES = {str(p.relative_to(GALACTIC_CIV)): p.read_bytes() for p in sorted(GALACTIC_CIV.rglob("*.yaml"))}
_STR = "tag:yaml.org,2002:str"


def _nodes(node: yaml.Node):
    yield node
    if isinstance(node, yaml.MappingNode):
        for _key, value in node.value:
            yield from _nodes(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _nodes(item)


def _replacement(draw) -> yaml.Node:
    kind = draw(st.sampled_from(["text", "number", "list", "empty"]))
    if kind == "text":
        return yaml.ScalarNode(_STR, draw(any_text))
    if kind == "number":
        return yaml.ScalarNode("tag:yaml.org,2002:int", str(draw(st.integers())))
    if kind == "list":
        return yaml.SequenceNode("tag:yaml.org,2002:seq",
                                 [yaml.ScalarNode(_STR, t) for t in draw(st.lists(name_text, max_size=3))])
    return yaml.ScalarNode("tag:yaml.org,2002:null", "")


@st.composite
def mutation(draw):
    """(file, new bytes, what was done) for one mutation of one Galactic Civ file."""
    name = draw(st.sampled_from(sorted(GC_BYTES)))
    raw = GC_BYTES[name]
    kind = draw(st.sampled_from(["delete key", "replace value", "duplicate line", "delete line", "truncate"]))
    if kind == "truncate":
        at = draw(st.integers(0, len(raw)))
        return name, raw[:at], f"{kind} at byte {at}"
    if kind in ("duplicate line", "delete line"):
        lines = raw.splitlines(keepends=True)
        at = draw(st.integers(0, len(lines) - 1))
        new = lines[:at] + ([lines[at]] * 2 if kind == "duplicate line" else []) + lines[at + 1:]
        return name, b"".join(new), f"{kind} {at + 1}: {lines[at]!r}"
    root = yaml.compose(raw.decode("utf-8"), Loader=yaml.SafeLoader)
    if kind == "delete key":
        mappings = [n for n in _nodes(root) if isinstance(n, yaml.MappingNode) and n.value]
        target = draw(st.sampled_from(mappings))
        index = draw(st.integers(0, len(target.value) - 1))
        what = f"{kind} '{target.value[index][0].value}' (line {target.value[index][0].start_mark.line + 1})"
        del target.value[index]
    else:
        values = [(n, i) for n in _nodes(root) if isinstance(n, (yaml.MappingNode, yaml.SequenceNode))
                  for i in range(len(n.value))]
        parent, index = draw(st.sampled_from(values))
        new = _replacement(draw)
        if isinstance(parent, yaml.MappingNode):
            key = parent.value[index][0]
            what = f"{kind} of '{key.value}' (line {key.start_mark.line + 1})"
            parent.value[index] = (key, new)
        else:
            what = f"{kind} of item {index} (line {parent.value[index].start_mark.line + 1})"
            parent.value[index] = new
        what += f" with {getattr(new, 'value', '')!r}"
    text = yaml.serialize(root, allow_unicode=True, width=1_000_000) if root else ""
    return name, text.encode("utf-8"), what


@pytest.fixture(scope="module")
def galactic_civ_copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz") / "galactic-civ"
    shutil.copytree(GALACTIC_CIV, folder)
    for name, data in GC_BYTES.items():
        (folder / name).write_bytes(data)
    return folder


def test_galactic_civ__loads_and_checks_with_no_error(galactic_civ_copy):
    """The starting point of the mutations: the shipped game is valid."""
    problems = load_and_check(galactic_civ_copy, count=False)
    assert problems is not None and not [p for p in problems if p.is_error], problems


@FUZZ
@given(change=mutation())
def test_galactic_civ_mutated__loads_and_checks_or_a_kitgen_error(galactic_civ_copy, change):
    name, data, what = change
    note(f"{name}: {what}")
    path = galactic_civ_copy / name
    original = GC_BYTES[name]
    assume(data != original)
    try:
        path.write_bytes(data)
        load_and_check(galactic_civ_copy)
    finally:
        path.write_bytes(original)
