"""Render document blocks to a PDF with reportlab's platypus: headings, paragraphs, tables and
write-in grids, with the game title, page x of y and the print instruction on every page."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape as turn
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import LayoutError
from reportlab.platypus import (Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)

from kitgen import __version__
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.document import Block, Document
from kitgen.layout.richtext import BOLD, ITALIC
from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.fonts import font_name, measure
from kitgen.units import MM

# Tables set a cell font even when every cell is a Paragraph; reportlab's default is unembedded Helvetica.
BODY_FONT = ("FONTNAME", (0, 0), (-1, -1), font_name("body"))
MARGIN = 12.7 * MM
PADDING = 3.5  # pt, left and right inside table cells  # 1/2 in all round: clear of every home printer's unprintable edge


def _styles(accent: str) -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=font_name("body"), bulletFontName=font_name("body"), fontSize=9.5,
                          leading=12.5, spaceAfter=4)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=font_name("title"), fontSize=20, leading=24,
                                textColor=colors.HexColor(accent), spaceAfter=6, keepWithNext=1),
        "heading": ParagraphStyle("heading", parent=body, fontName=font_name("title"), fontSize=13, leading=15,
                                  textColor=colors.HexColor(accent), spaceBefore=7, spaceAfter=3, keepWithNext=1),
        "subheading": ParagraphStyle("subheading", parent=body, fontName=font_name("bold"), fontSize=10.5,
                                     leading=13, spaceBefore=4, spaceAfter=2, keepWithNext=1),
        "paragraph": body,
        "lead-in": ParagraphStyle("lead-in", parent=body, keepWithNext=1),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=2, spaceAfter=2),
        "numbered": ParagraphStyle("numbered", parent=body, leftIndent=16, bulletIndent=0, spaceAfter=3),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10, spaceAfter=0),
        "note": ParagraphStyle("note", parent=body, fontSize=9, leading=12),
    }


def inline(text: str) -> str:
    """Escape data for reportlab's markup, then turn **bold** and _italic_ into tags (card text's
    grammar, layout/richtext.py)."""
    text = escape(text)
    text = re.sub(BOLD, rf'<font name="{font_name("bold")}">\g<bold></font>', text)
    return re.sub(ITALIC, rf'<font name="{font_name("italic")}">\g<italic></font>', text)


def escape(text: str) -> str:
    """xml.sax.saxutils.escape, which is these three replaces: importing it imports urllib.request,
    http.client, ssl and email (~15 ms of a fresh process)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


class CheckItem(Flowable):
    """A box to tick with a pencil, then the text."""

    def __init__(self, text: str, style: ParagraphStyle):
        super().__init__()
        self.paragraph = Paragraph(inline(text), style)
        self.box = 3.2 * MM

    def wrap(self, available_width, available_height):
        _, self.text_h = self.paragraph.wrap(available_width - self.box - 6, available_height)
        return available_width, max(self.text_h, self.box) + 3

    def draw(self):
        self.canv.setLineWidth(0.7)
        top = max(self.text_h, self.box) + 3
        self.canv.rect(0, top - self.box - 2.5, self.box, self.box)
        self.paragraph.drawOn(self.canv, self.box + 6, top - self.text_h - 3)


