"""The general steps the published examples needed (issue 33): a claim any other player may
challenge (Coup), a block, a draft's `then:` (Sushi Go's Chopsticks), a pile that `stays:` between
rounds, and a majority's loss split toward zero. Each on the example's own data, with the choices
scripted, asserting what happens at the table."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from kitgen.load import load_game
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of, send_home
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class Scripted:
    """A policy that answers each question with the option named first in `answers` it is offered
    (by its `do`), else the last option (nothing)."""

    def __init__(self, *answers: str):
        self.answers = list(answers)

    def __getattr__(self, name):
        return getattr(POLICIES["random"], name)

    def choose_move(self, table, seat, options):
        for i, option in enumerate(options):
            if self.answers and option.do == self.answers[0]:
                self.answers.pop(0)
                return i
        return len(options) - 1


def table_of(name: str, *policies) -> Table:
    return Table(plan_game(load_game(EXAMPLES / name)), 1, tuple(policies), ACTIONS)


def step_named(table: Table, text: str):
    for phase in table.plan.phases:
        for step in phase.actions:
            for inner in (step, *step.then):
                if inner.more is not None and text in getattr(inner.more, "text", "") or text == inner.do:
                    return inner
    raise LookupError(text)


def claims(table: Table) -> list:
    """The claim steps of the game, in the order written (depth first)."""
    found: list = []

    def walk(steps) -> None:
        for step in steps:
            if step.do == "claim":
                found.append(step)
            else:
                walk(step.then)
    walk([s for p in table.plan.phases for s in p.actions])
    return found


def hand(table: Table, seat: int, *names: str) -> None:
    """The seat's hand: these cards (taken from the court deck)."""
    codes, texts = table.plan.facts.codes["name"], table.plan.facts.texts["name"]
    pile = table.piles["court"][0]
    pile.extend(table.hands[seat])
    table.hands[seat].clear()
    for name in names:
        card = next(c for c in pile if texts[codes[c]] == name)
        pile.remove(card)
        table.hands[seat].append(card)


def coins(table: Table) -> list[int]:
    index = table.plan.attributes.index("Coins")
    return [row[index] for row in table.values]


def test_claim__a_bluff_challenged_loses_an_influence_and_the_action(tmp_path):
    t = table_of("coup", POLICIES["random"], Scripted("challenge"), Scripted())
    for seat in range(3):
        hand(t, seat, *(["Captain", "Contessa"] if seat == 0 else ["Duke", "Assassin"] if seat == 1 else ["Ambassador", "Captain"]))
    tax = claims(t)[1]  # Duke, Tax: seat 0 holds no Duke
    before = list(t.values[0])
    ACTIONS["claim"](t, 0, tax)
    assert len(t.hands[0]) == 1, "the bluffer turned a card face up"
    assert t.values[0] == before, "the Tax was not taken"


def test_claim__a_true_claim_challenged_costs_the_challenger_and_the_card_is_replaced():
    t = table_of("coup", POLICIES["random"], Scripted("challenge"), Scripted())
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    hand(t, 2, "Ambassador", "Captain")
    tax = claims(t)[1]
    before = [list(row) for row in t.values]
    ACTIONS["claim"](t, 0, tax)
    assert len(t.hands[1]) == 1, "the challenger lost an influence"
    assert len(t.hands[0]) == 2, "the Duke shown was shuffled in and another drawn"
    assert sum(t.values[0]) == sum(before[0]) + 3, "the Tax was taken"


def test_claim__a_block_that_stands_stops_foreign_aid():
    t = table_of("coup", Scripted(), Scripted("block"), Scripted())
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    hand(t, 2, "Ambassador", "Captain")
    aid = claims(t)[0]
    before = [list(row) for row in t.values]
    ACTIONS["claim"](t, 0, aid)
    assert t.values == before, "a block nobody challenged stops the Foreign Aid"
    t2 = table_of("coup", Scripted(), Scripted())
    hand(t2, 0, "Duke", "Contessa")
    before = list(t2.values[0])
    ACTIONS["claim"](t2, 0, claims(t2)[0])
    assert sum(t2.values[0]) == sum(before) + 2, "unblocked, it takes 2 coins"


def test_stays__a_pile_that_stays_keeps_its_cards_out_of_the_next_deal():
    t = table_of("sushi-go", *(POLICIES["random"],) * 3)
    used = [p.name for p in t.plan.places].index("used")
    kept = t.piles["sushi"][0][:30]
    del t.piles["sushi"][0][:30]
    cards_of(t, used, 0).extend(kept)
    send_home(t)
    assert cards_of(t, used, 0) == kept
    assert len(t.piles["sushi"][0]) == 108 - 30 and not set(kept) & set(t.piles["sushi"][0])


