"""What every command shares: the click group, the print options, and failing with problem lines."""
from __future__ import annotations

import sys

import click

from kitgen import __version__
from kitgen.errors import KitgenError, sort_problems
from kitgen.units import CARD_SIZES, MM, Length, parse_length


class LengthMM(click.ParamType):
    """A length on the command line: a bare number is millimetres, or give a unit (0.125in)."""

    name = "MM"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            return Length(float(value) * MM) if _is_number(value) else Length(parse_length(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def print_options(command):
    """The print settings, shared by build and calibrate. None means: not given here."""
    for option in reversed([
        click.option("--paper", help="letter, a4 or WxH with a unit (e.g. 210x297mm)."),
        click.option("--card-size", help=f"{', '.join(CARD_SIZES)} or WxH with a unit (e.g. 63x88mm)."),
        click.option("--margin", type=LengthMM(), help="Unprintable edge to keep clear, mm (default 6.35)."),
        click.option("--gap", type=LengthMM(), help="Space between cards, mm (default 0: butted cards)."),
        click.option("--bleed", type=LengthMM(), help="Background past the trim, mm (e.g. 3.175)."),
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
        click.echo(str(problem), err=True)
    sys.exit(1)


def use_game(project, game: str) -> str:
    """Resolve GAME (see kitgen.project) and say on stderr, in one line, which folder is read.
    Returns the folder, as the game reference the stages take."""
    try:
        resolved = project.resolve(game)
    except KitgenError as exc:
        _fail(exc)
    if not quiet():
        click.echo(resolved.describe(game), err=True)
    return str(resolved.folder)


def _set_level(ctx: click.Context, param: click.Parameter, value) -> None:
    if value:
        root = ctx.find_root()
        root.obj = root.obj or {}
        root.obj[param.name] = value if param.name == "quiet" else root.obj.get("verbose", 0) + value


class _Group(click.Group):
    """Every command also takes -q/-v (`kitgen build -q GAME`), the same as kitgen itself."""

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        cmd.params += [
            click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, callback=_set_level,
                         help="Only problems and results: no progress lines."),
            click.Option(["-v", "--verbose"], count=True, expose_value=False, callback=_set_level,
                         help="Say more; -vv for more still."),
        ]
        super().add_command(cmd, name)


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
@click.pass_context
def main(ctx: click.Context, is_quiet: bool, verbose: int) -> None:
    """Turn a card game written as data into a print-and-play kit.

    GAME is a folder holding a game.yaml, else data/GAME under this folder, else a game shipped
    with kitgen (read-only: `kitgen new NAME --from GAME` copies one out)."""
    ctx.obj = {**(ctx.obj or {}), "quiet": is_quiet, "verbose": verbose}
