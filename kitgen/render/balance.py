"""The balance report of `kitgen simulate -o balance.pdf`: provenance, coverage first, win rates with
their 95% intervals, seats per player count, victory paths, game length and card impact, drawn with
reportlab's graphics.
Draws only: every figure comes from kitgen.simulate.report.summary.summarise() and the experiments."""
from __future__ import annotations

from pathlib import Path

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

from kitgen import __version__
from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.fonts import font_name
from kitgen.render.stats import paragraph_styles
from kitgen.units import MM, PAPER_SIZES

BAR, ACCENT, FAINT = colors.HexColor("#2f5d8c"), colors.HexColor("#9b2f45"), colors.HexColor("#9aa5b1")
LABEL_W = 52 * MM  # room for a faction or card name at 8 pt: "Altarian Resistance" is about 30 mm
ROW_H = 5.2 * MM
MAX_LENGTH_ROWS = 30  # game length: more turns than this are shown in spans of turns
MAX_BAR_ROWS = 40  # bars a drawing: a drawing never splits, so more rows are cut into several
VALUE_W = 34 * MM  # room right of the bars for "56% (51%-62%) of 1,289"


def render_balance(report: dict, title: str, path: Path, made_by: str, paper: str = "letter") -> None:
    """Page 1 holds what a designer reads first: provenance, what is not simulated exactly, the win
    rates. Every rule's coverage closes the report, in a table that splits across pages. `made_by`:
    the command that makes the report again (simulate/report/summary.command_line of its options)."""
    width, height = PAPER_SIZES.get(paper, PAPER_SIZES["letter"])
    chart_w = width - 2 * 15 * MM
    styles = paragraph_styles("#1d2b45")
    # the game's title is text, not platypus markup (a `<img src=...>` in it would embed any file)
    story = [Paragraph(f"{_escape(title)}: Balance", styles["title"]), _provenance(report, made_by, styles), Spacer(1, 3 * MM)]
    covered, wins = _coverage_summary(report["coverage"], chart_w, styles), _win_rates(report, chart_w, styles)
    if report["missing"]:  # its list of what is not simulated fills pages: the win rates (marked) come first
        story += [*wins, *_partial(report, styles), *covered]
    else:
        story += [*covered, *_partial(report, styles), *wins]
    story += _outcomes(report, chart_w, styles) + _feel(report.get("feel", {}), report["turns"].get("unit", "turn"), chart_w, styles)
    story += _experiments(report, chart_w, styles)
    story += [Paragraph("Every rule and how the simulation plays it", _unkept(styles["heading"])),
              _coverage(report["coverage"], chart_w, styles)]
    document = SimpleDocTemplate(str(path), pagesize=(width, height), leftMargin=15 * MM, rightMargin=15 * MM,
                                 topMargin=12.7 * MM, bottomMargin=12.7 * MM, invariant=1,
                                 title=f"{title}: balance", author="", creator=f"kitgen {__version__}",
                                 producer=f"kitgen {__version__}", initialFontName=font_name("body"))
    document.build(story)


def _experiments(report: dict, chart_w: float, styles) -> list:
    story: list = []
    if report.get("card_impact"):
        impact = report["card_impact"]
        story += [_heading(f"Card impact on its holder's win rate, by experiment ({impact['games']:,} paired games a card)",
                           styles),
                  Paragraph(_escape(f"The experiment: {impact['experiment']}. * survives Holm's correction across the "
                                    "cards." + (f" Not measured: {impact['not_measured']}." if impact.get("not_measured")
                                                else "") + _unmeasured(impact["cards"])), styles["cell"]),
                  _impact_table(impact["cards"], chart_w)]
    if report.get("seat_fixes"):
        rows = [[str(f["players"]), f["fix"], "/".join(f"{r:.0%}" for r in f["before"]),
                 "/".join(f"{r:.0%}" for r in f["seat_win_rates"]), f"±{100 * widest_half(f['ci95']):.1f} pts",
                 "helps" if f["helps"] else "no"] for f in report["seat_fixes"]]
        story += [_heading(f"Candidate seat fixes, simulated ({report['seat_fixes'][0]['games']:,} games each, "
                           "the same seeds)", styles),
                  _text_table([["players", "fix", "seats before", "seats after", "95% within", ""], *rows],
                              [0.09, 0.38, 0.17, 0.17, 0.11, 0.08], chart_w)]
    if report.get("skill_ladder"):
        rows = [[f"{r['player']} vs {r['field']}", f"{r['games']:,}", f"{r['win_rate']:.1%}",
                 f"{r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}", f"{r['even_share']:.1%}", r["verdict"],
                 "-" if r.get("cpu_seconds_per_game") is None else f"{r['cpu_seconds_per_game']:.3f}"]
                for r in report["skill_ladder"]]
        story += [_heading("Skill ladder: one stronger player among weaker ones", styles),
                  _text_table([["rung", "games", "win rate", "95% interval", "even share", "", "CPU s a game"], *rows],
                              [0.22, 0.08, 0.1, 0.16, 0.1, 0.2, 0.14], chart_w)]
    return story