def _flowables(blocks: tuple[Block, ...], styles: dict, width: float, accent: str, top: bool = True) -> list:
    """`top`: on the page itself, where an item moves to the next page whole (inside a table
    cell there is no next page to move to: reportlab would make the cell endless)."""
    whole = _whole if top else (lambda flowable: flowable)
    out: list = []
    for index, block in enumerate(blocks):
        leads_in = index + 1 < len(blocks) and blocks[index + 1].kind == "table"
        if block.kind == "paragraph" and leads_in:  # a table's introduction goes where the table goes
            out.append(Paragraph(inline(block.text), styles["lead-in"]))
        elif block.kind == "page":
            out.append(PageBreak())
        elif block.kind == "table":  # a table of a page or less is not split across two
            parts = _grid_parts(block, width)
            for number, part in enumerate(parts):
                out += [Spacer(1, 2 * MM)] if number else []
                out.append(whole(_table(part, styles, width, accent)))
        elif block.kind == "columns":
            out.append(_columns(block, styles, width, accent))
        elif block.kind == "check":
            out.append(CheckItem(block.text, styles["paragraph"]))
        elif block.kind == "note":
            cell = Paragraph(inline(block.text), styles["note"])
            note = Table([[cell]], colWidths=[width])
            note.setStyle(TableStyle([BODY_FONT, ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(accent)),
                                      ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f4f4f4")),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6)]))
            out += [note, Spacer(1, 4)]
        elif block.kind == "bullet":  # an item or paragraph moves to the next page whole: no sentence split
            out.append(whole(Paragraph(inline(block.text), styles["bullet"], bulletText="•")))
        elif block.kind == "numbered":
            out.append(whole(Paragraph(inline(block.text), styles["numbered"], bulletText=f"{block.number}.")))
        elif block.kind == "paragraph":
            out.append(whole(Paragraph(inline(block.text), styles["paragraph"])))
        else:
            out.append(Paragraph(inline(block.text), styles[block.kind]))
    return out


WHOLE_UP_TO = 400  # pt: a paragraph or table up to about two thirds of a page moves on whole; longer ones split


def _whole(flowable):
    """The flowable, refusing to be split across pages when it is short enough to move on whole
    (a sentence split over a page turn, a table's last rows alone overleaf). Unlike KeepTogether
    this keeps a heading's keepWithNext working: reportlab will not chain into a container."""
    split = flowable.split

    def whole_split(available_width, available_height):
        _, height = flowable.wrap(available_width, available_height)
        return [] if height <= WHOLE_UP_TO else split(available_width, available_height)
    flowable.split = whole_split
    return flowable


def _columns(block: Block, styles: dict, width: float, accent: str) -> Table:
    gap = 6 * MM
    column_w = (width - gap * (len(block.columns) - 1)) / len(block.columns)
    compact = {name: ParagraphStyle(f"{name}-compact", parent=style, fontSize=style.fontSize * 0.88,
                                    leading=style.leading * 0.88, spaceBefore=style.spaceBefore * 0.5,
                                    spaceAfter=style.spaceAfter * 0.5)
               for name, style in styles.items()}  # side-by-side columns are reminders: set them smaller
    cells = [_flowables(column, compact, column_w, accent, top=False) for column in block.columns]
    table = Table([cells], colWidths=[column_w + (gap if i < len(cells) - 1 else 0) for i in range(len(cells))])
    # The gap is the column's right padding, not room for its text: else a line runs on into the
    # next column (a checkbox there) as far as the gap allows.
    table.setStyle(TableStyle([BODY_FONT, ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-2, -1), gap)]))
    return table


def _table(block: Block, styles: dict, width: float, accent: str) -> Table:
    cell = styles["cell"]
    header_style = ParagraphStyle("head", parent=cell, fontName=font_name("bold"), textColor=colors.white)
    rows = [[Paragraph(inline(text), header_style if block.header and r == 0 else cell) for text in row]
            for r, row in enumerate(block.rows)]
    widths = _column_widths(block, width)
    heights = [block.row_height or None for _ in rows]
    table = Table(rows, colWidths=widths, rowHeights=heights, repeatRows=1 if block.header else 0)
    commands: list[tuple] = [BODY_FONT, ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (-1, -1), "LEFT"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("LEFTPADDING", (0, 0), (-1, -1), PADDING), ("RIGHTPADDING", (0, 0), (-1, -1), PADDING)]
    if block.header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(accent)))
    if block.style == "grid":
        commands += [("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#444444")),
                     ("BACKGROUND", (0, 1), (0, -1), colors.HexColor("#eeeeee"))]
    else:
        commands += [("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#bbbbbb")),
                     ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")])]
    table.setStyle(TableStyle(commands))
    return table


def _column_widths(block: Block, width: float) -> list[float]:
    count = len(block.rows[0])
    if block.style == "grid" and block.first_column:
        return _grid_widths(block, width)
    natural = [max(measure(re.sub(r"[*_]", "", row[i]), "bold", 8.5) for row in block.rows) + 2 * PADDING + 2
               for i in range(count)]
    if sum(natural) <= width:  # everything fits on one line: the last column takes what is left
        return natural[:-1] + [width - sum(natural[:-1])]
    # A column keeps room for a short phrase or a roll, and for its longest word (a file name) whole.
    words = [max(measure(word, "bold", 8.5) for row in block.rows for word in re.sub(r"[*_]", "", row[i]).split()
                 or [""]) + 2 * PADDING + 2 for i in range(count)]
    floor = [min(n, max(30 * MM, w)) for n, w in zip(natural, words, strict=True)]
    extra = [n - f for n, f in zip(natural, floor, strict=True)]
    if sum(floor) > width:  # not even each column's shortest room fits: the paper is too small
        raise LayoutError(f"a table of {count} columns needs {sum(floor):.0f} pt, the page has {width:.0f}")
    share = (width - sum(floor)) / sum(extra)
    return [f + e * share for f, e in zip(floor, extra, strict=True)]


def _needs(block: Block) -> list[float]:
    """The width each column after the first needs for its widest text on one line."""
    return [max(measure(re.sub(r"[*_]", "", row[i]), "bold", 8.5) for row in block.rows) + 2 * PADDING + 2
            for i in range(1, len(block.rows[0]))]


