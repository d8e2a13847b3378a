"""Draw layout shapes into Pillow images: card faces as PNG for print shops and virtual tabletops.

Layout is top-left, y down, like Pillow, so nothing is flipped here; points become pixels at the
requested resolution.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from kitgen.layout.shapes import Circle, Icon, Line, Picture, Rect, Shape, Text
from kitgen.layout.svgpath import flatten

_ANCHORS = {"left": "ls", "center": "ms", "right": "rs"}


def rasterise(shapes: tuple[Shape, ...], width: float, height: float, dpi: float, fonts: dict[str, Path],
              origin: tuple[float, float] = (0.0, 0.0), size_px: tuple[int, int] | None = None,
              images: dict | None = None) -> Image.Image:
    """An RGB image of `width` x `height` points at `dpi`; `origin` is the point drawn at pixel (0, 0)."""
    scale = dpi / 72
    size = size_px or (round(width * scale), round(height * scale))
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    ox, oy = origin

    def px(x: float, y: float) -> tuple[float, float]:
        return (x - ox) * scale, (y - oy) * scale

    for shape in shapes:
        if isinstance(shape, Rect):
            box = [*px(shape.x, shape.y), *px(shape.x + shape.w, shape.y + shape.h)]
            outline_w = max(1, round(shape.stroke_width * scale)) if shape.stroke else 0
            draw.rounded_rectangle(box, radius=shape.radius * scale, fill=shape.fill or None,
                                   outline=shape.stroke or None, width=outline_w)
        elif isinstance(shape, Circle):
            box = [*px(shape.x - shape.r, shape.y - shape.r), *px(shape.x + shape.r, shape.y + shape.r)]
            draw.ellipse(box, fill=shape.fill or None, outline=shape.stroke or None,
                         width=max(1, round(shape.stroke_width * scale)) if shape.stroke else 0)
        elif isinstance(shape, Line):
            draw.line([*px(shape.x1, shape.y1), *px(shape.x2, shape.y2)], fill=shape.color,
                      width=max(1, round(shape.width * scale)))
        elif isinstance(shape, Picture) and images and shape.key in images:
            x0, y0 = px(shape.x, shape.y)
            x1, y1 = px(shape.x + shape.w, shape.y + shape.h)
            picture = images[shape.key].resize((max(1, round(x1 - x0)), max(1, round(y1 - y0))), Image.LANCZOS)
            image.paste(picture, (round(x0), round(y0)), picture if picture.mode == "RGBA" else None)
        elif isinstance(shape, Icon):
            _icon(image, shape, px, scale)
        elif isinstance(shape, Text) and not shape.rotate:
            font = _font(str(fonts[shape.font]), round(shape.size * scale * 4) / 4)
            draw.text(px(shape.x, shape.y), shape.text, fill=shape.color, font=font, anchor=_ANCHORS[shape.align])
    return image


def _icon(image: Image.Image, icon: Icon, px, scale: float) -> None:
    """Fill the icon's outlines even-odd: each subpath flips the mask, so holes stay open."""
    sx, sy = icon.w / icon.view[0], icon.h / icon.view[1]
    mask = Image.new("1", image.size, 0)
    for polygon in flatten(list(icon.commands), tolerance=0.5 / max(sx * scale, 1e-6)):
        if len(polygon) < 3:
            continue
        layer = Image.new("1", image.size, 0)
        ImageDraw.Draw(layer).polygon([px(icon.x + x * sx, icon.y + y * sy) for x, y in polygon], fill=1)
        mask = ImageChops.logical_xor(mask, layer)
    image.paste(icon.color, mask=mask)


@lru_cache(maxsize=64)
def _font(path: str, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def save_png(image: Image.Image, path: Path, dpi: float) -> None:
    # No timestamps or text chunks: the same card gives the same bytes.
    image.save(path, "PNG", dpi=(dpi, dpi), optimize=False)


def compose_sheet(images: list[Image.Image], cols: int, rows: int) -> Image.Image:
    """Card images in a grid, left to right then top to bottom, as a deck sheet."""
    width, height = images[0].size
    sheet = Image.new("RGB", (cols * width, rows * height), "white")
    for slot, image in enumerate(images):
        row, col = divmod(slot, cols)
        sheet.paste(image, (col * width, row * height))
    return sheet
