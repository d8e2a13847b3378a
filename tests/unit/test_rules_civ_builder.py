"""Civ Builder (shared/seeds/civ-builder.txt) played from its data by the one engine: small scripted
tables, one rule of the seed applied through the steps the data writes, the seed's outcome asserted;
then whole games (determinism) and the command line as a user runs it."""
from __future__ import annotations

import json
import re
import shutil
from functools import cache
from pathlib import Path

from tests.conftest import run_kitgen

from kitgen.load import load_game
from kitgen.model import Game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.schedule import rank_order
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.melds import legal_melds

ROOT = Path(__file__).resolve().parents[2]
GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]
ORDER = ("Leader", "Engineering", "Culture", "Trade", "Conquest", "Science", "Agriculture", "Religion", "Seafaring",
         "Government", "Equestrian", "Disaster")  # a scripted player's liking, best first


@cache
def game() -> Game:
    return load_game(ROOT / "data" / "civ-builder")


@cache
def plan() -> Plan:
    return plan_game(game())


def card(name: str) -> int:
    return [c.name for c in plan().cards].index(name)


def named(cards: list[int]) -> list[str]:
    return sorted(plan().cards[c].name for c in cards)


def value(name: str) -> int:
    return plan().attributes.index(name)


VP = "Victory Points"


def liking(table: Table, seat: int, cards: list[int], best: bool) -> int:
    ranked = sorted(cards, key=lambda c: ORDER.index(table.plan.cards[c].name))
    return ranked[0] if best else ranked[-1]


def first_but_keep(table: Table, seat: int, moves: list) -> int:
    """The first move offered (a step taken, the smallest meld of the first kind), but of the cards a
    redraw may discard only the Disasters, then stop."""
    discards = [i for i, m in enumerate(moves) if m.do == "discard" and m.card >= 0]  # a card a redraw offers
    if not discards:
        return 0
    return next((i for i in discards if moves[i].card == card("Disaster")), len(moves) - 1)


SCRIPTED = RANDOM._replace(name="scripted", choose_card=liking, choose_discards=None, choose_move=first_but_keep,
                           pick_attribute=lambda table, seat, who, delta, among=None: (among or [value("Trade")])[0])


def scripted(hands: list[list[str]], values: list[list[int]] | None = None, turn: int = 1, policy=SCRIPTED) -> Table:
    """A table of len(hands) players with these hands and attributes (default: all 3), no Victory Points."""
    table = Table(plan(), 7, (policy,) * len(hands), ACTIONS)
    table.values = [list(v) + [0] for v in values] if values else [[3] * 10 + [0] for _ in hands]
    table.hands = [[card(name) for name in hand] for hand in hands]
    table.turn = turn
    return table


def phase(name: str):
    return next(p for p in plan().phases if p.name == name)


def take(table: Table, seat: int, steps) -> None:
    for step in steps:
        ACTIONS[step.do](table, seat, step)


def special(name: str):
    return plan().vocabulary.rows["special-action"][name]


def melds(table: Table, seat: int, least: int) -> set[tuple[str, int]]:
    step = phase("Action Phase").actions[0]
    return {(kind, size) for kind, _, size in legal_melds(table, seat, step, least)}


def test_data__each_rule_is_a_step_the_engine_reads():
    """Every number its retired rule module read from `numbers:` is now a step's parameter or the data's structure."""
    meld = phase("Action Phase").actions[0]
    assert (meld.do, meld.more.ladder, meld.table) == ("meld", (1, 2, 3, 4, 5), "special-action")
    assert meld.more.gain == ((value(VP), (0, 1)),)  # "You also score an equal number of Victory points"
    assert [s.do for s in phase("Draw Phase").actions] == ["when", "draw", "when"] and phase("Draw Phase").actions[1].count == 5
    assert phase("Score Phase").once and len(phase("Score Phase").actions) == 12
    assert plan().start_dice == tuple((i, 1, 6) for i in range(10))  # "1D6 points in each attribute"
    assert plan().factions[0].dice == ((value("Trade"), 1, 6),)  # Middle East: 1D6 extra Trade
    assert plan().vocabulary.roll == (1, 6) and len(plan().vocabulary.order) == 3  # Government, Religion, Culture
    assert set(plan().vocabulary.rows["special-action"]) == {a.name for a in game().attributes}
    wilds = plan().vocabulary.wilds
    assert wilds[card("Leader")].limit == 1 and wilds[card("Leader")].when is None
    assert wilds[card("Disaster")].when is not None and wilds[card("Seafaring")].melds == (card("Trade"), card("Conquest"))


