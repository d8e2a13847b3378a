"""render/document._measurer: the documents of a kit share one measurer, which measures as
render/fonts.measure does, and a font registered again (kitgen watch) gets a new one."""
from __future__ import annotations

from kitgen.project import Project
from kitgen.render.document import _measurer
from kitgen.render.fonts import font_files, measure, register_fonts

TEXTS = [("Opportunity Phase", "body", 9.5), ("Start", "bold", 8.5), ("·", "body", 7.5), ("Rules", "title", 20),
         ("_now_", "italic", 9.5), ("", "body", 9.5)]


def test_measurer__as_fonts_measure_and_anew_for_a_font_registered_again():
    files = font_files(Project.default().fonts)
    register_fonts(files)
    shared = _measurer()
    assert _measurer() is shared  # the next document of the kit measures with the same one
    assert [shared(*text) for text in TEXTS] == [measure(*text) for text in TEXTS]
    try:
        register_fonts({**files, "body": files["bold"]})  # a font replaced while kitgen watch runs
        again = _measurer()
        assert again is not shared
        assert again("Opportunity Phase", "body", 9.5) == measure("Opportunity Phase", "bold", 9.5)
        assert again("Opportunity Phase", "body", 9.5) != shared("Opportunity Phase", "body", 9.5)
    finally:
        register_fonts(files)