def _feel(feel: dict, unit: str, chart_w: float, styles) -> list:
    """How the game feels per player count (README, "How the game feels"): each measure, its interval."""
    if not feel:
        return []
    header = ["players", "fairness (1: even)", f"length, {unit}s (sd)", "turns with a real choice", "lead changes a game",
              "drama: points behind", "decisiveness: led to the end"]
    rows, notes = [header], []
    for count, m in feel.items():
        fair = m["fairness"]
        rows.append([count, f"{fair['value']:.2f} ({fair['ci95'][0]:.2f}-{fair['ci95'][1]:.2f})",
                     _measure(m, "length", ".1f") + f", sd {m['length']['sd']}", _measure(m, "choice", ".0%"),
                     _measure(m, "lead_changes", ".2f"), _measure(m, "drama", ".2f"),
                     _measure(m, "decisiveness", ".0%")])
        if m.get("not_measured"):
            notes.append(Paragraph(_escape(f"{count} players, not measured: {m['not_measured']}."), styles["cell"]))
    return [_heading("How the game feels (95% intervals; one game in sixteen recorded turn by turn)", styles),
            _text_table(rows, [0.08, 0.14, 0.16, 0.14, 0.14, 0.16, 0.18], chart_w), *notes]


def _measure(measures: dict, name: str, form: str) -> str:
    if name not in measures:
        return "not measured"
    low, high = measures[name]["ci95"]
    return f"{measures[name]['mean']:{form}} ({low:{form}}-{high:{form}})"


def widest_half(intervals: list[list[float]]) -> float:
    """The widest half-interval of a row of win rates: each rate is within this of its truth (95%)."""
    return max((high - low) / 2 for low, high in intervals)


def _provenance(report: dict, made_by: str, styles) -> Paragraph:
    source = report["provenance"]
    rules = ", ".join(f"{rule} {state}" for rule, state in report["optional_rules"].items()) or "none"
    return Paragraph(_escape(
        f"{report['games']:,} simulated games per player count, players {','.join(report['by_players'])}, "
        f"seed {report['seed']}, policies {', '.join(report['policies'])}, optional rules: {rules}; "
        f"{_code(source['code'])}, game data sha256 {source['data_sha256'][:16]}. Made by: {made_by}. "
        "Bars are win rates or shares of games, whiskers and brackets their 95% confidence interval, the dashed line "
        f"an even share: {even_share_words(report)}."), styles["cell"])


def _code(code: dict) -> str:
    """The code that made the report (simulate/report/code.py): version, commit where known, code hash."""
    commit = f", commit {code['commit'][:12]}" if code["commit"] else ""
    return f"kitgen {code['kitgen']}{commit}, code sha256 {code['code_sha256'][:12]}, {code['python']}"


def _interval(share: float, ci95: list[float]) -> str:
    return f"{share:.0%} ({ci95[0]:.0%}-{ci95[1]:.0%})"


def _partial(report: dict, styles) -> list:
    """What keeps the numbers from being whole: a run cut short, rules that decide the game not simulated."""
    story = []
    if report.get("cut_short"):  # a cluster lost mid-run: the games finished are reported (simulate/experiments/lab)
        story.append(Paragraph("<b>Partial:</b> " + _escape(report["cut_short"]), styles["cell"]))
    if report["missing"]:
        story.append(Paragraph("<b>Partial: these win rates are not earned:</b> "
                               + _escape("; ".join(report["missing"])), styles["cell"]))
    return story


