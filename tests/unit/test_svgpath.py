"""SVG path data: every command reduced to M/L/C/Z exactly, curves flattened, and the bundled icons."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from kitgen.load.svgpath import parse_path

ICONS = Path(__file__).resolve().parents[2] / "templates" / "icons"


def flat(commands: list[tuple]) -> list[float]:
    """All numbers of the commands in order, for pytest.approx, and the letters on their own."""
    return [value for cmd in commands for value in cmd[1:]]


def same_path(a: str, b: str) -> None:
    pa, pb = parse_path(a), parse_path(b)
    assert [c[0] for c in pa] == [c[0] for c in pb]
    assert flat(pa) == pytest.approx(flat(pb), abs=1e-9)


def cubic_point(p0, c1, c2, p, t: float) -> tuple[float, float]:
    """The point at parameter t of a cubic Bezier."""
    u = 1 - t
    a, b, c, e = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p0[0] + b * c1[0] + c * c2[0] + e * p[0], a * p0[1] + b * c1[1] + c * c2[1] + e * p[1])


def bounds(commands: list[tuple]) -> tuple[float, float, float, float]:
    """The box around the points of a path of M, L and C commands (each cubic sampled finely)."""
    points = [p for cmd in commands if cmd[0] in "ML" for p in [(cmd[1], cmd[2])]] + _points_on(commands, 512)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def curve(cmd: tuple, start: tuple[float, float]) -> tuple:
    """A C command as (p0, c1, c2, p) for cubic_point."""
    return start, (cmd[1], cmd[2]), (cmd[3], cmd[4]), (cmd[5], cmd[6])


def test_parse_path__relative_and_absolute_give_the_same_commands():
    same_path("m10 20 l5 0 0 5 h-3 v2 c1 1 2 2 3 0 s2-2 4 0 q1 1 2 0 t2 0 a3 3 0 0 1 6 0 z m1 1 l1 1",
              "M10 20 L15 20 15 25 H12 V27 C13 28 14 29 15 27 S17 25 19 27 Q20 28 21 27 T23 27 A3 3 0 0 1 29 27 Z "
              "M11 21 L12 22")


def test_parse_path__h_and_v_keep_the_other_coordinate():
    assert parse_path("M1 2 H5 V7 h-2 v-3") == [("M", 1, 2), ("L", 5, 2), ("L", 5, 7), ("L", 3, 7), ("L", 3, 4)]


def test_parse_path__numbers_without_separators_and_with_exponents():
    assert parse_path("M-.5.5L1e-3,2l+1E1-2") == [("M", -0.5, 0.5), ("L", 0.001, 2), ("L", 10.001, 0)]


def test_parse_path__extra_pairs_after_m_are_line_tos():
    assert parse_path("M0 0 1 1 2 2") == [("M", 0, 0), ("L", 1, 1), ("L", 2, 2)]
    assert parse_path("m1 1 1 1 1 1") == [("M", 1, 1), ("L", 2, 2), ("L", 3, 3)]


def test_parse_path__drawing_after_close_starts_again_at_the_subpath_start():
    assert parse_path("M1 1 L5 1 Z l0 4") == [("M", 1, 1), ("L", 5, 1), ("Z",), ("M", 1, 1), ("L", 1, 5)]


def test_parse_path__s_reflects_the_previous_control_point():
    commands = parse_path("M0 0 C1 2 3 4 5 5 S9 6 10 0")
    assert commands[2] == ("C", 7, 6, 9, 6, 10, 0)  # (2*5 - 3, 2*5 - 4)


def test_parse_path__s_after_a_line_uses_the_pen_as_first_control():
    assert parse_path("M0 0 L4 4 S6 8 8 4")[2] == ("C", 4, 4, 6, 8, 8, 4)


@pytest.mark.parametrize("d", ["M0 0 Q10 20 30 0", "M5 5 q5 15 25 -5"])
def test_parse_path__quadratic_becomes_the_identical_cubic(d):
    commands = parse_path(d)
    p0, ctrl, end = commands[0][1:], (10, 20), (30, 0)  # both spell the same control and end
    cubic = curve(commands[1], p0)
    mid = tuple(0.25 * a + 0.5 * q + 0.25 * b for a, q, b in zip(p0, ctrl, end, strict=True))
    assert cubic_point(*cubic, 0.5) == pytest.approx(mid, abs=1e-12)
    for t in (0.1, 0.25, 0.9):
        expected = tuple((1 - t) ** 2 * a + 2 * (1 - t) * t * q + t * t * b for a, q, b in zip(p0, ctrl, end, strict=True))
        assert cubic_point(*cubic, t) == pytest.approx(expected, abs=1e-12)


def test_parse_path__t_reflects_the_previous_quadratic_control():
    same_path("M0 0 Q5 10 10 0 T20 0", "M0 0 Q5 10 10 0 Q15 -10 20 0")
    same_path("M0 0 L10 0 T20 0", "M0 0 L10 0 Q10 0 20 0")  # no previous Q: the control is the pen


@pytest.mark.parametrize("sweep, mid_y", [(1, -5.0), (0, 5.0)])
def test_parse_path__half_circle_arc_ends_and_passes_where_it_should(sweep, mid_y):
    commands = parse_path(f"M0 0 A5 5 0 0 {sweep} 10 0")
    assert [c[0] for c in commands] == ["M", "C", "C"]  # 180 degrees: two quarter segments
    assert commands[-1][5:] == (10, 0)
    polygon = _points_on(commands)
    assert min(math.dist(p, (5.0, mid_y)) for p in polygon) < 1e-6
    assert polygon[0] == (0, 0) and polygon[-1] == pytest.approx((10, 0), abs=1e-12)
    # Every point of the curves lies on the circle: the cubic fit is good to a few parts in 10,000.
    assert max(abs(math.dist(p, (5, 0)) - 5) for p in polygon) < 5 * 3e-4


def _points_on(commands, steps: int = 64) -> list:
    """Points along a path of M and C commands, each cubic sampled at `steps` even parameters."""
    points, pen = [], None
    for cmd in commands:
        if cmd[0] == "M":
            pen = (cmd[1], cmd[2])
            points.append(pen)
        elif cmd[0] == "C":
            p = curve(cmd, pen)
            points += [cubic_point(*p, i / steps) for i in range(1, steps + 1)]
            pen = (cmd[5], cmd[6])
    return points


def test_parse_path__arc_flags_may_be_written_unseparated():
    same_path("M0 0a5 5 0 0110 0", "M0 0 A5 5 0 0 1 10 0")


def test_parse_path__arc_radii_too_small_grow_to_reach_the_end():
    same_path("M0 0 A1 1 0 0 1 10 0", "M0 0 A5 5 0 0 1 10 0")


def test_parse_path__arc_with_zero_radius_is_a_line_and_to_itself_is_nothing():
    assert parse_path("M0 0 A0 5 0 0 1 10 0") == [("M", 0, 0), ("L", 10, 0)]
    assert parse_path("M3 3 A5 5 0 0 1 3 3") == [("M", 3, 3)]


@pytest.mark.parametrize("flags, box", [("0 1", (0, 0, 5, 5)), ("1 1", (0, -5, 10, 5)),
                                        ("0 0", (0, 0, 5, 5)), ("1 0", (-5, 0, 5, 10))])
def test_parse_path__arc_flags_pick_the_right_one_of_four_arcs(flags, box):
    # From (0, 0) to (5, 5) on circles of radius 5 centred at (0, 5) or (5, 0): a quarter or three.
    assert bounds(parse_path(f"M0 0 A5 5 0 {flags} 5 5")) == pytest.approx(box, abs=1e-4)


def test_parse_path__arc_rotation_turns_the_ellipse():
    # The half ellipse of "M0 0 A10 5 0 0 1 20 0" passes (10, -5); turned 90 degrees it passes (5, 10).
    commands = parse_path("M0 0 A10 5 90 0 1 0 20")
    assert commands[-1][5:] == (0, 20)
    assert bounds(commands) == pytest.approx((0, 0, 5, 20), abs=1e-4)


@pytest.mark.parametrize("d", ["L1 1", "M1", "M1 2 3", "M1 2 X3 4", "M1 2 L3", "M1 2 Z 3", "M1 2 A1 1 0 2 1 3 3",
                               "M1 2 L1e999 0", "M1 2 L 1 e", "M 1,,", "M1 2 C1 2 3 4 5", "M1 2 L 3 #"])
def test_parse_path__malformed_data_is_refused_with_a_reason(d):
    with pytest.raises(ValueError, match="path data"):
        parse_path(d)


def test_parse_path__empty_data_draws_nothing():
    assert parse_path("") == [] and parse_path("  ") == []


def load_icons() -> dict:
    return json.loads((ICONS / "icons.json").read_text())


def test_icons__carry_their_licence_and_attribution():
    icons = load_icons()
    assert icons["license"] == "CC BY 3.0" and "game-icons.net" in icons["source"]
    licence = (ICONS / "LICENSE-game-icons.txt").read_text()
    assert icons["attribution"] in licence and "creativecommons.org/licenses/by/3.0" in licence
    for name, icon in icons["icons"].items():
        assert icon["author"] in icons["attribution"], name


@pytest.mark.parametrize("name", sorted(load_icons()["icons"]))
def test_icons__every_icon_parses_inside_its_box(name):
    icon = load_icons()["icons"][name]
    commands = parse_path(icon["path"])
    x0, y0, x1, y1 = bounds(commands)
    assert all(math.isfinite(v) for v in (x0, y0, x1, y1))
    assert 0 <= x0 < x1 <= icon["width"] and 0 <= y0 < y1 <= icon["height"]
    assert sum(c[0] in "LC" for c in commands) >= 2  # draws an outline, not a point


def test_icon_table__every_icon_of_the_whole_set_parses_and_draws_an_outline():
    """The shipped table's outlines are parsed only when drawn (validate does not read them), so
    this is where every one of them is checked: parses and draws an outline. Its licence and
    attribution are the set's."""
    from kitgen.load.icons import load_icons as load_set

    table = load_set([ICONS.parent])
    assert len(table.icons) > 4000 and "game-icons.net" in table.attribution
    assert table.attribution.split(" (")[0].split(", ")[0] in (ICONS / "LICENSE-game-icons.txt").read_text()
    flat_ones = [name for name in table.icons if sum(c[0] in "LC" for c in table.get(name)[2]) < 2]
    assert flat_ones == [], flat_ones[:20]


