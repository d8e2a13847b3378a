"""The stats page: deck composition, attribute points, strength spread and draw odds as charts,
drawn with reportlab's own chart module."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import HexColor  # by name: the parameters called colors would hide the module
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer

from kitgen import __version__
from kitgen.layout.fit import wrap
from kitgen.layout.picture import tint
from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.fonts import font_name
from kitgen.units import MM, PAPER_SIZES

PALETTE = ["#2f5d8c", "#9a5b22", "#2e7d5b", "#6b4391", "#9b2f45", "#a07a12", "#2d7287", "#555555", "#b5541c",
           "#3b6e3b"]
CHART_W, CHART_H = 118 * MM, 62 * MM


def paragraph_styles(accent: str) -> dict[str, ParagraphStyle]:
    """platypus styles for the stats and balance reports (the kit's documents: layout/flow.styles)."""
    body = ParagraphStyle("body", fontName=font_name("body"), bulletFontName=font_name("body"), fontSize=9.5,
                          leading=12.5, spaceAfter=4)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=font_name("title"), fontSize=20, leading=24,
                                textColor=HexColor(accent), spaceAfter=6, keepWithNext=1),
        "heading": ParagraphStyle("heading", parent=body, fontName=font_name("title"), fontSize=13, leading=15,
                                  textColor=HexColor(accent), spaceBefore=7, spaceAfter=3, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10, spaceAfter=0),
    }


def render_stats(report: dict, path: Path, colors: dict[str, str]) -> None:
    size = landscape(PAPER_SIZES["letter"])
    styles = paragraph_styles("#1d2b45")
    # platypus reads a paragraph as markup: a name's `<img src=...>` would embed any file, `<b>` unclosed stops
    # the page. Names are text: escaped, as in the kit's own documents.
    story: list[Flowable] = [Paragraph(f"{escape(report['title'])}: Deck Statistics", styles["title"])]
    for number, deck in enumerate(report["decks"]):
        if number:
            story.append(PageBreak())
        story.append(Paragraph(f"{escape(deck['name'])}: {deck['cards']} cards", styles["heading"]))
        types = [t["type"] for t in deck["types"]]
        series, shades = _point_series(deck["types"], colors)
        charts = [
            _bars("Cards per type", types, [[t["cards"] for t in deck["types"]]], None, colors),
            _bars("Attribute points per type" + (" (alternatives per answer)" if len(series) > len(types) else ""),
                  list(deck["types"][0]["points"]) if deck["types"] else [],
                  list(series.values()), list(series), {**colors, **shades}),
            _bars("Card strength (sum of effects): cards" + (" (a..b: over its answers)" if any(".." in k for k in
                  deck["strength"]) else ""), list(deck["strength"]), [list(deck["strength"].values())],
                  None, colors),
            _odds(deck["draw_odds"], colors),
        ]
        story += [_row(charts[0], charts[1]), Spacer(1, 4 * MM), _row(charts[2], charts[3])]
        fields = [_bars(f"{name}: cards per value (total {figures['total']:g})", list(figures["spread"]),
                        [list(figures["spread"].values())], None, colors)
                  for name, figures in deck.get("fields", {}).items()]
        for left, right in zip(fields[::2], fields[1::2] + [_drawing("")] * (len(fields) % 2), strict=True):
            story += [Spacer(1, 4 * MM), _row(left, right)]
    document = SimpleDocTemplate(str(path), pagesize=size, leftMargin=12.7 * MM, rightMargin=12.7 * MM,
                                 topMargin=12.7 * MM, bottomMargin=12.7 * MM, invariant=1,
                                 title=f"{report['title']}: statistics", author="", creator=f"kitgen {__version__}",
                                 producer=f"kitgen {__version__}", initialFontName=font_name("body"))
    document.build(story)


def _point_series(types: list[dict], colors: dict[str, str]) -> tuple[dict[str, list[int]], dict[str, str]]:
    """One bar series per type; a type whose cards offer alternatives (a Moral Dilemma's Malevolent
    or Benevolent) gets one series per answer instead, in lighter shades of its colour: never a sum."""
    series: dict[str, list[int]] = {}
    shades: dict[str, str] = {}
    for type_stats in types:
        if not type_stats.get("choices"):
            series[type_stats["type"]] = list(type_stats["points"].values())
            continue
        for number, (label, points) in enumerate(type_stats["choices"].items()):
            name = f"{type_stats['type']}: {label}"
            series[name] = list(points.values())
            if type_stats["type"] in colors:
                shades[name] = tint(colors[type_stats["type"]], 0.45 * number)
    return series, shades


