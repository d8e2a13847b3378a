"""CMYK for the shops that ask (DriveThruCards): card images as CMYK JPG with a total-ink limit, and the
print PDF as PDF/X with a CMYK output intent. Converted by well-kept tools, not by our own colour maths:
LittleCMS through Pillow's ImageCms for pixels, Ghostscript's pdfwrite for the PDF, both with
Ghostscript's own CMYK profile (Artifex's SWOP profile, installed with Ghostscript; not shipped here).

Soft proof: SWOP cannot print the brightest RGB colours, so saturated blues, greens and oranges come out
duller, and pure RGB black becomes a rich black of about 300 % ink, brought down to the limit below by
moving the grey part of cyan, magenta and yellow into black (grey component replacement).
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms
from reportlab.pdfgen.canvas import Canvas

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.render import binary  # noqa: F401  (streams stay binary)

# DriveThruCards' print-ready route: "total ink at most 240 %" (a third-party summary of the same
# company's print rules, PRINTING.md "Shops and Tabletop Simulator"); most coated-stock presses take 300 %.
INK_LIMIT = 240  # percent, C + M + Y + K
_FIXED_DATE = 946684800  # 2000-01-01, the date reportlab's invariant mode writes, so kits do not differ by day
JPEG_QUALITY = 95
# JPEG at quality 95 moves each channel by a few levels near edges; four channels add up to about 10 %
# of total ink (measured: a 240 % back read back at 249.8 %). The pixels are limited this far below
# INK_LIMIT so that the JPEG the shop receives is within it.
JPEG_INK_MARGIN = 12  # percent
_PROFILE_PLACES = [  # where Ghostscript installs its ICC profiles (Debian; its own tree elsewhere)
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",
]


def cmyk_profile() -> Path:
    """Ghostscript's CMYK profile, or a one-line error that says what to install."""
    for pattern in _PROFILE_PLACES:
        found = sorted(glob.glob(pattern))
        if found:
            return Path(found[-1])
    raise KitgenError(error(Where("--target"), "CMYK export needs Ghostscript (its CMYK profile and PDF/X "
                                               "output): install ghostscript and try again"))


def limit_ink(cmyk: np.ndarray, limit: int = INK_LIMIT) -> np.ndarray:
    """Bring every pixel's total ink (C + M + Y + K, 255 = 100 %) to at most `limit` percent: first move
    the grey part of C, M and Y into K (same colour, less ink), then scale C, M, Y down if K is full."""
    ink = cmyk.astype(np.float64)
    cap = limit * 255 / 100
    over = np.maximum(ink.sum(axis=-1) - cap, 0)
    grey = np.minimum(ink[..., :3].min(axis=-1), 255 - ink[..., 3])
    moved = np.minimum(over / 2, grey)  # each unit moved into K saves two: three channels less, one more
    ink[..., :3] -= moved[..., None]
    ink[..., 3] += moved
    color = ink[..., :3].sum(axis=-1)
    room = np.maximum(cap - ink[..., 3], 0)
    scale = np.where(color > room, room / np.maximum(color, 1e-9), 1.0)
    ink[..., :3] *= scale[..., None]
    return np.floor(ink).astype(np.uint8)  # floor: rounding up could pass the limit by a level


def total_ink(image: Image.Image) -> float:
    """The highest C + M + Y + K of any pixel, in percent."""
    return float(np.asarray(image, dtype=np.uint16).sum(axis=-1).max()) * 100 / 255


