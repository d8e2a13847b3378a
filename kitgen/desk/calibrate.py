"""`kitgen calibrate`: one sheet to measure how far a printer's backs drift from its fronts.

Front: a cross through the page centre. Back: two millimetre rulers centred where the cross
should fall. Held up to a light from the back, the cross meets each ruler at the drift to correct;
those two readings are --back-offset X,Y (in the back page's own directions, as kitgen applies it).
"""
from __future__ import annotations

import math
from pathlib import Path

from kitgen.layout.cards import Page
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.impose import Spec
from kitgen.layout.shapes import Line, Shape, Text
from kitgen.model import Game
from kitgen.render.canvas import open_canvas
from kitgen.render.sheets import draw_page
from kitgen.render.fonts import measure, register_fonts
from kitgen.units import MM, PAPER_SIZES, to_mm

RULER = 10  # mm either side of zero
ARM = 60 * MM  # the cross's arms, at most
SHORTEST_ARM = 40 * MM  # the rulers lie 30 mm out, their ticks 6 mm long: the cross must pass them
RULER_LABELS = 17 * MM  # below the X ruler ('X (mm)': 13 mm and its descent) and right of the Y ruler's
STEP_LEADING = 14  # pt between the lines of the steps
HOW = {"long-edge": "both pages on one sheet, double-sided, flip on long edge",
       "short-edge": "both pages on one sheet, double-sided, flip on short edge",
       "off": "page 1, turn the sheet over on its long edge, then page 2"}  # --duplex off: by hand


def no_game() -> Game:
    """A game with no data, for commands that need only print settings (its own are all unset)."""
    return Game(id="calibrate", title="Calibration", short_name="", players="", attributes=(), card_types=(),
                decks=(), phases=())


def calibration_pages(spec: Spec, measure) -> list[Page]:
    """The front (a cross and the steps) and the back (two rulers). `measure(text, role, size)`:
    the steps must fit the paper's width, and the cross must reach the rulers below them."""
    width, height = spec.paper
    cx, cy = width / 2, height / 2
    steps = [
        "kitgen duplex calibration: FRONT",
        f"1. Print {HOW[spec.duplex]}, at 100%.",
        "2. Hold the sheet to a light with the BACK facing you.",
        "3. Read where the front's vertical line crosses the horizontal ruler: that is X.",
        "   Read where the front's horizontal line crosses the vertical ruler: that is Y.",
        "4. Build with --back-offset X,Y (or put back_offset: \"X,Y\" under print: in kitgen.yaml).",
    ]
    below_steps = 25 * MM + len(steps) * STEP_LEADING
    edge = spec.margin  # the printer's unprintable edge, as every sheet mark keeps clear of (layout/marks.py)
    arm = min(ARM, cx - edge, cy - below_steps, height - cy - edge)
    widest = 20 * MM + max(measure(line, "bold" if i == 0 else "body", 11 if i == 0 else 9)
                           for i, line in enumerate(steps))
    rulers = 30 * MM + RULER_LABELS  # the back's rulers and their labels, out from the middle
    if arm < SHORTEST_ARM or widest > width - edge or cx + rulers > width - edge or cy + rulers > height - edge:
        _too_small(spec, widest, below_steps)
    front: list[Shape] = [Line(cx, cy - arm, cx, cy + arm, width=0.3), Line(cx - arm, cy, cx + arm, cy, width=0.3)]
    front += _lines(width, steps)
    # Back page: the page centre mirrors onto itself, so each ruler's zero lies under a line of the
    # cross. The rulers sit 30 mm out along those lines, so they do not cross each other.
    back: list[Shape] = []
    ruler_y, ruler_x = cy + 30 * MM, cx + 30 * MM
    for step in range(-RULER * 2, RULER * 2 + 1):  # half-millimetre ticks
        value = step / 2
        tick = (6 if step % 10 == 0 else 4 if step % 2 == 0 else 2.5) * MM
        back.append(Line(cx + value * MM, ruler_y, cx + value * MM, ruler_y + tick, width=0.25))
        back.append(Line(ruler_x, cy + value * MM, ruler_x + tick, cy + value * MM, width=0.25))
        if step % 10 == 0:  # a label every 5 mm
            label = f"{value:+g}" if value else "0"
            back.append(Text(cx + value * MM, ruler_y + 9 * MM, label, "body", 7, align="center"))
            back.append(Text(ruler_x + 7 * MM, cy + value * MM + 2.4, label, "body", 7))
    back.append(Text(cx, ruler_y + 13 * MM, "X (mm)", "bold", 8, align="center"))
    back.append(Text(ruler_x + 14 * MM, cy + 2.5, "Y (mm)", "bold", 8))
    back += _lines(width, ["kitgen duplex calibration: BACK (read the rulers from this side, in mm)"])
    return [Page(width, height, tuple(front)), Page(width, height, tuple(back))]


def _too_small(spec: Spec, widest: float, below_steps: float) -> None:
    """One line: the smallest paper the sheet fits inside its margins (its steps, a cross reaching the
    rulers, their labels), and the common papers that take it."""
    edge = spec.margin
    need_w = max(widest + edge, 2 * (30 * MM + RULER_LABELS + edge), 2 * (SHORTEST_ARM + edge))
    need_h = 2 * max(below_steps + SHORTEST_ARM, SHORTEST_ARM + edge, 30 * MM + RULER_LABELS + edge)
    width, height = spec.paper
    take = [name for name, (w, h) in PAPER_SIZES.items() if w >= need_w and h >= need_h]
    papers = f"; {', '.join(take[:-1])} and {take[-1]} take it" if len(take) > 1 else \
        f"; {take[0]} takes it" if take else "; give a smaller --margin"
    raise KitgenError(error(Where(spec.paper_name or "paper"), f"the calibration sheet does not fit on {to_mm(width):.1f} x "
                            f"{to_mm(height):.1f} mm paper with {to_mm(edge):.2f} mm margins: it needs at least "
                            f"{math.ceil(to_mm(need_w))} x {math.ceil(to_mm(need_h))} mm (its steps, and a cross "
                            f"reaching its rulers){papers}"))


def _lines(width: float, lines: list[str]) -> list[Shape]:
    return [Text(20 * MM, 25 * MM + i * STEP_LEADING, line, "bold" if i == 0 else "body", 11 if i == 0 else 9)
            for i, line in enumerate(lines)]


def write_calibration(path: Path, spec: Spec, fonts: Path) -> None:
    register_fonts(fonts)
    pages = calibration_pages(spec, measure)
    duplex = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}.get(spec.duplex)
    canvas = open_canvas(Path(path), (pages[0].width, pages[0].height), "kitgen duplex calibration", duplex)
    for page in pages:
        draw_page(canvas, page)
        canvas.showPage()
    canvas.save()