def test_parse_path__read_fast_as_one_number_at_a_time_for_every_tenth_icon_and_odd_data():
    """flat_path reads the data split at its spaces; the exact reading (_exact_groups, number by
    number, then _commands) is the reference: the same outline, or the same refusal."""
    from kitgen.load.svgpath import _exact_tokens, _read, flat_path

    lines = [line.split("\t") for line in (ICONS / "game-icons.tsv").read_text().splitlines()[4::10]]
    odd = ["M0 0a5 5 0 0110 0", "M-.5.5L1e-3,2l+1E1-2", "M0 0 1 1 2 2z", "M1 2 L 3 #", "5 M1 2", "M0 0a5 5 0 1 0 1 1",
           "M1 2l1.5.5.5.5", "M1 2l1 2.5.5", "m1 2 3 4.5.5", "M0 0c1.5.5.5.5.5.5", "M0 0 Z 5", "M1 2 3", "M0 0 L",
           "M0 0 L z", "M0 0 a5 5 0 1.0 1 3 3", "M0 0 a5 5 0 +1 0 3 3", "M0 0 a5.5.5 0 1 1 3 3", "M0 0 a5 5 0 1 1.5.5",
           "M inf 0", "M1 2 L" + "9" * 400 + " 0", "M0 0 A" + "9" * 400 + " 5 0 0 1 3 3", "M1_0 2", "M0,0-1-2",
           "M0 0 h-0 v-0 H-0", "M0 0 Q1 1 2 2 T4 4 S5 5 6 6 s1 1 2 2 t1 1 z l1 1", "M0 0 2+3", "M0 0 .", "M0 0 -",
           "", "  ", "M", "Z", "M1 2 z m1 1 L2 2 a0 5 0 0 1 1 1"]
    for d in [fields[3] for fields in lines] + odd:
        try:
            expected = _read(_exact_tokens(d), exact=True)
        except ValueError:
            with pytest.raises(ValueError):
                flat_path(d)
            continue
        assert repr(flat_path(d)) == repr(expected), d[:60]  # repr: -0.0 is written "-0", 0.0 "0"
