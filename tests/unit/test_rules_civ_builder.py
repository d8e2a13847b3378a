"""Civ Builder's rule module (kitgen/simulate/rules/civ_builder*.py) in small scripted games: a
table set by hand, one rule applied, the seed's outcome asserted; the numbers read from the data;
determinism; and the command line as a user runs it."""
from __future__ import annotations

import dataclasses
import json
import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from tests.conftest import run_kitgen

from kitgen.errors import KitgenError, Where
from kitgen.load import load_game
from kitgen.model import Game, Number, Numbers
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.rules.civ_builder import civ_rules, play
from kitgen.simulate.rules.civ_builder_specials import SPECIALS
from kitgen.simulate.rules.civ_builder_table import CivTable

ROOT = Path(__file__).resolve().parents[2]
GREEDY = POLICIES["greedy"]


@cache
def game() -> Game:
    return load_game(ROOT / "data" / "civ-builder")


@cache
def plan() -> Plan:
    return plan_game(game())


def card(name: str) -> int:
    return [c.name for c in plan().cards].index(name)


def attribute(name: str) -> int:
    return plan().attributes.index(name)


def scripted(hands: list[dict[str, int]], values: list[list[int]] | None = None, pile: tuple[str, ...] = (),
             round_: int = 1) -> CivTable:
    """A table of len(hands) greedy players with these hands, scores (default: all 3), no Victory
    Points, `pile` as the deck (its last card on top) and an empty discard."""
    table = CivTable(plan(), 7, (GREEDY,) * len(hands))
    table.values = [list(v) for v in values] if values else [[3] * 10 for _ in hands]
    table.vp = [0] * len(hands)
    table.hands = [[0] * len(plan().cards) for _ in hands]
    for seat, hand in enumerate(hands):
        for name, copies in hand.items():
            table.hands[seat][card(name)] = copies
    table.pile, table.discard, table.round = [card(name) for name in pile], [], round_
    return table


def legal(table: CivTable, seat: int, need: int) -> list:
    """The melds of at least `need` cards the seat may make now."""
    return table.melds(seat, need, table.wilds(seat))


def sizes(melds: list) -> set[tuple[str, int]]:
    return {(plan().attributes[a], sum(n for _, n in parts)) for a, parts in melds}


def test_compile__every_number_is_read_from_the_seeds_words_in_the_data():
    rules = plan().extra
    assert rules.ladder == (1, 2, 3, 4, 5) and rules.wild_limit == 1 and rules.points == 1
    assert (rules.deal, rules.draw, rules.draw_bonus) == (5, 5, (attribute("Agriculture"), 1))
    assert rules.initiative == tuple(map(attribute, ("Government", "Religion", "Culture")))
    assert rules.initiative_die == (1, 6) and rules.rounds == 12
    assert rules.schedule == (1,) * 4 + (2,) * 4 + (3,) * 4
    assert (rules.hand_limit, rules.big_hand) == (5, (attribute("Conquest"), 7))
    assert rules.science == (attribute("Science"), 1) and rules.culture == (attribute("Culture"), 1)
    assert rules.equestrian == (attribute("Equestrian"), 3)
    specials = dict(zip(rules.attributes, rules.specials, strict=True))
    assert specials["Culture"] == (("gain-vp", (4,)),)
    assert specials["Engineering"] == (("draw", (2,)), ("gain-vp", (3,)))
    assert specials["Science"] == (("look-take", (7, 2)),) and specials["Government"] == (("redraw", (2,)),)
    assert {k for v in specials.values() for k, _ in v} == set(SPECIALS)
    assert (attribute("Religion"), card("Disaster"), frozenset()) in rules.wild_if_highest
    assert (attribute("Seafaring"), card("Seafaring"), frozenset(map(attribute, ("Trade", "Conquest")))) \
        in rules.wild_if_highest


def with_special_action(text: str, numbers: Numbers) -> Game:
    tables = [dataclasses.replace(t, rows=tuple(dataclasses.replace(r, result=text, numbers=numbers)
                                                if r.roll == "Culture" else r for r in t.rows))
              if t.id == "special-action" else t for t in game().tables]
    return dataclasses.replace(game(), tables=tuple(tables))