def test_melds__the_kth_meld_holds_k_cards_with_one_leader_at_most():
    table = scripted([["Culture"] * 3 + ["Leader"] * 2, []])
    assert melds(table, 0, 1) == {("Culture", 1), ("Culture", 2), ("Culture", 3), ("Culture", 4)}
    assert melds(table, 0, 4) == {("Culture", 4)}  # 3 Culture and 1 Leader: never 2 Leaders
    assert melds(table, 0, 5) == set()
    assert melds(scripted([["Leader", "Leader"], []]), 0, 1) == set()  # kit choice meld-needs-its-card


def test_melds__disasters_are_wild_for_the_highest_religion_sea_cards_in_trade_or_conquest():
    religion = [[3] * 10, [3] * 10]
    religion[0][value("Religion")] = 6
    hands = [["Trade", "Disaster", "Disaster"], ["Trade", "Disaster", "Disaster"]]
    assert melds(scripted(hands, religion), 0, 3) == {("Trade", 3)}
    assert melds(scripted(hands, religion), 1, 3) == set()  # not the highest Religion: Disasters are blank
    sea = [[3] * 10, [3] * 10]
    sea[0][value("Seafaring")] = 6
    table = scripted([["Conquest", "Culture", "Seafaring", "Seafaring"], []], sea)
    assert melds(table, 0, 3) == {("Conquest", 3)}  # Culture melds take no Sea cards


def test_action_phase__a_meld_scores_its_cards_in_its_attribute_and_as_victory_points_then_its_special_action():
    table = scripted([["Culture", "Culture", "Leader", "Trade"], []])
    step = phase("Action Phase").actions[0]
    ACTIONS["meld"](table, 0, step)
    # the scripted player lays the first meld offered (1 Culture), its Culture action (+4 VP), then a
    # second of 2 or more: Culture and Leader (+4 VP again); no third of 3 is left
    assert table.values[0][value("Culture")] == 3 + 3 and table.values[0][value(VP)] == 3 + 4 + 4
    assert named(table.hands[0]) == ["Trade"] and named(table.piles["common"][1]) == ["Culture", "Culture", "Leader"]


def test_special_actions__hand_theft_look_and_take_and_swaps():
    table = scripted([["Disaster", "Disaster"], ["Leader", "Leader", "Culture"]])
    take(table, 0, special("Trade"))  # takes all 3, gives back the 3 it likes least
    assert named(table.hands[0]) == ["Leader", "Leader"] and named(table.hands[1]) == ["Culture", "Disaster", "Disaster"]
    table = scripted([[], []])
    pile = table.piles["common"][0]
    pile[:] = [card(n) for n in ("Disaster",) * 3 + ("Engineering", "Disaster", "Leader", "Disaster", "Culture",
                                                         "Disaster", "Disaster")]
    take(table, 0, special("Science"))  # the 7 on top, the 2 best taken, the others in their order
    assert named(table.hands[0]) == ["Engineering", "Leader"]
    assert pile == [card(n) for n in ("Disaster",) * 5 + ("Culture", "Disaster", "Disaster")]
    table = scripted([[], ["Culture"]])
    take(table, 0, special("Religion"))  # only what is there (kit choice steal-what-is-there)
    assert named(table.hands[0]) == ["Culture"] and table.hands[1] == []
    table = scripted([[], ["Culture"] * 4 + ["Trade"]])
    take(table, 0, special("Equestrian"))
    assert len(table.hands[1]) == 2 and len(table.piles["common"][1]) == 3


def test_special_actions__points_and_victory_points_move_from_the_target():
    table = scripted([[], []])
    table.values[1][value(VP)] = 1
    take(table, 0, special("Seafaring"))  # 1 VP is all there is
    assert (table.values[0][value(VP)], table.values[1][value(VP)]) == (1, 0)
    before = [sum(v[:10]) for v in table.values]
    take(table, 0, special("Conquest"))
    assert [sum(v[:10]) for v in table.values] == [before[0] + 2, before[1] - 2]
    table = scripted([["Disaster", "Disaster", "Culture"], []])
    table.piles["common"][0][:] = [card("Trade")] * 10
    take(table, 0, special("Government"))  # X = the 2 Disasters, draws X + 2
    assert named(table.hands[0]) == ["Culture", "Trade", "Trade", "Trade", "Trade"]
    table = scripted([[], []])
    take(table, 0, special("Engineering") + special("Culture") + special("Agriculture"))
    assert table.values[0][value(VP)] == 3 + 4 and len(table.hands[0]) == 2 + 3


def test_score_phase__the_scoring_schedule_by_round_ties_each_score_and_culture_adds_one():
    values = [[5] * 10, [3] * 10, [2] * 10]
    values[1][value("Science")] = 9  # the highest Science gains 1 point first: Trade (scripted), to break the tie
    values[1][value("Trade")] = 5
    values[2][value("Religion")] = 5  # seats 1 and 3 tie for Religion: each scores
    for round_, (vp, extra) in ((5, (2, 1)), (12, (3, 1))):
        table = scripted([[], [], []], values, turn=round_)
        take(table, 0, phase("Score Phase").actions)
        assert table.values[1][value("Trade")] == 6
        assert [v[value(VP)] for v in table.values] == [7 * vp + vp + extra, 2 * vp, vp]


