"""Two rules of play every game's simulation rests on, checked through the balance lab's public way in
(compile the game, play games with a seed) so that they hold for whatever engine plays them:

- a die lands on one of its faces, 1 to its top face, never past it (and never 0);
- a discard to the hand limit leaves exactly the limit in the hand (no card more, none fewer).

Each is observed in what a game's result says: which victory paths the winner met, which cards
each seat played. Small scripted games, a few hundred rolls of every die the shipped tables use.
"""
from __future__ import annotations

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Counter, DiceTable, Deck, Effect, Expr,
                          Game, HandLimit, Phase, TableRow, VictoryPath, When)
from kitgen.project import Project
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.run import Settings, play_games

TURNS = 40  # rolls a game; with GAMES games: 400 rolls of each die, every face of a d10 ~40 times
GAMES = 10


def shipped_dice() -> list[str]:
    """Every die a shipped game's tables (and its steps' `die:`) roll."""
    project = Project.default()
    dice = set()
    for name in project.game_names():
        game = load_game(project.data / name)
        dice |= {table.die.upper() for table in game.tables if table.die}
        dice |= {action.die.upper() for phase in game.phases for action in phase.actions if action.die}
    return sorted(dice)


def die_faces(die: str) -> range:
    count, _, sides = die.partition("D")
    return range(int(count or 1), int(count or 1) * int(sides) + 1)


def blank_deck(copies: int = 200) -> Deck:
    return Deck("main", "Main", "T", (Card("Blank", "Plain", (), copies=copies),))


def one_player_game(die: str, phases: tuple[Phase, ...], attributes: tuple[str, ...], paths, **more) -> Game:
    return Game("dice", "Dice", "D", "1", tuple(Attribute(name, start="0") for name in attributes),
                (CardType("Plain", "main"), *more.pop("types", ())), (blank_deck(), *more.pop("decks", ())), phases,
                victory_paths=tuple(paths), turns=TURNS, **more)


def at_end(name: str, counter: str, value: int) -> VictoryPath:
    """Met by a player with at least `value` in `counter` at the end of the last turn."""
    return VictoryPath(name, "", when=When(end_of_turn=TURNS, at_least=Amounts((Amount(counter, Expr(str(value))),))))


def met_paths(game: Game, games: int = GAMES) -> list[set[str]]:
    """For each game (one player, seed 5): the names of the paths the player met at the last turn."""
    plan = plan_game(game)
    results = play_games(plan, Settings(games=games, players=1, seed=5, workers=1))
    return [{game.victory_paths[i].name for i in result.paths} for result in results]


def table_game(die: str) -> Game:
    """Each turn the player rolls `die` once on a table with a row for every face, each row one
    point in that face's attribute: `Rolls` (their sum) counts the rolls that landed on a face."""
    faces = die_faces(die)
    names = tuple(f"Face{face}" for face in faces)
    rows = tuple(TableRow(str(face), name, attribute=name) for face, name in zip(faces, names, strict=True))
    roll = Phase("Roll", "", actions=(Action("change", table="faces", delta=Expr("1")),))
    paths = [at_end("every roll on a face", "Rolls", TURNS), *(at_end(name, name, 1) for name in names)]
    return one_player_game(die, (roll,), names, paths, tables=(DiceTable("faces", "Faces", rows, die=die),),
                           counters=(Counter("Rolls", total=Expr(" + ".join(names))),))


@pytest.mark.parametrize("die", sorted({*shipped_dice(), "1D6", "2D6"}))
def test_dice__a_table_roll_lands_on_a_face_from_the_lowest_to_the_top_never_past_it(die):
    games = met_paths(table_game(die))
    assert all("every roll on a face" in met for met in games), f"a {die} roll fell outside {die_faces(die)}"
    seen = set().union(*games)
    faces = die_faces(die)
    assert {f"Face{faces[0]}", f"Face{faces[-1]}"} <= seen  # the lowest and the top face both come up
    assert seen == {"every roll on a face", *(f"Face{face}" for face in faces)}


def event_game(die: str) -> Game:
    """Each turn the player rolls `die` for an event on every face (`on:` all of them); each event
    card is one point of `Events`: a roll off the die draws no event."""
    faces = die_faces(die)
    event = Deck("events", "Events", "E", (Card("Omen", "Event", (Effect("Events", 1),), copies=TURNS),))
    roll = Phase("Roll", "", actions=(Action("event", deck="events", die=die, on=tuple(faces)),))
    return one_player_game(die, (roll,), ("Events",), [at_end("an event every turn", "Events", TURNS)],
                           types=(CardType("Event", "events"),), decks=(event,))


@pytest.mark.parametrize("die", sorted({*shipped_dice(), "2D6"}))
def test_dice__an_event_rolled_on_every_face_comes_every_turn(die):
    assert all(met == {"an event every turn"} for met in met_paths(event_game(die))), \
        f"a {die} roll for an event fell outside {die_faces(die)}"


# --- the hand limit ---------------------------------------------------------------------------

LIMIT = 3


def hand_game(draws: int) -> Game:
    """Each turn: draw `draws` cards, discard to the hand limit (3), then play every card held: the
    cards played in a turn are the cards the discard left."""
    phases = (Phase("Draw", "", actions=(Action("draw", count=Expr(str(draws))),)),
              Phase("Discard", "", actions=(Action("discard-to-limit"),)),
              Phase("Play", "", actions=(Action("play", count=Expr("100"), types=("Plain",)),)))
    return Game("hands", "Hands", "H", "2", (Attribute("Score", start="0"),), (CardType("Plain", "main"),),
                (blank_deck(copies=TURNS * 2 * 10),), phases, turns=TURNS, hand_limit=HandLimit(LIMIT))


@pytest.mark.parametrize("draws, kept", [(LIMIT + 4, LIMIT), (LIMIT + 1, LIMIT), (LIMIT, LIMIT), (LIMIT - 1, LIMIT - 1)])
def test_hand_limit__a_discard_to_the_limit_leaves_exactly_the_limit(draws, kept):
    """Over the limit: exactly the limit is kept (the cards over it go); at or under it: nothing goes."""
    results = play_games(plan_game(hand_game(draws)), Settings(games=4, players=2, seed=3, workers=1))
    for result in results:
        assert result.turn == TURNS
        assert [len(played) for played in result.played] == [kept * TURNS] * 2, \
            f"drawing {draws} a turn with a hand limit of {LIMIT}, each seat should play {kept} a turn"