def test_compile__a_changed_number_is_played_and_a_row_without_one_is_located():
    changed = with_special_action("Feel cultured.", Numbers((Number("gain_vp", 6),)))  # the words are not read
    assert civ_rules(changed).specials[attribute("Culture")] == (("gain-vp", (6,)),)
    with pytest.raises(KitgenError) as raised:
        civ_rules(with_special_action("Gain 4 Victory Points.", Numbers((Number("look", 7, 0, Where("tables.yaml", 12, 9)),))))
    [problem] = raised.value.problems
    assert problem.where.file.endswith("tables.yaml") and problem.where.line > 0  # the row's line
    assert problem.message == "simulate.rules civ-builder: special action 'Culture': look and take go together"


def test_melds__the_kth_meld_holds_k_cards_with_one_leader_at_most():
    table = scripted([{"Culture": 3, "Leader": 2}, {}])
    assert sizes(legal(table, 0, 1)) == {("Culture", 1), ("Culture", 4)}  # the smallest and the largest
    assert sizes(legal(table, 0, 4)) == {("Culture", 4)}  # 3 Culture and 1 Leader: never 2 Leaders
    assert legal(table, 0, 5) == []
    leaders_only = scripted([{"Leader": 2}, {}])
    assert legal(leaders_only, 0, 1) == []  # kit choice meld-needs-its-card


def test_melds__disasters_are_wild_for_the_highest_religion_sea_cards_in_trade_or_conquest():
    religion = [[3] * 10, [3] * 10]
    religion[0][attribute("Religion")] = 6
    hands = [{"Trade": 1, "Disaster": 2}, {"Trade": 1, "Disaster": 2}]
    assert sizes(legal(scripted(hands, religion), 0, 3)) == {("Trade", 3)}
    assert legal(scripted(hands, religion), 1, 3) == []  # not the highest Religion: Disasters are blank
    sea = [[3] * 10, [3] * 10]
    sea[0][attribute("Seafaring")] = 6
    table = scripted([{"Conquest": 1, "Culture": 1, "Seafaring": 2}, {}], sea)
    assert sizes(legal(table, 0, 3)) == {("Conquest", 3)}  # Culture melds take no Sea cards


def test_action_phase__greedy_splits_its_cards_up_the_ladder_for_more_special_actions():
    table = scripted([{"Culture": 3}, {}], pile=("Disaster",) * 10)
    table.action_turn(0)
    # meld 1: 1 Culture (1 VP + 4 VP), meld 2: 2 Culture (2 VP + 4 VP); no third meld of 3 cards
    assert table.vp[0] == 11 and table.values[0][attribute("Culture")] == 6
    assert table.played[0] == [card("Culture")] * 3 and table.discard == [card("Culture")] * 3


def test_special_actions__hand_theft_look_and_take_and_swaps():
    table = scripted([{"Disaster": 2}, {"Leader": 2, "Culture": 1}])
    SPECIALS["swap-cards"](table, 0, 4)  # Trade: takes all 3, gives back the 3 worth least
    assert table.hands[0][card("Leader")] == 2 and sum(table.hands[0]) == 2 and sum(table.hands[1]) == 3
    table = scripted([{}, {}], pile=("Disaster",) * 3 + ("Engineering", "Disaster", "Leader", "Disaster",
                                                          "Culture", "Disaster", "Disaster"))
    SPECIALS["look-take"](table, 0, 7, 2)  # Science: the 7 on top, the 2 best taken, the others in order
    assert table.hands[0][card("Leader")] == table.hands[0][card("Engineering")] == 1 and sum(table.hands[0]) == 2
    assert table.pile == [card(n) for n in ("Disaster",) * 5 + ("Culture", "Disaster", "Disaster")]
    table = scripted([{}, {"Culture": 1}])
    SPECIALS["steal-cards"](table, 0, 2)  # Religion: only what is there (kit choice steal-what-is-there)
    assert table.hands == [[1 if c == card("Culture") else 0 for c in range(12)], [0] * 12]
    table = scripted([{}, {"Culture": 4, "Trade": 1}])
    SPECIALS["target-discards"](table, 0, 3)  # Equestrian
    assert sum(table.hands[1]) == 2 and len(table.discard) == 3


