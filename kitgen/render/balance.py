"""The balance report of `kitgen simulate -o balance.pdf`: win rates with their 95% intervals,
victory paths, seats, game length and the cards that swing games, drawn with reportlab's graphics.
Draws only: every figure comes from kitgen.simulate.run.report()."""
from __future__ import annotations

from pathlib import Path

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

from kitgen import __version__
from kitgen.render.document import _styles
from kitgen.render.fonts import font_name
from kitgen.units import MM, PAPER_SIZES

BAR, ACCENT, FAINT = colors.HexColor("#2f5d8c"), colors.HexColor("#9b2f45"), colors.HexColor("#9aa5b1")
LABEL_W = 52 * MM  # room for a faction or card name at 8 pt: "Altarian Resistance" is about 30 mm
ROW_H = 5.2 * MM


def render_balance(report: dict, ranked: tuple[list, list], title: str, path: Path, paper: str = "letter") -> None:
    width, height = PAPER_SIZES.get(paper, PAPER_SIZES["letter"])
    chart_w = width - 2 * 15 * MM
    styles = _styles("#1d2b45")
    games, players = report["games"], report["players"]
    story = [Paragraph(f"{title}: Balance", styles["title"]),
             Paragraph(f"{games:,} simulated games, {players} players, seed {report['seed']}, "
                       f"policies: {', '.join(sorted(set(report['policies'])))}. Bars are win rates; "
                       "whiskers their 95% confidence interval; the line is an even share.", styles["cell"]),
             Spacer(1, 3 * MM)]
    factions = sorted(report["factions"].items(), key=lambda item: -item[1]["win_rate"])
    even = (games - report["no_winner"]) / games / players if games else 0
    story += [_heading("Win rate per faction", styles),
              _bars([(n, f["win_rate"], f["ci95"], f"{f['win_rate']:.0%} of {f['plays']}") for n, f in factions],
                    chart_w, even)]
    seats = [(f"Seat {s['seat']}" + (" (first)" if s["seat"] == 1 else ""), s["win_rate"], s["ci95"],
              f"{s['win_rate']:.0%}") for s in report["seats"]]
    story += [_heading("Win rate per seat (who goes first)", styles), _bars(seats, chart_w, even)]
    paths = [(name, count / games, None, f"{count:,}") for name, count in report["victories"].items()]
    paths.append(("No winner", report["no_winner"] / games, None, f"{report['no_winner']:,}"))
    story += [_heading("How games are won", styles), _bars(paths, chart_w, None)]
    histogram = report["turns"]["histogram"]
    story += [_heading(f"Game length: {report['turns']['mean']} turns on average", styles),
              _bars([(f"Turn {t}", n / games, None, f"{n:,}") for t, n in histogram.items()], chart_w, None)]
    top, bottom = ranked
    story += [_heading("Cards that swing games: win rate of the players who played them, less the average", styles),
              _lift_table(top, bottom, chart_w)]
    story += [_heading("What the simulation covers", styles), _coverage(report["coverage"], chart_w, styles)]
    document = SimpleDocTemplate(str(path), pagesize=(width, height), leftMargin=15 * MM, rightMargin=15 * MM,
                                 topMargin=12.7 * MM, bottomMargin=12.7 * MM, invariant=1,
                                 title=f"{title}: balance", author="", creator=f"kitgen {__version__}",
                                 producer=f"kitgen {__version__}", initialFontName=font_name("body"))
    document.build(story)


def _heading(text: str, styles) -> Paragraph:
    return Paragraph(text, styles["heading"])


def _bars(rows: list[tuple], width: float, even: float | None) -> Drawing:
    """One horizontal bar a row: (label, share from 0 to 1, interval or None, value text)."""
    scale_w = width - LABEL_W - 26 * MM
    top = max([1e-9] + [max(r[1], r[2][1] if r[2] else 0) for r in rows] + [even or 0])
    top = min(1.0, top * 1.1)
    drawing = Drawing(width, ROW_H * len(rows) + 4)
    for i, (label, share, interval, text) in enumerate(rows):
        y = drawing.height - (i + 1) * ROW_H
        drawing.add(String(LABEL_W - 2, y + 1.3 * MM, label[:34], fontName=font_name("body"), fontSize=8,
                           textAnchor="end"))
        drawing.add(Rect(LABEL_W, y + 0.7 * MM, scale_w * share / top, ROW_H - 1.6 * MM, fillColor=BAR,  # type: ignore[arg-type]
                         strokeColor=None))  # type: ignore[arg-type]  # the stubs type Rect's **kw as the whole TypedDict (no Unpack)
        if interval:
            low, high = (LABEL_W + scale_w * v / top for v in interval)
            middle = y + ROW_H / 2
            drawing.add(Line(low, middle, high, middle, strokeColor=ACCENT, strokeWidth=0.8))
            for x in (low, high):
                drawing.add(Line(x, middle - 1.2 * MM, x, middle + 1.2 * MM, strokeColor=ACCENT, strokeWidth=0.8))
        drawing.add(String(LABEL_W + scale_w + 2 * MM, y + 1.3 * MM, text, fontName=font_name("body"), fontSize=7.5))
    if even:
        x = LABEL_W + scale_w * even / top
        drawing.add(Line(x, 0, x, drawing.height, strokeColor=FAINT, strokeWidth=0.6, strokeDashArray=[2, 2]))
    return drawing


def _lift_table(top: list, bottom: list, width: float) -> Table:
    rows = [["Most lift", "plays", "lift", "Least lift", "plays", "lift"]]
    for i in range(max(len(top), len(bottom))):
        left = top[i] if i < len(top) else None
        right = bottom[i] if i < len(bottom) else None
        rows.append([*(_lift_cells(left)), *(_lift_cells(right))])
    table = Table(rows, colWidths=[width * 0.3, width * 0.1, width * 0.1] * 2)
    table.setStyle([("FONTNAME", (0, 0), (-1, -1), font_name("body")), ("FONTSIZE", (0, 0), (-1, -1), 8),
                    ("FONTNAME", (0, 0), (-1, 0), font_name("bold")), ("ALIGN", (1, 0), (2, -1), "RIGHT"),
                    ("ALIGN", (4, 0), (5, -1), "RIGHT"), ("LINEBELOW", (0, 0), (-1, 0), 0.5, FAINT)])
    return table


def _lift_cells(row: dict | None) -> list[str]:
    if row is None:
        return ["", "", ""]
    return [row["name"][:40], f"{row['plays']:,}", f"{row['lift']:+.1%}"]


def _coverage(coverage: list[dict], width: float, styles) -> Table:
    rows = [[Paragraph(f"<b>{c['status']}</b>", styles["cell"]), Paragraph(_escape(c["rule"]), styles["cell"]),
             Paragraph(_escape(c["note"]), styles["cell"])] for c in coverage]
    table = Table(rows, colWidths=[width * 0.16, width * 0.3, width * 0.54])
    table.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, FAINT)])
    return table


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
