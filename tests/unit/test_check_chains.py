"""Whether the simulator can play a game's actions to an end (check/chains.py), decided from the data:
a chain of cards that comes back to itself while drawing is refused at the card that starts it, and
a turn's worst case is counted step by step (a card drawn, played, discarded or resolved, a player
changed) and refused over MAX_STEPS with the phase and action that cost most."""
from __future__ import annotations

import pytest

from kitgen.check.chains import MAX_STEPS, check_chains
from kitgen.errors import Where
from kitgen.model import Action, Card, CardType, Deck, Expr, Game, Phase

AT = Where("rules.yaml", 7, 9)


def game(cards: tuple[Card, ...], phase_actions: tuple[Action, ...] = (), turns: int = 10,
         events: tuple[Card, ...] = ()) -> Game:
    decks = (Deck("main", "Main", "M", cards),) + ((Deck("events", "Events", "E", events),) if events else ())
    types = tuple(CardType(name, "main") for name in ("Ship", "Build", "Spare")) + (CardType("Event", "events"),)
    return Game("g", "G", "G", "2", (), types, decks, (Phase("Main", "", actions=phase_actions),), turns=turns,
                where=Where("game.yaml", 1, 1))


def messages(g: Game) -> list[tuple[str, int, str]]:
    return [(p.where.file, p.where.line, p.message) for p in check_chains(g)]


def play(kind: str, count: str = "1") -> Action:
    return Action("play", count=Expr(count), types=(kind,))


def draw(count: str = "1") -> Action:
    return Action("draw", count=Expr(count))


def card(name: str, kind: str, *actions: Action, copies: int = 1, line: int = 20) -> Card:
    return Card(name, kind, copies=copies, actions=actions, where=Where("decks/main.yaml", line, 5))


LOOP = "its actions set off a chain that comes back to itself"


def test_chains__a_card_that_plays_its_own_kind_and_draws_is_refused_at_the_card():
    scout = card("Scout", "Ship", play("Ship"), draw(), line=21)
    assert messages(game((card("Market", "Build"), scout))) == [
        ("decks/main.yaml", 21, f"card 'Scout': {LOOP} (Scout -> Scout) and draws cards on the way: a turn could go "
                                "on until the deck runs out, which the simulator cannot play")]


def test_chains__a_loop_through_two_cards_names_each_in_order():
    scout = card("Scout", "Ship", play("Build"), line=21)
    dock = card("Dock", "Build", play("Ship"), draw(), line=22)
    assert [m for _, _, m in messages(game((scout, dock)))] == [
        f"card 'Scout': {LOOP} (Scout -> Dock -> Scout) and draws cards on the way: a turn could go on until the deck "
        "runs out, which the simulator cannot play"]


def test_chains__a_loop_that_draws_nothing_ends_and_so_does_drawing_without_a_loop():
    assert messages(game((card("Scout", "Ship", play("Ship")),))) == []
    assert messages(game((card("Scout", "Ship", play("Build"), draw()), card("Dock", "Build", draw())))) == []
    assert messages(game((card("Scout", "Ship", play("Spare")), card("Spare", "Spare", draw())))) == []


def test_chains__a_loop_that_turns_up_a_drawing_card_on_the_way_is_refused():
    """The loop itself draws nothing, but a card it may play does (reached, not on the loop)."""
    scout = card("Scout", "Ship", play("Ship"), play("Build"), line=21)
    refill = card("Refill", "Build", draw())
    assert [line for _, line, _ in messages(game((scout, refill)))] == [21]
    omen = card("Omen", "Event", draw())
    looking = card("Seer", "Ship", play("Ship"), Action("event", deck="events"), line=23)
    assert [line for _, line, _ in messages(game((looking,), events=(omen,)))] == [23]


def test_chains__a_refill_reached_through_a_card_the_loop_plays_beside_another():
    """Scout plays itself (a loop, no draw) and a Build: Dock or Yard; only Dock's Spare draws."""
    scout = card("Scout", "Ship", play("Ship"), play("Build"), line=21)
    dock, yard, spare = card("Dock", "Build", play("Spare")), card("Yard", "Build"), card("Crate", "Spare", draw())
    assert [line for _, line, _ in messages(game((scout, dock, yard, spare)))] == [21]