def test_special_actions__points_and_victory_points_move_from_the_target():
    table = scripted([{}, {}])
    table.vp = [0, 1]
    SPECIALS["steal-vp"](table, 0, 2)  # Seafaring: 1 VP is all there is
    assert table.vp == [1, 0]
    before = [sum(v) for v in table.values]
    SPECIALS["steal-points"](table, 0, 2)  # Conquest
    assert [sum(v) for v in table.values] == [before[0] + 2, before[1] - 2]
    religion = [[3] * 10, [3] * 10]
    religion[1][attribute("Religion")] = 5  # seat 1 has the highest Religion: seat 0's Disasters are blank
    table = scripted([{"Disaster": 2, "Culture": 1}, {}], religion, pile=("Trade",) * 10)
    SPECIALS["redraw"](table, 0, 2)  # Government: X = the 2 Disasters, draws X + 2
    assert table.hands[0][card("Disaster")] == 0 and table.hands[0][card("Trade")] == 4


def test_score_phase__the_scoring_schedule_by_round_ties_each_score_and_culture_adds_one():
    values = [[5] * 10, [3] * 10, [2] * 10]
    values[1][attribute("Science")] = 9  # the highest Science gains 1 point first: Trade, to break the tie
    values[1][attribute("Trade")] = 5
    values[2][attribute("Religion")] = 5  # seats 1 and 3 tie for Religion: each scores
    table = scripted([{}, {}, {}], values, round_=5)
    table.score_phase([0, 1, 2])
    assert table.values[1][attribute("Trade")] == 6
    # round 5 gives 2 VP an attribute: seat 1 leads 7 and ties Religion, and has the highest Culture (+1)
    assert table.vp == [7 * 2 + 2 + 1, 2 * 2, 2]
    table = scripted([{}, {}, {}], values, round_=12)
    table.score_phase([0, 1, 2])
    assert table.vp == [7 * 3 + 3 + 1, 2 * 3, 3]


def test_score_phase__every_player_tied_for_the_highest_science_at_its_beginning_gains_the_point():
    values = [[5] * 10, [3] * 10]
    values[0][attribute("Science")] = values[1][attribute("Science")] = 9  # kit choice highest-ties
    table = scripted([{}, {}], values)
    table.score_phase([0, 1])  # seat 1 takes the lead in Science; seat 2 still gains its point, and ties it
    assert table.values[0][attribute("Science")] == table.values[1][attribute("Science")] == 10


def test_initiative__government_then_religion_then_culture():
    values = [[3] * 10 for _ in range(3)]
    values[0][attribute("Government")] = 4
    values[1][attribute("Government")] = 6
    values[2][attribute("Government")] = 6
    values[2][attribute("Religion")] = 5
    assert scripted([{}, {}, {}], values).initiative() == [2, 1, 0]
    values[1][attribute("Religion")] = 5
    values[1][attribute("Culture")] = 4
    assert scripted([{}, {}, {}], values).initiative() == [1, 2, 0]


def test_end_phase__the_highest_conquest_keeps_seven_cards_the_highest_equestrian_may_discard_for_vp():
    values = [[3] * 10, [3] * 10]
    values[0][attribute("Conquest")] = 5
    values[1][attribute("Equestrian")] = 5
    table = scripted([{"Culture": 9}, {"Trade": 9}], values)
    table.end_phase([0, 1])
    assert [sum(hand) for hand in table.hands] == [7, 5] and table.vp == [0, 0]  # 5 Trade cards beat 3 VP
    table = scripted([{"Culture": 1}, {"Disaster": 1}], values)
    table.end_phase([0, 1])
    assert [sum(hand) for hand in table.hands] == [1, 0] and table.vp == [0, 3]  # a Disaster for 3 VP
    table = scripted([{"Culture": 1}, {}], values)
    table.end_phase([0, 1])
    assert table.vp == [0, 0]  # kit choice discard-all-needs-cards


def test_play__the_same_seed_gives_the_same_game():
    policies = (GREEDY, POLICIES["random"], GREEDY)
    first, again, other = play(plan(), 11, policies), play(plan(), 11, policies), play(plan(), 12, policies)
    assert first == again and first.winner >= 0 and first.paths == (0,) and first.turn == 12
    assert first != other
    assert all(cards for cards in first.played)
    alone = play(plan(), 11, (GREEDY,))  # no opponent to target: the steals take nothing
    assert alone.winner == 0 and alone.played[0]


