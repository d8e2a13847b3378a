"""The loop of a game of rounds (the card model), turn by turn: each turn's phases played by the
turn's player (player-turns) or, phase by phase, by every player from the turn's first in the
table's direction (a `once` phase by the first alone: the trick's taking). The next turn goes to the
next player in the direction (a `skip` passes players over), or to the player a step named (the
trick's winner leads). A round ends when its `end` holds for a player at a turn's end, or after its
`turns`; its scoring steps run for each player; the game ends after `count` rounds, when `until`
holds for a player after a round, or when `game_end` holds. Bounded everywhere: at most MAX_ROUNDS
rounds of at most `turns` turns. Stdlib only; deterministic (the table's one random.Random).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.structure import MAX_GAME_TURNS, MAX_ROUNDS
from kitgen.simulate.engine.conditions import in_game, test, value
from kitgen.simulate.engine.result import GameResult, result
from kitgen.simulate.engine.rounds import eliminate
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import extreme, game_over
from kitgen.simulate.engine.zones import send_home


def run_setup(table: Table, first: int = 0) -> None:
    """The setup steps from the `first` (> 0: a copy going on where a player was asked in setup),
    taken by the round's first player (a step says whom it deals to)."""
    state, steps = table.state, table.plan.setup
    seat = state.leader if state is not None else 0
    for index in range(first, len(steps)):
        table.step, step = index, steps[index]
        table.actions[step.do](table, seat, step)
    if state is not None and state.next >= 0:  # a setup step named who starts (the Two of Clubs leads); the
        state.leader = state.current = state.next  # round's first seat stays: the next round's turns from it
        state.next = -1


def play_rounds(table: Table, resume: bool = False, until_turn: int = 0) -> GameResult:
    """Play the game's rounds to its end. `resume`: go on from where the table stands (go_on: a
    search player's copy cut where a player was asked, or a game cut at a turn's or a round's end);
    `until_turn`: stop at the end of that turn of the current round, or at the round's end, scored,
    if it comes first (a rollout's horizon)."""
    state, rounds = table.state, table.plan.rounds
    most = rounds.rounds or MAX_ROUNDS
    number, played = table.round if resume else 1, 0
    if resume and state.scored:  # cut after a round's scoring: the next round
        number, resume = number + 1, False
    while number <= most:
        if resume:
            finished = go_on(table, until_turn)
        else:
            start_round(table, number)
            finished = play_round(table, 1, until_turn)
        resume = False
        if table.winner >= 0 or state.over or not finished:
            break
        end_round(table)
        state.out = list(state.gone)  # out of the round only: in the game, for `until` and who wins it (LAMA)
        played += table.turn
        if table.winner >= 0 or game_ends(table, number, most, played) or until_turn:
            break
        number += 1
    return result(table)


def go_on(table: Table, until_turn: int) -> bool:
    """The round from where the table stands: a turn cut at its end, from the next player's turn; a
    turn cut where a player was asked (a copy a search player rolls out), the rest of it first: the
    steps after the one in progress, the phase's later seats, the turn's later phases. (What is left
    of the step in progress itself is not played: its choice was made on the copy. A choice in a
    round's scoring: the next round.)"""
    if table.turn == 0:  # asked in the round's setup
        setup_on(table)
        return play_round(table, 1, until_turn)
    if table.state.phase >= len(table.plan.phases):
        advance(table)
        return play_round(table, table.turn + 1, until_turn)
    return play_round(table, table.turn, until_turn, rest=True)


def start_round(table: Table, number: int) -> None:
    """Cards home and counters back (from the second round), everyone in the game in again, who
    starts, the setup steps."""
    state, rounds = table.state, table.plan.rounds
    table.round, table.turn = number, 0
    if number > 1:
        send_home(table)
        start = table.start_values()
        for seat, row in enumerate(table.values):
            for index in range(len(row)):
                if index not in rounds.carry:
                    row[index] = start[seat][index]
        state.out = list(state.gone)
    state.direction, state.skip, state.next = 1, 0, -1
    state.marks.clear()
    state.named.clear()
    state.leader = state.current = state.first = first_player(table, number)
    state.scored = False
    if table.trace is not None:
        table.trace.append(("round", number, state.leader))
    if number == 1 or rounds.again:
        run_setup(table)
    if number == 1:
        table.hold()  # card impact's holder, given its card after the opening deal
    state.gained = [list(row) for row in table.values]  # the round's winner: who gains most


