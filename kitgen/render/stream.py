"""Write a reportlab canvas to its file as the pages are drawn, not all at the end.

reportlab's Canvas.save() formats every object of the document at once: a deck's card faces,
pictures and pages are all held in memory until the last page is drawn, and then the whole file
is assembled in memory once more before it is written. A deck of 10,000 cards is hundreds of MB.

StreamedPDF takes over save(). After each page, flush() writes what is finished and can no
longer change (card-face and layer forms, pictures, pages, and the content streams they own)
and leaves only a small stub in their place. finish() then writes what had to wait (fonts, whose
subsets are known only at the end, the page tree, catalogue, info), the cross-reference table
and the trailer, exactly as reportlab's PDFDocument.format() does. Objects keep the numbers
reportlab gave them; only their order in the file differs from save()'s, and it is the same on
every run, so output stays byte-identical for the same input.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import (PDFArray, PDFCrossReferenceTable, PDFFormXObject, PDFImageXObject,
                                      PDFIndirectObject, PDFName, PDFObject, PDFObjectReference, PDFPage,
                                      PDFResourceDictionary, PDFStream, PDFTrailer, pdfdocEnc)
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

from kitgen.render.canvas import FLATE, state
from kitgen.render import binary  # noqa: F401  (streams stay binary)

# Finished once reportlab has registered them: a form at endForm(), a page at showPage(), a picture
# when first drawn. Written early with the streams their formatting creates (their contents).
FINISHED = (PDFFormXObject, PDFImageXObject, PDFPage)


class _Written(PDFObject):
    """Stands in for an object already in the file: keeps its name registered and, for a picture,
    the size reportlab reads when the same picture is drawn again; holds nothing else."""

    __slots__ = ("width", "height")

    def __init__(self, width=None, height=None):
        self.width, self.height = width, height

    def format(self, document):  # never formatted: finish() skips written objects
        raise AssertionError("an object was formatted twice")


WRITTEN = _Written()  # one for every form and page: only pictures need their own (their size)


class _Formatted(PDFObject):
    """Bytes already formatted for this PDF, written as they are."""

    __slots__ = ("data",)

    def __init__(self, data: bytes):
        self.data = data

    def format(self, document) -> bytes:
        return self.data


@lru_cache(maxsize=4096)
def _pdf_name(name: str) -> bytes:
    """A form's name as PDFName() writes it (a character at a time: the same icons and layers
    are named in many faces' resources)."""
    return PDFName(name).encode()


def _plain_page(page: PDFPage) -> bool:
    """A page whose /Resources PDFPage.format() would make as a form's: no graphics states,
    shadings or colour spaces (set by the canvas at showPage; reportlab's stubs leave them out)."""
    return not (rl_config.pdfMultiLine or page.Override_default_compilation or getattr(page, "ExtGState", None)
                or getattr(page, "_shadingUsed", None) or getattr(page, "_colorsUsed", None))