def _win_rates(report: dict, chart_w: float, styles) -> list:
    """Win rate per faction, then per seat at each player count; marked when they are not earned."""
    even = report["even_share"]
    partial = " (partial: not earned, see below)" if report["missing"] else ""
    story: list = []
    if report["factions"]:
        factions = sorted(report["factions"].items(), key=lambda item: -item[1]["win_rate"])
        story += [_heading(f"Win rate per faction{partial} (do they differ? chi-square p = "
                           f"{report['factions_differ']['p_value']:.3g})", styles),
                  *_bars([(n, f["win_rate"], f["ci95"], f"{_interval(f['win_rate'], f['ci95'])} of {f['plays']:,}")
                          for n, f in factions], chart_w, even)]
    for count, seats in report["by_players"].items():
        rows = [(f"Seat {s['seat']}" + (" (first)" if s["seat"] == 1 else ""), s["win_rate"], s["ci95"],
                 f"{_interval(s['win_rate'], s['ci95'])} of {seats['games']:,}") for s in seats["seats"]]
        story += [_heading(f"Win rate per seat, {count} players{partial} (do they differ? chi-square p = "
                           f"{seats['seats_differ']['p_value']:.3g})", styles),
                  *_bars(rows, chart_w, seats["even_share"])]
    return story


def _outcomes(report: dict, chart_w: float, styles) -> list:
    """How games are won, and how long they last."""
    games = report["games"]
    story: list = []
    counts = [(name, count, report["victories_ci95"][name]) for name, count in report["victories"].items()]
    counts.append(("No winner", report["no_winner"], report["no_winner_ci95"]))
    if report.get("shared_wins"):
        counts.append(("Shared win", report["shared_wins"], report["shared_wins_ci95"]))
    paths = [(name, count / games, ci95, f"{_interval(count / games, ci95)}, {count:,}") for name, count, ci95 in counts]
    story += [_heading(f"How games are won, share of {games:,} games (a win counts for every path the winner met)",
                       styles), *_bars(paths, chart_w, None)]
    return story + _length(report["turns"], games, chart_w, styles)


def _length(turns: dict, games: int, chart_w: float, styles) -> list:
    """Games ending in each turn; in spans of turns when there are more turns than MAX_LENGTH_ROWS."""
    histogram = {int(t): n for t, n in turns["histogram"].items()}
    unit = turns.get("unit", "turn")
    first, last = turns["min"], turns["max"]
    span = max(1, -(-(last - first + 1) // MAX_LENGTH_ROWS))
    rows = []
    for start in range(first, last + 1, span):
        count = sum(histogram.get(t, 0) for t in range(start, start + span))
        end = min(start + span - 1, last)
        label = f"{unit.title()} {start}" if end == start else f"{unit.title()}s {start}-{end}"
        rows.append((label, count / games, None, f"{count:,}"))
    return [_heading(f"Game length: {length_words(turns)}; games ending in each {unit}", styles),
            *_bars(rows, chart_w, None)]


def length_words(turns: dict) -> str:
    """The games' length in words, as the PDF and the text report (cli/balance) print it."""
    unit = turns.get("unit", "turn")
    what = "a turn: every player has gone once" if unit == "turn" else "a round: one of the rounds the game played"

    def count(n: float) -> str:
        return f"{n} {unit}" + ("" if n == 1 else "s")
    if turns["min"] == turns["max"]:
        return f"every game lasted {count(turns['min'])} ({what})"
    low, high = turns["mean_ci95"]
    return (f"{turns['mean']} {unit}s on average (95% interval {low}-{high}; {what}), "
            f"shortest {turns['min']}, longest {turns['max']}")


def even_share_words(report: dict) -> str:
    """Where the even share comes from: the games with a winner, split among the players."""
    games, decided, players = report["games"], report["decided"], report["players"]
    return (f"{report['even_share']:.1%}, the {decided / games:.1%} of games that had a winner split among "
            f"{players} players" if games else "no games")


def _heading(text: str, styles) -> Paragraph:
    return Paragraph(text, styles["heading"])


def _bars(rows: list[tuple], width: float, even: float | None) -> list[Drawing]:
    """One horizontal bar a row, in drawings of at most MAX_BAR_ROWS rows that share one scale."""
    top = max([1e-9] + [max(r[1], r[2][1] if r[2] else 0) for r in rows] + [even or 0])
    return [_bar_drawing(rows[i:i + MAX_BAR_ROWS], width, even, min(1.0, top * 1.1))
            for i in range(0, len(rows), MAX_BAR_ROWS)]


def _bar_drawing(rows: list[tuple], width: float, even: float | None, top: float) -> Drawing:
    """One horizontal bar a row: (label, share from 0 to 1, interval or None, value text)."""
    scale_w = width - LABEL_W - VALUE_W
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


def _unmeasured(rows: list[dict]) -> str:
    """Cards whose holder was not given a copy in some games (those pairs left out) or in none."""
    said = [f" {row['name']}: not measured, {row['not_measured']}." if "not_measured" in row else
            f" {row['name']}: measured in {row['games']:,} games, not given a copy in {row['not_given']:,} more."
            for row in rows if row.get("not_given")]
    return "".join(said)


def _impact_table(rows: list[dict], width: float) -> Table:
    """Change in the holder's win rate, with the card less with a card of its deck at random (* Holm)."""
    cells = [["Card", "change", "95% interval", "with it", "with another"]]
    for row in rows:
        if "not_measured" in row:  # no pair in which its holder was given a copy: why, not a 0
            cells.append([row["name"][:40], "not measured", "", "", ""])
            continue
        cells.append([row["name"][:40], f"{row['change']:+.1%}" + ("*" if row["significant"] else ""),
                      f"{row['ci95'][0]:+.1%} .. {row['ci95'][1]:+.1%}", f"{row['with_card']:.1%}",
                      f"{row['with_other']:.1%}"])
    table = Table(cells, colWidths=[width * 0.32, width * 0.15, width * 0.19, width * 0.15, width * 0.19], repeatRows=1)
    table.setStyle([("FONTNAME", (0, 0), (-1, -1), font_name("body")), ("FONTSIZE", (0, 0), (-1, -1), 8),
                    ("FONTNAME", (0, 0), (-1, 0), font_name("bold")), ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.5, FAINT)])
    return table


def _text_table(cells: list[list[str]], shares: list[float], width: float) -> Table:
    """Words wrap within their column (a fix's or a rung's name is long); the header row is bold."""
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle("table", fontName=font_name("body"), fontSize=8, leading=9.6)
    bold = ParagraphStyle("table-head", parent=body, fontName=font_name("bold"))
    rows = [[Paragraph(_escape(c), bold if i == 0 else body) for c in row] for i, row in enumerate(cells)]
    table = Table(rows, colWidths=[width * s for s in shares], repeatRows=1)
    table.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, 0), 0.5, FAINT)])
    return table