def test_score_phase__every_player_tied_for_the_highest_science_at_its_beginning_gains_the_point():
    values = [[5] * 10, [3] * 10]
    values[0][value("Science")] = values[1][value("Science")] = 9  # kit choice highest-ties
    science = SCRIPTED._replace(pick_attribute=lambda table, seat, who, delta, among=None: value("Science"))
    table = scripted([[], []], values, policy=science)
    take(table, 0, phase("Score Phase").actions[:1])  # seat 1 takes the lead in Science; seat 2 still gains
    assert table.values[0][value("Science")] == table.values[1][value("Science")] == 10


def test_draw_phase__round_one_also_deals_the_five_cards_of_setup_and_the_highest_agriculture_draws_a_sixth():
    """SETUP: "Each player is dealt 5 cards." DRAW PHASE: "Each player in initiative order draws 5 cards
    ... The player with the highest Agriculture score may draw a sixth card." (it takes it: a card is worth having)"""
    values = [[3] * 10, [3] * 10]
    values[1][value("Agriculture")] = 6
    for round_, dealt in ((1, 10), (2, 5)):
        table = scripted([[], []], values, turn=round_, policy=GREEDY)
        for seat in (0, 1):
            take(table, seat, phase("Draw Phase").actions)
        assert [len(hand) for hand in table.hands] == [dealt, dealt + 1]


def test_initiative__government_then_religion_then_culture():
    values = [[3] * 10 for _ in range(3)]
    values[0][value("Government")] = 4
    values[1][value("Government")] = values[2][value("Government")] = 6
    values[2][value("Religion")] = 5
    table = scripted([[], [], []], values)
    rank_order(table, 1)
    assert table.state.order == [2, 1, 0]
    table.values[1][value("Religion")] = 5
    table.values[1][value("Culture")] = 4
    rank_order(table, 2)
    assert table.state.order == [1, 2, 0]


def test_end_phase__the_highest_conquest_keeps_seven_cards_the_highest_equestrian_may_discard_for_vp():
    values = [[3] * 10, [3] * 10]
    values[0][value("Conquest")] = 5
    values[1][value("Equestrian")] = 5
    end = phase("End Phase").actions
    table = scripted([["Culture"] * 9, ["Trade"] * 9], values)
    for seat in (0, 1):
        take(table, seat, end)
    assert [len(hand) for hand in table.hands] == [7, 0] and table.values[1][value(VP)] == 3
    table = scripted([["Culture"], []], values)
    for seat in (0, 1):
        take(table, seat, end)
    assert table.values[1][value(VP)] == 0  # kit choice discard-all-needs-cards


def test_play__the_same_seed_gives_the_same_game():
    policies = (GREEDY, RANDOM, GREEDY)
    first, again = play(Table(plan(), 11, policies, ACTIONS)), play(Table(plan(), 11, policies, ACTIONS))
    other = play(Table(plan(), 12, policies, ACTIONS))
    assert first == again and first.winner >= 0 and first.paths == (0,) and first.turn == 12
    assert first != other and all(cards for cards in first.played)


def test_coverage__approximated_are_the_trade_phase_and_which_wild_cards_a_meld_lays():
    rows = {c.rule: c for c in plan().coverage}
    assert {r for r, c in rows.items() if c.status == "approximated"} == {"phase 'Trade Phase'", "which wild cards a meld lays",
                                                                          "setup",  # civilizations are dealt, not picked
                                                                          "rule 'Meld Making Notes'",  # its wild cards
                                                                          "table 'Meld Size Ladder'"}  # played_by: melds
    assert all(c.status == "exact" for c in rows.values() if c.decides)
    assert "no-trades" in rows["phase 'Trade Phase'"].note


def test_cli__twenty_games_have_winners_and_every_rule_that_decides_is_exact():
    result = run_kitgen("simulate", "civ-builder", "--games", "20", "--players", "3", "--seed", "1", "--json",
                        "--workers", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["missing"] == [] and report["decided"] == 20
    assert report["provenance"]["options"]["--seed"] == 1 and len(report["provenance"]["data_sha256"]) == 64


def test_cli__the_retired_rule_module_is_one_located_line(tmp_path):
    folder = tmp_path / "civ-builder"
    shutil.copytree(ROOT / "data" / "civ-builder", folder)
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("simulate: {rules: civ-builder}\n")
    result = run_kitgen("simulate", str(folder), "--games", "5")
    assert result.returncode == 1 and result.stdout == "" and "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if "error:" in line]
    assert re.match(r".*game\.yaml:\d+:\d+: error: simulate\.rules: the rule module 'civ-builder' is gone: the game "
                    r"plays from its data through the one engine \(remove simulate\.rules\)", line)
