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


@click.group()
@click.version_option(__version__, prog_name="kitgen")
def main() -> None:
    """Turn a card game written as data into a print-and-play kit."""