SUMMARY_NOTE = 110  # characters of a note in the summary that opens the report


def _coverage_summary(coverage: list[dict], width: float, styles) -> list:
    """What the simulation does not play exactly, before any number: the full list closes the report."""
    inexact = [c for c in coverage if c["status"] != "exact"]
    head = (f"What the simulation covers: {len(coverage) - len(inexact)} rules exactly, "
            f"{len(inexact)} approximated or skipped")
    if not inexact:
        return [_heading(head, styles), Paragraph("Every rule is simulated exactly (each is listed at the end).",
                                                  styles["cell"])]
    short = [{**c, "note": _short(c["note"])} for c in inexact]  # before the numbers: a line or two a rule
    return [Paragraph(head + ":", _unkept(styles["heading"])), _coverage(short, width, styles),
            Paragraph("Every rule, each note in full, is listed at the end.", styles["cell"])]


def _short(note: str, most: int = SUMMARY_NOTE) -> str:
    """A note cut at a word to `most` characters: a skipped rule's note quotes the whole rule text
    printed for the players (Civilization's 17 filled page 1 and pushed the win rates to page 3)."""
    if len(note) <= most:
        return note
    return note[:most].rsplit(" ", 1)[0].rstrip(" ,;:") + " … (in full at the end)"


def _coverage(coverage: list[dict], width: float, styles) -> Table:
    """Status, rule, how it is played: a table that splits across pages, its header on each."""
    header = [Paragraph(f"<b>{text}</b>", styles["cell"]) for text in ("status", "rule", "how it is simulated")]
    rows = [[Paragraph(f"<b>{c['status']}</b>" + (" (decides the game)" if c["decides"] and c["status"] != "exact"
                                                  else ""), styles["cell"]), Paragraph(_escape(c["rule"]), styles["cell"]),
             Paragraph(_escape(c["note"]), styles["cell"])] for c in coverage]
    table = Table([header, *rows], colWidths=[width * 0.16, width * 0.3, width * 0.54], repeatRows=1)
    table.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, FAINT),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.6, FAINT)])
    return table


def _unkept(style):
    """A heading that may stay at the foot of a page: the table under it splits and repeats its header."""
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle("heading-unkept", parent=style, keepWithNext=0)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
