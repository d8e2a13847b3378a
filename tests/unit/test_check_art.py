"""The art checks take what was found on disk or in the picture as values: no file is needed."""
from __future__ import annotations

from kitgen.check.art import LOW_DPI, art_file, art_name, art_resolution, art_unreadable
from kitgen.errors import Where

AT = Where("data/g/cards.yaml", 3, 5)


def test_art_name__a_url_or_an_absolute_path_is_an_error_and_a_relative_one_passes():
    assert [str(p) for p in art_name("https://x.org/a.png", AT, "card 'Scout'")] == [
        "data/g/cards.yaml:3:5: error: card 'Scout': art 'https://x.org/a.png' must be a file inside the game folder"]
    assert art_name("/etc/hostname", AT, "card 'Scout'")[0].level == "error"
    assert art_name("art/scout.png", AT, "card 'Scout'") == []


def test_art_file__outside_is_an_error_before_missing_which_is_a_warning():
    outside = art_file("../x.png", "data/x.png", "is outside the game folder", False, AT, "card 'Scout'")
    assert [(p.level, p.message) for p in outside] == [("error", "card 'Scout': art '../x.png' is outside the game folder")]
    missing = art_file("art/x.png", "data/g/art/x.png", None, False, AT, "card 'Scout'")
    assert [(p.level, p.message) for p in missing] == [
        ("warning", "card 'Scout': art file data/g/art/x.png not found; the card shows its placeholder")]
    assert art_file("art/x.png", "data/g/art/x.png", None, True, AT, "card 'Scout'") == []


def test_art_resolution__soft_below_the_threshold_only():
    inch = 72.0  # a picture placed one inch wide: its pixels across are its dpi
    soft, = art_resolution(AT, "card 'Scout'", "art/x.png", LOW_DPI - 1, inch)
    assert soft.level == "warning" and soft.message == (
        "card 'Scout': art art/x.png is 199 dpi at its printed size (199 px over 25.4 mm); 200 dpi or more prints sharp")
    assert art_resolution(AT, "card 'Scout'", "art/x.png", LOW_DPI, inch) == []


def test_art_unreadable__a_warning_naming_the_placeholder():
    problem = art_unreadable(AT, "card 'Scout'", "art/x.png", "file not found")
    assert (problem.level, problem.message) == ("warning", "card 'Scout': art art/x.png: file not found; "
                                                           "the card shows its placeholder")
