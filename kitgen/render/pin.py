"""What kitgen uses of reportlab beyond its public API, and the one line when a release lacks it.

pyproject.toml pins reportlab to the releases this was tested with; should another be installed
anyway, a missing name stops the build with one line instead of writing a broken PDF.
tests/unit/test_reportlab_pin.py checks the pin and these lists."""
from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from kitgen.errors import KitgenError, Where, error

# render/canvas.py and render/stream.py: a canvas's and its document's private state
PRIVATE_CANVAS = ("_doc", "_code", "_fontname", "_fontsize", "_leading", "_pageCompression", "_preamble")
PRIVATE_DOCUMENT = ("_pdfVersion", "idToObject", "idToOffset", "idToObjectNumberAndVersion", "numberToId",
                    "objectcounter", "delayedFonts", "encrypt", "Catalog", "Pages", "Outlines", "info",
                    "Reference", "addForm", "xobjDict", "invariant",
                    "_timeStamp")  # render/pdfx.py: the date reportlab's own Info dictionary writes
PRIVATE_PDFMETRICS = ("_fonts", "_dynFaceNames")  # render/fonts.py: a font replaced while watch runs


def check_pdfmetrics() -> None:
    refuse([f"pdfmetrics.{name}" for name in PRIVATE_PDFMETRICS if not hasattr(pdfmetrics, name)])


def refuse(missing: list[str]) -> None:
    if missing:
        import reportlab

        raise KitgenError(error(Where("kitgen"), f"reportlab {reportlab.Version} is installed, but kitgen needs "
                                f"{', '.join(missing)} of it and was tested only with the reportlab its package "
                                "pins (pyproject.toml): reinstall kitgen to get that version"))