def _wrap(label: str, width: int) -> str:
    """Break a label into lines of about `width` characters at spaces, so it is never cut: the
    one word wrapper (layout/fit.py), measuring in characters."""
    return "\n".join(line for line in wrap(label, "", 0.0, width, lambda text, font, size: len(text)) if line)


def _row(left: Drawing, right: Drawing):
    from reportlab.platypus import Table

    table = Table([[left, right]], colWidths=[CHART_W + 8 * MM, CHART_W + 8 * MM])
    table.setStyle([("FONTNAME", (0, 0), (-1, -1), font_name("body")), ("VALIGN", (0, 0), (-1, -1), "TOP")])
    return table


def _drawing(title: str) -> Drawing:
    drawing = Drawing(CHART_W, CHART_H)
    drawing.add(String(0, CHART_H - 10, title, fontName=font_name("bold"), fontSize=10))
    return drawing


def _bars(title: str, categories: list[str], series: Sequence[Sequence[float]], names: list[str] | None,
          colors: dict[str, str]) -> Drawing:
    drawing = _drawing(title)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 28, 38, CHART_W - (110 if names else 40), CHART_H - 56  # type: ignore[assignment]  # the stubs say int; reportlab takes any number
    chart.data = series or [[0]]
    chart.categoryAxis.categoryNames = [_wrap(c, 11) for c in categories] or [""]
    chart.categoryAxis.labels.fontName = font_name("body")
    chart.categoryAxis.labels.fontSize = 6.5
    chart.categoryAxis.labels.angle = 30
    chart.categoryAxis.labels.boxAnchor = "ne"
    chart.categoryAxis.labelAxisMode = "low"  # below the lowest bar, so labels never cross negative bars
    chart.valueAxis.labels.fontName = font_name("body")
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.forceZero = 1
    for index, name in enumerate(names or [None]):
        shade = PALETTE[index % len(PALETTE)] if name is None else colors.get(name, PALETTE[index % len(PALETTE)])
        chart.bars[index].fillColor = HexColor(shade)
        chart.bars[index].strokeColor = None
    if not names:  # one series: colour each bar by its category when it is a card type
        for index, category in enumerate(categories):
            if category in colors:
                chart.bars[(0, index)].fillColor = HexColor(colors[category])
    drawing.add(chart)
    if names:
        drawing.add(_legend(names, colors, CHART_W - 78))
    return drawing


def _odds(odds: dict, colors: dict[str, str]) -> Drawing:
    drawing = _drawing("Chance of at least one card of a type in the first N draws")
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 28, 30, CHART_W - 110, CHART_H - 48  # type: ignore[assignment]  # the stubs say int; reportlab takes any number
    names = list(odds["types"])
    plot.data = [list(zip(odds["draws"], values, strict=True)) for values in odds["types"].values()] or [[(0, 0)]]
    for index, name in enumerate(names):
        plot.lines[index].strokeColor = HexColor(colors.get(name, PALETTE[index % len(PALETTE)]))
        plot.lines[index].strokeWidth = 1.4
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax, plot.yValueAxis.valueStep = 0, 1, 0.25
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = font_name("body")
        axis.labels.fontSize = 7
    drawing.add(plot)
    drawing.add(_legend(names, colors, CHART_W - 78))
    return drawing


def _legend(names: list[str], colors: dict[str, str], x: float) -> Legend:
    legend = Legend()
    legend.x, legend.y = x, CHART_H - 22  # type: ignore[assignment]  # the stubs say int; reportlab takes any number
    legend.fontName, legend.fontSize = font_name("body"), 6.5
    legend.alignment = "right"
    legend.columnMaximum = 12
    legend.colorNamePairs = [(HexColor(colors.get(n, PALETTE[i % len(PALETTE)])), _wrap(n, 20))
                             for i, n in enumerate(names)]
    return legend
