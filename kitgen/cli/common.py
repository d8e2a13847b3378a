"""What every command shares: the click group, the print options, and failing with problem lines.

The group is the one place failures become what a user reads: a KitgenError its problem lines
and exit 1, a file the system refused one line and exit 1, anything else one line saying it is a
bug in kitgen and exit 70 (EX_SOFTWARE); `kitgen --debug ...` shows that bug's traceback.
"""
from __future__ import annotations

import errno
import importlib
import os
import sys
from pathlib import Path

import click

from kitgen import __version__
from kitgen.errors import KitgenError, Where, error, json_printable, printable, sort_problems
from kitgen.project import Project, Resolved
from kitgen.units import CARD_SIZES, MM, Length, out_of_range, parse_length

EX_SOFTWARE = 70  # sysexits.h: an internal software error


def echo(text: str = "", err: bool = False, nl: bool = True, keep: str = "\n") -> None:
    """click.echo with every control character in `text` shown escaped (see errors.printable):
    game data in a message never reaches the terminal raw. The CLI prints through this only."""
    click.echo(printable(str(text), keep), err=err, nl=nl)


def default_output(game: str, suffix: str = "") -> Path:
    """Where a command writes for GAME unless told: output/<game folder name><suffix>. build's kit is
    here, and validate finds that kit's cache by the same name. The folder's own name: `.` and
    `..` have none, and output/.. is the working folder, full of the user's files."""
    return Path("output") / f"{Path(os.path.abspath(game)).name or 'game'}{suffix}"


def problem_json(problem) -> dict:
    """A problem as --json prints it (build, validate): its place, level and message."""
    return {"file": problem.where.file, "line": problem.where.line, "col": problem.where.col,
            "level": problem.level, "message": problem.message}


def echo_json(text: str) -> None:
    """JSON on stdout, with the characters a terminal acts on escaped as JSON escapes."""
    click.echo(json_printable(text))