def setup_on(table: Table) -> None:
    """The rest of a round's setup, where a player was asked in it (go_on), then as start_round ends."""
    if table.round == 1 or table.plan.rounds.again:
        run_setup(table, table.step + 1)
    if table.round == 1:
        table.hold()  # as start_round does once the opening deal is done
    table.state.gained = [list(row) for row in table.values]


def first_player(table: Table, number: int) -> int:
    """Who starts the round: seat 0 the first; then as `first:` says (a tie, or no winner: next)."""
    state, rounds = table.state, table.plan.rounds
    if number == 1:
        return next_seat(table, table.players - 1, 1)
    if rounds.first == "same":
        return state.first
    if rounds.first == "winner" and state.round_winner >= 0:
        return state.round_winner
    if rounds.first in ("highest", "lowest"):
        sign = 1 if rounds.first == "highest" else -1
        scores = {p: sign * value(rounds.by, table, p) for p in in_game(table)}
        best = [p for p, score in scores.items() if score == max(scores.values())]
        if len(best) == 1:
            return best[0]
    return next_seat(table, state.first, 1)


def play_round(table: Table, first_turn: int, until_turn: int, rest: bool = False) -> bool:
    """The round's turns from `first_turn` (`rest`: that turn already begun, from where it stands);
    False when play stopped before the round ended (a rollout's last turn): the table stands at that
    turn's end, before the next player is chosen."""
    state, plan = table.state, table.plan
    last = plan.rounds.turns if not until_turn else min(until_turn, plan.rounds.turns)
    for turn in range(first_turn, last + 1):
        if rest:
            play_turn(table, state.phase, state.place, table.step + 1)
            rest = False
        else:
            table.turn = turn
            if table.trace is not None:
                table.trace.append(("turn", turn, state.leader if plan.turn_structure == "phase-by-phase" else state.current))
            for index, start in plan.resets:
                for row in table.values:
                    row[index] = start
            play_turn(table)
        if plan.vocabulary.eliminate is not None and eliminate(table):  # out of the game at the turn's end
            state.why = "one player or none was left"
            return True
        state.marks.clear()
        if table.record is not None and table.winner < 0:  # a game won is recorded as it ended by result()
            table.record.turn_over(table.plan, table.values)
        if table.winner >= 0 or state.over or round_over(table):
            return True
        if turn < last:  # the next turn's player: after the last, the next round (or go_on) chooses
            advance(table)
    if until_turn and last < plan.rounds.turns:
        return False
    state.why = f"round {table.round} cut short after {plan.rounds.turns} turns"
    return True


def play_turn(table: Table, first: int = 0, place: int = -1, step: int = 0) -> None:
    """The turn's phases from the `first`; `place` >= 0: that phase already begun, from the
    `place`-th of its seats at their `step`-th step (a copy going on where a player was asked). The
    phase, the seats it is played by, and which of them plays now are kept in the state for that."""
    state, plan = table.state, table.plan
    by_phase = plan.turn_structure == "phase-by-phase"
    for index in range(first, len(plan.phases)):
        phase = plan.phases[index]
        if place < 0:
            state.phase = index  # a player weighing an option settles the turn's later once phases (players/worth)
            state.seats = [state.leader] if phase.once else seats_from(table, state.leader) if by_phase \
                else [state.current]
            place, step = 0, 0
        seats = state.seats
        for at in range(place, len(seats)):
            state.place = at
            if not play_phase(table, seats[at], phase, step):
                return
            step = 0
        place = -1
    state.phase = len(plan.phases)


def settle_turn(table: Table) -> None:
    """The once phases left in this turn, played now by the turn's first player (on a copy a player
    weighs an option on: the trick taken as it stands)."""
    state = table.state
    for phase in table.plan.phases[state.phase + 1:]:
        if phase.once and not play_phase(table, state.leader, phase):
            return


