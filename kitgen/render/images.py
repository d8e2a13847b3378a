"""Art: open, check and prepare images with Pillow before anything is drawn.

Only PNG, JPEG and WebP are opened; huge or damaged files are refused; EXIF rotation, CMYK,
palette and 16-bit images are normalised; the picture is cropped to the box (cover, around a
focal point) or fitted inside it (contain) and downsampled to print resolution.
"""
from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from kitgen.check.art import art_resolution, art_unreadable, effective_dpi
from kitgen.errors import Problem, Where
from kitgen.units import MAX_IMAGE_PIXELS

FORMATS = ["PNG", "JPEG", "WEBP"]
PRINT_DPI = 300  # art is downsampled to this at its printed size (check/art.LOW_DPI: what prints soft)


@dataclass(frozen=True)
class Art:
    key: str  # content hash of the prepared picture: the same picture is embedded once
    image: Image.Image | None  # kept only when not encoded (transparency): pixels are large
    aspect: float  # width / height of the prepared picture
    dpi: float  # effective resolution of the source at the printed size
    encoded: bytes = b""  # JPEG for opaque pictures: the PDF keeps it as is, a fraction of raw pixels

    def reader_source(self):
        """What reportlab should embed: the JPEG bytes (DCTDecode), or the image (with its alpha)."""
        return io.BytesIO(self.encoded) if self.encoded else self.image

    def picture(self) -> Image.Image:
        """The pixels, decoded when needed (image exports, the ink saver)."""
        return self.image if self.image is not None else Image.open(io.BytesIO(self.encoded)).convert("RGB")


def prepare_art(path: Path, box_w: float, box_h: float, fit: str, focus: tuple[float, float],
                shown: str, owner: str, where: Where) -> tuple[Art | None, list[Problem]]:
    """The picture ready to draw in a box of box_w x box_h points, or None and the problems (a
    picture that cannot be read: a warning, the card shows its placeholder)."""
    try:
        image = _open(path)
    except _Refused as exc:
        return None, [art_unreadable(where, owner, shown, str(exc))]
    image = _normalise(ImageOps.exif_transpose(image))
    if fit == "cover":
        image = _crop_to(image, box_w / box_h, focus)
        placed_w = box_w
    else:
        placed_w = min(box_w, box_h * image.width / image.height)
    dpi = effective_dpi(image.width, placed_w)
    problems = art_resolution(where, owner, shown, image.width, placed_w)
    target = max(1, round(placed_w / 72 * PRINT_DPI))  # at least a pixel: a 1 x 30000 px strip is 0 px wide
    if image.width > target:  # downsample to print resolution: smaller PDFs, same print
        image = image.resize((target, max(1, round(image.height * target / image.width))), Image.Resampling.LANCZOS)
    encoded = b""
    if image.mode == "RGB":  # opaque: embed as JPEG (quality 92 prints like the source); alpha stays lossless
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=92, optimize=True)
        encoded = buffer.getvalue()
    key = hashlib.sha256(encoded or image.mode.encode() + repr(image.size).encode() + image.tobytes()).hexdigest()[:24]
    return Art(key, None if encoded else image, image.width / image.height, dpi, encoded), problems


class _Refused(Exception):
    pass


def _open(path: Path) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(path, formats=FORMATS)
            if image.width * image.height > MAX_IMAGE_PIXELS:
                raise _Refused(f"{image.width} x {image.height} px is more than {MAX_IMAGE_PIXELS // 1_000_000} megapixels")
            image.load()  # decode now: a truncated file fails here, not as a half-grey card
    except FileNotFoundError:
        raise _Refused("file not found") from None
    except UnidentifiedImageError:
        raise _Refused(f"not an image kitgen reads ({', '.join(FORMATS)})") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _Refused("image is too large (decompression bomb)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise _Refused(f"cannot read the image ({exc}); is the file truncated or damaged?") from None
    return image


def _normalise(image: Image.Image) -> Image.Image:
    """RGB, or RGBA where the picture has transparency: what reportlab embeds as it is."""
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        image = image.point(lambda value: value / 257).convert("L")  # 16-bit: scale, do not clip
    if image.mode == "P" and "transparency" in image.info or image.mode in ("LA", "PA", "RGBA"):
        return image.convert("RGBA")
    return image.convert("RGB")


def _crop_to(image: Image.Image, aspect: float, focus: tuple[float, float]) -> Image.Image:
    """The largest window of the given aspect, as centred on the focal point as the picture allows."""
    width, height = image.size
    if width / height > aspect:
        new_w, new_h = round(height * aspect), height
    else:
        new_w, new_h = width, round(width / aspect)
    left = min(max(0, round(focus[0] * width - new_w / 2)), width - new_w)
    top = min(max(0, round(focus[1] * height - new_h / 2)), height - new_h)
    return image.crop((left, top, left + new_w, top + new_h))
