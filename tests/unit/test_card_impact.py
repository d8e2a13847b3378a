"""Card impact by a clean experiment (issue 37): a holder chosen before play, dealt the card in one
arm and a card of its deck at random in the other, on the same seeds, with the engine's chance in
streams (the decks, each seat's dice, each player's ties) so that the two games of a pair differ
only where the card makes them differ. The 5,000-game figure is bench/bench_impact.py's."""
from __future__ import annotations

import re

import pytest

from kitgen.model import Action, Attribute, Card, CardType, Deck, DiceTable, Effect, Game, Phase, TableRow, VictoryPath
from kitgen.simulate.engine.table import Table
from kitgen.simulate.experiments.impact import card_impact, held_plan
from kitgen.simulate.play.blocks import table_for
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.run import Settings, play_games
from kitgen.simulate.players import POLICIES
from kitgen.simulate.report.stats import mcnemar_p
from kitgen.simulate.vocabulary import ACTIONS
from tests.conftest import ROOT, pdf_text, run_kitgen

SAME = tuple(Card(f"Card {i}", "Gain", (Effect("A", 1),), copies=2) for i in range(8))  # alike in all but name
CROWN = Card("Crown", "Gain", (Effect("A", 4),), copies=1)  # four times any other card
RANDOM = (POLICIES["random"],) * 3


def race(cards: tuple[Card, ...]) -> Game:
    """Each turn: roll 1D2 for a point of A or B, draw a card, play up to two; the most A after turn 8
    wins. A card held before play is one more point: both arms deal the holder one."""
    grow = Phase("Grow", "Roll, draw, play.", actions=(
        Action("change", delta=1, table="coin"), Action("draw", count=1), Action("play", count=2, types=("Gain",))))
    return Game("race", "Race", "R", "2", (Attribute("A", start="0"), Attribute("B", start="0")),
                (CardType("Gain", "main"),), (Deck("main", "Main", "R", cards),), (grow,),
                victory_paths=(VictoryPath("Most A", "Highest A at the end of turn 8.", at_end_of_turn=8,
                                           highest=("A",)),), turns=8,
                tables=(DiceTable("coin", "Coin", (TableRow("1", "A", attribute="A"),
                                                   TableRow("2", "B", attribute="B")), die="1D2"),))


@pytest.fixture(scope="module")
def identical():
    plan = plan_game(race(SAME))
    settings = Settings(games=150, players=3, seed=1, policies=("greedy",), workers=1)
    return card_impact(plan, settings, play_games(plan, settings, 20), 150)


def test_identical_cards__no_change_within_its_interval_and_no_card_flagged(identical):
    assert identical["games"] == 150 and "before play" in identical["experiment"]
    assert [row["name"] for row in identical["cards"]] == [f"Card {i}" for i in range(8)]
    for row in identical["cards"]:
        low, high = row["ci95"]
        assert low <= 0 <= high and not row["significant"] and row["games"] == 150
        # the same deal and dice: a card alike in all but name changes no game of its pair
        assert row["change"] == 0 and row["with_card"] == row["with_other"] and row["p_value"] == 1


def test_an_over_powered_card_is_flagged_and_the_cards_it_outshines_fall_below_a_card_at_random():
    plan = plan_game(race(SAME[:6] + (CROWN,)))
    settings = Settings(games=150, players=3, seed=1, policies=("greedy",), workers=1)
    report = card_impact(plan, settings, play_games(plan, settings, 20), 150)
    crown = report["cards"][0]
    assert crown["name"] == "Crown" and crown["significant"] and crown["ci95"][0] > 0.05
    assert crown["with_card"] > crown["with_other"] + 0.1
    assert all(row["change"] <= 0 for row in report["cards"][1:])  # a card at random is sometimes the Crown


def test_the_holder_is_chosen_before_play_and_dealt_the_card_or_the_top_card():
    plan = plan_game(race(SAME[:6] + (CROWN,)))
    crown = frozenset(c for c, card in enumerate(plan.cards) if card.name == "Crown")
    for game in range(6):
        printed = Table(plan, 7, RANDOM, ACTIONS)
        other = table_for(held_plan(plan, "main", frozenset()), 7, game, RANDOM, 64)
        held = table_for(held_plan(plan, "main", crown), 7, game, RANDOM, 64)
        other.hold(), held.hold()  # as play starts: the race deals no opening hand, so one card before play
        top, deck = printed.piles["main"][0][-1], list(printed.piles["main"][0])
        assert other.hands == [[top] if seat == game % 3 else [] for seat in range(3)]
        assert [h and plan.cards[h[0]].name for h in held.hands] == ["Crown" if s == game % 3 else [] for s in range(3)]
        at = max(i for i, c in enumerate(deck) if c in crown)  # the Crown swapped with the top card: nothing else moves
        deck[at], deck[-1] = deck[-1], deck[at]
        assert held.piles["main"][0] == deck[:-1] and other.piles["main"][0] == printed.piles["main"][0][:-1]