class StreamedPDF:
    def __init__(self, canvas: Canvas, path: Path):
        self.canvas = canvas
        self.doc = state(canvas)._doc
        if self.doc.encrypt.info():
            raise ValueError("StreamedPDF does not write encrypted PDFs")
        self.doc.encrypt.prepare(self.doc)  # as format() does first; a no-op without encryption
        self.file = open(path, "wb")
        self.offset = 0
        self.scanned = 0  # object numbers up to this one have been looked at by flush()
        self.pages_seen = 0  # pages before this one in the page tree are written and replaced by names
        self.resources: dict[tuple, _Formatted] = {}  # a form's procsets and XObject names -> its /Resources
        self.fonts_and_procsets: dict[bool, bytes] = {}  # with pictures or without: those /Resources entries
        self.flate = pdf_format(FLATE, self.doc)  # the /Filter of every form end_form() finishes, formatted once
        self._write(pdfdocEnc("%%PDF-%s.%s" % self.doc._pdfVersion)
                    + b"\n%\223\214\213\236 ReportLab Generated PDF document (opensource)\n")

    def __enter__(self) -> StreamedPDF:
        return self

    def __exit__(self, *exc) -> None:
        self.file.close()

    def _write(self, data: bytes) -> int:
        offset = self.offset
        self.file.write(data)
        self.offset += len(data)
        return offset

    def _write_object(self, number: int) -> None:
        doc = self.doc
        name = doc.numberToId[number]
        before = doc.objectcounter
        original = doc.idToObject[name]
        if isinstance(original, PDFFormXObject) and original.Resources is None and not rl_config.pdfMultiLine:
            original.Resources = self._form_resources(original)  # one line each, as reportlab's default writes it
        elif isinstance(original, PDFPage) and original.Resources is None and _plain_page(original):
            original.Resources = self._form_resources(original)
        data = self._form(name, original) if isinstance(original, PDFFormXObject) else None
        doc.idToOffset[name] = self._write(data or PDFIndirectObject(name, original).format(doc))
        doc.idToObject[name] = (_Written(original.width, original.height) if isinstance(original, PDFImageXObject)
                                else WRITTEN)
        # Formatting it may register its own content stream: that is finished too.
        for child in range(before + 1, doc.objectcounter + 1):
            child_name = doc.numberToId[child]
            if isinstance(doc.idToObject[child_name], PDFStream):
                self._write_object(child)

    def _form(self, name: str, form: PDFFormXObject) -> bytes | None:
        """A card face's or layer's form as PDFIndirectObject(name, form).format() writes it, for
        the forms render/canvas.py's end_form() finishes (compressed content, no annotations);
        None for any other, which reportlab formats. Formatting a deck's thousand forms through
        reportlab's generic dictionaries was a quarter of rebuilding it after an edit."""
        contents = form.Contents
        if (rl_config.pdfMultiLine or rl_config.pdfComments or form.Annots or form.BBox or form.Matrix
                or not isinstance(form.Resources, _Formatted) or not isinstance(contents, PDFStream)
                or "Filter" not in contents.dictionary.dict or len(contents.dictionary.dict) != 1
                or not isinstance(contents.content, bytes)):
            return None
        number, version = self.doc.idToObjectNumberAndVersion[name]
        self.doc.encrypt.register(number, version)  # as PDFIndirectObject.format() does
        content = contents.content
        box = fp_str(form.lowerx, form.lowery, form.upperx, form.uppery).encode()  # each number, space apart
        stream_filter = contents.dictionary.dict["Filter"]
        # PDFDictionary.format(): sorted keys, one line, a line break before the seventh
        entries = [b"/BBox [ " + box + b" ]",
                   b"/Filter " + (self.flate if stream_filter is FLATE else pdf_format(stream_filter, self.doc)),
                   b"/FormType 1", b"/Length " + fp_str(len(content)).encode(), b"/Matrix [ 1 0 0 1 0 0 ]",
                   b"/Resources " + form.Resources.data, b"\n ", b"/Subtype /Form", b"/Type /XObject"]
        return (b"%d %d obj\n<<\n" % (number, version) + b" ".join(entries) + b"\n>>\nstream\n" + content
                + b"endstream\nendobj\n")

    def _form_resources(self, form: PDFFormXObject | PDFPage) -> _Formatted:
        """The /Resources PDFFormXObject.format() would make, formatted once per set of forms used
        (a deck's faces mostly place the same few: their icons and layers), as
        PDFResourceDictionary.format() writes it: its fonts and procsets, then the forms placed
        (sorted keys, one line). A face's set of icons is often its own (~250 sets for Galactic
        Civ), and reportlab's generic dictionaries took ~15 ms of CPU to format them. A page's,
        as PDFPage.format() makes them, are the same when it has no graphics states, shadings or
        colour spaces (kitgen's never do): its faces' names, each escaped a character at a time
        by reportlab's PDFName, on every sheet."""
        names = (form.hasImages, *form.XObjects.dict) if form.XObjects else (form.hasImages,)
        resources = self.resources.get(names)
        if resources is None:
            entries = self._fonts_and_procsets(bool(form.hasImages))
            if form.XObjects:
                entries += b" /XObject " + self._xobjects(form.XObjects.dict)
            resources = self.resources[names] = _Formatted(b"<<\n" + entries + b"\n>>")
        return resources

    def _fonts_and_procsets(self, images: bool) -> bytes:
        entries = self.fonts_and_procsets.get(images)
        if entries is None:
            made = PDFResourceDictionary()  # as PDFFormXObject.format() makes it
            made.basicFonts()
            if images:
                made.allProcs()
            else:
                made.basicProcs()
            entries = self.fonts_and_procsets[images] = (b"/Font " + pdf_format(made.Font, self.doc) + b" /ProcSet "
                                                         + pdf_format(PDFArray(made.ProcSet), self.doc))
        return entries

    def _xobjects(self, references: dict) -> bytes:
        """PDFDictionary(references).format() of a dictionary of form references: sorted names,
        one line, a line break before the seventh entry, the thirteenth ..."""
        numbers = self.doc.idToObjectNumberAndVersion
        entries = [b"%s %d %d R" % (_pdf_name(name), *numbers[reference.name])
                   for name, reference in sorted(references.items())]
        for index in reversed(range(6, len(entries), 6)):
            entries.insert(index, b"\n ")
        return b"<<\n" + b" ".join(entries) + b"\n>>"

    def _written(self, name: str) -> bool:
        return isinstance(self.doc.idToObject[name], _Written)

    def flush(self) -> None:
        """Write every finished object registered since the last flush, and drop it."""
        doc = self.doc
        while self.scanned < doc.objectcounter:
            self.scanned += 1
            name = doc.numberToId[self.scanned]
            if isinstance(doc.idToObject[name], FINISHED):
                self._write_object(self.scanned)
        pages = doc.Pages.pages  # the page tree needs only their names, to refer to them (__InternalName__,
        # which reportlab gives an object it registers, is missing from its stubs)
        for index in range(self.pages_seen, len(pages)):
            page = pages[index]
            if isinstance(page, PDFPage) and self._written(page.__InternalName__):  # type: ignore[attr-defined]
                pages[index] = PDFObjectReference(page.__InternalName__)  # type: ignore[attr-defined]
        self.pages_seen = len(pages)

    def finish(self) -> None:
        """What Canvas.save() does after the last page (SaveToFile, GetPDFData, format), skipping
        the objects already written. Closes the file."""
        canvas, doc = self.canvas, self.doc
        if len(state(canvas)._code):
            canvas.showPage()
        self.flush()
        for font in doc.delayedFonts:
            font.addObjects(doc)
        doc.info.invariant = doc.invariant
        doc.info.digest(doc.signature)
        catalog, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
        doc.Outlines.prepare(doc, canvas)
        if doc.Outlines.ready < 0:
            doc.Catalog.Outlines = None
        number, names = 0, []
        while number + 1 in doc.numberToId:  # objects may register more objects as they are formatted
            number += 1
            name = doc.numberToId[number]
            if not self._written(name):
                self._write_object(number)
            names.append(name)
        xref = PDFCrossReferenceTable()
        xref.addsection(0, names)
        start = self._write(xref.format(doc))
        trailer = PDFTrailer(startxref=start, Size=len(doc.numberToId) + 1, Root=catalog, Info=info,
                             Encrypt=None, ID=doc.ID())
        self._write(trailer.format(doc))
        self.file.close()
