"""kitgen simulate --replay REPORT.json: make a report again from its provenance, byte for byte.

A report names the options that changed its result by flag (simulate/report/summary.provenance);
replaying runs kitgen simulate again with exactly those, each read back through the option's own
click type, so a value the command line would refuse is refused here too. The report is untrusted
input: read bounded, every value type-checked, the game named only by a plain name (never a path),
and refused in one line when other code made it (report/code.py) or when the game's data is not
the data it ran on. Which options change a result is derived, not listed: every option of the
command but those that only say how or where to run or print (OUTPUT_ONLY).
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import click

from kitgen.errors import KitgenError, Where, error

# options that change how the games are run or printed, never a number of the report
OUTPUT_ONLY = {"workers", "scheduler", "trust_scheduler", "scheduler_timeout", "as_json", "output", "trace", "replay"}
MOST_BYTES = 64 * 2**20  # a report of every card's impact in a big game is a few MB
MOST_ITEMS = 64  # values of an option given several times (--without)
MOST_TEXT = 1000  # characters of an option's value
GAME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
SHOWN = 60
META = "kitgen.replay"  # ctx.meta's key: the report being replayed, while the command runs again


def result_options(ctx: click.Context) -> dict:
    """The options of this run that change its result, by long flag, in the command's order."""
    return {flag(p): _plain(ctx.params[p.name]) for p in changing(ctx.command)}


def changing(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if isinstance(p, click.Option) and p.expose_value and p.name not in OUTPUT_ONLY]


def flag(option: click.Option) -> str:
    return max(option.opts, key=len)


def _plain(value):
    return list(value) if isinstance(value, tuple) else value


def replayed(ctx: click.Context, path: Path, game: str | None) -> dict:
    """The parameters to run kitgen simulate with again (the run's own output options kept), and
    ctx.meta[META] set to the report, which the run compares its data and its report with."""
    for option in changing(ctx.command):
        if ctx.get_parameter_source(option.name) not in (click.core.ParameterSource.DEFAULT, None):
            raise click.BadParameter("--replay runs the report's own options: give only --json, -o, --workers "
                                     "or --scheduler with it", param_hint=flag(option))
    if ctx.params.get("trace"):
        raise click.BadParameter("--replay makes a report, --trace one game's moves: give one", param_hint="--trace")
    where = Where(str(path))
    report = read_report(path)
    source = report["provenance"]
    check_code(where, source)
    seconds = source["options"].get("--mcts-seconds")
    if seconds:  # a time budget plays other games on every run: nothing to replay byte for byte
        raise KitgenError(error(where, f"made with --mcts-seconds {shown(seconds)}: mcts thought for a time, not a "
                                       "number of iterations, so its games cannot be played again the same"))
    params = dict(ctx.params) | {"replay": None, "game": game or game_name(where, source)}
    for option in changing(ctx.command):
        params[option.name] = option_value(ctx, where, option, source["options"])
    ctx.meta[META] = (where, report)
    return params


def read_report(path: Path) -> dict:
    """The report at `path`, parsed: a regular file of at most MOST_BYTES, JSON, with a provenance."""
    where = Where(str(path))
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a named pipe never blocks
    except OSError as exc:
        raise KitgenError(error(where, f"cannot read it: {exc.strerror}")) from None
    with os.fdopen(descriptor, "rb") as file:
        facts = os.fstat(descriptor)
        if not stat.S_ISREG(facts.st_mode):
            raise KitgenError(error(where, "not a file: give the JSON report of kitgen simulate --json"))
        if facts.st_size > MOST_BYTES:
            raise KitgenError(error(where, f"{facts.st_size:,} bytes: a report is at most {MOST_BYTES:,}"))
        data = file.read(MOST_BYTES + 1)
    try:
        report = json.loads(data.decode("utf-8"))
    except json.JSONDecodeError as exc:
        raise KitgenError(error(Where(str(path), exc.lineno, exc.colno), f"not JSON: {exc.msg}")) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # bytes, a 5,000-digit number, deep nesting
        raise KitgenError(error(where, f"not a report: {str(exc)[:SHOWN]}")) from None
    source = report.get("provenance") if isinstance(report, dict) else None
    if not isinstance(source, dict) or not isinstance(source.get("code"), dict) \
            or not isinstance(source.get("options"), dict):
        raise KitgenError(error(where, "no provenance with its code and options: give the JSON report of "
                                       "kitgen simulate --json (of this version of kitgen)"))
    return report


def check_code(where: Where, source: dict) -> None:
    """Refuse a report other code made: its code hash or its interpreter differ from this run's."""
    from kitgen.simulate.report.code import code_identity, code_words

    theirs, ours = source["code"], code_identity()
    if all(theirs.get(key) == ours[key] for key in ("code_sha256", "python")):
        return
    raise KitgenError(error(where, f"made by other code ({code_words(theirs)}); this is {code_words(ours)}: replay it "
                                   "with the code that made it"))


def game_name(where: Where, source: dict) -> str:
    name = source.get("game")
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name):
        raise KitgenError(error(where, f"the report's game {shown(name)} is not a game's name: give the game, "
                                       "kitgen simulate GAME --replay REPORT"))
    return name


def option_value(ctx: click.Context, where: Where, option: click.Option, options: dict):
    """The report's value of `option`, of the type the command line gives it, converted by its click type."""
    name = flag(option)
    if name not in options:
        raise KitgenError(error(where, f"options: no {name}: the report is of another version of kitgen simulate"))
    value = options[name]
    if option.is_flag:
        ok = type(value) is bool
    elif option.multiple:
        ok = type(value) is list and len(value) <= MOST_ITEMS and all(
            type(v) is str and len(v) <= MOST_TEXT for v in value)
    elif isinstance(option.type, click.types.IntParamType):
        ok = type(value) is int
    elif option.type.name == "SECONDS":  # cli/flags.Seconds: a number, checked by its own bounds below
        ok = type(value) in (int, float)
    else:
        ok = type(value) is str and len(value) <= MOST_TEXT
    if not ok:
        raise KitgenError(error(where, f"options: {name}: {shown(value)} is not a value of {name}"))
    try:
        return option.type_cast_value(ctx, value)
    except click.BadParameter as exc:
        raise KitgenError(error(where, f"options: {name}: {exc.message[:200]}")) from None


def shown(value) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def check_data(ctx: click.Context, digest: str) -> None:
    """While replaying: refuse game data other than the report's."""
    replaying = ctx.meta.get(META)
    if replaying is None:
        return
    where, report = replaying
    if report["provenance"].get("data_sha256") != digest:
        raise KitgenError(error(where, f"made from other game data (sha256 {str(report['provenance'].get('data_sha256'))[:16]}; "
                                       f"this game's is {digest[:16]}): replay it with the data it ran on"))


def check_same(ctx: click.Context, report: dict) -> None:
    """While replaying: one line and exit 1 when the report made again is not the report replayed."""
    replaying = ctx.meta.get(META)
    if replaying is None:
        return
    from kitgen.simulate.experiments.ladder import unmeasured

    where, original = replaying
    report, original = unmeasured(report), unmeasured(original)  # CPU seconds measure the machine, not the game
    if json.dumps(report) == json.dumps(original):
        return
    differ = next((key for key in dict.fromkeys([*original, *report])
                   if json.dumps(original.get(key)) != json.dumps(report.get(key))), "?")
    raise KitgenError(error(where, f"the replay differs from the report, first at {shown(differ)}"))
