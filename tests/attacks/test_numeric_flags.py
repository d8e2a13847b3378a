"""Every numeric option of every command (issue 37's read-back): a value of 5,000 digits, 10**23, a
word, nan or inf is one short usage line that never repeats the whole value, exit 2, before anything
runs. One shared type does it (cli/flags.Count, Amount): an option added with click's own IntRange
or FloatRange fails the first test."""
from __future__ import annotations

import re

import click
import pytest

from kitgen.cli import main
from kitgen.cli.flags import NUMBER_SHOWN, Amount, Count, Seconds
from tests.attacks.harness import assert_one_line, kitgen_in_process

SHARED = (Count, Amount, Seconds)  # Seconds: --scheduler-timeout and --mcts-seconds (0: off), the same words


def numeric_options() -> list[tuple[list[str], click.Option]]:
    found = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):  # its commands are imported when asked for (cli/common)
            context = click.Context(command)
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])
            return
        for param in command.params:
            if isinstance(param, click.Option) and not param.count and (isinstance(param.type, SHARED) or isinstance(
                    param.type, (click.types.IntParamType, click.types.FloatParamType))):
                found.append((path, param))
    walk(main, [])
    return found


OPTIONS = numeric_options()
IDS = [f"{' '.join(path)} {max(option.opts, key=len)}" for path, option in OPTIONS]


def test_numeric_options__every_one_is_the_shared_type():
    assert len(OPTIONS) >= 20, IDS  # simulate, tune, export, watch, serve ...
    assert [i for i, (_, option) in zip(IDS, OPTIONS, strict=True) if not isinstance(option.type, SHARED)] == []


@pytest.mark.parametrize("path, option", OPTIONS, ids=IDS)
@pytest.mark.parametrize("value", ["9" * 5000, "9" * 23, "nan", "-inf"], ids=["5000-digits", "10e23", "nan", "-inf"])
def test_numeric_options__an_absurd_value_is_one_short_line(path, option, value):
    flag = max(option.opts, key=len)
    run = kitgen_in_process(*path, flag, value, "game")
    assert_one_line(run, re.compile(rf"Error: Invalid value for '?{re.escape(flag)}'?: .*"), exit=2, seconds=10)
    line = run.run.stderr.strip().splitlines()[-1]
    assert "9" * (NUMBER_SHOWN + 1) not in line and len(line) < 160, line