def test_majority__a_loss_split_rounds_toward_zero():
    t = table_of("sushi-go", *(POLICIES["random"],) * 5)
    pudding = list(t.plan.attributes).index("Pudding")
    for seat, amount in enumerate([3, 0, 0, 0, 0]):
        t.values[seat][pudding] = amount
    t.round = 3
    scoring = t.plan.rounds.scoring
    fewest = [s for s in scoring if s.do == "when"][1].then[0]
    assert [score_of(t, seat, fewest) for seat in range(5)] == [0, -1, -1, -1, -1]  # -6 / 4, toward zero


def names_of(table: Table, cards) -> list[str]:
    codes, texts = table.plan.facts.codes["name"], table.plan.facts.texts["name"]
    return [texts[codes[c]] for c in cards]


def test_shuffle__with_a_target_shuffles_each_players_zone():
    """Dominion's setup: every player's starting deck shuffled, not only the first player's."""
    t = table_of("dominion", *(POLICIES["random"],) * 4)
    from kitgen.simulate.engine.cycle import run_setup
    run_setup(t)
    deck = [p.name for p in t.plan.places].index("deck")
    orders = {tuple(names_of(t, cards_of(t, deck, seat) + t.hands[seat])) for seat in range(4)}
    assert len(orders) == 4, "two starting decks lie in one order: unshuffled"


def test_buy__from_a_supply_offers_one_option_per_card_name():
    offered: list = []

    class Watch(Scripted):
        def choose_move(self, table, seat, options):
            offered.extend(options)
            return len(options) - 1
    t = table_of("dominion", Watch(), Watch())
    from kitgen.simulate.engine.cycle import run_setup
    run_setup(t)
    t.values[0][list(t.plan.attributes).index("Coins")] = 8
    buy = next(s.then[0] if s.do == "evaluate" else s for p in t.plan.phases for s in p.actions
               if "buy" in (s.do, *(i.do for i in s.then)))
    ACTIONS["buy"](t, 0, dataclasses.replace(buy, count=1))  # its count is worked out in play ("Buys")
    bought = names_of(t, [o.card for o in offered if o.do == "buy"])
    assert sorted(bought) == sorted(set(bought)) and "Province" in bought and len(bought) == 17


def test_when_target_player__the_chosen_player_discards_and_draws():
    """Love Letter's Prince: the player chosen (here the seat itself, `yourself: true`) takes the steps."""
    t = table_of("love-letter", Scripted(), Scripted(), Scripted())
    from kitgen.simulate.engine.cycle import run_setup
    run_setup(t)
    prince = next(c for c in t.plan.cards if c.name == "Prince").actions[0]
    target = 2
    offered: list = []
    t.policies = (type("Pick", (Scripted,), {"choose_move": lambda self, table, seat, options: offered.extend(
        options) or next(i for i, o in enumerate(options) if o.target == target)})(), Scripted(), Scripted())
    before = list(t.hands[target])
    ACTIONS[prince.do](t, 0, prince)
    assert [(o.do, o.target) for o in offered] == [("target", 0), ("target", 1), ("target", 2)]  # the trace's name
    discards = [p.name for p in t.plan.places].index("discards")
    assert cards_of(t, discards, target) == before and len(t.hands[target]) == 1


def test_target_player__a_card_model_step_offers_each_other_player_as_a_target():
    """Love Letter's Priest looks at a hand: its options are "target" (what the trace and strategies read), one for
    each other player, never the seat itself."""
    t = table_of("love-letter", Scripted(), Scripted(), Scripted())
    from kitgen.simulate.engine.cycle import run_setup
    run_setup(t)
    priest = next(c for c in t.plan.cards if c.name == "Priest").actions[0]
    offered: list = []
    t.policies = (type("Pick", (Scripted,), {"choose_move": lambda self, table, seat, options: offered.extend(
        options) or len(options) - 1})(), Scripted(), Scripted())
    ACTIONS[priest.do](t, 0, priest)
    assert [(o.do, o.target) for o in offered] == [("target", 1), ("target", 2)]


def test_round_scoring__each_step_is_taken_by_every_player_before_the_next():
    """Sushi Go's maki majority compares every belt before anyone discards it: two players with 3
    icons each split the 6 (3 each). Taken player by player, the first would clear its belt before
    the second scored, and the second would take all 6."""
    from kitgen.simulate.engine.cycle import end_round, run_setup
    t = table_of("sushi-go", *(POLICIES["random"],) * 3)
    run_setup(t)
    belt = [p.name for p in t.plan.places].index("belt")
    codes, texts = t.plan.facts.codes["name"], t.plan.facts.texts["name"]
    makis = [c for c in t.piles["sushi"][0] if texts[codes[c]] == "Maki Roll 3"][:2]
    for seat, card in enumerate(makis):
        t.piles["sushi"][0].remove(card)
        cards_of(t, belt, seat).append(card)
    t.round, t.state.gained = 1, [list(row) for row in t.values]
    end_round(t)
    score = list(t.plan.attributes).index("Score")
    assert [row[score] for row in t.values] == [3, 3, 0]


class Weighs(Scripted):
    """Scripted, having first taken every option offered on a copy of the table (as a player who looks
    ahead does)."""

    def choose_move(self, table, seat, options):
        for option in options:
            option.take(table.clone(0))
        return super().choose_move(table, seat, options)


