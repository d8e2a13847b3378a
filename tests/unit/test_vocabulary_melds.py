"""The `meld` step with wild cards, a ladder of melds, effects by a card condition and a lookup table's
row for the meld's kind, in a small game whose outcome is checked by hand. Civ Builder's melds are
written in these (data/civ-builder); so may any rummy-like game."""
from __future__ import annotations

import pytest

from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Condition, Counter, Deck, DiceTable,
                          Effect, Game, Phase, TableRow, VictoryPath, When, Wild)
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.melds import legal_melds

GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]
FIRST = RANDOM._replace(name="first", choose_move=lambda table, seat, moves: 0)  # the smallest meld of the first kind
SWORD, BOOK, JOKER, STORM, BOAT = range(5)
NAMES = ("Sword", "Book", "Joker", "Storm", "Boat")


def gain(**values: int) -> Amounts:
    return Amounts(Amount(name, str(value)) for name, value in values.items())


def meld_game(**step) -> Game:
    """Might and Lore; Swords meld as Might, Books and Boats as Lore. A Joker is wild in any meld (one
    a meld), a Storm for the highest Lore (ties share), a Boat in Might melds. Each card laid gains 1
    Fame and its `in-meld` effect; the After table's row for the meld's kind follows."""
    def card(name, kind, wild=None):
        effects = (Effect(kind, 1, condition="in-meld"),) if kind in ("Might", "Lore") else ()
        return Card(name, kind if name != "Boat" else "Lore", effects, copies=10, wild=wild)
    cards = (card("Sword", "Might"), card("Book", "Lore"), card("Joker", "Joker", Wild(limit=1)),
             card("Storm", "Storm", Wild(When(highest=("Lore",), tie="share"))),
             card("Boat", "Lore", Wild(melds=("Sword",))))
    after = DiceTable("after", "After", (TableRow("Might", "Gain 10 Fame", actions=(Action("gain", gain=gain(Fame=10)),)),
                                         TableRow("Lore", "Draw a card", actions=(Action("draw"),))))
    meld = Action("meld", group="type", types=("Might", "Lore"), gain=gain(Fame=1), condition="in-meld",
                  table="after", **step)
    return Game("melds", "Melds", "M", "2", (Attribute("Might", start="0"), Attribute("Lore", start="0")),
                tuple(CardType(t, "main") for t in ("Might", "Lore", "Joker", "Storm")), (Deck("main", "Main", "M", cards),),
                (Phase("Meld", "", actions=(meld,)),), counters=(Counter("Fame"),),
                conditions=(Condition("in-meld", "", "Per card in a meld"),), tables=(after,),
                victory_paths=(VictoryPath("Famous", "", when=When(at_least=Amounts((Amount("Fame", "99"),)))),))


def seated(g: Game, hand: list[int], lore: tuple[int, int] = (0, 0), policy=GREEDY):
    t = Table(plan_game(g), 1, (policy, policy), ACTIONS)
    t.hands[0] = list(hand)
    t.values[0][1], t.values[1][1] = lore
    return t, t.plan.phases[0].actions[0]


def offered(hand: list[int], lore: tuple[int, int] = (0, 1), least: int = 1) -> set[tuple[str, ...]]:
    t, step = seated(meld_game(), hand, lore)
    return {tuple(NAMES[c] for c in cards[:size]) for _, cards, size in legal_melds(t, 0, step, least)}


def test_meld__every_size_is_offered_own_cards_first_then_wild_ones():
    assert offered([SWORD, SWORD, JOKER, JOKER]) == {("Sword",), ("Sword", "Sword"), ("Sword", "Sword", "Joker")}
    assert offered([SWORD, SWORD, JOKER], least=3) == {("Sword", "Sword", "Joker")}  # one Joker a meld (limit 1)


