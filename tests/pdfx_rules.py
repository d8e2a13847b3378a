"""PDF/X-1a:2003 (ISO 15930-4), checked rule by rule with pikepdf, a reader that did not write the file:
what Acrobat's and callas pdfToolbox's X-1a preflights check, as Padam87/pdfbox-preflight issue 1 lists
them (PRINTING.md A.4 item 19). `x1a_violations(path)` returns one line per rule broken ([] for a file
that conforms); `text_colors(path)` the fill colour each piece of text is drawn in, read from the
content streams (forms followed, q/Q honoured)."""
from __future__ import annotations

from pathlib import Path

import pikepdf

DEVICE_SPACES = {"/DeviceCMYK", "/DeviceGray"}
ALLOWED_FILTERS = {"/FlateDecode", "/DCTDecode", "/ASCII85Decode", "/ASCIIHexDecode", "/RunLengthDecode",
                   "/CCITTFaxDecode"}  # no LZW, JBIG2 or JPX in X-1a
RGB_OPERATORS = {"rg", "RG"}
TEXT_SHOWING = {"Tj", "TJ", "'", '"'}


def x1a_violations(path: Path) -> list[str]:
    found: list[str] = []
    header = path.read_bytes()[:8]
    if not header.startswith(b"%PDF-1.") or int(header[7:8]) > 4:
        found.append(f"PDF version {header!r}: X-1a:2003 allows 1.4 at most")
    with pikepdf.open(path) as pdf:
        found += _document(pdf)
        seen: set = set()
        for number, page in enumerate(pdf.pages, 1):
            found += [f"page {number}: {line}" for line in _page_boxes(page.obj)]
            found += [f"page {number}: {line}" for line in _content(page.obj, seen)]
            group = page.obj.get("/Group")
            if group is not None and group.get("/S") == "/Transparency":
                found.append(f"page {number}: a transparency group")
    return found


def _document(pdf: pikepdf.Pdf) -> list[str]:
    found = []
    info = pdf.trailer.get("/Info")
    info = info if info is not None else {}
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-1:2003":
        found.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}, not PDF/X-1:2003")
    if str(info.get("/GTS_PDFXConformance", "")) != "PDF/X-1a:2003":
        found.append(f"GTS_PDFXConformance is {info.get('/GTS_PDFXConformance')!r}, not PDF/X-1a:2003")
    if str(info.get("/Trapped")) not in ("/True", "/False"):
        found.append(f"Trapped is {info.get('/Trapped')!r}: True or False, not Unknown or missing")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")).strip():
            found.append(f"the Info dictionary has no {key[1:]}")
    ids = pdf.trailer.get("/ID")
    if ids is None or len(ids) != 2:
        found.append("the trailer has no ID")
    if pdf.is_encrypted or "/Encrypt" in pdf.trailer:
        found.append("encrypted")
    names = pdf.Root.get("/Names")
    if "/OpenAction" in pdf.Root or "/AA" in pdf.Root or (names is not None and "/JavaScript" in names):
        found.append("actions or JavaScript")
    return found + _output_intent(pdf)


