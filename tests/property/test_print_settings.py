"""Property tests: whatever print settings arrive (flags, kitgen.yaml, game.yaml), resolving them
ends in a grid that fits the paper or in KitgenError (one line each), never in another exception,
and no setting outside its stated range reaches the renderer.

Lengths are drawn from every float (nan, infinities, negatives, subnormals, 1e308) and from text
a user could type. Deterministic for CI: derandomize=True.
"""
from __future__ import annotations

import math

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.cli.common import LengthMM
from kitgen.errors import KitgenError
from kitgen.layout.impose import plan_grid
from kitgen.load import load_game
from kitgen.model import PrintSettings
from kitgen.kit.prepare import Options, resolve_print
from kitgen.units import MM, PRINT_LIMITS, Length
from tests.attacks.harness import REPO, TINY

CHECKS = settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])

numbers = st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**6, 10**6).map(float)
typed = st.one_of(numbers.map(repr), numbers.map(lambda n: f"{n}mm"), st.text(max_size=12),
                  st.integers(-10**400, 10**400).map(str),  # 400 digits: float() of it is inf
                  st.sampled_from(["nan", "inf", "-inf", "1e308", "-500", "0", "3.175", "0.125in", "9pt", ""]))
lengths = st.none() | numbers.map(lambda n: Length(n * MM))
sizes = st.none() | st.sampled_from(["letter", "a4", "poker", "tarot"]) | st.builds(
    lambda w, h, unit: f"{w}x{h}{unit}", typed, typed, st.sampled_from(["mm", "in", "pt", "cm"]))


@pytest.fixture(scope="module")
def game():
    return load_game(REPO / TINY)


def _within(name: str, value: float) -> bool:
    low, high = PRINT_LIMITS[name]
    return math.isfinite(value) and low <= value <= high


@CHECKS
@given(margin=lengths, gap=lengths, bleed=lengths, paper=sizes, card=sizes,
       offset=st.none() | st.builds(lambda x, y: f"{x},{y}", typed, typed),
       layout=st.sampled_from([None, "grid", "gutterfold", "single"]))
def test_any_print_settings__a_grid_that_fits_or_a_clean_refusal(game, margin, gap, bleed, paper, card, offset, layout):
    settings_given = PrintSettings(paper=paper, card_size=card, margin=margin, gap=gap, bleed=bleed,
                                   back_offset=offset, layout=layout)
    try:
        spec, _ = resolve_print(game, Options(settings_given))
        grid = plan_grid(spec.paper, spec.card, spec=spec)
    except KitgenError as exc:
        assert exc.problems and all("\n" not in str(p) for p in exc.problems)
        return
    for name, value in (("margin", spec.margin), ("gap", spec.gap), ("bleed", spec.bleed),
                        ("back_offset", spec.back_offset[0]), ("back_offset", spec.back_offset[1]),
                        ("paper", spec.paper[0]), ("paper", spec.paper[1]),
                        ("card_size", spec.card[0]), ("card_size", spec.card[1])):
        assert _within(name, value), f"{name} {value} reached the renderer"
    assert grid.cols >= 1 and grid.rows >= 1
    if spec.layout == "grid":  # every card on the paper, inside the margins
        for index in range(grid.per_page):
            x, y = grid.front_slot(index)
            assert spec.margin - 1e-6 <= x and x + grid.card_w <= grid.page_w - spec.margin + 1e-6
            assert spec.margin - 1e-6 <= y and y + grid.card_h <= grid.page_h - spec.margin + 1e-6


@CHECKS
@given(text=typed)
def test_any_length_flag__in_range_or_a_usage_error(text):
    for name in ("margin", "gap", "bleed"):
        try:
            value = LengthMM(name).convert(text, None, None)
        except click.BadParameter:
            continue
        assert _within(name, value), f"--{name} {text!r} gave {value}"


@settings(max_examples=40, derandomize=True, deadline=None)
@given(text=typed)
def test_any_length_flag__refused_on_one_line_through_the_cli(text):
    """Through the click group: exit 0 is impossible here (no game), so exit 2 (usage) or 1 (the game
    'no-such-game' is refused), one error line, whatever the text holds."""
    from click.testing import CliRunner

    from kitgen.cli import main

    result = CliRunner().invoke(main, ["build", "no-such-game", "-o", "/nonexistent/kit", "--margin", text])
    assert result.exit_code in (1, 2), result.output
    errors = [line for line in result.stderr.splitlines() if "rror" in line]
    assert len(errors) == 1 and "\x1b" not in errors[0].replace("\\x1b", ""), result.stderr
