"""Declare a reportlab PDF drawn in CMYK (render/inks.py) as PDF/X-1a:2003 (ISO 15930-4), what
DriveThruCards asks for its card PDFs: the document information keys and the output intent with the
CMYK profile its colours were converted to. reportlab writes the rest X-1a wants as it is: every
font embedded (TrueType subsets), a trailer ID, /Trapped /False, Title and dates in the Info
dictionary; the pages' TrimBox and BleedBox come from render/sheets.py. What X-1a forbids, kitgen's
CMYK drawing never writes: no RGB or ICC-based colour, no soft masks or transparency groups, no
graphics state with alpha, and the header stays %PDF-1.3 (X-1a:2003 allows 1.4 at most).

Nothing here converts anything: a PDF drawn in RGB would still say RGB. Ghostscript's pdfwrite was the
other way (convert the vector PDF, -dPDFX): its 10.0 interpreter drops the fonts' ToUnicode maps
(accented text no longer extractable) and writes every form again on every page that uses it.
"""
from __future__ import annotations

import zlib
from pathlib import Path

from reportlab.pdfbase.pdfdoc import (PDFArray, PDFCatalog, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFStream,
                                      PDFString)

from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.canvas import FLATE, SheetCanvas, state

# ISO 15930-4 names the standard by two keys: "PDF/X-1:2003" for the version, the conformance level
# "PDF/X-1a:2003" (poppler's pdfinfo reads the first as PDF/X-1:2003, part 4 of ISO 15930; mPDF and
# Acrobat write both so).
PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"
# The output intent: the printing condition the CMYK values were made for. Ghostscript's default CMYK
# profile is Artifex's SWOP profile; SWOP's registered characterisation is CGATS TR 001 (color.org's
# registry), the condition OneBookShelf's preflight steps choose ("US Web Coated (SWOP) v2").
CONDITION_IDENTIFIER = "CGATS TR 001"
REGISTRY = "http://www.color.org"


class PdfxInfo(PDFInfo):
    """reportlab's document information (PDFInfo.format, the same keys and values) with the two
    PDF/X keys; /Trapped stays False (kitgen does no trapping)."""

    def format(self, document):
        fields = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                  "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                  "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
                  "Trapped": PDFName(self.trapped), "GTS_PDFXVersion": PDFString(PDFX_VERSION),
                  "GTS_PDFXConformance": PDFString(PDFX_CONFORMANCE)}
        fields["CreationDate"] = fields["ModDate"] = PDFDate(ts=document._timeStamp,
                                                             dateFormatter=getattr(self, "_dateFormatter", None))
        return PDFDictionary(fields).format(document)


def declare_pdfx(canvas: SheetCanvas, profile: Path, condition: str) -> None:
    """Make the canvas's PDF a PDF/X-1a:2003 with `profile` (an ICC output profile, CMYK) as its output
    intent, `condition` naming the printing condition in words."""
    doc = state(canvas)._doc
    info = PdfxInfo()
    info.__dict__.update(doc.info.__dict__)  # the title, creator, producer ... set on the canvas
    doc.info = info
    icc = PDFStream(content=zlib.compress(profile.read_bytes()))
    icc.dictionary["Filter"] = FLATE  # compressed already: reportlab adds no filter of its own
    icc.dictionary["N"] = 4  # components: CMYK
    intent = PDFDictionary({"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                            "OutputCondition": PDFString(condition),
                            "OutputConditionIdentifier": PDFString(CONDITION_IDENTIFIER),
                            "RegistryName": PDFString(REGISTRY), "Info": PDFString(condition),
                            "DestOutputProfile": doc.Reference(icc)})
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([doc.Reference(intent)])
    # PDFCatalog writes the keys it lists (__NoDefault__); this catalog lists one more
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
