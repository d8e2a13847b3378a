"""Print-shop presets for `kitgen export --format png --target NAME`: bleed, resolution and file
names per shop, each number with the public page it comes from, and the largest image exported.

A shop's canvas is the card's trim plus the bleed on every side, at the dpi:
    poker, 2.5 x 3.5 in trim, 1/8 in bleed, 300 dpi: (2.5 + 2/8) x 300 = 825, (3.5 + 2/8) x 300 = 1125
"""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import KitgenError, Where, error
from kitgen.units import MAX_IMAGE_PIXELS

INCH = 72.0  # points

@dataclass(frozen=True)
class Target:
    name: str
    title: str
    bleed: float  # points, past the trim on every side
    dpi: float  # a shop's is whole; --dpi may be any number from 50 to 1200
    front: str  # file name of a card front: {deck}, {number} (place in the deck, from 1), {card} (card id)
    back: str  # file name of a deck's back
    canvases: dict  # card size name -> the shop's canvas in pixels, to check the export against
    source: str
    per_copy: bool = False  # the shop's builder takes one image per printed copy, and a back for each (export_png's default)
    cmyk: bool = False  # the shop takes CMYK JPG and a PDF/X-1a (exports/pdfx.py), not RGB PNG


TARGETS = {
    # The Game Crafter: poker cards are 825 x 1125 px at 300 dpi, "2.5 x 3.5 inch" plus "an extra
    # quarter inch (1/8 in on each side) for bleed": http://souvagames.blogspot.com/2012/11/print-quality-cards.html
    # and "Poker cards printed at the Game Crafter ... need to be 1125 x 825px pngs":
    # https://docs.dextrous.com.au/p/PbwvHTPaG6MJFJ/Bleed ; TGC takes images, one per card, so the
    # file name is the card's id (TGC shows it as the card's name). The other canvases are TGC's
    # decks as Squib and templative encode them (PRINTING.md, cheat sheet): all 1/8 in bleed at 300 dpi.
    "tgc": Target("tgc", "The Game Crafter", INCH / 8, 300, "{deck}-{card}.png", "{deck}-back.png",
                  {"poker": (825, 1125), "bridge": (750, 1125), "mini": (600, 825), "tarot": (900, 1500),
                   "square": (1125, 1125)},
                  "http://souvagames.blogspot.com/2012/11/print-quality-cards.html"),
    # MakePlayingCards: poker images 822 x 1122 px at 300 dpi, a 36 px bleed margin (0.12 in =
    # 3.048 mm), not 1/8 in (PRINTING.md A.1.2, from MPC's https://www.makeplayingcards.com/pops/faq-photo.html
    # as cited by ianrastall/playing-cards scripts/package_poker.py). MPC's uploader keeps the
    # order of the file names, so they carry the card's place in the deck.
    # Its builders take one image per printed copy, with equal front and back counts (seastan/
    # lotr-lcg-set-generator Docs/MakePlayingCards.pdf, PRINTING.md): per_copy.
    "mpc": Target("mpc", "MakePlayingCards", 0.12 * INCH, 300, "{deck}-{number:03d}-{card}.png", "{deck}-back.png",
                  {"poker": (822, 1122)},
                  "https://www.makeplayingcards.com/pops/faq-photo.html", per_copy=True),
    # DriveThruCards: "Ein Beschnitt von 1/8\" (0,125\") auf allen vier Seiten ist erforderlich",
    # "Die Bilder in deinem PDF müssen 300 dpi haben", cards in deck order:
    # https://help.drivethrupartners.com/hc/de/articles/12780748203543-Spezifikationen-f%C3%BCr-gedruckte-Karten
    # Its deck builder takes CMYK JPG at 300 dpi, 2.75 x 3.75 in with bleed, an image per copy
    # (seastan/lotr-lcg-set-generator Docs/DriveThruCards.pdf, and its lotr.py converts to CMYK for
    # DTC: PRINTING.md): cmyk, per_copy. Its print-ready PDF route, PDF/X-1a:2003 ("All files need to be
    # PDF/X-1a:2003": https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-
    # Card-Prep-Issues-Solutions), is `kitgen export --target dtc`'s cards-pdfx.pdf (exports/pdfx.py).
    "dtc": Target("dtc", "DriveThruCards", INCH / 8, 300, "{deck}-{number:03d}-{card}.png", "{deck}-back.png",
                  {"poker": (825, 1125)},
                  "https://help.drivethrupartners.com/hc/de/articles/12780748203543-Spezifikationen-f%C3%BCr-gedruckte-Karten",
                  per_copy=True, cmyk=True),
    # Print and play at home: cards are cut on the trim (kitgen's own sheets butt the cards, so one
    # cut separates two: README "Printing the kit"), so no bleed; 300 dpi is the usual print
    # resolution ("300 DPI is the standard ... it matches the requirements of commercial printing
    # presses": https://theplayingcardfactory.com/what-image-resolution-do-i-need-for-my-custom-playing-cards/).
    "pnp": Target("pnp", "print and play (home printer, no bleed)", 0.0, 300, "{deck}-{card}.png", "{deck}-back.png",
                  {"poker": (750, 1050)},
                  "https://theplayingcardfactory.com/what-image-resolution-do-i-need-for-my-custom-playing-cards/"),
}


def custom_target(dpi: float) -> Target:
    """No shop: the bleed the print settings give, files named by deck and card id."""
    return Target("", "", 0.0, dpi, "{deck}-{card}.png", "{deck}-back.png", {}, "")


def canvas_size(card: tuple[float, float], bleed: float, dpi: float) -> tuple[int, int]:
    """Trim plus bleed on every side, in whole pixels (points -> inches -> pixels)."""
    width, height = card
    return round((width + 2 * bleed) * dpi / INCH), round((height + 2 * bleed) * dpi / INCH)


def check_canvas(card: tuple[float, float], bleed: float, dpi: float, flag: str = "--dpi") -> tuple[int, int]:
    """The card's image size at `dpi`, or one line refusing it, before anything is drawn or allocated,
    when it is more than MAX_IMAGE_PIXELS: with the highest dpi that fits."""
    width, height = canvas_size(card, bleed, dpi)
    if width * height <= MAX_IMAGE_PIXELS:
        return width, height
    fits = int(dpi * (MAX_IMAGE_PIXELS / (width * height)) ** 0.5)
    while fits > 1 and canvas_size(card, bleed, fits)[0] * canvas_size(card, bleed, fits)[1] > MAX_IMAGE_PIXELS:
        fits -= 1
    mm = 25.4 / INCH
    raise KitgenError(error(Where(flag), f"a {(card[0] + 2 * bleed) * mm:.1f} x {(card[1] + 2 * bleed) * mm:.1f} mm "
                                         f"card image at {dpi:g} dpi is {width} x {height} px "
                                         f"({width * height / 1e6:,.0f} megapixels); an image export makes at most "
                                         f"{MAX_IMAGE_PIXELS // 1_000_000} megapixels a card: use --dpi {fits} or less"))
