"""Load a game folder: game.yaml, any other top-level *.yaml, and decks/<id>.yaml in order.

Each top-level key belongs to exactly one file. Card ids are derived from names when absent.
"""
from __future__ import annotations

import dataclasses
import gc
import os
import re
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.load.fields import declared_names, name_costs, parse_declarations, type_decks
from kitgen.load.files import contained, display_path, outside  # noqa: F401  (display_path: callers import it from here)
from kitgen.load.looks import find_look, unknown_look
from kitgen.load.nodes import MAX_FILE_BYTES, Converted, at, read_nodes
from kitgen.load.schema import Converter, is_required, type_hints
from kitgen.load.sheet import NO_NAMES, SHEET_SUFFIXES, SheetNames, sheet_cards
from kitgen.language import ENGLISH, Language
from kitgen.model import (MAX_COLUMNS, MOST_NAMED, Action, Attribute, Card, CardType, Deck, Game, Track, player_counts,
                          slug)
from kitgen.project import shipped_folder

GAME_FILE = "game.yaml"
BOUNDS = {"turns": (1, MAX_COLUMNS, "the player sheet has a column per turn")}  # top-level whole numbers
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")  # ids become file names: kebab-case only
MAX_ID = 100  # characters: '<game id>-<deck id>-sheet-N.png' must stay within a file name's 255 bytes


def load_game(folder: Path) -> Game:
    """Read and type-check every file of a game; raise KitgenError with all problems found."""
    # Loading makes many small objects and frees none: the cyclic garbage collector would only
    # rescan them, growing load time faster than the deck (measured in bench/bench_synthetic.py).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _load_game(folder)
    finally:
        if collecting:
            gc.enable()


def _load_game(folder: Path) -> Game:
    folder = Path(folder)
    if not os.path.lexists(folder / GAME_FILE):  # a pipe or a link there is judged by contained(): one line
        raise KitgenError(error(Where(display_path(folder / GAME_FILE)), "no game.yaml: is this a game folder?"))
    problems: list[Problem] = []
    keys = _top_level_keys(folder, problems)
    unreadable = bool(problems)  # a file that did not parse: its keys are not "missing"
    deck_ids = keys.pop("decks", None)
    converters: dict[str, Converter] = {}
    values: dict = {}
    defaults = _kit_words(keys, values, problems)
    for name, (key_node, node, shown) in keys.items():
        converter = converters.setdefault(shown, Converter(shown, defaults))
        if name == "language":  # read first (_kit_words)
            continue
        if name not in type_hints(Game) or name in ("where", "decks", "setup_steps"):
            converter._unknown_key(key_node, name, [n for n in type_hints(Game) if n not in ("where", "setup_steps")],
                                   "")
            continue
        if name == "setup":
            values["setup"], values["setup_steps"] = _setup(converter, node)
            continue
        values[name] = converter.convert(node, type_hints(Game)[name], name)
        if name == "id" and isinstance(values[name], str) and not _is_id(values[name]):
            converter.fail(node, name, f"'{values[name][:MAX_ID]}' is not a game id: lower-case letters, digits "
                                       f"and dashes, at most {MAX_ID} (it names the kit's files), e.g. my-game")
            continue
        if name == "look" and isinstance(values[name], str) and values[name] \
                and find_look(values[name], folder, shipped_folder("templates")) is None:
            converter.fail(node, name, unknown_look(values.pop(name), folder, shipped_folder("templates")))
            continue
        _check_players(converter, node, values[name] if name == "players" else None)
        low, high, why = BOUNDS.get(name, (None, None, ""))
        if low is not None and isinstance(values[name], int) and not low <= values[name] <= high:
            converter.fail(node, name, f"{values.pop(name):,} is out of range: from {low} to {high} ({why})")
    for converter in converters.values():
        problems.extend(converter.problems)
    if not unreadable:
        values.setdefault("attributes", ())  # optional: a game without scores to compare has none
    parse_declarations(values, problems)
    name_costs(values, problems)
    decks = _load_decks(folder, deck_ids, problems, sheet_names(values))
    values["decks"] = type_decks(decks, values, problems)
    game_where = Where(display_path(folder / GAME_FILE), 1)
    for field in dataclasses.fields(Game):
        if is_required(field) and field.name != "where" and field.name not in values and field.name != "decks" and not unreadable:
            problems.append(error(game_where, f"missing key '{field.name}'"))
    if problems:
        raise KitgenError(problems)
    return Game(**values, where=game_where)


def _check_players(converter: Converter, node: yaml.Node, text) -> None:
    """`players: "2-4"`: each count it names is a table's (a deal by count takes 1 to MOST_NAMED too);
    '2-100000' printed tokens and dealt for a table no game has."""
    counts = player_counts(text) if isinstance(text, str) else None
    if counts is not None and not 1 <= counts.fewest <= counts.named <= MOST_NAMED:
        converter.fail(node, "players", f"'{text[:40]}' names a count of players outside 1 to {MOST_NAMED}: "
                                        "write the counts it is for, such as 2-4 or 2+")


