"""The documents' own flow layout (layout/flow.py), checked on the PDF it draws, read back: no
text past the margins or into the header or foot, a heading never last on its page, a table
split across pages repeating its header row, the same document drawn twice byte for byte."""
from __future__ import annotations

import io
import re
from dataclasses import replace
import os
import subprocess
import sys

import pdfplumber
import pytest

from kitgen.errors import KitgenError
from kitgen.kit.build import Options, layout_documents
from kitgen.layout.document import Block, Document, parse_document
from kitgen.layout.flow import MARGIN
from kitgen.load import load_game
from kitgen.render.document import render_document
from kitgen.render.fonts import font_files, register_fonts
from kitgen.units import MM, PAPER_SIZES
from tests.conftest import ROOT

TINY = ROOT / "tests" / "fixtures" / "tiny"

HEADING_SIZES = {13.0, 10.5}  # heading, subheading (layout/flow.styles)


@pytest.fixture(scope="module")
def fonts(project):
    register_fonts(font_files(project.fonts))


def _long_document() -> Document:
    """Sections of every kind and length, so that headings land near page ends, and a table of
    90 rows with a header that must split."""
    blocks: list[Block] = [Block("title", "Flow test")]
    for section in range(14):
        blocks.append(Block("heading", f"Section {section}"))
        blocks += [Block("paragraph", " ".join(["Words to wrap over lines"] * (section % 5 * 9 + 3)))] * (section % 3 + 1)
        blocks.append(Block("subheading", f"Part {section}"))
        blocks += [Block("bullet", "**Bold** then _italic_ text " * (1 + section % 4)), Block("check", "Tick me")]
    rows = (("Name", "What it does"), *((f"Row {n}", f"Effect number {n} " * (1 + n % 3)) for n in range(90)))
    blocks += [Block("heading", "The long table"), Block("paragraph", "Its introduction."),
               Block("table", rows=rows, header=True)]
    return Document("Flow test", False, tuple(blocks), PAPER_SIZES["a4"])


def _draw(document: Document) -> bytes:
    out = io.BytesIO()
    render_document(document, out, "Game", "#1d2b45", "Print at 100%")
    return out.getvalue()


def _lines(page) -> list[list[dict]]:
    """The page's text between its header and foot as lines of characters, top to bottom."""
    chars = [c for c in page.chars if MARGIN + 4 * MM < c["top"] < page.height - MARGIN - 3 * MM and c["text"].strip()]
    lines: dict[float, list[dict]] = {}
    for char in chars:
        lines.setdefault(round(char["bottom"]), []).append(char)
    return [lines[key] for key in sorted(lines)]


def test_flow__text_stays_inside_the_margins_and_clear_of_the_header_and_foot(fonts, project):
    game = load_game(project.game_folder("galactic-civ"))
    documents = layout_documents(project, game, "galactic-civ", Options())
    for name in ("rules.pdf", "reference.pdf", "player-sheet.pdf"):
        with pdfplumber.open(io.BytesIO(_draw(documents[name]))) as pdf:
            for page in pdf.pages:
                header = [c for c in page.chars if c["bottom"] < MARGIN]  # above the accent line
                foot = [c for c in page.chars if c["top"] > page.height - MARGIN - 3 * MM]
                body = [c for c in page.chars if c not in header and c not in foot and c["text"].strip()]
                assert header and foot and body, name
                assert min(c["x0"] for c in page.chars) >= MARGIN - 0.5, name
                assert max(c["x1"] for c in page.chars) <= page.width - MARGIN + 0.5, name
                assert min(c["top"] for c in body) > MARGIN + 4 * MM, name  # below the accent line
                assert max(c["bottom"] for c in body) < page.height - MARGIN - 3 * MM, name  # the foot's room


def test_flow__a_heading_is_never_last_on_a_page_and_a_split_table_repeats_its_header(fonts):
    with pdfplumber.open(io.BytesIO(_draw(_long_document()))) as pdf:
        assert len(pdf.pages) > 3
        table_pages = 0
        for number, page in enumerate(pdf.pages):
            lines = [(line, "".join(c["text"] for c in line)) for line in _lines(page)]
            assert round(lines[-1][0][0]["size"], 1) not in HEADING_SIZES, (number, lines[-1][1])
            first_row = next((i for i, (_, text) in enumerate(lines) if text.startswith("Row")), None)
            if first_row is not None:
                table_pages += 1
                assert lines[first_row - 1][1] == "NameWhatitdoes", number  # the header, just above
        assert table_pages >= 2