def test_meld__holds_one_of_its_own_cards_and_a_wild_card_joins_as_its_wild_says():
    assert offered([JOKER, STORM, JOKER]) == set()  # wild cards alone make no meld
    assert offered([BOOK, STORM]) == {("Book",)}  # the Storm is wild for the highest Lore only ...
    assert offered([BOOK, STORM], lore=(3, 3)) == {("Book",), ("Book", "Storm")}  # ... ties share
    assert offered([BOOK, STORM], lore=(2, 3)) == {("Book",)}
    # a Boat melds as Lore, and is wild in Might melds only; the Storm (wild only sometimes) goes before the Joker
    assert offered([SWORD, BOAT]) == {("Sword",), ("Sword", "Boat"), ("Boat",)}
    assert offered([SWORD, JOKER, STORM], lore=(1, 0), least=3) == {("Sword", "Storm", "Joker")}


def test_meld__a_laid_card_takes_effect_as_the_melds_own_then_the_tables_row_for_its_kind():
    t, step = seated(meld_game(), [SWORD, JOKER, BOOK], policy=FIRST._replace(choose_move=lambda table, seat, m: 1))
    ACTIONS["meld"](t, 0, step)  # the second option: Sword and Joker, a Might meld of 2
    might, lore, fame = t.values[0]
    assert (might, lore) == (2, 0)  # the Joker scores as a Sword: +1 Might each
    assert fame == 2 + 10  # 1 Fame a card, then the After table's Might row: 10 Fame
    assert t.hands[0] == [BOOK] and t.piles["main"][1] == [SWORD, JOKER]  # no zone: laid cards are discarded
    assert t.played[0] == [SWORD, JOKER]


def test_meld__a_ladder_offers_one_meld_a_rung_each_of_at_least_its_cards_and_none_after_the_last():
    t, step = seated(meld_game(ladder=(1, 2)), [SWORD] * 5, policy=FIRST)
    ACTIONS["meld"](t, 0, step)  # FIRST lays the smallest meld each time: 1 Sword, then 2
    assert t.hands[0] == [SWORD, SWORD] and t.values[0][0] == 3
    t, step = seated(meld_game(ladder=(2, 2)), [SWORD, SWORD, SWORD], policy=FIRST)
    ACTIONS["meld"](t, 0, step)  # 2 Swords, then 1 left: the second rung needs 2
    assert t.hands[0] == [SWORD] and t.values[0][0] == 2


def test_meld__the_greedy_player_takes_the_meld_worth_most_now():
    t, step = seated(meld_game(), [SWORD, JOKER, BOOK, BOOK])
    ACTIONS["meld"](t, 0, step)  # Might pays 10 Fame more than Lore: Sword and Joker
    assert t.hands[0] == [BOOK, BOOK] and t.values[0][2] == 12


@pytest.mark.parametrize("seed", range(3))
def test_meld__a_whole_game_is_the_same_from_the_same_seed(seed):
    from kitgen.simulate.engine.loop import play
    g = meld_game(ladder=(1, 2, 3))
    g = type(g)(**{**g.__dict__, "phases": (Phase("Draw", "", actions=(Action("draw", count="3"),)), *g.phases)})
    first = play(Table(plan_game(g), seed, (GREEDY, RANDOM), ACTIONS))
    assert first == play(Table(plan_game(g), seed, (GREEDY, RANDOM), ACTIONS)) and any(first.played)


def test_meld__a_wild_cards_limit_counts_its_copies_when_each_copy_is_a_card_of_its_own():
    from dataclasses import replace

    from kitgen.model import Zone
    g = replace(meld_game(), zones=(Zone("heap"),))  # a pile zone: the card model, one card index a copy
    plan = plan_game(g)
    assert plan.instances
    copies = {name: [i for i, c in enumerate(plan.cards) if c.name == name] for name in NAMES}
    t = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
    t.hands[0] = copies["Sword"][:2] + copies["Joker"][:3]
    t.values[1][1] = 1
    step = t.plan.phases[0].actions[0]
    assert sorted(size for _, _, size in legal_melds(t, 0, step, 1)) == [1, 2, 3]  # one Joker a meld, of three