class LengthMM(click.ParamType):
    """A length on the command line: a bare number is millimetres, or give a unit (0.125in)."""

    name = "MM"

    def __init__(self, limits: str):
        self.limits = limits  # a key of units.PRINT_LIMITS: the range the value must lie in

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            length = Length(float(value) * MM) if _is_number(value) else Length(parse_length(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        if why := out_of_range(self.limits, length, typed=value):
            self.fail(why, param, ctx)
        return length


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def print_options(command):
    """The print settings, shared by build and calibrate. None means: not given here."""
    for option in reversed([
        click.option("--paper", help="letter, a4, a5, legal or WxH with a unit (e.g. 210x297mm)."),
        click.option("--card-size", help=f"{', '.join(CARD_SIZES)} or WxH with a unit (e.g. 63x88mm)."),
        click.option("--margin", type=LengthMM("margin"), help="Unprintable edge to keep clear, mm (default 6.35)."),
        click.option("--gap", type=LengthMM("gap"), help="Space between cards, mm (default 0: butted cards)."),
        click.option("--bleed", type=LengthMM("bleed"), help="Background past the trim, mm (e.g. 3.175)."),
        click.option("--duplex", type=click.Choice(["long-edge", "short-edge", "off"]),
                     help="How backs are placed; off writes them to their own PDF."),
        click.option("--back-offset", help="X,Y in mm to move the backs, from `kitgen calibrate`."),
        click.option("--layout", type=click.Choice(["grid", "gutterfold", "single"]),
                     help="gutterfold: fold, no duplex; single: one card a page with trim/bleed boxes (print shops)."),
        click.option("--ink-saver/--no-ink-saver", default=None, help="Outlines instead of filled backgrounds."),
    ]):
        command = option(command)
    return command


def _fail(exc: KitgenError) -> None:
    for problem in sort_problems(exc.problems):
        echo(str(problem), err=True)
    sys.exit(1)


def use_game(project: Project, game: str) -> Resolved:
    """Resolve GAME (see kitgen.project) once and say on stderr, in one line, which folder is read.
    The stages take the Resolved as their game reference and do not resolve it again; its
    .folder is the folder."""
    resolved = project.resolve(game)
    if not quiet():
        echo(resolved.describe(game), err=True)
    return resolved


def _set_level(ctx: click.Context, param: click.Parameter, value) -> None:
    if value:
        root = ctx.find_root()
        root.obj = root.obj or {}
        root.obj[param.name] = value if param.name == "quiet" else root.obj.get("verbose", 0) + value


def describe_os_error(exc: OSError) -> str:
    """One line for a file the system refused: which file, and why in the system's words."""
    where = exc.filename if exc.filename is not None else "kitgen"
    why = exc.strerror or str(exc)
    if exc.errno == errno.EEXIST and os.path.islink(where) and not os.path.exists(where):
        why = "a link that leads nowhere (a loop of links, or its target is gone) is in the way"  # not 'File exists'
    hint = {errno.ENOSPC: "; free some space and try again",  # where the kit stands is said by kit/staging.py
            errno.EDQUOT: "; free some space and try again",
            errno.EROFS: "; build into another folder (-o)",
            errno.EACCES: "; check its permissions or build into another folder (-o)",
            errno.EPERM: "; check its permissions or build into another folder (-o)"}.get(exc.errno or 0, "")
    return f"{os.fsdecode(where)}: error: {why}{hint}"


def internal_error_line(exc: BaseException) -> str:
    return (f"kitgen: error: internal error ({type(exc).__name__}): this is a bug in kitgen, not in your files; "
            "run the same command as `kitgen --debug ...` to see the traceback, and please report it")


# The module of kitgen.cli that defines each command. A command's module is imported when that
# command is asked for (its decorators add it to `main`), so `kitgen build` does not load and set up
# the options of every other command (simulate's, export's ...): ~4 ms of CPU a start.
# `kitgen --help` and an unknown name load them all. tests/unit/test_cli_commands.py checks this table.
COMMANDS = {"build": "kit", "watch": "kit", "serve": "kit",
            "validate": "report", "stats": "report", "list": "report", "art": "report", "schema": "report",
            "simulate": "simulate", "export": "files", "calibrate": "files", "new": "files", "convert": "files",
            "icons": "icons", "tune": "tune"}


class _Group(click.Group):
    """Every command also takes -q/-v (`kitgen build -q GAME`), the same as kitgen itself, and runs
    inside the one handler that decides what a failure prints (invoke). Commands are loaded when
    asked for (COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:  # an unknown name loads every module, for click's did-you-mean
            for module in [COMMANDS[cmd_name]] if cmd_name in COMMANDS else sorted(set(COMMANDS.values())):
                importlib.import_module(f"kitgen.cli.{module}")
        return super().get_command(ctx, cmd_name)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        cmd.params += [
            click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, callback=_set_level,
                         help="Only problems and results: no progress lines."),
            click.Option(["-v", "--verbose"], count=True, expose_value=False, callback=_set_level,
                         help="Say more; -vv for more still."),
        ]
        super().add_command(cmd, name)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.exceptions.ClickException as exc:
            exc.message = printable(exc.message)  # type: ignore[misc,unused-ignore]  # Final in some click hints
            raise  # click prints usage errors (exit 2)
        except (click.exceptions.Exit, click.exceptions.Abort, SystemExit, GeneratorExit):
            raise
        except KeyboardInterrupt:  # a command that says nothing of its own (build, simulate and tune say what is on disk)
            echo(f"kitgen {ctx.invoked_subcommand}: error: interrupted", err=True)
            sys.exit(130)  # as a shell reports Ctrl-C; click's own "Aborted!" exited 1
        except KitgenError as exc:
            _fail(exc)
        except BrokenPipeError:  # `kitgen list | head -1`: the reader has what it wanted; not an error to report
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
            sys.exit(141)  # as a shell reports a command stopped by SIGPIPE (128 + 13)
        except OSError as exc:  # a full disk, a read-only or unreadable folder: the system's refusal, not a bug
            print_traceback(ctx)
            echo(describe_os_error(exc), err=True)
            sys.exit(1)
        except Exception as exc:
            print_traceback(ctx)
            echo(internal_error_line(exc), err=True)
            sys.exit(EX_SOFTWARE)


def print_traceback(ctx: click.Context) -> None:
    """`kitgen --debug`: the failure's traceback, for a bug report (traceback imported only then)."""
    if ctx.params.get("debug"):
        import traceback

        traceback.print_exc()


def quiet() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx and (ctx.find_root().obj or {}).get("quiet"))


def verbose() -> int:
    ctx = click.get_current_context(silent=True)
    return int(ctx and (ctx.find_root().obj or {}).get("verbose") or 0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kitgen")
@click.option("-q", "--quiet", "is_quiet", is_flag=True, help="Only problems and results: no progress lines.")
@click.option("-v", "--verbose", count=True, help="Say more (e.g. timings); -vv for more still.")
@click.option("--debug", is_flag=True, help="On an internal error, print the traceback (for a bug report).")
@click.pass_context
def main(ctx: click.Context, is_quiet: bool, verbose: int, debug: bool) -> None:
    """Turn a card game written as data into a print-and-play kit.

    GAME is a folder holding a game.yaml, else data/GAME under this folder, else a game shipped
    with kitgen (read-only: `kitgen new NAME --from GAME` copies one out)."""
    ctx.obj = {**(ctx.obj or {}), "quiet": is_quiet, "verbose": verbose}
    _check_environment()


def _check_environment() -> None:
    """The environment is input too: SOURCE_DATE_EPOCH dates every PDF (reproducible builds), and
    reportlab fails deep inside a build on anything but a whole number of seconds."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None and not (epoch.isascii() and epoch.strip().isdigit() and len(epoch.strip()) <= 12):
        _fail(KitgenError(error(Where("SOURCE_DATE_EPOCH"), f"'{epoch[:40]}' is not a whole number of seconds "
                                "since 1970-01-01 (as reproducible builds set it); unset it or give e.g. 1700000000")))
