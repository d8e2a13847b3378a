"""Three checks of what prints: a card template's geometry (check/templates.py), the icons a game names
(check/icons.py), and what laid-out faces noted (check/faces.py: text that did not fit, characters
the fonts lack, text shrunk below the game's minimum), each said at its line in validate's order."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.check.faces import FaceNotes, Remarks, check_faces
from kitgen.check.icons import check_icons, icon_did_you_mean, uses_icons
from kitgen.check.safe_zone import SAFE_MARGIN
from kitgen.check.templates import MAX_TEXT_SIZE, check_template, checked_template
from kitgen.errors import KitgenError, Problem, Where
from kitgen.model import (Attribute, Back, Box, Card, CardField, CardTemplate, CardType, Counter, Deck, FieldValue,
                          FieldValues, Game, Place)
from kitgen.units import Length

BOX_AT = Where("templates/card-front.yaml", 12, 5)
CARD_AT = Where("templates/card-front.yaml", 1, 1)


def template_problems(*boxes: Box, width: float = 63.5, height: float = 88.9) -> list[tuple[int, str]]:
    found = check_template(CardTemplate(width, height, boxes, where=CARD_AT), "card-front.yaml")
    assert all(p.level == "error" for p in found)
    return [(p.where.line, p.message) for p in found]


def box(kind: str = "text", **values) -> Box:
    return Box(kind, 1, 2, values.pop("w", 10), values.pop("h", 10), where=BOX_AT, **values)


def test_template__a_card_and_its_boxes_of_a_fine_size_pass():
    assert template_problems(box(), box("rect", w=0, h=0), box("line", w=0), box(size=MAX_TEXT_SIZE,
                                                                                  min_size=MAX_TEXT_SIZE)) == []
    # however small, more than nothing: a half-millimetre box, a half-point size, a card of half a millimetre
    assert template_problems(box(w=0.5, h=0.5, size=Length(0.5), min_size=Length(0.5)), width=0.5, height=0.5) == []


@pytest.mark.parametrize("width, height", [(0, 88.9), (63.5, 0), (-1, 88.9), (63.5, -1)])
def test_template__a_card_without_a_size_is_an_error_at_the_template(width, height):
    assert template_problems(width=width, height=height) == [
        (1, "width and height must be more than 0mm (a template gives both, or extends another and takes its size)")]
    found = check_template(CardTemplate(width, height, ()), "card-front.yaml")
    assert found[0].where == Where("card-front.yaml")  # no line of its own: the file it came from


@pytest.mark.parametrize("kind", ["text", "effects", "art", "icon"])
@pytest.mark.parametrize("w, h", [(0, 10), (10, 0)])
def test_template__a_box_fitted_into_its_size_needs_one(kind, w, h):
    assert template_problems(box(kind, w=w, h=h, name="title")) == [
        (12, f"boxes[0] ('title'): w and h must be more than 0mm for a {kind} box")]


@pytest.mark.parametrize("w, h", [(-1, 0), (0, -1)])
def test_template__any_box_may_be_zero_wide_but_never_less(w, h):
    assert template_problems(box("text"), box("rect", w=w, h=h)) == [
        (12, "boxes[1] ('rect'): w and h must be 0mm or more for a rect box")]


@pytest.mark.parametrize("size, min_size", [(0, 6.5), (9, 0), (-1, 6.5), (MAX_TEXT_SIZE + 0.25, 6.5),
                                            (9, MAX_TEXT_SIZE + 1)])
def test_template__text_sizes_from_0_to_144_points(size, min_size):
    assert template_problems(box(size=Length(size), min_size=Length(min_size))) == [
        (12, f"boxes[0] ('text'): size and min_size must be from 0pt to 144pt (got {size:g}pt and {min_size:g}pt)")]


@pytest.mark.parametrize("values", [{"stroke_width": Length(-0.1)}, {"radius": Length(-2)}])
def test_template__strokes_and_corners_0_or_more(values):
    assert template_problems(box("rect", name="frame", **values)) == [
        (12, "boxes[0] ('frame'): stroke_width and radius must be 0pt or more")]
    assert template_problems(box("rect", stroke_width=Length(0), radius=Length(0))) == []


PLACE_AT = Where("templates/card-front.yaml", 20, 5)
EDGE = SAFE_MARGIN - 0.01  # the closest a badge may come to the trim (a hundredth of a point spare)


def place_problems(x: float, y: float, w: float = 10, h: float = 10) -> list[str]:
    template = CardTemplate(100, 150, (), places=(Place("cost", x, y, w, h, where=PLACE_AT),), where=CARD_AT)
    return [p.message for p in check_template(template, "card-front.yaml")]


@pytest.mark.parametrize("x, y", [(EDGE, 50), (50, EDGE), (100 - EDGE - 10, 50), (50, 150 - EDGE - 10)])
def test_template__a_badge_exactly_at_the_safe_zone_on_any_side_passes(x, y):
    assert place_problems(x, y) == []


@pytest.mark.parametrize("x, y", [(EDGE - 0.5, 50), (50, EDGE - 0.5), (100 - EDGE - 9.5, 50), (50, 150 - EDGE - 9.5)])
def test_template__a_badge_past_the_safe_zone_on_any_side_is_an_error_at_its_place(x, y):
    """Left, top, right and bottom: each edge is measured (a badge's shape reaches its place's edges)."""
    closest = (EDGE - 0.5) * 25.4 / 72
    assert place_problems(x, y) == [f"place 'cost' comes {closest:.1f} mm from the trim; a badge there must stay "
                                    "3 mm inside it (the safe zone a shop may cut)"]


def test_template__a_badge_without_a_size_is_said_before_its_edges():
    assert place_problems(0, 0, w=0) == ["place 'cost': w and h must be more than 0mm"]


def test_checked_template__a_template_read_from_its_file_is_checked_there(tmp_path):
    (tmp_path / "card-front.yaml").write_text("width: 63.5mm\nheight: 88.9mm\nboxes:\n"
                                              "  - {kind: text, x: 1mm, y: 1mm, w: 0mm, h: 10mm}\n", encoding="utf-8")
    with pytest.raises(KitgenError) as raised:
        checked_template("card-front.yaml", [tmp_path])
    (problem,) = raised.value.problems
    assert (problem.where.line, problem.message) == (4, "boxes[0] ('text'): w and h must be more than 0mm for a text box")
    (tmp_path / "card-front.yaml").write_text("width: 63.5mm\nheight: 88.9mm\n", encoding="utf-8")
    assert checked_template("card-front.yaml", [tmp_path]).width > 0


def at(line: int) -> Where:
    return Where("game.yaml", line, 3)


def fields(**values) -> FieldValues:
    return FieldValues(FieldValue(name, value, where=at(90)) for name, value in values.items())


ICON_GAME = Game(
    "g", "G", "G", "2", (Attribute("Military", icon="sword", where=at(3)), Attribute("Trade", where=at(4))),
    (CardType("Ship", "main", icon="rocket", where=at(5), fields=(CardField("badge", "icon"),)),
     CardType("Build", "main", where=at(6))),
    (Deck("main", "Main", "M", (Card("Scout", "Ship", icon="spy", where=at(20), fields=fields(badge="anchr")),
                                Card("Dock", "Build", where=at(21), fields=fields(badge=""))),
          back=Back(icon="compas", where=at(30)), where=at(29)),),
    (), counters=(Counter("Gold", icon="gold-bar", where=at(40)),))


def test_icons__every_name_the_game_gives_is_in_the_set_with_a_did_you_mean():
    names = {"sword", "rocket", "spy", "compass", "gold-bar", "anchor"}
    assert check_icons(ICON_GAME, names) == [
        Problem("error", at(30), "back of deck 'main': no icon named 'compas' (did you mean 'compass'?)"),
        Problem("error", at(90), "card 'Scout': field 'badge': no icon named 'anchr' (did you mean 'anchor'?)")]
    missing = check_icons(ICON_GAME, {"zzz"})
    assert [(p.where.line, p.message) for p in missing] == [
        (5, "card type 'Ship': no icon named 'rocket'"), (3, "attribute 'Military': no icon named 'sword'"),
        (20, "card 'Scout': no icon named 'spy'"), (30, "back of deck 'main': no icon named 'compas'"),
        (40, "counter 'Gold': no icon named 'gold-bar'"), (90, "card 'Scout': field 'badge': no icon named 'anchr'")]


def test_icons__a_game_wide_icon_field_and_a_back_without_a_line_of_its_own():
    game = Game("g", "G", "G", "2", (), (CardType("Ship", "main"),),
                (Deck("main", "Main", "M", (Card("Scout", "Ship", where=at(20), fields=FieldValues(
                    (FieldValue("mark", "spi"),))),), back=Back(icon="x"), where=at(29)),), (),
                fields=(CardField("mark", "icon"),))
    assert [(p.where.line, p.message) for p in check_icons(game, {"spy", "x"})] == [
        (20, "card 'Scout': field 'mark': no icon named 'spi' (did you mean 'spy'?)")]
    assert [p.where.line for p in check_icons(game, {"spy"})] == [29, 20]


@pytest.mark.parametrize("word, meant", [
    ("sowrd", "sword"), ("swrod", "sword"), ("swod", "sword"), ("swordd", "sword"), ("xword", "sword"),  # one edit
    ("spaceshipp-x", "spaceship-x"), ("sapceship-xx", "spaceship-x"),  # two edits in a name of 11 or more
    ("pincers", ""), ("wsrod", ""), ("spcaeshpi-z", ""),  # two edits (three from 11): not a typo
])
def test_icon_did_you_mean__a_name_one_edit_away_a_swap_of_neighbours_counting_one(word, meant):
    assert icon_did_you_mean(word, ["sword", "princess", "spaceship-x"], {}) == meant


def test_icon_did_you_mean__a_word_of_a_name_gives_the_shortest_name_having_it():
    names = ["cactus-flower", "cactus", "cactu-pot", "stone-towers", "tower"]
    assert icon_did_you_mean("cactus", names, {}) == "cactus"
    assert icon_did_you_mean("flower", names, {}) == "cactus-flower"  # the one name having the word
    assert icon_did_you_mean("towers", names, {}) == "tower"  # a plural read as its singular, shortest first
    assert icon_did_you_mean("bloom", names, {"bloom": ["flower"]}) == "cactus-flower"  # a keyword's word
    assert icon_did_you_mean("cactus", ["cactus-flower", "cactu-pot"], {}) == "cactus-flower"  # -us: no plural
    assert icon_did_you_mean("axis", ["axis-arrows", "axi-pot"], {}) == "axis-arrows"  # -is: no plural either


def test_uses_icons__when_a_type_an_attribute_or_a_card_shows_one():
    assert uses_icons(ICON_GAME)
    plain = Game("g", "G", "G", "2", (Attribute("Trade"),), (CardType("Build", "main"),),
                 (Deck("main", "Main", "M", (Card("Dock", "Build"),), back=Back(icon="compass")),), ())
    assert not uses_icons(plain)  # a back's pattern is not a card's icon
    for change in ({"attributes": (Attribute("Trade", icon="coins"),)},
                   {"card_types": (CardType("Build", "main", icon="hammer"),)},
                   {"decks": (Deck("main", "Main", "M", (Card("Dock", "Build", icon="anchor"),)),)}):
        assert uses_icons(dataclasses.replace(plain, **change))


DECK = Deck("main", "Main", "M", (Card("Scout", "Ship", where=at(20)), Card("Dock", "Build", where=at(21)),
                                  Card("Mine", "Build", where=at(22))))
FACE_GAME = Game("g", "G", "G", "2", (), (), (DECK,), (), min_text_size=Length(7))
TOO_LONG = Problem("error", at(20), "card 'Scout': text does not fit")
SMALL = Problem("warning", at(21), "card 'Dock': name shrinks")
BACK = Problem("warning", at(29), "back of deck 'main': title does not fit")


def face_messages(sizes, remarks, back=()) -> list[tuple[str, int, str]]:
    return [(p.level, p.where.line, p.message) for p in check_faces(FACE_GAME, [FaceNotes(DECK, sizes, remarks, back)])]


def test_faces__fit_problems_then_missing_characters_then_legibility():
    found = face_messages([6.5, 6.75, 7.0], {0: Remarks((TOO_LONG,), ("→",)), 1: Remarks((SMALL,), ("★", "☆"))},
                          (BACK,))
    assert found == [
        ("error", 20, "card 'Scout': text does not fit"), ("warning", 21, "card 'Dock': name shrinks"),
        ("warning", 29, "back of deck 'main': title does not fit"),
        ("warning", 20, "card 'Scout': character '→' (U+2192) not in the font; they would print as empty boxes"),
        ("warning", 21, "card 'Dock': characters '★' (U+2605), '☆' (U+2606) not in the font; they would print as "
                        "empty boxes"),
        # Scout's text does not fit at all: its error says so, no legibility warning twice
        ("warning", 21, "card 'Dock': text shrinks to 6.75 pt, below the game's minimum of 7 pt (min_text_size)")]


def test_faces__no_text_at_the_minimum_or_within_a_millionth_of_it_is_legible():
    assert face_messages([0, 7.0, 6.9999999], {}) == []
    assert face_messages([7 - 1e-6, 0, 0], {}) == []  # the tolerance itself is still legible
    assert face_messages([6.99, 0, 0], {})[0][2] == \
        "card 'Scout': text shrinks to 6.99 pt, below the game's minimum of 7 pt (min_text_size)"


def test_faces__more_than_five_missing_characters_are_five_and_more():
    found = face_messages([0, 0, 0], {2: Remarks((), tuple("αβγδεζ"))})
    assert found == [("warning", 22, "card 'Mine': characters 'α' (U+03B1), 'β' (U+03B2), 'γ' (U+03B3), 'δ' (U+03B4), "
                                     "'ε' (U+03B5) and more not in the font; they would print as empty boxes")]
    assert "and more" not in face_messages([0, 0, 0], {2: Remarks((), tuple("αβγδε"))})[0][2]