def to_cmyk(image: Image.Image, profile: Path) -> Image.Image:
    """An RGB (sRGB) image as CMYK in `profile`, perceptual intent, ink limited."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(profile)),
                                        "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL)
    cmyk = ImageCms.applyTransform(image.convert("RGB"), transform)
    return Image.fromarray(limit_ink(np.asarray(cmyk), INK_LIMIT - JPEG_INK_MARGIN), "CMYK")


def write_cmyk_jpegs(folder: Path, names: list[str], dpi: float) -> list[Problem]:
    """Each PNG in `names` becomes NAME.jpg in CMYK (the profile embedded, `dpi` recorded); the PNG goes."""
    profile = cmyk_profile()
    icc = profile.read_bytes()
    for name in names:
        png = folder / name
        with Image.open(png) as image:
            cmyk = to_cmyk(image, profile)
        cmyk.save(png.with_suffix(".jpg"), "JPEG", quality=JPEG_QUALITY, dpi=(dpi, dpi), icc_profile=icc,
                  subsampling=0)
        png.unlink()
    return []


def write_pdfx(pages: list[Path], target: Path, title: str, dpi: float, bleed: float) -> None:
    """The CMYK JPG `pages` (already ink limited) as a PDF/X-3 at `target`, a page each, with TrimBox
    and BleedBox `bleed` points inside the page: Pillow writes the pages (CMYK JPEG stays CMYK),
    Ghostscript's pdfwrite makes it PDF/X and embeds the output intent that names the profile. The
    vector print PDF is not converted instead because pdfwrite cannot limit ink: its rich black text
    would carry about 300 %. `gs` runs with -dSAFER on our own files only, in a scratch folder under
    fixed names and a fixed date (SOURCE_DATE_EPOCH), because it derives the document ID from the file
    names: the same cards give the same bytes."""
    gs = shutil.which("gs")
    if gs is None:
        raise KitgenError(error(Where("--target"), "the PDF/X export needs Ghostscript: install ghostscript"))
    profile = cmyk_profile()
    with tempfile.TemporaryDirectory(prefix="kitgen-pdfx-") as scratch:
        folder = Path(scratch)
        _write_image_pdf(pages, folder / "cards.pdf", dpi, bleed)
        (folder / "pdfx_def.ps").write_text(_pdfx_definition(profile, title), encoding="latin-1")
        command = [gs, "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-dPDFX", "-sDEVICE=pdfwrite",
                   "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
                   "-dPassThroughJPEGImages=true",
                   f"-sOutputICCProfile={profile}", f"--permit-file-read={profile}",
                   "-sOutputFile=cards-pdfx.pdf", "pdfx_def.ps", "cards.pdf"]
        environment = {**os.environ, "SOURCE_DATE_EPOCH": str(_FIXED_DATE)}
        done = subprocess.run(command, cwd=folder, env=environment, capture_output=True, text=True, timeout=600,
                              stdin=subprocess.DEVNULL)
        written = folder / "cards-pdfx.pdf"
        if done.returncode != 0 or not written.is_file():
            reason = (done.stderr + done.stdout).strip().splitlines()
            raise KitgenError(error(Where(target.name), "Ghostscript could not write the PDF/X: "
                                                        + (reason[-1] if reason else f"exit {done.returncode}")))
        shutil.move(written, target)


def _write_image_pdf(pages: list[Path], path: Path, dpi: float, bleed: float) -> None:
    """One page per image at its size, TrimBox `bleed` inside, BleedBox the page (pdfwrite keeps both).
    reportlab embeds a JPEG as it is (DCTDecode: CMYK stays CMYK) and each distinct file once."""
    canvas = Canvas(str(path), invariant=1, pageCompression=1)
    for page in pages:
        with Image.open(page) as image:
            width, height = image.width * 72 / dpi, image.height * 72 / dpi
        canvas.setPageSize((width, height))
        canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
        canvas.setBleedBox((0, 0, width, height))
        canvas.drawImage(str(page), 0, 0, width, height)
        canvas.showPage()
    canvas.save()


def _pdfx_definition(profile: Path, title: str) -> str:
    """Ghostscript's PDFX_def.ps, filled in: the document's title and an output intent that embeds the CMYK profile the colours were converted to (GTS_PDFX,
    registry name CGATS TR 001 = SWOP)."""
    def text(value: str) -> str:
        safe = value.encode("latin-1", "replace").decode("latin-1")
        return "(" + safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return f"""%!
/ICCProfile {text(str(profile))} def
[ /GTS_PDFXVersion (PDF/X-3:2002) /Title {text(title)} /Trapped /False /DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} ICCProfile (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} <<
  /Type /OutputIntent /S /GTS_PDFX
  /OutputCondition (SWOP coated, Artifex CMYK profile)
  /OutputConditionIdentifier (CGATS TR 001)
  /RegistryName (http://www.color.org)
  /Info (Artifex CMYK SWOP Profile)
  /DestOutputProfile {{icc_PDFX}}
>> /PUT pdfmark
[{{Catalog}} <</OutputIntents [ {{OutputIntent_PDFX}} ]>> /PUT pdfmark
"""