def play_phase(table: Table, seat: int, phase, first: int = 0) -> bool:
    """The seat's part of a phase (none when it is out, or the phase's trigger is another's), from
    its `first` step (> 0: the part begun, its trigger passed); False when someone has won. The step
    in progress is kept on the table (table.step: where a copy goes on from)."""
    if not first and (table.state.out[seat]
                      or (phase.trigger is not None and not extreme(table.values, seat, phase.trigger))):
        return True
    actions = phase.actions
    for index in range(first, len(actions)):
        table.step = index
        step = actions[index]
        table.actions[step.do](table, seat, step)
        if table.winner >= 0:
            return False
    return True


def round_over(table: Table) -> bool:
    """The round's `end` holds for a player still in (or nobody is left); the game's `game_end`
    holds (the game is over)."""
    plan, state = table.plan, table.state
    players = in_game(table)
    if plan.game_end is not None and any(test(plan.game_end, table, p) for p in players):
        state.over, state.why = True, "game_end held"
        game_over(table)
        return True
    if not players:
        state.why = "nobody was left in the round"
        return True
    if plan.rounds.end is not None:
        ended = next((p for p in players if test(plan.rounds.end, table, p)), -1)
        if ended >= 0:
            state.why = f"the round's end held for seat {ended + 1}"
            return True
    return False


def advance(table: Table) -> None:
    """Who plays the next turn: the player a step named, else the next in the direction, passing
    over the players a skip said."""
    state = table.state
    if table.plan.turn_structure == "phase-by-phase":  # every player plays each phase: only the leader changes
        state.leader = state.next if state.next >= 0 else state.leader
    elif state.next >= 0:
        state.current = state.next
    else:
        state.current = next_seat(table, state.current, state.direction)
        for _ in range(state.skip):
            state.current = next_seat(table, state.current, state.direction)
    state.next, state.skip = -1, 0
    if table.plan.turn_structure != "phase-by-phase":
        state.leader = state.current


def next_seat(table: Table, seat: int, direction: int) -> int:
    """The next seat still in from `seat` in the direction (the seat itself when it is alone)."""
    out = table.state.out
    for step in range(1, table.players + 1):
        other = (seat + direction * step) % table.players
        if not out[other]:
            return other
    return seat


def seats_from(table: Table, first: int) -> list[int]:
    """Every seat still in, from `first`, in the table's direction."""
    out = table.state.out
    return [s for s in ((first + table.state.direction * i) % table.players for i in range(table.players))
            if not out[s]]


def end_round(table: Table) -> None:
    """The round's scoring steps, each taken by every player still in the game before the next step
    (a majority compares the cards every player holds before anyone clears them: Sushi Go's maki,
    then its discards), then who gained most of the first carried counter (the round's winner:
    rounds' `first: winner`)."""
    state, rounds = table.state, table.plan.rounds
    state.scored = True  # the round is over: a game cut here goes on with the next (play_rounds)
    for step in rounds.scoring:
        for seat in range(table.players):
            if state.gone[seat]:
                continue
            _run(table, seat, (step,))
            if table.winner >= 0:
                return
    if table.trace is not None:
        table.trace.append(("scores", table.round, tuple(tuple(row) for row in table.values)))
    kept = sorted(rounds.carry)
    gains = [row[kept[0]] - before[kept[0]] for row, before in zip(table.values, state.gained, strict=True)] \
        if kept else []
    best = max(gains, default=0)
    state.round_winner = gains.index(best) if gains and gains.count(best) == 1 else -1


def _run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    for step in steps:
        table.actions[step.do](table, seat, step)
        if table.winner >= 0:
            return


def game_ends(table: Table, number: int, most: int, played: int = 0) -> bool:
    """After a round: the game ends when `until` holds for a player still in, or its rounds are
    played, or MAX_GAME_TURNS turns in all (`played`); then the `game_over` victory paths decide."""
    rounds, state = table.plan.rounds, table.state
    if rounds.until is not None and any(test(rounds.until, table, p) for p in in_game(table)):
        state.why = f"after round {number}, the game's end (until) held"
    elif number >= most:
        state.why = f"all {number} rounds were played" if rounds.rounds else f"{MAX_ROUNDS} rounds and until never held"
    elif played >= MAX_GAME_TURNS:
        state.why = f"{played:,} turns in {number} rounds: a game's turns at most {MAX_GAME_TURNS:,}"
    else:
        return False
    state.over = True
    game_over(table)
    return True
