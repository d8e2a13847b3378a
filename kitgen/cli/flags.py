"""The click types kitgen's flags share: counts and seconds within bounds, and a file to write. A
flag's value is untrusted: each type says in one usage line what is wrong with it, its value cut short."""
from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import stat
from pathlib import Path

import click

from kitgen.cli.common import echo, quiet

SHOWN = 60  # characters of a flag's value a message repeats: enough to recognise it, never a screenful


def shown(value: str) -> str:
    """A flag's value as a message quotes it, cut short when it is long."""
    return repr(value if len(value) <= SHOWN else value[:SHOWN] + "...")


def shown_path(value: str) -> str:
    """A path as a message quotes it: whole up to a long path's length, else its end (its name)."""
    return repr(value if len(value) <= 5 * SHOWN else "..." + value[-SHOWN:])


class Seconds(click.ParamType):
    """Seconds within bounds, by default --scheduler-timeout's 0.5 to an hour (click's FloatRange lets
    nan through); `off`: 0 is taken too, and means the option is off (--mcts-seconds)."""

    name = "SECONDS"

    def __init__(self, lowest: float = 0.5, highest: float = 3600, off: bool = False):
        self.lowest, self.highest, self.off = lowest, highest, off

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{said_number(str(value))} is not a number of seconds", param, ctx)
        if seconds == 0 and self.off:
            return 0.0
        if not self.lowest <= seconds <= self.highest:  # false for nan too
            self.fail(f"{said_number(str(value))}: give {self.lowest:g} to {self.highest:g} seconds"
                      + (" (0: off)" if self.off else ""), param, ctx)
        return seconds


NUMBER_SHOWN = 20  # characters of a number a message repeats: no option takes one longer (2**31 - 1 is 10 digits)


def said_number(value: str) -> str:
    return repr(value if len(value) <= NUMBER_SHOWN else value[:NUMBER_SHOWN] + "...")