def _setup(converter: Converter, node: yaml.Node) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """`setup:` as printed (each entry's text) and the steps among its entries: an entry is a line of
    text (a rule the simulator does not play) or a step with the `text:` players read."""
    if not isinstance(node, yaml.SequenceNode):
        return converter.convert(node, tuple[str, ...], "setup"), ()
    texts, steps = [], []
    for i, item in enumerate(node.value):
        if not isinstance(item, yaml.MappingNode):
            text = converter.convert(item, str, f"setup[{i}]")
            texts += [text] if isinstance(text, str) else []
            continue
        step = converter.convert(item, Action, f"setup[{i}]")
        if isinstance(step, Action) and not step.text.strip():
            converter.fail(item, f"setup[{i}]", "a setup step needs text: what players read (it is printed)")
        elif isinstance(step, Action):
            texts.append(step.text)
            steps.append(step)
    return tuple(texts), tuple(steps)


def _kit_words(keys: dict, values: dict, problems: list[Problem]) -> dict:
    """The game's language, read before the rest, and the defaults that are kitgen's own words in it
    (a value the data gives is kept as written): the factions' title, the turn label, a track's
    'Start' column and turn label. English: the model's own defaults, nothing to add."""
    if "language" not in keys:
        return {}
    key_node, node, shown = keys["language"]
    converter = Converter(shown)
    language = converter.convert(node, Language, "language")
    problems.extend(converter.problems)
    if not isinstance(language, Language):
        return {}
    values["language"] = language
    if language == ENGLISH:
        return {}
    _ = language
    values.update({name: word for name, word in (("factions_title", _("Factions")), ("turn_label", _("Turn")))
                   if name not in keys})
    return {Track: {"start": _("Start"), "column_label": _("Turn")}}


def _top_level_keys(folder: Path, problems: list[Problem]) -> dict:
    files = [folder / GAME_FILE] + sorted(p for p in folder.glob("*.yaml") if p.name != GAME_FILE)
    keys: dict[str, tuple] = {}
    for path in files:
        shown = display_path(path)
        root = _read(path, shown, problems)
        if root is None:
            continue
        if not isinstance(root, yaml.MappingNode):
            problems.append(error(at(shown, root.start_mark), "expected a mapping of keys at the top"))
            continue
        for key, value in root.value:
            if key.value in keys:
                first = keys[key.value][2]
                problems.append(error(at(shown, key.start_mark),
                                      f"key '{key.value}' is already given in {first}"))
                continue
            keys[key.value] = (key, value, shown)
    return keys


def game_values(folder: Path) -> dict:
    """What a deck of this game needs to be read alone (kitgen convert): the game's declared
    fields, card types, attributes and counters, as far as they read; problems are validate's."""
    if not (folder / GAME_FILE).is_file():
        return {}
    problems: list[Problem] = []
    keys = _top_level_keys(folder, problems)
    values: dict = {}
    for name in ("fields", "card_types", "attributes", "counters"):
        if name in keys:
            key_node, node, shown = keys[name]
            converted = Converter(shown).convert(node, type_hints(Game)[name], name)
            values[name] = converted if isinstance(converted, tuple) else ()
    parse_declarations(values, [])
    return values


def sheet_names(values: dict) -> SheetNames:
    """The field names cards may use as keys (and sheets as columns), and the attributes' names."""
    attributes = frozenset(n for a in values.get("attributes", ()) if isinstance(a, Attribute)
                           for n in (a.name, a.abbreviation, *a.aliases) if n)
    types = frozenset(t.name for t in values.get("card_types", ()) if isinstance(t, CardType))
    return SheetNames(declared_names(values), attributes if "attributes" in values else None,
                      types if "card_types" in values else None)


def _load_decks(folder: Path, entry, problems: list[Problem], names: SheetNames = NO_NAMES
                ) -> tuple[Deck, ...]:
    if entry is None:
        return ()
    key_node, node, shown = entry
    ids = Converter(shown)
    deck_ids = ids.convert(node, tuple[str, ...], "decks")
    problems.extend(ids.problems)
    decks = []
    seen: set[str] = set()
    for index, deck_id in enumerate(deck_ids if isinstance(deck_ids, tuple) else ()):
        where = at(shown, node.value[index].start_mark)
        if not _is_id(deck_id):
            problems.append(error(where, f"decks[{index}]: '{deck_id[:MAX_ID]}' is not a deck id (lower-case "
                                  f"letters, digits and dashes, at most {MAX_ID}; e.g. common)"))
            continue
        if deck_id in seen:
            problems.append(error(where, f"decks[{index}]: deck '{deck_id}' is listed twice"))
            continue
        seen.add(deck_id)
        deck = _load_deck(folder / "decks" / f"{deck_id}.yaml", deck_id, where, problems, names)
        if deck is not None:
            decks.append(deck)
    return tuple(decks)


