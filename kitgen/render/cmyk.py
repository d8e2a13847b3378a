"""CMYK for the shops that ask (DriveThruCards): the cards are drawn in CMYK (render/inks.py for the
colours, `cmyk_pictures` for the pictures) into a PDF/X-1a (render/pdfx.py), and its pages rendered by
Ghostscript straight to CMYK pixels, saved as JPG with a total-ink limit. No colour passes through RGB
on the way, so black type drawn 0 0 0 1 k comes out of the JPG on the black plate alone. Conversions
are by well-kept tools, not our own colour maths: LittleCMS through Pillow's ImageCms, with
Ghostscript's own CMYK profile (Artifex's SWOP profile, installed with Ghostscript; not shipped here).

Soft proof: SWOP cannot print the brightest RGB colours, so saturated blues, greens and oranges come out
duller; rich black is held within the ink limit by moving the grey part of cyan, magenta and yellow into
black (grey component replacement).
"""
from __future__ import annotations

import glob
import io
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms

from kitgen.errors import KitgenError, Where, error

# DriveThruCards' print-ready route: "total ink at most 240 %" (a third-party summary of the same
# company's print rules, PRINTING.md "Shops and Tabletop Simulator"); most coated-stock presses take 300 %.
INK_LIMIT = 240  # percent, C + M + Y + K
JPEG_QUALITY = 95
PICTURE_QUALITY = 92  # a picture inside the PDF: as render/images.py keeps opaque art (prints like the source)
# JPEG at quality 95 moves each channel by a few levels near edges; four channels add up to about 10 %
# of total ink (measured: a 240 % back read back at 249.8 %). The pixels are limited this far below
# INK_LIMIT so that the JPEG the shop receives is within it.
JPEG_INK_MARGIN = 12  # percent
BATCH = 8  # pages a Ghostscript renders at a time (its start-up is ~0.1 s; a poker page's TIFF ~1 MB)
STRIP = 1 << 18  # pixels the ink limit works on at a time (~8 MB of float64 a channel): memory stays flat
# A picture's see-through pixels, in a PDF/X-1a that has no transparency, are masked by colour key
# (PDF 1.3): this colour, 400 % ink, which no pixel within the ink limit can be.
KEY = (255, 255, 255, 255)
_PROFILE_PLACES = [  # where Ghostscript installs its ICC profiles (Debian; its own tree elsewhere)
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",
]
CONDITION = "SWOP (CGATS TR 001), Artifex CMYK SWOP profile"  # the output intent's words (render/pdfx.py)


def cmyk_profile() -> Path:
    """Ghostscript's CMYK profile, or a one-line error that says what to install."""
    for pattern in _PROFILE_PLACES:
        found = sorted(glob.glob(pattern))
        if found:
            return Path(found[-1])
    raise KitgenError(error(Where("--target"), "CMYK export needs Ghostscript (its CMYK profile, and it renders "
                                               "the CMYK images): install ghostscript and try again"))


def ghostscript() -> str:
    found = shutil.which("gs")
    if found is None:
        raise KitgenError(error(Where("--target"), "CMYK export needs Ghostscript: install ghostscript"))
    return found


def limit_ink(cmyk: np.ndarray, limit: int = INK_LIMIT) -> np.ndarray:
    """Bring every pixel's total ink (C + M + Y + K, 255 = 100 %) to at most `limit` percent: first move
    the grey part of C, M and Y into K (same colour, less ink), then scale C, M, Y down if K is full.
    Only the pixels over the limit are worked on (a card's are few: its rich colours); the rest, as the
    arithmetic would leave them, are left as they are."""
    cap = limit * 255 / 100
    over = cmyk.sum(axis=-1, dtype=np.uint16) > cap
    limited = cmyk.astype(np.uint8, copy=True)
    if over.any():
        limited[over] = _limited(cmyk[over], cap)
    return limited


def _limited(pixels: np.ndarray, cap: float) -> np.ndarray:
    """limit_ink's arithmetic on pixels (n x 4) that are all over `cap` (0-1020)."""
    ink = pixels.astype(np.float64)
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