def _output_intent(pdf: pikepdf.Pdf) -> list[str]:
    intents = [intent for intent in pdf.Root.get("/OutputIntents", []) if intent.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        return [f"{len(intents)} GTS_PDFX output intents: exactly one"]
    intent = intents[0]
    found = []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        found.append("the output intent has no OutputConditionIdentifier")
    if "/Info" not in intent:
        found.append("the output intent has no Info")
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        found.append("the output intent embeds no profile")
    else:
        icc = profile.read_bytes()
        if icc[12:16] != b"prtr" or icc[16:20] != b"CMYK" or int(profile.get("/N", 0)) != 4:
            found.append(f"the output profile is {icc[12:16]!r} {icc[16:20]!r}, not a CMYK printer profile")
    return found


def _page_boxes(page) -> list[str]:
    def box(name):
        value = page.get(name)
        return [float(v) for v in value] if value is not None else None

    media, bleed, trim = box("/MediaBox"), box("/BleedBox"), box("/TrimBox")
    if trim is None and box("/ArtBox") is None:
        return ["no TrimBox (or ArtBox)"]
    if bleed is None:
        return ["no BleedBox"]
    inside = (lambda inner, outer: inner[0] >= outer[0] - 1e-3 and inner[1] >= outer[1] - 1e-3
              and inner[2] <= outer[2] + 1e-3 and inner[3] <= outer[3] + 1e-3)
    if not (inside(bleed, media) and (trim is None or inside(trim, bleed))):
        return [f"boxes not nested: MediaBox {media} BleedBox {bleed} TrimBox {trim}"]
    return []


def _content(holder, seen: set) -> list[str]:
    """The colour operators and resources of a page or form, and of every form and picture it uses."""
    found: list[str] = []
    resources = holder.get("/Resources") or {}
    for operands, operator in pikepdf.parse_content_stream(holder):
        name = str(operator)
        if name in RGB_OPERATORS:
            found.append(f"an RGB colour ({' '.join(map(str, operands))} {name})")
        elif name in ("cs", "CS") and str(operands[0]) not in DEVICE_SPACES:
            found += _space(resources.get("/ColorSpace", {}).get(str(operands[0])), str(operands[0]))
    for name, state in (resources.get("/ExtGState") or {}).items():
        found += [f"graphics state {name}: {line}" for line in _graphics_state(state)]
    for name, xobject in (resources.get("/XObject") or {}).items():
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        found += _xobject(name, xobject, seen)
    for name, font in (resources.get("/Font") or {}).items():
        if not _embedded(font):
            found.append(f"font {name} ({font.get('/BaseFont')}) is not embedded")
    return found


def _xobject(name: str, xobject, seen: set) -> list[str]:
    found = [f"{name}: filter {f}" for f in _filters(xobject) if f not in ALLOWED_FILTERS]
    if xobject.get("/Subtype") == "/Form":
        group = xobject.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            found.append(f"form {name}: a transparency group")
        return found + _content(xobject, seen)
    if "/SMask" in xobject:
        found.append(f"picture {name}: a soft mask (transparency)")
    if not xobject.get("/ImageMask", False) and str(xobject.get("/ColorSpace")) not in DEVICE_SPACES:
        found += _space(xobject.get("/ColorSpace"), f"picture {name}")
    return found


def _space(space, name: str) -> list[str]:
    """A colour space other than DeviceCMYK or DeviceGray: only a spot colour (Separation or DeviceN)
    whose alternate is CMYK or grey passes."""
    if isinstance(space, pikepdf.Array) and str(space[0]) in ("/Separation", "/DeviceN") \
            and str(space[2]) in DEVICE_SPACES:
        return []
    return [f"{name} is in colour space {space!r}"]


def _graphics_state(state) -> list[str]:
    found = []
    if str(state.get("/SMask", "/None")) != "/None":
        found.append("a soft mask")
    for key in ("/CA", "/ca"):
        if float(state.get(key, 1)) != 1:
            found.append(f"{key[1:]} {state.get(key)} (transparency)")
    if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
        found.append(f"blend mode {state.get('/BM')}")
    if "/TR" in state or "/TR2" in state and state.get("/TR2") != "/Default":
        found.append("a transfer function")
    return found


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _filters(stream) -> list[str]:
    found = stream.get("/Filter")
    if found is None:
        return []
    return [str(f) for f in found] if isinstance(found, pikepdf.Array) else [str(found)]


def text_colors(path: Path) -> list[tuple]:
    """For every text-showing operator of every page (in forms too), the fill colour in force:
    ('k', c, m, y, k), ('g', grey), ('rg', r, g, b) or None when none was set."""
    colors: list[tuple] = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            _text_colors(page.obj, None, colors)
    return colors


def _text_colors(holder, color, colors: list) -> None:
    stack = []
    xobjects = (holder.get("/Resources") or {}).get("/XObject") or {}
    for operands, operator in pikepdf.parse_content_stream(holder):
        name = str(operator)
        if name == "q":
            stack.append(color)
        elif name == "Q":
            color = stack.pop()
        elif name in ("k", "g", "rg"):
            color = (name, *(round(float(v), 4) for v in operands))
        elif name in TEXT_SHOWING:
            colors.append(color)
        elif name == "Do":
            form = xobjects.get(str(operands[0]))
            if form is not None and form.get("/Subtype") == "/Form":
                _text_colors(form, color, colors)


def cmyk_colors(path: Path) -> set[tuple[float, ...]]:
    """Every CMYK colour (k and K operands) the content streams set, pages and forms alike."""
    found: set[tuple[float, ...]] = set()
    with pikepdf.open(path) as pdf:
        for stream in [page.obj for page in pdf.pages] + [obj for obj in pdf.objects
                                                          if isinstance(obj, pikepdf.Stream)
                                                          and obj.get("/Subtype") == "/Form"]:
            found |= {tuple(float(v) for v in operands) for operands, operator in pikepdf.parse_content_stream(stream)
                      if str(operator) in ("k", "K")}
    return found
