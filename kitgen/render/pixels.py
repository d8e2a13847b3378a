"""Card images are the print PDF, rendered: pdfium (the renderer in Chrome) draws each page of a
PDF onto a bitmap of an exact size, and Pillow writes it as an 8-bit RGB PNG with its resolution
and an sRGB profile. Nothing here draws a card: there is one drawing, the PDF."""
from __future__ import annotations

import ctypes
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageCms, PngImagePlugin

# A fixed creation date for the sRGB profile: LittleCMS stamps the current time into the ICC
# header (bytes 24-35, ICC.1:2022 section 7.2.1), which would make every export's bytes differ.
_ICC_DATE = bytes.fromhex("07ea00010001000000000000")  # 2026-01-01 00:00:00
_PAGES_PER_TASK = 8  # a worker's share at a time: small enough for steady progress, large enough to open the PDF rarely


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    return profile[:24] + _ICC_DATE + profile[36:]


def render_page(page: pdfium.PdfPage, size: tuple[int, int]) -> Image.Image:
    """The page scaled onto exactly `size` pixels (PDFium's own sizing rounds 825.0 up to 826
    when the scale is not exact in floating point): anti-aliased, white behind, 8-bit RGB."""
    width, height = size
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR, None, 0)
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        matrix = pdfium_c.FS_MATRIX(width / page.get_width(), 0, 0, height / page.get_height(), 0, 0)
        clip = pdfium_c.FS_RECTF(0, 0, width, height)
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page.raw, ctypes.byref(matrix), ctypes.byref(clip),
                                                 pdfium_c.FPDF_ANNOT)
        stride = pdfium_c.FPDFBitmap_GetStride(bitmap)
        data = ctypes.string_at(pdfium_c.FPDFBitmap_GetBuffer(bitmap), stride * height)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return Image.frombuffer("RGB", size, data, "raw", "BGR", stride, 1).copy()


def save_png(image: Image.Image, path: Path, dpi: float) -> None:
    """RGB, the resolution in pHYs and the sRGB profile in iCCP; no time or text chunks, so the
    same card gives the same bytes."""
    image.convert("RGB").save(path, "PNG", dpi=(dpi, dpi), icc_profile=srgb_profile(), pnginfo=PngImagePlugin.PngInfo())


def render_pdf_pages(pdf: Path, jobs: list[tuple[int, str]], size: tuple[int, int], dpi: float) -> int:
    """Render pages (index, PNG path) of `pdf` at `size`; returns how many. Runs in a worker."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index, target in jobs:
            page = document[index]
            save_png(render_page(page, size), Path(target), dpi)
            page.close()
    finally:
        document.close()
    return len(jobs)


def render_pdf(pdf: Path, targets: list[Path], size: tuple[int, int], dpi: float, progress=None,
               workers: int | None = None) -> None:
    """Page i of `pdf` to targets[i], on every core (each worker opens the PDF itself: PDFium is
    not thread-safe). Each file depends only on its page, so the bytes do not depend on the
    number of workers. `progress(done, total)` hears of each batch finished."""
    jobs = [(index, str(target)) for index, target in enumerate(targets)]
    tasks = [jobs[start:start + _PAGES_PER_TASK] for start in range(0, len(jobs), _PAGES_PER_TASK)]
    workers = min(workers or os.cpu_count() or 1, len(tasks))
    done = 0
    if workers <= 1:
        for task in tasks:
            done += render_pdf_pages(pdf, task, size, dpi)
            if progress:
                progress(done, len(jobs))
        return
    # spawn: a fresh interpreter per worker, never a fork of one holding PDFium's state or threads
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(render_pdf_pages, pdf, task, size, dpi) for task in tasks]
        for future in as_completed(futures):
            done += future.result()
            if progress:
                progress(done, len(jobs))


def compose_sheet(cells: dict[int, Path], cols: int, rows: int, cell: tuple[int, int], path: Path,
                  dpi: float) -> None:
    """Card images (slot -> PNG) in a grid, left to right then top to bottom, as one sheet."""
    width, height = cell
    sheet = Image.new("RGB", (cols * width, rows * height), "white")
    for slot, source in cells.items():
        row, col = divmod(slot, cols)
        with Image.open(source) as image:
            sheet.paste(image.convert("RGB"), (col * width, row * height))
    save_png(sheet, path, dpi)


def thumbnail(source: Path, path: Path, box: int = 256) -> None:
    """A picture of the deck for TTS's Saved Objects browser: the image fitted into a box x box
    square (TTS's own thumbnails are square), transparent around it."""
    with Image.open(source) as image:
        picture = image.convert("RGB")
    picture.thumbnail((box, box), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (box, box), (0, 0, 0, 0))
    canvas.paste(picture, ((box - picture.width) // 2, (box - picture.height) // 2))
    canvas.save(path, "PNG", pnginfo=PngImagePlugin.PngInfo())