def _load_deck(path: Path, deck_id: str, listed: Where, problems: list[Problem],
               names: SheetNames = NO_NAMES) -> Deck | None:
    shown = display_path(path)
    if not (path.exists() or path.is_symlink()):  # a link or a pipe is judged by contained()
        problems.append(error(listed, f"deck file {shown} not found"))
        return None
    converter = Converter(shown)

    def take(item, index: int) -> Converted:  # each card as it is read: no tree of the whole deck
        return Converted(converter.convert(_gather_fields(item, names.fields), Card, f"cards[{index}]"),
                         item.start_mark)

    root = _read(path, shown, problems, stream=("cards", take))
    if root is None:
        return None
    sheet = _sheet_entry(root)
    if sheet is not None:  # the cards come from the sheet: convert the rest of the deck file
        root = yaml.MappingNode(root.tag, [(k, v) for k, v in root.value if v is not sheet], root.start_mark)
    deck = converter.record(root, Deck, "")
    problems.extend(converter.problems)
    if sheet is not None and isinstance(deck, Deck):
        deck = dataclasses.replace(deck, cards=_sheet_cards(path, sheet, converter.where(sheet), problems, names))
    if not isinstance(deck, Deck):
        return None
    if deck.id != deck_id:  # report once, then go on with the file's name so nothing else cascades
        problems.append(error(converter.where(_value_of(root, "id")), f"deck id '{deck.id}' differs from its file "
                              f"name; write id: '{deck_id}' (or rename the file)"))
    return dataclasses.replace(deck, id=deck_id, cards=tuple(_with_id(card) for card in deck.cards))


def _value_of(root: yaml.MappingNode, key: str) -> yaml.Node:
    """The node of `key`'s value in a mapping, where a problem with that value points (else the mapping)."""
    return next((value for name, value in root.value if name.value == key), root)


def _sheet_entry(root: yaml.Node) -> yaml.ScalarNode | None:
    """`cards: main.csv` (or .xlsx): the node naming the spreadsheet, else None."""
    if not isinstance(root, yaml.MappingNode):
        return None
    node = next((value for key, value in root.value if key.value == "cards"), None)
    if isinstance(node, yaml.ScalarNode) and node.value.lower().endswith(SHEET_SUFFIXES):
        return node
    return None


def _sheet_cards(deck_file: Path, node: yaml.ScalarNode, where: Where, problems: list[Problem],
                 names: SheetNames = NO_NAMES) -> tuple[Card, ...]:
    """The cards of the spreadsheet a deck file names, relative to the deck file and inside the game."""
    game_folder = deck_file.parent.parent if deck_file.parent.name == "decks" else deck_file.parent
    path = deck_file.parent / node.value
    refused = outside(path, game_folder)  # the one containment rule every file a game reads passes
    if refused:
        problems.append(error(where, f"cards: '{node.value}' {refused}"))
        return ()
    try:
        contained(path, game_folder, shown=display_path(path))  # a regular file inside, within the size limit
        cards, found = sheet_cards(path, display_path(path), names)
    except KitgenError as exc:
        problems.extend(exc.problems)
        return ()
    problems.extend(found)
    return cards


def _read(path: Path, shown: str, problems: list[Problem], stream=None):
    game_folder = path.parent.parent if path.parent.name == "decks" else path.parent
    try:
        contained(path, game_folder, shown=shown, limit=MAX_FILE_BYTES)
        root = read_nodes(path, shown, stream)
    except KitgenError as exc:
        problems.extend(exc.problems)
        return None
    if root is None:
        problems.append(error(Where(shown, 1), "file is empty"))
    return root


CARD_KEYS = frozenset(f.name for f in dataclasses.fields(Card))


def _gather_fields(item: yaml.Node, declared: frozenset[str]) -> yaml.Node:
    """A card's top-level keys that name declared fields (attack: 3) join its `fields:` mapping."""
    if not declared or not isinstance(item, yaml.MappingNode):
        return item
    moved = [(k, v) for k, v in item.value if k.value in declared and k.value not in CARD_KEYS]
    if not moved:
        return item
    rest = [(k, v) for k, v in item.value if (k, v) not in moved]
    given = next((v for k, v in rest if k.value == "fields"), None)
    if isinstance(given, yaml.MappingNode):
        given.value.extend(moved)
    elif given is None:
        mark = moved[0][0].start_mark
        rest.append((yaml.ScalarNode("tag:yaml.org,2002:str", "fields", mark, mark),
                     yaml.MappingNode("tag:yaml.org,2002:map", moved, mark, mark)))
    return yaml.MappingNode(item.tag, rest, item.start_mark, item.end_mark)


def _is_id(text: str) -> bool:
    return len(text) <= MAX_ID and bool(ID.match(text))


def _with_id(card: Card) -> Card:
    return card if card.id else dataclasses.replace(card, id=slug(card.name))