def limit_image(image: Image.Image, limit: int) -> Image.Image:
    """The CMYK image with limit_ink applied, in place, a strip of rows at a time: besides the image,
    only a strip's pixels are held (a 40 MP card is its 160 MB and a few MB more)."""
    image.load()
    rows = max(1, STRIP // max(1, image.width))
    for top in range(0, image.height, rows):
        box = (0, top, image.width, min(image.height, top + rows))
        image.paste(Image.fromarray(limit_ink(np.asarray(image.crop(box)), limit), "CMYK"), box[:2])
    return image


def total_ink(image: Image.Image) -> float:
    """The highest C + M + Y + K of any pixel, in percent."""
    return float(np.asarray(image, dtype=np.uint16).sum(axis=-1).max()) * 100 / 255


def to_cmyk(image: Image.Image, profile: Path) -> Image.Image:
    """An RGB (sRGB) image as CMYK in `profile`, perceptual intent, within INK_LIMIT."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(profile)),
                                        "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL)
    return limit_image(transform.apply(image.convert("RGB")), INK_LIMIT)


def cmyk_pictures(pictures: dict, profile: Path) -> dict:
    """Each prepared picture (render/images.Art by key) as render/sheets draws it in CMYK: an opaque
    one as CMYK JPEG bytes (embedded as they are), one with transparency as (CMYK image, colour-key
    mask): its pixels less than half opaque become KEY, the rest keep their colour (a hard edge)."""
    made: dict = {}
    for key, art in pictures.items():
        picture = art.picture()
        cmyk = to_cmyk(picture, profile)
        if picture.mode != "RGBA":
            buffer = io.BytesIO()
            cmyk.save(buffer, "JPEG", quality=PICTURE_QUALITY, subsampling=0)
            made[key] = io.BytesIO(buffer.getvalue())
            continue
        pixels = np.array(cmyk)
        pixels[np.asarray(picture.getchannel("A")) < 128] = KEY
        made[key] = (Image.fromarray(pixels, "CMYK"), [value for channel in KEY for value in (channel, channel)])
    return made


def write_cmyk_jpegs(pdf: Path, pages: list[int], targets: list[Path], size: tuple[int, int],
                     page: tuple[float, float], dpi: float, profile: Path, progress=None) -> None:
    """Page pages[i] (from 0) of the CMYK `pdf`, every page `page` points large, to targets[i] as a
    CMYK JPG of exactly `size` pixels: Ghostscript renders the pages to CMYK (anti-aliased; a
    DeviceCMYK colour keeps its values, the output profile being the one they were made in), the ink
    is limited JPEG_INK_MARGIN below INK_LIMIT, and the JPG carries the profile and `dpi`. A batch of
    pages at a time, one Ghostscript on each core, so that only a few pages' pixels exist at once."""
    icc = profile.read_bytes()
    jobs = sorted(zip(pages, targets, strict=True))  # Ghostscript renders a page list in the PDF's order
    batches = [jobs[start:start + BATCH] for start in range(0, len(jobs), BATCH)]
    done = 0
    with tempfile.TemporaryDirectory(prefix="kitgen-cmyk-") as scratch, \
            ThreadPoolExecutor(max(1, min(os.cpu_count() or 1, len(batches)))) as pool:
        folders = [Path(scratch) / str(number) for number in range(len(batches))]
        rendered = [pool.submit(_render_pages, pdf, [page for page, _ in batch], folder, size, page)
                    for batch, folder in zip(batches, folders, strict=True)]
        for batch, folder, future in zip(batches, folders, rendered, strict=True):
            future.result()  # in order: the JPGs are written as the batches finish, each batch's TIFFs then go
            for number, (_, target) in enumerate(batch, start=1):
                raster = folder / f"{number}.tif"
                with Image.open(raster) as image:
                    if image.mode != "CMYK" or image.size != size:
                        raise KitgenError(error(Where(target.name), f"Ghostscript rendered {image.mode} "
                                                                    f"{image.width} x {image.height} px, not CMYK "
                                                                    f"{size[0]} x {size[1]}"))
                    limit_image(image, INK_LIMIT - JPEG_INK_MARGIN).save(
                        target, "JPEG", quality=JPEG_QUALITY, dpi=(dpi, dpi), icc_profile=icc, subsampling=0)
                raster.unlink()
            done += len(batch)
            if progress:
                progress(done, len(jobs))


def _render_pages(pdf: Path, pages: list[int], folder: Path, size: tuple[int, int], page: tuple[float, float]) -> None:
    """Pages (from 0) into folder/1.tif, 2.tif ... in that order, each scaled onto exactly `size`
    pixels: the resolution is the pixels over the page's inches each way (Ghostscript takes
    fractional resolutions), the device that size. -dSAFER: our own files only."""
    folder.mkdir()
    width, height = size
    command = [ghostscript(), "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=tiff32nc",
               "-sCompression=lzw", f"-r{width * 72 / page[0]!r}x{height * 72 / page[1]!r}", f"-g{width}x{height}",
               "-dFIXEDMEDIA", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
               "-sPageList=" + ",".join(str(number + 1) for number in pages),
               f"-sOutputFile={folder / '%d.tif'}", str(pdf)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    if done.returncode != 0 or not (folder / f"{len(pages)}.tif").is_file():
        reason = (done.stderr + done.stdout).strip().splitlines()
        raise KitgenError(error(Where(pdf.name), "Ghostscript could not render the CMYK cards: "
                                                 + (reason[-1] if reason else f"exit {done.returncode}")))
