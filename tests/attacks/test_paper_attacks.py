"""Paper and margins in every combination a user can type (issue 34): tiny paper, huge margins,
gaps, bleed, duplex off, gutterfold, single. Each is one clear line saying what would fit (never a
card of negative size) or a kit whose sheets are the paper asked for; the calibration sheet too."""
from __future__ import annotations

import re

import pypdf
import pytest

from tests.attacks.harness import REPO, TINY, assert_no_crash, assert_one_line, kitgen

GAME = str(REPO / TINY)
MM = 72 / 25.4

REFUSED = {
    # the margins leave nothing: what margins would fit this card
    "a5-margin-100": (["--paper", "a5", "--margin", "100"],
                      "a5: error: a 63.5 x 88.9 mm card does not fit on 148.0 x 210.0 mm paper with 100.00 mm margins: "
                      "they leave no room for a card (at least 10 x 10 mm); margins of at most 42.25 mm fit this card"),
    "70x100-margin-50": (["--paper", "70x100mm", "--margin", "50", "--bleed", "3"],
                         "70x100mm: error: a 63.5 x 88.9 mm card does not fit on 70.0 x 100.0 mm paper with 50.00 mm "
                         "margins and 3.00 mm bleed: they leave no room for a card (at least 10 x 10 mm); margins of at "
                         "most 3.25 mm fit this card"),
    # some room, too little: the largest card, and the widest margins for this one
    "letter-gutterfold-margin-100": (["--layout", "gutterfold", "--margin", "100", "--gap", "5"],
                                     "letter: error: a 63.5 x 88.9 mm card does not fit on 279.4 x 215.9 mm paper with "
                                     "100.00 mm margins; the largest card that fits is 35.7 x 15.9 mm; margins of at "
                                     "most 63.50 mm fit this card"),
    # a card larger than the paper: how large the paper must be
    "a-metre-card-on-a5-margin-100": (["--paper", "a5", "--margin", "100", "--card-size", "1000x1000mm"],
                                      "a5: error: a 1000.0 x 1000.0 mm card does not fit on 148.0 x 210.0 mm paper "
                                      "with 100.00 mm margins: they leave no room for a card (at least 10 x 10 mm); "
                                      "this card needs paper of at least 1000.0 x 1000.0 mm"),
    "strip-gutterfold": (["--paper", "25.4x2000mm", "--margin", "12.5", "--layout", "gutterfold"],
                         "25.4x2000mm: error: a 63.5 x 88.9 mm card does not fit on 2000.0 x 25.4 mm paper with 12.50 mm "
                         "margins: they leave no room for a card (at least 10 x 10 mm); this card needs paper of at "
                         "least 135.0 x 88.9 mm"),
    # cards that fit, documents that cannot (single: the page is the card)
    "single-on-tiny-paper": (["--paper", "30x40mm", "--layout", "single", "--duplex", "off", "--bleed", "20"],
                             "30x40mm: error: Tiny Empire: Rules Summary does not fit on 30.0 x 40.0 mm paper: a table "
                             "or block is larger than a page; print the documents on letter or a4 (--paper)"),
}


@pytest.mark.parametrize("case", ["a5-margin-100", "single-on-tiny-paper"])
def test_paper_that_cannot_take_the_kit__one_line_saying_what_would_fit(case, tmp_path):
    flags, line = REFUSED[case]
    run = kitgen("build", GAME, "-o", tmp_path / "kit", *flags)
    assert_one_line(run, line)
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize("case", [case for case in REFUSED if "margin" in " ".join(REFUSED[case][0])
                                  or case == "strip-gutterfold"])
def test_paper_that_cannot_take_the_cards__the_grid_says_what_would_fit(case):
    """The same refusal where it is made (layout/impose.plan_grid, in this process): never a card of
    negative size, and what it says fits does fit."""
    from kitgen.errors import KitgenError
    from kitgen.layout.impose import Spec, plan_grid
    from kitgen.units import CARD_SIZES, PAPER_SIZES, parse_size

    flags, line = REFUSED[case]
    given = dict(zip(flags[::2], flags[1::2], strict=True))
    name = given.get("--paper", "letter")
    card = parse_size(given.get("--card-size", "poker"), CARD_SIZES)
    spec = Spec(parse_size(name, PAPER_SIZES), card, float(given.get("--margin", 6.35)) * MM,
                float(given.get("--gap", 0)) * MM, float(given.get("--bleed", 0)) * MM,
                layout=given.get("--layout", "grid"), paper_name=name)
    with pytest.raises(KitgenError) as raised:
        plan_grid(spec.paper, spec.card, spec=spec)
    said = str(raised.value.problems[0])
    assert said == line and not re.search(r" -\d", said)
    widest = re.search(r"margins of at most ([\d.]+) mm fit this card", said)
    if widest:  # the margin said to fit, fits
        plan_grid(spec.paper, spec.card, spec=Spec(spec.paper, card, float(widest[1]) * MM, spec.gap, spec.bleed,
                                                   layout=spec.layout, paper_name=name))


