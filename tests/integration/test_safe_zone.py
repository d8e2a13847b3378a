"""The safe zone is measured to the glyphs (check/safe_zone.py): validate warns about text exactly
when a reader of the PDF finds its ink within 3 mm of the trim, whatever the font's ascent says."""
from __future__ import annotations

import shutil

import pytest
from fontTools.ttLib import TTFont

from kitgen.kit.build import Options, build_game
from kitgen.model import PrintSettings
from tests.conftest import MM, ROOT
from tests.pdfshapes import pdf_shapes

PROBE = """extends: card-front.yaml
boxes:
  - {name: probe, kind: text, x: 20mm, y: 1.6mm, w: 24mm, h: 5mm, font: body, size: 10pt, min_size: 10pt,
     valign: top, color: "#000000", content: "{{ card.name if card.type == 'Ship' else '' }}"}
"""


def test_safe_zone__warned_where_the_glyphs_reach_as_the_pdf_reader_finds_them(tmp_path, project):
    """Two Ship names on one line 1.6 mm down in Lato 10 pt: the ring of 'Åsa' rises 3.3 mm above the
    baseline, 'ocean' 1.9 mm. A font's ascent (0.805 em by OS/2's typo metrics, 0.987 by hhea) puts
    both tops in one place; only the glyphs tell 'Åsa' (inside the safe zone) from 'ocean' (outside)."""
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("name: Scout,", "name: Åsa,").replace("name: Frigate,", "name: ocean,"))
    (game / "templates").mkdir()
    (game / "templates" / "card-front.yaml").write_text(PROBE)
    report = build_game(project, str(game), tmp_path / "kit", Options(settings=PrintSettings(layout="single")),
                        use_cache=False)
    warned = [p.message for p in report.warnings if "safe zone" in p.message]
    assert len(warned) == 1 and warned[0].startswith("card 'Åsa': text in box 'probe' comes "), warned
    said = float(warned[0].split(" comes ")[1].split(" mm")[0])
    pages = pdf_shapes(tmp_path / "kit" / "cards-main.pdf")  # a front and its back, card by card
    found = {w.text: w.inside(page.width, page.height) / MM for page in pages[::2] for w in page.words
             if w.text in ("Åsa", "ocean") and w.top < 5 * MM}
    assert found["Åsa"] < 3 and said == pytest.approx(found["Åsa"], abs=0.05 + 0.01)  # said to 0.1 mm
    assert found["ocean"] >= 3


@pytest.mark.parametrize("path", sorted((ROOT / "fonts").glob("*.ttf")), ids=lambda p: p.name)
def test_glyph_bounds__are_the_glyph_table_as_fonttools_reads_it(path):
    """render/fonts.glyph_bounds reads each glyph's bounds from the font file itself (its 'loca' and
    'glyf' tables, short or long offsets): the same as fontTools, for accents, descenders and a
    character the font lacks (glyph 0, as reportlab draws it)."""
    from kitgen.render.fonts import register_fonts

    register_fonts({"title": path})
    with TTFont(path) as font:
        _compare_bounds(font, path.name)


def _compare_bounds(font: TTFont, name: str) -> None:
    from kitgen.render.fonts import glyph_bounds

    em, glyphs, widths = font["head"].unitsPerEm, font["glyf"], font["hmtx"]
    cmap = font.getBestCmap()
    for text in ["Åsa ÉÇ", "gjpqy", "Œuvre ſ", "\u4e00x"]:
        pen, boxes = 0.0, []
        for char in text:
            glyph_name = cmap.get(ord(char), ".notdef")
            glyph = glyphs[glyph_name]
            if glyph.numberOfContours:
                boxes.append((pen + glyph.xMin / em, glyph.yMax / em, pen + glyph.xMax / em, -glyph.yMin / em))
            pen += widths[glyph_name][0] / em
        expected = (min(b[0] for b in boxes), max(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        assert glyph_bounds(text, "title") == pytest.approx(expected, abs=1e-6), (name, text)