class Count(click.IntRange):
    """A whole number within bounds, the one type of every whole-number option of every command:
    whatever is given (5,000 digits, 10**23, a word) is refused in one short line."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value.strip()) > NUMBER_SHOWN:
            self.fail(f"{said_number(value)}: give a whole number {self._bounds()}", param, ctx)
        return super().convert(value, param, ctx)

    def _bounds(self) -> str:
        return f"from {self.min} to {self.max}" if self.max is not None else f"of at least {self.min}"


class Amount(click.FloatRange):
    """A number within bounds (decimals allowed), the one type of every such option: refused in one
    short line when long, and when not finite (click's FloatRange lets nan through)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value.strip()) > NUMBER_SHOWN:
            self.fail(f"{said_number(value)}: give a number {self._bounds()}", param, ctx)
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{said_number(str(value))}: give a number {self._bounds()}", param, ctx)
        return number

    def _bounds(self) -> str:
        return f"from {self.min:g} to {self.max:g}" if self.max is not None else f"of at least {self.min:g}"


class OutputFile(click.ParamType):
    """A file kitgen writes (balance.pdf, a trace): not a folder, not a link (kitgen does not write
    through one: it would lead the write elsewhere), not a named pipe or a device (a write would
    block or never land), in a folder or none yet. It is then written beside and renamed over
    (load/files.replace_file), so an interrupted run leaves the last whole file."""

    name = "FILE"

    def __init__(self, what: str, example: str):
        self.what, self.example = what, example

    def convert(self, value, param, ctx):
        path = Path(value)
        refused: str | None
        if not str(value) or not path.name or path.name in (".", "..") or path.is_dir():
            refused = f"{shown_path(str(value))} is a folder: give {self.what}'s file name, e.g. {self.example}"
        else:
            above = [p for p in path.absolute().parents if p.exists() and not p.is_dir()]
            refused = f"{shown_path(str(above[0]))} is not a folder" if above else \
                (why_not_written(path) and f"{shown_path(str(value))} {why_not_written(path)}")
        if refused:  # the flag named as it is written for it (-o), not as '-o' / '--output'
            raise click.BadParameter(refused, ctx, param_hint=min(param.opts, key=len) if param else None)
        return path


def why_not_written(path: Path) -> str | None:
    """Why kitgen does not write over `path` (a link, or not a regular file), or None when it may."""
    if path.is_symlink():
        return "is a link; kitgen does not write through a link: remove it or give another name"
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
        return "is there and is not a file (a named pipe or a device?): give another name"
    return None


PLAYERS_HELP = "Players a game (default: 4, or the count nearest it that the game plays: its game.yaml's players)"


def game_players(loaded, counts: tuple[int, ...] | None) -> tuple[int, ...]:
    """The player counts to play: those given, each one the game declares (game.yaml's players: '2-4'),
    else one usage line naming its range (a 12-player table of a 2-4 player game printed win rates for a
    game that does not exist); none given: 4, or the count nearest 4 that the game plays."""
    from kitgen.model import MOST_PLAYERS

    declared = loaded.plays()
    if declared is None:  # players: names no number; the flag's own bounds hold
        return counts or (4,)
    fewest, most = declared
    if counts is None:
        return (max(1, min(max(4, fewest), most, MOST_PLAYERS)),)
    refused = [n for n in counts if not fewest <= n <= most]
    if refused:
        raise click.BadParameter(f"{refused[0]}: {loaded.title[:SHOWN]} plays {loaded.players.strip()[:SHOWN]} players "
                                 "(its game.yaml, players:)", param_hint="--players")
    return counts


def given_counts(value: str) -> tuple[int, ...]:
    """--players 2,3,4: each count from 1 to MOST_PLAYERS, each once (the game's own range: game_players)."""
    from kitgen.model import MOST_PLAYERS

    try:
        counts = tuple(int(part) for part in value.split(",")) if len(value) <= SHOWN else ()
    except ValueError:
        counts = ()
    if not counts:
        raise click.BadParameter(f"{shown(value)}: give a player count, or several separated by commas: 2,3,4",
                                 param_hint="--players")
    if not all(1 <= n <= MOST_PLAYERS for n in counts):
        raise click.BadParameter(f"{shown(value)}: each count from 1 to {MOST_PLAYERS}", param_hint="--players")
    return tuple(dict.fromkeys(counts))  # a count asked twice is reported once


def check_outputs(trace: Path | None, output: Path | None, folder: Path) -> None:
    """--trace FILE writes FILE and FILE.json: neither may be a link, a pipe or a device, nor in the
    game's folder (FILE.json would be read as its data, and FILE could be one of its files). -o in the
    game's folder must be a PDF's name (-o GAME/rules.yaml replaced the game's rules with the charts)."""
    if trace is not None:
        beside = trace.with_name(trace.name + ".json")
        refused = why_not_written(beside)
        if refused:
            raise click.BadParameter(f"{shown_path(str(beside))} (written beside {shown_path(str(trace))}) {refused}",
                                     param_hint="--trace")
        if in_folder(folder, trace):
            raise click.BadParameter(f"{shown_path(str(trace))} is in the game's folder: the trace and its .json "
                                     "would be read as the game's files; write it elsewhere", param_hint="--trace")
    if output is not None and in_folder(folder, output) and output.suffix.lower() != ".pdf":
        raise click.BadParameter(f"{shown_path(str(output))} is in the game's folder and is not a .pdf: the charts "
                                 "would replace one of its files; give a name ending in .pdf", param_hint="-o")


def in_folder(folder: Path, path: Path) -> bool:
    """Whether `path` lies in the game folder (its folder's links followed)."""
    game, parent = folder.resolve(), path.absolute().parent.resolve()
    return parent == game or game in parent.parents


# the cluster's flags, said the same by every command that takes them (simulate, tune)
SCHEDULER_HELP = ("Play on a Dask cluster: tcp://HOST:8786 (pip install 'kitgen[cluster]'). The scheduler and its "
                  "workers run kitgen's code with this game's data and send the results back: kitgen uses one on "
                  "this machine only, unless you pass --trust-scheduler or use tls:// with Dask's TLS certificates.")
TRUST_HELP = "Use a --scheduler on another machine: say you run that cluster and trust it with your data."
TIMEOUT_HELP = ("Give up on a scheduler that takes longer than this to connect or to answer, or a cluster "
                "without a worker for this long.")


def scheduler_address(text: str, trust: bool, seconds: float):
    """The --scheduler address, read, resolved and trusted (else a usage error, exit 2); None: none given."""
    if not text:
        if trust:
            raise click.BadParameter("goes with --scheduler ADDRESS", param_hint="--trust-scheduler")
        return None
    if importlib.util.find_spec("distributed") is None:
        raise click.BadParameter("needs Dask distributed: pip install 'kitgen[cluster]'", param_hint="--scheduler")
    from kitgen.simulate.play.address import read_address
    from kitgen.simulate.play.cluster import trusted

    try:
        address = read_address(text, seconds)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--scheduler") from None
    refused = trusted(address, trust)
    if refused:
        raise click.BadParameter(refused, param_hint="--scheduler")
    return address


def said_trust(address) -> None:
    """One line at run time, before a game is played there: what playing on the cluster means."""
    if address and not quiet():
        from kitgen.simulate.play.cluster import TRUST  # asyncio and logging: imported for a cluster only

        echo(f"kitgen: playing on the Dask cluster at {address}: {TRUST}", err=True)


DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".xlsx", ".json")  # the files a game's rules are read from


def data_hash(folder: Path) -> str:
    """SHA-256 of the game's data files (path and bytes, in path order): what the numbers ran on. A link
    is hashed as where it leads, never followed (a link to a file outside the game folder was read);
    a pipe or a device is left out; each file is read in pieces (a stray 10 GB .json is no memory)."""
    digest = hashlib.sha256()
    for path in sorted(Path(here) / name for here, _, names in os.walk(folder) for name in names
                       if Path(name).suffix.lower() in DATA_SUFFIXES):
        named = path.relative_to(folder).as_posix().encode() + b"\0"
        if path.is_symlink():
            digest.update(named + b"link\0" + os.fsencode(os.readlink(path)) + b"\0")
        elif stat.S_ISREG(path.lstat().st_mode):
            digest.update(named)
            with open(path, "rb") as file:
                for piece in iter(lambda: file.read(1 << 20), b""):
                    digest.update(piece)
            digest.update(b"\0")
    return digest.hexdigest()
