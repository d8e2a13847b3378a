"""kitgen's colours (#rrggbb, sRGB) as the CMYK inks a print shop's PDF is drawn in (render/canvas.py
writes them when a canvas has `inks`): converted by LittleCMS into the output profile, as the pictures
are (render/cmyk.py), with the printer's rules for black:

- a neutral grey (within one just-noticeable difference of grey) prints on the black plate alone, at the
  K that prints its lightness: no cyan, magenta or yellow to misregister around thin lines and type;
- so black type is 100% K (0 0 0 1 k): every grey darker than K alone prints (#1a1a1a body text), and
  type, lines and icons in a grey that K alone prints above SOLID_FROM (#444444 reminder text: 93 %)
  are solid black too: a screen that dark only roughens small type's edges;
- only an area of that black whose shorter side is at least RICH_BLACK_FROM prints rich black, which
  K alone would leave greyish;
- any other colour is LittleCMS's perceptual conversion, ink limited (render/cmyk.limit_ink).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import cast

import numpy as np
from PIL import Image, ImageCms
from reportlab.lib.rl_accel import fp_str

from kitgen.render.cmyk import INK_LIMIT, limit_ink

# Shops' rule of thumb: "Large, solid black areas and text over 36 point should use Rich Black ... For
# smaller text, we recommend using 100% Black only" (http://www.smartlevels.com/b/pages/Designforprint.aspx):
# 36 pt is half an inch. Text, lines and icons never print rich black here; a filled rectangle or circle
# at least this wide both ways is a "large area".
RICH_BLACK_FROM = 36.0  # points (12.7 mm)
# "60% Cyan, 40% Magenta, 40% Yellow, 100% Black ... 240" (https://drummond.com/ufaqs/100-black-verses-4-color-
# black-or-registration/): a neutral rich black, and 240 % is DriveThruCards' total ink limit (render/cmyk.py).
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
# CIELAB chroma within which a colour counts as grey: 2.3, about one just-noticeable difference (Sharma,
# "Digital Color Imaging Handbook", 2003: a Delta E*ab of about 2.3 is a JND).
NEUTRAL_CHROMA = 2.3
SOLID_FROM = 0.9  # a grey of type, lines and icons (no area) that K alone prints this dark or darker: solid K
_OPERATORS = {"rg": "k", "RG": "K"}  # a fill or a stroke colour


class Inks:
    """CMYK for kitgen's colours in one output profile, each colour converted once."""

    def __init__(self, profile: Path):
        self.profile = profile

    def operator(self, color: str, operator: str, size: float = 0.0) -> str:
        """The PDF operator setting `color` (#rrggbb) as CMYK: 'c m y k k' for a fill ('rg'), 'K' for
        a stroke ('RG'). `size`: an area's shorter side in points (0: type, a line or an icon)."""
        return _operator(self.profile, color, _OPERATORS[operator], _kind(size))

    def cmyk(self, color: str, size: float = 0.0) -> tuple[float, float, float, float]:
        """The colour's inks, each 0-1."""
        return _cmyk(self.profile, color, _kind(size))


def _kind(size: float) -> str:
    """What the black rules tell apart: 'fine' (type, lines, icons), an 'area', a 'large' area."""
    return "fine" if size <= 0 else "large" if size >= RICH_BLACK_FROM else "area"


@lru_cache(maxsize=1024)
def _operator(profile: Path, color: str, operator: str, kind: str) -> str:
    return f"{fp_str(_cmyk(profile, color, kind))} {operator}"


@lru_cache(maxsize=1024)
def _cmyk(profile: Path, color: str, kind: str) -> tuple[float, float, float, float]:
    rgb = tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
    lightness, a, b = _pixel(_transforms(profile)[0], "RGB", rgb)
    if (a - 128) ** 2 + (b - 128) ** 2 <= NEUTRAL_CHROMA ** 2:  # grey: the black plate alone
        k = _black_for(profile, lightness)
        if k == 1.0 and kind == "large":
            return RICH_BLACK
        return (0.0, 0.0, 0.0, 1.0 if k >= SOLID_FROM and kind == "fine" else k)
    inks = np.array([[_pixel(_transforms(profile)[1], "RGB", rgb)]], dtype=np.uint8)
    c, m, y, k = limit_ink(inks, INK_LIMIT)[0, 0]
    return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))


def _black_for(profile: Path, lightness: int) -> float:
    """The K alone that prints `lightness` (CIELAB L*, 0-255) in the profile: 1 for any grey darker
    than full black ink prints, 0 for white; between, where the profile's K ramp reaches it."""
    ramp = _black_ramp(profile)  # L* of K = 0 ... 255, darker as K grows
    if lightness <= ramp[-1]:
        return 1.0
    k = float(np.interp(-lightness, -ramp, np.arange(256)))  # np.interp wants a rising x: negate
    return round(k / 255, 4)


@lru_cache(maxsize=4)
def _black_ramp(profile: Path) -> np.ndarray:
    ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
    lab = _transforms(profile)[2].apply(ramp)
    return np.asarray(lab, dtype=np.float64)[0, :, 0]


@lru_cache(maxsize=4)
def _transforms(profile: Path):
    """sRGB to CIELAB, sRGB to CMYK (perceptual, as pictures) and CMYK to CIELAB, by LittleCMS."""
    srgb, lab, cmyk = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), ImageCms.getOpenProfile(str(profile))
    colorimetric = ImageCms.Intent.RELATIVE_COLORIMETRIC
    return (ImageCms.buildTransform(srgb, lab, "RGB", "LAB", renderingIntent=colorimetric),
            ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL),
            ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", renderingIntent=colorimetric))


def _pixel(transform: ImageCms.ImageCmsTransform, mode: str, value: tuple[int, ...]) -> tuple[int, ...]:
    return cast(tuple[int, ...], transform.apply(Image.new(mode, (1, 1), value)).getpixel((0, 0)))