BUILT = {  # flags -> the card sheets' page size in mm
    "a5-gutterfold-wide-gap-bleed": (["--paper", "a5", "--layout", "gutterfold", "--gap", "100", "--bleed", "3"],
                                     (210.0, 148.0)),
    "the-largest-paper-duplex-off": (["--paper", "2000x2000mm", "--duplex", "off", "--margin", "100", "--bleed", "20"],
                                     (2000.0, 2000.0)),
}


@pytest.mark.parametrize("case", BUILT)
def test_paper_that_takes_the_kit__builds_on_that_paper(case, tmp_path):
    flags, size = BUILT[case]
    run = kitgen("build", GAME, "-o", tmp_path / "kit", *flags)
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    for page in pypdf.PdfReader(tmp_path / "kit" / "cards-main.pdf").pages:
        box = page.mediabox
        assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == size


@pytest.mark.parametrize("flags, line", [
    (["--paper", "30x2000mm"], "30x2000mm: error: the calibration sheet does not fit on 30.0 x 2000.0 mm paper with 6.35 mm margins: "
                  "it needs at least 144 x 190 mm (its steps, and a cross reaching its rulers); letter, a4, a5 and legal "
                  "take it"),
    # the margin is the edge the sheet keeps clear of, as every sheet mark does (layout/marks.py)
    (["--paper", "a5", "--margin", "60"], "a5: error: the calibration sheet does not fit on 148.0 x 210.0 mm paper with 60.00 mm margins: it needs "
           "at least 214 x 214 mm (its steps, and a cross reaching its rulers); letter and legal take it"),
])
def test_calibrate_on_paper_too_small_for_its_sheet__one_line(flags, line, tmp_path):
    """It wrote the sheet anyway, its steps and rulers cut off the page."""
    run = kitgen("calibrate", "-o", tmp_path / "cal.pdf", *flags)
    assert_one_line(run, line)
    assert not (tmp_path / "cal.pdf").exists()


def test_calibrate_a5_duplex_off__says_how_to_print_by_hand_and_the_cross_clears_the_steps(tmp_path):
    """'flip on off' was printed as the first step, and on A5 the cross ran through the steps."""
    import pdfplumber

    run = kitgen("calibrate", "-o", tmp_path / "cal.pdf", "--paper", "a5", "--duplex", "off")
    assert run.run.returncode == 0, run.run.describe()
    with pdfplumber.open(tmp_path / "cal.pdf") as pdf:
        front = pdf.pages[0]
        assert "1. Print page 1, turn the sheet over on its long edge, then page 2, at 100%." in front.extract_text()
        steps_end = max(word["bottom"] for word in front.extract_words())
        vertical = [line for line in front.lines if abs(line["x0"] - line["x1"]) < 0.1]
        assert vertical and min(line["top"] for line in vertical) > steps_end


def test_cards_filling_the_paper_at_margin_0__nothing_drawn_past_its_edge(tmp_path):
    """Three by three poker cards on 190.5 x 266.7 mm paper at --margin 0 leave no room beside them:
    the scale bar and its label were drawn past the paper's right edge (a letter at 191.5 mm), a bar
    nobody can print. It is left out, and the build's note says so (the sheet's labels still say 100%)."""
    import pdfplumber

    run = kitgen("build", GAME, "-o", tmp_path / "kit", "--paper", "190.5x266.7mm", "--margin", "0")
    assert run.run.returncode == 0, run.run.describe()
    assert "the 50 mm scale bar is left out: the paper has no room for it beside the cards" in run.run.stderr
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        for page in pdf.pages:
            for thing in page.chars + page.lines:
                assert thing["x0"] >= -0.01 and thing["x1"] <= page.width + 0.01, thing
                assert thing["top"] >= -0.01 and thing["bottom"] <= page.height + 0.01, thing
            assert "50 mm: measure it" not in page.extract_text()