def test_cli__two_hundred_games_have_winners_and_provenance():
    result = run_kitgen("simulate", "civ-builder", "--games", "200", "--seed", "1", "--json", "--workers", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["missing"] == [] and report["decided"] >= 0.95 * 200
    assert report["provenance"]["seed"] == 1 and len(report["provenance"]["data_sha256"]) == 64
    assert all(row["status"] == "exact" for row in report["coverage"] if row["decides"])
    assert {row["rule"] for row in report["coverage"]} >= {"victory 'Most Victory Points'", "Initiative Phase",
                                                             "Score Phase: Scoring Schedule", "Action Phase: melds"}


def test_cli__a_special_action_without_its_numbers_is_one_located_line(tmp_path):
    game_copy = tmp_path / "civ-builder"
    shutil.copytree(ROOT / "data" / "civ-builder", game_copy)
    tables = game_copy / "tables.yaml"
    text = tables.read_text(encoding="utf-8")
    old = 'result: "Gain 4 Victory Points.", numbers: {gain_vp: 4}'
    assert old in text
    tables.write_text(text.replace(old, 'result: "Gain 4 Victory Points.", numbers: {gain_pv: 4}'), encoding="utf-8")
    result = run_kitgen("simulate", str(game_copy), "--games", "5")
    assert result.returncode == 1 and result.stdout == "" and "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if "error:" in line]
    assert re.match(r".*tables\.yaml:\d+:\d+: error: simulate\.rules civ-builder: table 'special-action' row "
                    r"'Culture': unknown number 'gain_pv' \(did you mean 'gain_vp'\?\)", line)

def with_cards(change) -> Game:
    """The game with each card replaced by change(card)."""
    decks = tuple(dataclasses.replace(d, cards=tuple(change(c) for c in d.cards)) for d in game().decks)
    return dataclasses.replace(game(), decks=decks)


def test_wild_cards__are_read_from_their_wild_structure_not_their_words():
    """Seed MELD MAKING NOTES: Leaders always wild (up to 1 a meld); Disasters for the highest Religion;
    Sea cards for the highest Seafaring in Trade or Conquest melds. The card's `wild:` says it."""
    leader, disaster, sea = card("Leader"), card("Disaster"), card("Seafaring")
    names = list(plan().extra.attributes)
    assert plan().extra.role[leader] == -1 and plan().extra.wild_limit == 1  # ALWAYS_WILD, up to 1
    assert set(plan().extra.wild_if_highest) == {
        (names.index("Religion"), disaster, frozenset()),
        (names.index("Seafaring"), sea, frozenset({names.index("Trade"), names.index("Conquest")}))}
    unworded = civ_rules(with_cards(lambda c: dataclasses.replace(c, text="A card.")))
    assert unworded.wild_if_highest == plan().extra.wild_if_highest and unworded.role[leader] == -1
    unwild = civ_rules(with_cards(lambda c: dataclasses.replace(c, wild=None)))
    assert (unwild.role[leader], unwild.wild_limit, unwild.wild_if_highest) == (-2, 0, ())  # the words alone: none


def test_initiative__is_the_turn_order_not_the_phase_words():
    """The Initiative Phase prints the order; the module plays the game's turn_order (by, roll)."""
    names = list(plan().extra.attributes)
    assert plan().extra.initiative == tuple(names.index(n) for n in ("Government", "Religion", "Culture"))
    assert plan().extra.initiative_die == (1, 6)
    order = game().turn_order
    assert order is not None
    turned = dataclasses.replace(game(), turn_order=dataclasses.replace(order, by=("Culture",), roll="2D4"))
    rules = civ_rules(turned)
    assert (rules.initiative, rules.initiative_die) == ((names.index("Culture"),), (2, 4))


def test_coverage__only_the_smallest_and_largest_meld_offered_is_called_approximated():
    """Seed l.83-89: a meld is 1 or more cards, the k-th at least k; 2 Culture of 3 is a legal first
    meld the lab never offers, so its coverage may not call the meld sizes exact."""
    table = scripted([{"Culture": 3}, {}])
    assert ("Culture", 2) not in sizes(legal(table, 0, 1))
    offered = next(c for c in plan().coverage if c.rule == "Action Phase: meld sizes offered")
    assert offered.status == "approximated" and "smallest" in offered.note and "largest" in offered.note