def test_flow__a_table_in_groups_breaks_only_between_them_with_one_header_and_one_set_of_columns(fonts):
    """`|+` rows start groups (the reference's attributes, issue 35): one table, so one set of columns
    down every page and a header only where the table starts a page (not before each group, as the
    table of its own each group used to be); short as it is, it splits to fill the page, but never
    inside a group."""
    groups = [[(f"G{g} head", "H"), *((f"G{g} row {r}", "x" * (4 + (g * r) % 30)) for r in range(5))]
              for g in range(4)]
    rows = "\n".join(("|+ " if g and r == 0 else "| ") + f"{name} | {text}"
                     for g, group in enumerate(groups) for r, (name, text) in enumerate(group))
    filler = "\n".join(["Filler words to fill most of the first page, line after line."] * 30)
    document = parse_document(f"# Groups\n{filler}\n|! Name | Value\n{rows}\n", "test")
    assert next(b for b in document.blocks if b.kind == "table").groups == (7, 13, 19)  # row 0 is the header
    document = replace(document, paper=PAPER_SIZES["a4"])
    with pdfplumber.open(io.BytesIO(_draw(document))) as pdf:
        assert len(pdf.pages) == 2
        starts, headers, value_x = [], 0, set()
        for page in pdf.pages:
            words = page.extract_words()
            headers += sum(1 for w in words if w["text"] == "Value")
            first = min((w for w in words if re.fullmatch(r"G\d", w["text"])), key=lambda w: w["top"])
            starts.append(next(w["text"] for w in words if abs(w["top"] - first["top"]) < 1 and w["text"] != first["text"]))
            value_x |= {round(w["x0"], 1) for w in words if w["text"] in ("H",) or w["text"].startswith("xxxx")}
    assert headers == 2  # one a page the table is on: never before a group in mid-page
    assert starts[1] == "head", starts  # page 2 starts with a group's first row, not in the middle of one
    assert len(value_x) == 1, value_x  # the second column starts at one x for every group


def test_flow__the_same_document_draws_the_same_bytes(fonts):
    assert _draw(_long_document()) == _draw(_long_document())


def test_flow__a_row_taller_than_the_page_is_one_line_naming_the_paper(fonts):
    tall = Block("table", rows=(("a",), ("b",)), style="grid", row_height=200 * MM)
    document = Document("Sheet", True, (tall,), (200 * MM, 150 * MM))
    with pytest.raises(KitgenError) as raised:
        _draw(document)
    assert str(raised.value).splitlines() == [
        "200x150mm: error: Sheet does not fit on 200.0 x 150.0 mm paper (turned landscape): a table or block is "
        "larger than a page; print the documents on letter or a4 (--paper)"]


def test_flow__a_build_never_imports_platypus(tmp_path):
    """The documents are drawn on a plain canvas: platypus (~50 ms of imports) is for stats and balance only."""
    code = ("import sys\nfrom kitgen.cli import main\n"
            f"sys.argv = ['kitgen', 'build', {str(TINY)!r}, '--no-cache', '-o', {str(tmp_path / 'kit')!r}]\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
            "print(sorted(name for name in sys.modules if name.startswith('reportlab.platypus')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]" and (tmp_path / "kit" / "rules.pdf").exists()


def test_flow__a5_paper_takes_every_document_its_side_by_side_columns_one_after_another(fonts, project):
    """On A5 (148 x 210 mm) the player sheet's side-by-side reminders (paths to victory, races) are
    taller than a landscape page: the columns follow one another at full width, splitting across
    pages like the rest, and a table's columns keep only their longest word whole. Both refused A5
    with 'does not fit' before."""
    import dataclasses

    game = load_game(project.game_folder("galactic-civ"))
    documents = layout_documents(project, game, "galactic-civ", Options())
    a5 = (148 * MM, 210 * MM)
    for name in ("rules.pdf", "reference.pdf", "player-sheet.pdf"):
        with pdfplumber.open(io.BytesIO(_draw(dataclasses.replace(documents[name], paper=a5)))) as pdf:
            assert round(pdf.pages[0].width / MM) in (148, 210), name
            for page in pdf.pages:
                assert min(c["x0"] for c in page.chars) >= MARGIN - 0.5, name
                assert max(c["x1"] for c in page.chars) <= page.width - MARGIN + 0.5, name
            if name == "player-sheet.pdf":
                text = [line for page in pdf.pages for line in _lines(page)]
                races = [line for line in text if "".join(c["text"] for c in line).startswith("ArceanEmpire:")]
                assert races and races[0][0]["x0"] < MARGIN + 10 * MM  # at the left margin, not a third column
