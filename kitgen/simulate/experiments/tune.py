"""kitgen tune: search what the game declares tunable (`simulate: {tune: [...]}`) towards a target
with NTBEA (experiments/ntbea.py), each candidate written into a copy of the game folder, loaded and
played as any game is (locally or on the cluster, play/run.play_games); then the best candidate and
the original played again on fresh seeds, both on the same ones, for the before and after reports.
Writes only inside `stage`, the new folder under way (the CLI renames it when all is done)."""
from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Callable

from kitgen.check import check_game
from kitgen.errors import KitgenError, Where, error
from kitgen.load import load_game
from kitgen.load.files import display_path, replace_file
from kitgen.load.nodes import read_text
from kitgen.model import Game
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.experiments import ntbea
from kitgen.simulate.experiments.proposal import Knob, edited, locate, restated, with_id
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.run import Settings, kept_run, play_games
from kitgen.simulate.report.code import code_identity
from kitgen.simulate.report.summary import faction_results, seat_results, turns

EXPLORE = 0.1  # NTBEA's exploration weight, for scores that are gaps of 0 to 0.5 (a win rate's distance)
CHANGE_COST = 0.01  # each number changed costs a point of the target: a change must buy at least that much
BROKEN = 2.0  # the gap given a candidate whose data breaks a rule: worse than any played one (at most 2)
NOTHING_TUNABLE = "the game declares nothing tunable: list what kitgen tune may change under simulate: tune: (README)"
TARGET_NAMES = ("even-seats", "even-factions", "length=N")


@dataclasses.dataclass(frozen=True)
class Budget:
    evaluations: int = 60  # NTBEA's iterations: each plays `games` games of one candidate
    games: int = 200  # games an evaluation (and a batch of the check of each change)
    report_games: int = 2000  # fresh games for each of the before and after reports

    def most(self, tunables: int) -> int:
        """The games a run plays at most: the search, each change checked with and without it in
        ntbea.BATCHES batches, and the two reports."""
        return self.evaluations * self.games + ntbea.BATCHES * (tunables + 1) * self.games + 2 * self.report_games


def read_target(text: str) -> tuple[str, float] | str:
    """('even-seats', 0), ('length', N) ...; or what is wrong (one sentence)."""
    if text in ("even-seats", "even-factions"):
        return text, 0.0
    name, _, value = text.partition("=")
    if name == "length":
        try:
            turns_wanted = float(value)
        except ValueError:
            turns_wanted = -1.0
        if 1 <= turns_wanted <= 10_000:  # false for nan too
            return "length", turns_wanted
        return f"'{text[:60]}': length=N takes a number of turns from 1 to 10,000, e.g. length=12"
    return f"unknown target '{text[:60]}'; known: {', '.join(TARGET_NAMES)}"


def gap(target: tuple[str, float], plan: Plan, results: list[GameResult], players: int) -> float:
    """How far the games are from the target (0: on it), plus the share of games nobody won, so that
    no candidate evens the seats by letting nobody win."""
    games = len(results)
    undecided = sum(r.winner < 0 for r in results) / games
    name, wanted = target
    if name == "length":
        return abs(sum(r.turn for r in results) / games - wanted) / wanted + undecided
    even = (1 - undecided) / players
    if name == "even-seats":
        wins = [sum(r.winner == seat for r in results) for seat in range(players)]
        return max(abs(w / games - even) for w in wins) + undecided
    rates = faction_results(plan, results, players)["factions"]
    return max((abs(row["win_rate"] - even) for row in rates.values()), default=0.0) + undecided