def _grid_parts(block: Block, width: float) -> list[Block]:
    """A write-in grid as one table, or, when its columns cannot all have the room their text needs
    (a 40-turn track is 42 columns: 4 mm each on a landscape Letter page), as the fewest runs of
    near-equal size that do, one under the other, each repeating the first column (the row names)."""
    if block.style != "grid" or not block.first_column:
        return [block]
    need = _needs(block)
    count = len(need)
    runs = [range(count)]
    for parts in range(1, count + 1):
        cuts = [-(-count * i // parts) for i in range(parts + 1)]  # rounded up: the first runs are the longer
        runs = [range(start, end) for start, end in zip(cuts, cuts[1:], strict=False)]
        if all(block.first_column + sum(need[i] for i in run) <= width for run in runs):
            break
    if len(runs) == 1:
        return [block]
    return [replace(block, rows=tuple((row[0], *(row[i + 1] for i in run)) for row in block.rows)) for run in runs]


def _grid_widths(block: Block, width: float) -> list[float]:
    """A grid's first column as asked; the others share the rest equally, except a column whose text
    (a 'Start' heading on an upright page) needs more: it gets that, so no word breaks inside."""
    count = len(block.rows[0])
    need = _needs(block)
    wide: set[int] = set()
    while True:
        share = (width - block.first_column - sum(need[i] for i in wide)) / max(1, count - 1 - len(wide))
        more = {i for i, n in enumerate(need) if n > share} - wide
        if not more or len(wide | more) == count - 1:
            break
        wide |= more
    return [block.first_column] + [need[i] if i in wide else share for i in range(count - 1)]


def render_document(document: Document, path: Path | BinaryIO, game_title: str, accent: str, instruction: str) -> int:
    """Draw the document into `path` (a file, or bytes in memory); returns how many pages it took."""
    paper = document.paper or _letter()
    size = turn(paper) if document.landscape else paper
    instruction = document.instruction or instruction
    template = SimpleDocTemplate(str(path) if isinstance(path, Path) else path, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
                                 topMargin=MARGIN + 4 * MM, bottomMargin=MARGIN + 3 * MM, invariant=1,
                                 title=f"{game_title}: {document.title}", author="",
                                 creator=f"kitgen {__version__}", producer=f"kitgen {__version__}")
    styles = _styles(accent)
    footer = f"{game_title}  ·  {document.title}"

    def make_canvas(*args, **kwargs):
        return _NumberedCanvas(*args, footer=footer, instruction=instruction, accent=accent, **kwargs)

    try:
        story = _flowables(document.blocks, styles, size[0] - 2 * MARGIN, accent)
        template.build(story, canvasmaker=make_canvas)
    except LayoutError:  # a table or a row larger than the page: the paper is too small, never the data
        raise _too_small(document, paper) from None
    return template.page


def _too_small(document: Document, paper: tuple[float, float]) -> KitgenError:
    turned = " (turned landscape)" if document.landscape else ""
    return KitgenError(error(Where(f"{paper[0] / MM:.0f}x{paper[1] / MM:.0f}mm"),
                             f"{document.title} does not fit on {paper[0] / MM:.1f} x {paper[1] / MM:.1f} mm paper"
                             f"{turned}: a table or block is larger than a page; print the documents on letter or "
                             "a4 (--paper)"))


def count_pages(pdf: Path) -> int:
    """How many pages a PDF has (a document drawn before, kept in the build cache)."""
    import pypdfium2 as pdfium  # here: only a build that reuses a cached document reads one

    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def _letter() -> tuple[float, float]:
    from kitgen.units import PAPER_SIZES

    return PAPER_SIZES["letter"]


from reportlab.pdfgen.canvas import Canvas  # noqa: E402  (kept beside its only user)


class _NumberedCanvas(Canvas):
    """Holds pages until the end so each can say 'page x of y'."""

    def __init__(self, *args, footer: str, instruction: str, accent: str, **kwargs):
        kwargs["initialFontName"] = font_name("body")  # else reportlab starts in unembedded Helvetica
        super().__init__(*args, **kwargs)
        self._saved: list[dict] = []
        self._footer, self._instruction, self._accent = footer, instruction, accent
        self.setViewerPreference("PrintScaling", "None")

    def showPage(self):
        self._saved.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # Canvas's private page reset, not in the stubs

    def save(self):
        total = len(self._saved)
        for number, state in enumerate(self._saved, start=1):
            self.__dict__.update(state)
            self._decorate(number, total)
            super().showPage()
        super().save()

    def _decorate(self, number: int, total: int) -> None:
        width, height = self._pagesize  # type: ignore[attr-defined]  # private to Canvas, not in the stubs
        self.setStrokeColor(colors.HexColor(self._accent))
        self.setLineWidth(0.8)
        self.line(MARGIN, height - MARGIN, width - MARGIN, height - MARGIN)
        self.setFillColor(colors.HexColor("#555555"))
        self.setFont(font_name("body"), 7.5)
        self.drawString(MARGIN, height - MARGIN + 3, self._footer)
        self.drawRightString(width - MARGIN, height - MARGIN + 3, f"page {number} of {total}")
        self.drawString(MARGIN, MARGIN - 2, self._instruction)
        self.drawRightString(width - MARGIN, MARGIN - 2, f"kitgen {__version__}")
