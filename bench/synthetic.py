"""A synthetic Galactic Civ with N generated cards in one deck, for scaling benchmarks.

make_game(folder, n) writes a game folder:

* game.yaml, rules.yaml, tables.yaml copied from data/galactic-civ/, with the events deck dropped
  from game.yaml's `decks:` list, and with it every entry of a list, at any depth, that names that
  deck with a `deck:` key (the three event card types, the five rules sections about events, the
  Opportunity Phase's `do: event` action), and the notation entries of those types' codes (GE, MD,
  UPI in tables.yaml), so validate is clean. Found by the key rather than listed by place, so a
  new mention of the deck in the shipped data does not break the benchmarks. Everything else
  (attributes, the common card types, factions, phases, victory, tables, errata) is unchanged;
* decks/common.yaml: the common deck's header (id, name, code, back), rules cut down to what a
  generated deck can honour (deck-size N and unique-names), and N cards written one a line in
  the shipped data's flow style; with art="FILE", every card also names FILE (a path inside the
  game folder, not written here) with an `art:` key.

Cards are deterministic (random.Random(seed)) and look like the shipped ones: the four common
types in turn (Ship, Build, Tech, Find), a unique name of two to three words plus a serial,
1 to 3 effects on the game's attributes (by name or alias, deltas -1..+3, mostly positive), and
one card in four with a short line of text.
"""
from __future__ import annotations

import random
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "data" / "galactic-civ"
KEEP = "common"  # the deck that gets the generated cards; every other deck is dropped
TYPES = ("Ship", "Build", "Tech", "Find")
ADJECTIVES = ("Orbital", "Deep Space", "Precursor", "Quantum", "Stellar", "Hyper", "Ancient", "Imperial",
              "Subspace", "Galactic", "Nebula", "Planetary", "Xeno", "Solar", "Void", "Dark Matter")
NOUNS = {
    "Ship": ("Cruiser", "Frigate", "Scout", "Freighter", "Carrier", "Corvette", "Dreadnaught", "Liner"),
    "Build": ("Shipyard", "Academy", "Starbase", "Colony", "Market", "Refinery", "Embassy", "Arcology"),
    "Tech": ("Lasers", "Shields", "Hyperdrive", "Genetics", "Robotics", "Terraforming", "Cloaking", "Sensors"),
    "Find": ("Ore", "Crystals", "Ruins", "Nanites", "Pollen", "Relic", "Deposit", "Artifact"),
}
TEXTS = ("Play 1 Ship Card", "Draw 1 card", "Discard 1 card, then draw 2", "Play 1 extra Tech card",
         "Target opponent loses 1 Military", "Roll on the Random Attribute Table")


def _read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")


def _without_decks(data, dropped: set[str]):
    """data with every list entry whose `deck:` names a dropped deck removed, at any depth."""
    if isinstance(data, dict):
        return {key: _without_decks(value, dropped) for key, value in data.items()}
    if isinstance(data, list):
        return [_without_decks(item, dropped) for item in data
                if not (isinstance(item, dict) and item.get("deck") in dropped)]
    return data


def _attributes() -> list[str]:
    """Every attribute name and alias of the source game: cards use both, as the shipped ones do."""
    game = _read(SOURCE / "game.yaml")
    names = []
    for attribute in game["attributes"]:
        names.append(attribute["name"])
        names.extend(attribute.get("aliases", ()))
    return names


def card_lines(n: int, seed: int = 0, art: str = "") -> list[str]:
    rng = random.Random(seed)
    attributes = _attributes()
    lines = []
    for i in range(n):
        kind = TYPES[i % len(TYPES)]
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS[kind])} {i + 1}"
        effects = ", ".join(
            f"{{attribute: {attribute}, delta: {rng.choice((-1, 1, 1, 1, 2, 2, 3)):+d}}}"
            for attribute in rng.sample(attributes, rng.choice((1, 2, 2, 2, 3))))
        text = f", text: \"{rng.choice(TEXTS)}\"" if rng.random() < 0.25 else ""
        picture = f", art: \"{art}\"" if art else ""
        lines.append(f"  - {{name: {name}, type: {kind}, effects: [{effects}]{text}{picture}}}\n")
    return lines


def make_game(folder: Path, n: int, seed: int = 0, art: str = "") -> Path:
    """Write the synthetic game into folder (created); return folder. art: a file every card names."""
    folder = Path(folder)
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    game = _read(SOURCE / "game.yaml")
    dropped = set(game["decks"]) - {KEEP}
    codes = {t.get("code") for t in game["card_types"] if t.get("deck") in dropped} - {None, ""}
    game["decks"] = [KEEP]
    _write(folder / "game.yaml", _without_decks(game, dropped))
    tables = _read(SOURCE / "tables.yaml")
    tables["notation"] = [entry for entry in tables.get("notation", ()) if entry.get("code") not in codes]
    _write(folder / "tables.yaml", tables)
    _write(folder / "rules.yaml", _without_decks(_read(SOURCE / "rules.yaml"), dropped))

    common = _read(SOURCE / "decks" / f"{KEEP}.yaml")
    back = ", ".join(f'{key}: "{value}"' for key, value in common["back"].items())
    header = (f"id: {common['id']}\nname: {common['name']}\ncode: {common['code']}\nback: {{{back}}}\n"
              f"rules:\n  - {{rule: deck-size, count: {n}}}\n  - {{rule: unique-names}}\ncards:\n")
    with open(folder / "decks" / "common.yaml", "w", encoding="utf-8") as out:
        out.write(header)
        out.writelines(card_lines(n, seed, art))
    return folder


if __name__ == "__main__":  # python bench/synthetic.py FOLDER N: write one to look at
    import sys

    print(make_game(Path(sys.argv[1]), int(sys.argv[2])))
