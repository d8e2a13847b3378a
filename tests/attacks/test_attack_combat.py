"""Attacks on battle's `cards:` (a battle of cards against cards, vocabulary/combat.py) and `detach`,
through `kitgen validate` and `kitgen simulate` in this process: each defect is one located line and a
non-zero exit, never a traceback; a thousand units and walls that bounce a billion make a bounded
battle, and a damage row that would fight a battle inside the battle is refused."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen_in_process

SIEGE = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "siege"
GAME, ARMY = "game.yaml", "decks/army.yaml"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "siege"
    shutil.copytree(SIEGE, folder)
    return folder


CASES = {  # (file, old, new, the message's regular expression)
    "cards-on-another-step": (GAME, "{do: draw, deck: army}", "{do: draw, deck: army, cards: {units: {keyword: Attack}}}",
                              r"'cards:' goes with 'do: battle'"),
    "cards-and-units": (GAME, "        cards:\n", "        die: 1D6\n        units: {zones: [camp-row], dice: bounces}\n        cards:\n",
                        r"battle: give units: \(dice\) or cards: \(cards against cards\), not both"),
    "against-unknown": (GAME, "against: adjacent", "against: sideways", r".*against.*sideways.*"),
    "units-not-a-filter": (GAME, "units: {keyword: Attack}", "units: Attack", r".*units.*"),
    "units-unknown-field": (GAME, "units: {keyword: Attack}", "units: {kind: Attack}", r".*unknown card field 'kind'.*"),
    "walls-unknown-zone": (GAME, "walls: [works]", "walls: [workz]",
                           r"battle: cards: walls: 'workz' is not a zone of kind in-play or attached \(did you mean 'works'\?\)"),
    "walls-a-pile": (GAME, "walls: [works]", "walls: [folk-pile]", r"battle: cards: walls: 'folk-pile' is not a zone of kind.*"),
    "bounces-not-a-number": (GAME, "bounces: bounces", "bounces: damage",
                             r"battle: cards: bounces: 'damage' is not a card field of type whole number.*"),
    "walls-without-bounces": (GAME, "          bounces: bounces\n", "", r"battle: cards: walls: and bounces: go together.*"),
    "breaks-without-broken": (GAME, "          broken: {name: Palisade}\n", "",
                              r"battle: cards: breaks: and broken: go together, with walls:"),
    "blocks-not-a-list": (GAME, "blocks: blocks", "blocks: bounces",
                          r"battle: cards: blocks: 'bounces' is not a card field of type list of text.*"),
    "blocks-names-no-card": (ARMY, "blocks: [Raider, Torch]", "blocks: [Raider, Torsh]",
                             r"card 'Guard': blocks: 'Torsh' is not a card's name \(did you mean 'Torch'\?\)"),
    "damage-unknown-field": (GAME, "damage: damage", "damage: damaj",
                             r"battle: cards: damage: 'damaj' is not a card field of type text or choice.*"),
    "damage-unknown-row": (GAME, "      - roll: raid\n", "      - roll: raids\n",
                           r"card 'Raider': damage: 'raid' is no row of table 'damage' \(did you mean 'raids'\?\)"),
    "damage-without-table": (GAME, "        table: damage\n", "",
                             r"battle: cards: damage: needs table: a lookup table whose rows are the damage"),
    "damage-row-fights-a-battle": (GAME, "        result: \"Nothing more: a ram breaks a palisade before the walls bounce.\"\n",
                                   "        result: \"again\"\n        actions: [{do: battle, table: damage, cards: "
                                   "{units: {keyword: Attack}}}]\n",
                                   r"table 'damage' row 'batter': a battle's damage may not fight a battle.*"),
    "detach-not-attached": (GAME, "{do: detach, zone: villagers, to: villagers", "{do: detach, zone: camp-row, to: villagers",
                            r".*'camp-row' is not a zone of kind attached.*"),
    "detach-to-not-attached": (GAME, "{do: detach, zone: villagers, to: villagers", "{do: detach, zone: villagers, to: camp-row",
                               r".*'camp-row' is not a zone of kind attached.*"),
    "detach-no-zone": (GAME, "{do: detach, zone: works, target: target-player}", "{do: detach, target: target-player}",
                       r"action 'detach' needs zone"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_battle_of_cards_is_one_located_line(game: Path, case: str) -> None:
    file, old, new, message = CASES[case]
    edit(game / file, old, new)
    assert_one_line(kitgen_in_process("validate", game), re.compile(r".*\.yaml:\d+:\d+: error: .*" + message))


def test_a_thousand_units_and_walls_of_a_billion_bounces_are_a_bounded_battle(game: Path) -> None:
    edit(game / ARMY, "{name: Raider, type: Unit, copies: 6,", "{name: Raider, type: Unit, copies: 1000,")
    edit(game / ARMY, "{name: Palisade, type: Work, copies: 3, fields: {bounces: 1}", "{name: Palisade, type: Work, "
         "copies: 3, fields: {bounces: 1000000000}")
    edit(game / GAME, "{do: deal, deck: army, count: 4,", "{do: deal, deck: army, count: 400,")
    run = kitgen_in_process("simulate", game, "--games", "2", "--workers", "1", "--players", "2", "--policy", "random",
                            "--partial", "--json", "-q")
    assert_no_crash(run, seconds=60)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 2