def seed_for(purpose: str, seed: int, index: int = 0) -> int:
    """A seed of its own for each evaluation and for the reports, from the run's seed: the reports'
    games are none of the search's (fresh), and the same --seed gives the same seeds."""
    digest = hashlib.sha256(f"kitgen tune {purpose} {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 2**31


class Workshop:
    """The copy of the game folder the candidates are written into, loaded and compiled."""

    def __init__(self, stage: Path, game: Game, texts: dict[str, str], knobs: list[Knob], without: tuple[str, ...]):
        self.stage, self.game, self.texts, self.knobs, self.without = stage, game, texts, knobs, without
        self.plans: dict[tuple[int, ...], Plan | None] = {}

    def values(self, point: ntbea.Point) -> tuple[int, ...]:
        return tuple(knob.values[i] for knob, i in zip(self.knobs, point, strict=True))

    def write(self, values: tuple[int, ...]) -> list[str]:
        """The candidate's files written into the copy; what to reword."""
        texts, reword = edited(self.texts, self.knobs, values)
        for name, text in texts.items():  # a link copied from the game is replaced, never written through
            replace_file(self.stage / name, text.encode("utf-8"))
        return reword

    def plan(self, point: ntbea.Point) -> Plan | None:
        """The candidate compiled, or None when its data breaks a rule (a deck's size ...)."""
        if point not in self.plans:
            self.write(self.values(point))
            loaded = load_game(self.stage)
            broken = any(problem.is_error for problem in check_game(loaded))
            self.plans[point] = None if broken else plan_game(loaded, self.without)
        return self.plans[point]


def measures(target: tuple[str, float], plan: Plan, results: list[GameResult], players: int) -> dict:
    report = {"games": len(results), "gap": round(gap(target, plan, results, players), 4),
              "seats": seat_results(results, players), "turns": turns(results)}
    if plan.factions:
        report["factions"] = faction_results(plan, results, players)
    return report


def tune(folder: Path, game: Game, stage: Path, new_id: str, target: tuple[str, float], settings: Settings,
         budget: Budget, heard: Callable[[int, tuple[int, ...], float], None] | None = None) -> dict:
    """Search, write the best candidate into `stage` (a copy of the game folder), and report; every
    run of games on one pool of workers, or through one client of the cluster (play/run.kept_run)."""
    with kept_run(settings):
        return _tune(folder, game, stage, new_id, target, settings, budget, heard)


def _tune(folder: Path, game: Game, stage: Path, new_id: str, target: tuple[str, float], settings: Settings,
          budget: Budget, heard: Callable[[int, tuple[int, ...], float], None] | None) -> dict:
    texts, knobs = locate(folder, game)
    if not knobs:
        raise KitgenError(error(game.where or Where(display_path(folder)), NOTHING_TUNABLE))
    shop = Workshop(stage, game, texts, knobs, settings.without)
    start = tuple(knob.values.index(knob.target.value) for knob in knobs)
    trail: list[dict] = []

    def evaluate(i: int, point: ntbea.Point) -> float:
        at = dataclasses.replace(settings, games=budget.games, seed=seed_for("search", settings.seed, i))
        plan = shop.plan(point)
        distance = gap(target, plan, play_games(plan, at), settings.players) if plan else BROKEN
        trail.append({"values": list(shop.values(point)), "gap": round(distance, 4)})
        if heard:
            heard(i, shop.values(point), distance)
        return -distance - CHANGE_COST * sum(a != b for a, b in zip(point, start, strict=True))

    checked: dict[tuple[ntbea.Point, int], float] = {}

    def ablation(point: ntbea.Point, batch: int) -> float:
        """The point's distance from the target on the batch's own fresh seeds (none of the search's)."""
        if (point, batch) not in checked:
            plan = shop.plan(point)
            at = dataclasses.replace(settings, games=budget.games, seed=seed_for("ablation", settings.seed, batch))
            checked[point, batch] = gap(target, plan, play_games(plan, at), settings.players) if plan else BROKEN
        return checked[point, batch]

    best, _ = ntbea.search(tuple(len(k.values) for k in knobs), start, evaluate, budget.evaluations, settings.seed, EXPLORE, lambda point: shop.plan(point) is not None)
    best = ntbea.simplest(best, start, ablation, CHANGE_COST,
                          lambda point: shop.plan(point) is not None)
    values = shop.values(best)
    reword = shop.write(values)
    renamed(stage, new_id)
    proposal = plan_game(load_game(stage), settings.without)  # the folder as written is what the report plays
    original = plan_game(game, settings.without)
    fresh = dataclasses.replace(settings, games=budget.report_games, seed=seed_for("report", settings.seed))
    before = measures(target, original, play_games(original, fresh), settings.players)
    after = measures(target, proposal, play_games(proposal, fresh), settings.players)
    restate(stage, findings(after, fresh))
    return {"game": game.id, "proposal": new_id, "code": code_identity(), "target": target[0] if target[0] != "length" else f"length={target[1]:g}",
            "players": settings.players, "policies": list(settings.policies), "seed": settings.seed,
            "method": "NTBEA", "budget": dataclasses.asdict(budget),
            "changes": [{"tunable": describe(knob), "where": str(knob.tunable.where), "from": knob.target.value,
                         "to": value} for knob, value in zip(knobs, values, strict=True)],
            "reword": reword, "report_seed": fresh.seed, "before": before, "after": after, "search": trail}


def findings(after: dict, fresh: Settings) -> list[str]:
    """The proposal's balance findings, re-simulated, in words for its designer notes."""
    seats, turns_played = after["seats"], after["turns"]
    rates = "; ".join(f"seat {s['seat']} {_rate(s)}" for s in seats["seats"])
    factions = "; ".join(f"{name} {_rate(row)}" for name, row in after.get("factions", {}).get("factions", {}).items())
    return [f"Re-simulated by kitgen tune for these numbers (kitgen simulate of this folder --players {fresh.players} "
            f"--games {fresh.games} --seed {fresh.seed} --policy {','.join(fresh.policies)}): the seats win {rates} "
            f"(95% intervals; even share {100 * seats['even_share']:.1f}%)" + (f"; the factions {factions}" if factions else "")
            + f"; games last {turns_played['mean']} turns ({turns_played['mean_ci95'][0]}-{turns_played['mean_ci95'][1]}).",
            "The original game's findings, which stood here, do not hold for these numbers: simulate this folder again "
            "for the other player counts, card impact and the skill ladder."]


def _rate(row: dict) -> str:
    low, high = row["ci95"]
    return f"{100 * row['win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def restate(stage: Path, words: list[str]) -> None:
    """The proposal's findings in place of the original's, in every section for designers of its files."""
    for path in sorted(stage.glob("*.yaml")):
        if path.is_symlink():  # copied as a link (cli/tune): where it points is not the proposal's to edit
            continue
        text = read_text(path, display_path(path), as_written=True)
        new = restated(text, path.name, words)
        if new != text:
            path.write_text(new, encoding="utf-8")


def renamed(stage: Path, new_id: str) -> None:
    """The proposal's game.yaml with its own id, so that its kit is not written over the original's."""
    text = (stage / "game.yaml").read_text(encoding="utf-8")
    replace_file(stage / "game.yaml", with_id(text, new_id).encode("utf-8"))


def describe(knob: Knob) -> str:
    t = knob.tunable
    return {"copies": f"copies of '{t.copies}'", "start": f"'{t.start}' starts with {t.attribute}",
            "cost": f"cost of '{t.cost}' in {t.counter}", "victory": f"'{t.victory}': {t.number}",
            "phase": f"'{t.phase}' step {t.step}: {t.number}",
            "turn_order": "the first player passes left each turn (0: no, 1: yes)"}[knob.target.kind]