def test_chains__only_play_and_event_turn_up_cards():
    scout = card("Scout", "Ship", play("Ship"), Action("discard", deck="events"))
    assert messages(game((scout,), events=(card("Omen", "Event", draw()),))) == []


def test_chains__an_event_that_comes_back_to_its_own_deck_is_a_loop_too():
    omen = card("Omen", "Event", Action("event", deck="events"), line=30)
    assert [line for _, line, _ in messages(game((card("Scout", "Ship"),), events=(omen,)))] == [30]


def costly(*actions: Action, turns: int = 100_000, events: tuple[Card, ...] = ()) -> tuple[str, int, str]:
    """The one problem of a phase of `actions` over enough turns that any step at all is too many; 40
    copies in the main deck."""
    cards = (card("Scout", "Ship", draw("2"), copies=30), card("Market", "Build", copies=10))
    found = messages(game(cards, actions, turns, events))
    assert len(found) == 1
    return found[0]


def cost(*actions: Action, events: tuple[Card, ...] = ()) -> int:
    """The worst case the message gives for the costliest action of the phase, each turn."""
    message = costly(*actions, events=events)[2]
    steps = int(message.split(" may take ")[1].split(" steps")[0].replace(",", ""))
    assert message.endswith(f"and a game {steps * 100_000 * 12:,}: more than the simulator plays ({MAX_STEPS:,}); "
                            "lower the counts of the actions that play or draw cards")
    return steps


@pytest.mark.parametrize("action, steps", [
    (draw("3"), 3), (draw("100"), 40),  # no more than every copy
    (Action("discard", count=Expr("2")), 2), (Action("discard", count=Expr("99")), 40),
    (Action("discard-to-limit"), 40),
    (Action("change", attribute="Might", delta=Expr("1")), 12),  # one step a player, 12 players at most
    (play("Ship", "2"), 2 * (1 + 2)),  # two Scouts, each resolved and drawing 2
    (play("Build", "5"), 5 * 1),
    (play("Ship", "players * 2"), 1000 * 3),  # an expression: the most it can be in play
    (Action("play", count=Expr("1"), types=("Build", "Ship", "Ship")), 3),  # the costliest type's card
    (Action("event", deck="nowhere"), 1),  # a deck the game lacks turns up nothing
])
def test_worst_case__each_kind_of_step_costs_as_it_can_at_most(action, steps):
    assert cost(action) == steps


def test_worst_case__an_event_resolves_its_costliest_card_once():
    omen = card("Omen", "Event", draw("4"))
    assert cost(Action("event", deck="events"), events=(omen, card("Calm", "Event"))) == 1 + (1 + 4)


def test_worst_case__the_costliest_action_is_named_at_its_line():
    cheap, dear = draw("1"), Action("play", count=Expr("3"), types=("Ship",), where=AT)
    assert costly(cheap, dear)[:2] == ("rules.yaml", 7)
    assert "phase 'Main': action 'play' may take 9 steps" in costly(cheap, dear)[2]
    assert costly(draw("1"))[:2] == ("game.yaml", 1)  # no line of its own: the game's


def test_worst_case__a_loop_counts_the_card_it_comes_back_to_once():
    # Scout plays a Ship (itself): 1 to resolve it + 1 for the Scout it comes back to
    loop = (card("Scout", "Ship", play("Ship"), copies=40),)
    found = messages(game(loop, (play("Ship"),), turns=100_000))
    assert "action 'play' may take 2 steps" in found[0][2]


def test_worst_case__of_two_actions_costing_the_same_the_first_is_named():
    first, second = Action("draw", count=Expr("5"), where=AT), Action("discard", count=Expr("5"))
    assert costly(first, second)[:2] == ("rules.yaml", 7)


def test_worst_case__up_to_the_limit_a_game_is_played():
    # 41 steps a turn (play 1 Scout: 3; draw 38) over 1,016 turns of 12 players: 499,872 steps
    cards = (card("Scout", "Ship", draw("2"), copies=30), card("Market", "Build", copies=10))
    assert messages(game(cards, (play("Ship"), draw("38")), turns=1016)) == []
    assert len(messages(game(cards, (play("Ship"), draw("38")), turns=1017))) == 1  # 500,364
    assert messages(game(cards, (play("Nothing", "1000"),), turns=10**9)) == []  # plays no card: no steps