def test_claim__a_true_claim_challenged_shows_the_card_into_the_pile_and_draws_another_in_the_trace():
    t = table_of("coup", POLICIES["random"], Weighs("challenge"), Scripted())  # the challenge weighed first
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    t.trace = []
    ACTIONS["claim"](t, 0, claims(t)[1])
    names = [p.name for p in t.plan.places]
    moved = [(e[1], e[2], names[e[4]], names[e[6]]) for e in t.trace if e[0] == "move"]
    assert moved[:2] == [(0, "move", "hand", "court"), (0, "draw", "court", "hand")]  # the Duke shown, another drawn


def test_claim__a_block_weighed_on_a_copy_then_taken_stops_foreign_aid():
    t = table_of("coup", Scripted(), Weighs("block"), Scripted())
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    before = [list(row) for row in t.values]
    ACTIONS["claim"](t, 0, claims(t)[0])
    assert t.values == before


def test_claim__only_the_target_may_block_a_claim_aimed_at_the_first_seat():
    # seat 1 steals from seat 0 (its first choice); seat 2 would block, but only the target may
    t = table_of("coup", Scripted(), Scripted("target"), Scripted("block"))
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    hand(t, 2, "Ambassador", "Captain")
    ACTIONS["claim"](t, 1, claims(t)[3])
    assert coins(t) == [0, 4, 2]


class Targets(Scripted):
    """Notes the players each choice of a target offers; takes the first."""

    def __init__(self):
        super().__init__()
        self.offered: list[list[int]] = []

    def choose_move(self, table, seat, options):
        self.offered.append([o.target for o in options])
        return 0


def test_target_player__the_seat_itself_only_with_yourself():
    t = table_of("love-letter", Targets(), Scripted(), Scripted())
    from kitgen.simulate.engine.cycle import run_setup
    run_setup(t)
    for name, offered in (("Prince", [0, 1, 2]), ("Priest", [1, 2])):
        t.policies[0].offered.clear()
        step = next(c for c in t.plan.cards if c.name == name).actions[0]
        ACTIONS[step.do](t, 0, step)
        assert t.policies[0].offered[0] == offered, name


def test_claim__a_bluff_shown_false_gives_its_cost_back():
    # seat 0 pays 3 coins to assassinate seat 1 holding no Assassin; seat 1 challenges: the bluffer loses an
    # influence, the claim fails, and the 3 coins come back
    t = table_of("coup", Scripted("target"), Scripted("challenge"), Scripted())
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Ambassador")
    t.values[0][t.plan.attributes.index("Coins")] = 3
    ACTIONS["claim"](t, 0, claims(t)[2])
    assert coins(t) == [3, 2, 2] and len(t.hands[0]) == 1 and len(t.hands[1]) == 2


def test_claim__its_steps_reach_the_target_chosen_first_even_the_first_seat():
    # seat 1 assassinates seat 0 (its first choice); nobody challenges or blocks: seat 0 loses an influence
    t = table_of("coup", Scripted(), Scripted("target"), Scripted())
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Assassin", "Captain")
    hand(t, 2, "Ambassador", "Captain")
    t.values[1][t.plan.attributes.index("Coins")] = 3
    ACTIONS["claim"](t, 1, claims(t)[2])
    assert [len(h) for h in t.hands] == [1, 2, 2] and coins(t) == [2, 0, 2]


def test_claim__a_claimed_filter_that_reads_the_table_is_settled_on_the_claimants_numbers():
    """A claim of "a Duke, while I have 5 coins or fewer": the challenge reads the claimant's Coins from the table."""
    from kitgen.model import Expr, FieldTest, Filter
    from kitgen.simulate.compile.cards import compile_filter
    from kitgen.simulate.compile.conditions import Names
    from kitgen.simulate.compile.expressions import card_number
    from kitgen.simulate.compile.zones import place_index
    from kitgen.simulate.vocabulary.claims import stands

    t = table_of("coup", POLICIES["random"], Scripted("challenge"), Scripted())
    names = Names(load_game(EXAMPLES / "coup"), t.plan.attributes)
    names.facts, names.place_list, names.places = t.plan.facts, t.plan.places, place_index(t.plan.places)
    claimed = compile_filter(Filter((FieldTest("name", values=("Duke",)),), test=Expr("Coins <= 5")), t.plan.facts,
                             lambda text, where, card: card_number(names, text, where, card))
    hand(t, 0, "Duke", "Contessa")
    hand(t, 1, "Captain", "Assassin")
    hand(t, 2, "Ambassador", "Captain")
    tax = claims(t)[1]
    assert stands(t, 0, claimed, tax) and len(t.hands[1]) == 1  # 2 coins: a true claim, the challenger loses one
    t.values[0][t.plan.attributes.index("Coins")] = 7
    t.policies = (POLICIES["random"], Scripted("challenge"), Scripted())
    assert not stands(t, 0, claimed, tax)  # 7 coins: no such card held, the claim falls