def test_streams__a_seat_that_rolls_more_moves_no_other_seats_dice_and_no_decks_order():
    plan = plan_game(race(SAME))
    first, second = Table(plan, 11, RANDOM, ACTIONS), Table(plan, 11, RANDOM, ACTIONS)
    second.roll(0, "coin"), second.ties[0].random()  # seat 0 rolls and chooses once more in the second game
    assert [first.roll(seat, "coin") for seat in (1, 2) for _ in range(20)] == \
        [second.roll(seat, "coin") for seat in (1, 2) for _ in range(20)]
    assert first.ties[2].random() == second.ties[2].random()  # nor another seat's ties
    first.piles["main"][1].extend(first.piles["main"][0])
    second.piles["main"][1].extend(second.piles["main"][0])
    first.piles["main"][0].clear(), second.piles["main"][0].clear()
    assert [first.draw("main") for _ in range(10)] == [second.draw("main") for _ in range(10)]  # the same reshuffle


def test_mcnemar__exact_binomial_tail_of_the_pairs_that_differ():
    assert mcnemar_p([0] * 100) == 1
    assert mcnemar_p([-1] * 6 + [0] * 294) == pytest.approx(2 / 64)
    assert mcnemar_p([1] * 60 + [-1] * 40) == pytest.approx(0.056888, abs=1e-6)  # scipy.stats.binomtest(40, 100)
    assert mcnemar_p([1, -1] * 10) == 1


def test_the_report_says_the_experiment_and_each_cards_change_interval_and_games(tmp_path):
    out = tmp_path / "balance.pdf"
    result = run_kitgen("simulate", str(ROOT / "tests" / "fixtures" / "vocab" / "alike"), "--players", "3",
                        "--games", "30", "--impact-games", "20", "--workers", "1", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "Card impact on its holder's win rate, 20 paired games a card" in result.stdout
    assert "the experiment: the holder, seat (game number mod players), holds a copy of the card" in result.stdout
    assert re.search(r"Copper +\+0\.0% \(\+0\.0%\.\.\+0\.0%\) +holder wins [\d.]+% with it, [\d.]+% with another card "
                     r"\(20 games\)", result.stdout)
    text = pdf_text(out)
    assert "Card impact on its holder's win rate, by experiment (20 paired games a card)" in text
    text = " ".join(text.split())
    assert "holds a copy of the card in one arm in place of a card" in text and "with another" in text and "Thaler" in text


@pytest.mark.parametrize("example, deck", [("hearts", "cards"), ("love-letter", "letters"), ("dominion", "kingdom")])
def test_the_holder_holds_the_card_in_place_of_one_its_opening_hand_holds(example, deck):
    """A game that deals opening hands: the holder's hand is as big as every other's in both arms (it
    had one card more), the copy in place of its last card of the deck, that card kept in the other."""
    from kitgen.load import load_game
    from kitgen.simulate.engine.cycle import start_round

    plan = plan_game(load_game(ROOT / "examples" / example))
    printed = Table(plan, 7, RANDOM, ACTIONS)
    start_round(printed, 1)
    names = sorted({plan.cards[c].name for c in plan.decks[deck]})
    for name in names[:4]:
        cards = frozenset(c for c in plan.decks[deck] if plan.cards[c].name == name)
        for game in range(3):
            other = table_for(held_plan(plan, deck, frozenset()), 7, game, RANDOM, 64)
            held = table_for(held_plan(plan, deck, cards), 7, game, RANDOM, 64)
            start_round(other, 1), start_round(held, 1)
            sizes = [len(hand) for hand in printed.hands]
            assert [len(hand) for hand in other.hands] == [len(hand) for hand in held.hands] == sizes
            assert other.hands == printed.hands  # a card of its deck at random: the one it was dealt
            holder = held.hands[game % 3]
            assert any(card in cards for card in holder), (example, name)
            assert sum(a != b for a, b in zip(holder, other.hands[game % 3], strict=True)) <= 1


# The table's own stream, `rng`, is for what no one seat does; each use is named here with why. A
# step that rolls, shuffles or picks at random on it instead of the seat's dice, the shuffler or
# the player's ties would shift every later draw of every seat when one card changes.
TABLE_STREAM = {
    ("vocabulary/battles.py", "table.rng.shuffle(orders)"),  # the order of everyone's orders
    ("players/worth.py", "world.rng.getrandbits(32) for _ in range(n)"),  # each copy's seed: one stream for all
    ("players/worth.py", "damage_worth(world, seat, world.rng.getrandbits(32))"),  # the copy's own, as above
    ("engine/knowledge.py", "table.rng.shuffle(pool)"),  # determinize: on a copy
    ("engine/table.py", "self.rng: random.Random = Stream(seed)"),
    ("engine/table.py", "self.rng.sample(factions, self.players)"),  # factions dealt
    ("engine/table.py", "self.rng.choice(factions)"),
    ("engine/table.py", "self.rng = self.shuffler = rng"),  # Table.chance
}


def test_steps_roll_shuffle_and_choose_on_the_stream_of_their_purpose():
    simulate = ROOT / "kitgen" / "simulate"
    used = set()
    for path in sorted(simulate.rglob("*.py")):
        relative = path.relative_to(simulate).as_posix()
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.search(r"\w\.rng\b", line):
                found = [(f, text) for f, text in TABLE_STREAM if f == relative and text in line]
                assert found, f"{relative}: {line.strip()}: roll on table.dice[seat], shuffle on table.shuffler, " \
                              "choose on table.ties[seat] (or name this use in TABLE_STREAM, with why)"
                used.update(found)
    assert used == TABLE_STREAM  # no entry outlives its line
