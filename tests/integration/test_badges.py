"""Fields as badges, from data (issue 35): a TCG-like game from a French sheet (tests/fixtures/tcg:
cost in a corner, attack and health as badges at the foot, health hidden at 0, faction as a
line, rarity as a mark) builds with no template of its own. Read back with pdfplumber, one card a
page (--layout single): every value prints, each badge's value inside its shape in its corner,
3 mm inside the trim, over neither the name nor the text; the spell without health shows no
health badge; accents intact. Bad declarations are one located line each."""
from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from tests.attacks.harness import kitgen_in_process
from tests.conftest import MM, ROOT, run_kitgen

TCG = ROOT / "tests" / "fixtures" / "tcg"
COST, ATTACK, HEALTH = "#1d4e89", "#9b2226", "#2d6a4f"
RARITY = {"Commune": "#8d99ae", "Rare": "#c9a227", "Épique": "#7b2cbf"}
# name, cost, attack, health, rarity, text (decks/main.csv)
CARDS = [("Loup d'Éclat", "2", "3", "2", "Commune", "Charge."),
         ("Gardien ancien", "5", "4", "5", "Épique", "Les autres créatures gagnent +1 Vie."),
         ("Éclair", "1", "3", "", "Rare", "Infligez 3 dégâts à une créature."),
         ("Soin", "2", "", "", "Commune", "Rendez 4 Vie.")]
SAFE, TOLERANCE = 3 * MM, 0.1 * MM


def _rgb(color: str) -> tuple[float, ...]:
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _filled(page, color: str) -> list[dict]:
    """The shapes (curves: a circle, shield or pill is a path) filled with `color`."""
    want = _rgb(color)
    return [c for c in page.curves if c["fill"] and c.get("non_stroking_color") and len(c["non_stroking_color"]) == 3
            and all(abs(a - b) < 0.004 for a, b in zip(c["non_stroking_color"], want, strict=True))]


def _inside(word: dict, shape: dict) -> bool:
    return (word["x0"] >= shape["x0"] - TOLERANCE and word["x1"] <= shape["x1"] + TOLERANCE
            and word["top"] >= shape["top"] - TOLERANCE and word["bottom"] <= shape["bottom"] + TOLERANCE)


def _overlaps(word: dict, shape: dict) -> bool:
    return word["x0"] < shape["x1"] and shape["x0"] < word["x1"] and word["top"] < shape["bottom"] \
        and shape["top"] < word["bottom"]


@pytest.fixture(scope="module")
def fronts(tmp_path_factory) -> list[dict]:
    """Each card's front: its words and shapes, read back from the built PDF."""
    out = tmp_path_factory.mktemp("tcg")
    game = out / "tcg"
    shutil.copytree(TCG, game)
    built = run_kitgen("build", str(game), "-o", str(out / "kit"), "--layout", "single")
    assert built.returncode == 0 and "warning" not in built.stderr, built.stderr
    pages = []
    with pdfplumber.open(out / "kit" / "cards-main.pdf") as pdf:
        for page in pdf.pages[0::2]:  # front, back, front, back ...
            pages.append({"page": page, "words": page.extract_words(keep_blank_chars=False), "width": page.width,
                          "height": page.height, "text": " ".join((page.extract_text() or "").split()),
                          "badges": {name: _filled(page, color) for name, color in
                                     (("cost", COST), ("attack", ATTACK), ("health", HEALTH))},
                          "marks": {value: _filled(page, color) for value, color in RARITY.items()}})
    return pages


def _badge(front: dict, name: str) -> dict:
    shapes = front["badges"][name]
    assert len(shapes) == 1, (name, shapes)
    return shapes[0]


@pytest.mark.parametrize("index", range(4))
def test_badges__each_value_inside_its_shape_in_its_corner_and_the_safe_zone(fronts, index):
    name, cost, attack, health, rarity, text = CARDS[index]
    front = fronts[index]
    corners = {"cost": ("left", "top", cost), "attack": ("left", "bottom", attack),
               "health": ("right", "bottom", health)}
    for field, (side, edge, value) in corners.items():
        if not value:
            continue
        shape = _badge(front, field)
        words = [w for w in front["words"] if w["text"] == value and _inside(w, shape)]
        assert len(words) == 1, (name, field, value)  # its value, inside its shape
        middle_x, middle_y = (shape["x0"] + shape["x1"]) / 2, (shape["top"] + shape["bottom"]) / 2
        assert (middle_x < front["width"] / 4) == (side == "left") and (middle_x > front["width"] * 3 / 4) == (side == "right")
        assert (middle_y < front["height"] / 5) == (edge == "top") and (middle_y > front["height"] * 4 / 5) == (edge == "bottom")
        assert min(shape["x0"], shape["top"], front["width"] - shape["x1"], front["height"] - shape["bottom"]) \
            >= SAFE - TOLERANCE, (name, field)


@pytest.mark.parametrize("index", range(4))
def test_badges__never_cover_the_name_or_the_text_and_the_play_in_line_stays(fronts, index):
    name, cost, attack, health, rarity, text = CARDS[index]
    front = fronts[index]
    assert name in front["text"] and text in front["text"] and "Play in: Phase principale" in front["text"]
    shapes = [s for shapes in (*front["badges"].values(), *front["marks"].values()) for s in shapes]
    values = {cost, attack, health, rarity}
    for word in front["words"]:
        if word["text"] in values:
            continue
        covered = [s for s in shapes if _overlaps(word, s)]
        assert not covered, (name, word["text"])


def test_badges__a_value_the_field_hides_shows_no_badge_and_no_line(fronts):
    spell, heal = fronts[2], fronts[3]
    assert not spell["badges"]["health"] and not heal["badges"]["health"] and not heal["badges"]["attack"]
    for front in fronts:
        assert "Vie 0" not in front["text"] and "Attaque" not in front["text"]  # badges, not lines
    assert [len(front["badges"]["attack"]) for front in fronts] == [1, 1, 1, 0]


def test_badges__a_field_only_the_simulator_reads_shows_no_badge_and_no_line(tmp_path, project):
    """`audience: simulator` (a number the balance lab reads, the card's text says the rule): neither
    its badge nor a line; the other badges stay."""
    from kitgen.kit.build import Options, build_game
    from kitgen.model import PrintSettings

    game = tmp_path / "tcg"
    shutil.copytree(TCG, game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("icon: crossed-swords, hide: 0}", "icon: crossed-swords, hide: 0, "
                                                 "audience: simulator}"), encoding="utf-8")
    build_game(project, str(game), tmp_path / "kit", Options(settings=PrintSettings(layout="single")), use_cache=False)
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        wolf = pdf.pages[0]
        assert not _filled(wolf, ATTACK) and len(_filled(wolf, COST)) == len(_filled(wolf, HEALTH)) == 1
        assert "Attaque" not in (wolf.extract_text() or "")


def test_badges__faction_stays_a_line_and_rarity_is_a_mark_on_the_type_line(fronts):
    for (name, *_, rarity, _text), front in zip(CARDS, fronts, strict=True):
        assert "Faction Ordre" in front["text"] or "Faction Chaos" in front["text"]
        assert "Rareté" not in front["text"]
        gem = [g for g in front["marks"][rarity] if g["x1"] - g["x0"] < 4 * MM]  # the small gem, in its colour
        pill = [p for p in front["page"].curves if p["fill"] and p["stroke"] and p.get("stroking_color")
                and len(p["stroking_color"]) == 3
                and all(abs(a - b) < 0.004 for a, b in zip(p["stroking_color"], _rgb(RARITY[rarity]), strict=True))]
        assert len(gem) == 1 and len(pill) == 1, name
        word = next(w for w in front["words"] if w["text"] == rarity)
        assert _inside(word, pill[0]) and _inside(gem[0], pill[0]) and gem[0]["x1"] <= word["x0"]
        type_line = next(w for w in front["words"] if w["text"] in ("CRÉATURE", "SORT"))
        assert abs((word["top"] + word["bottom"]) / 2 - (type_line["top"] + type_line["bottom"]) / 2) < 1 * MM
        assert type_line["x1"] < pill[0]["x0"]  # the type line gave way


def test_badges__accents_read_back(fronts):
    text = " ".join(front["text"] for front in fronts)
    for word in ("Éclair", "Épique", "Loup d'Éclat", "créatures", "dégâts"):
        assert word in text


def _tcg_copy(tmp_path: Path) -> Path:
    game = tmp_path / "tcg"
    shutil.copytree(TCG, game)
    return game


@pytest.mark.parametrize("old, new, message", [
    ("place: bottom-left", "place: botom-left", r"game.yaml:LINE:\d+: error: fields\[1\]\.place: 'botom-left' is not one "
     r"of: top-left, .* \(did you mean 'bottom-left'\?\)"),
    ("shape: shield", "shape: sheild", r"game.yaml:LINE:\d+: error: fields\[1\]\.shape: 'sheild' is not one of: .*"
     r"\(did you mean 'shield'\?\)"),
    ('color: "#2d6a4f"', "color: gren", r"game.yaml:LINE:\d+: error: fields\[2\]\.color: .*gren.*"),
    ("Épique: \"#7b2cbf\"", "Epique: \"#7b2cbf\"", r"game.yaml:LINE:\d+: error: field 'rarity': colors: 'Epique' is not "
     r"one of its choices: Commune, Rare, Épique \(did you mean 'Épique'\?\)"),
    ("place: bottom-right", "place: bottom-left", r"game.yaml:LINE:\d+: error: field 'health': place 'bottom-left' "
     r"already holds field 'attack'$"),
    ("hide: 0}\n  - {name: faction", "hide: none}\n  - {name: faction", r"game.yaml:LINE:\d+: error: field 'health': "
     r"expected a whole number, got 'none'"),
    ("icon: heart-beats", "icon: heart-beat", r"game.yaml:LINE:\d+: error: field 'health': no icon named 'heart-beat' "
     r"\(did you mean 'heart-beats'\?\)"),
    ("show: badge, shape: circle, place: top-left", "shape: circle, place: top-left",
     r"game.yaml:LINE:\d+: error: field 'cost': place, shape, color are for a badge or a mark"),
])
def test_badges__a_bad_declaration_is_one_located_line(tmp_path, old, new, message):
    import re

    game = _tcg_copy(tmp_path)
    text = (game / "game.yaml").read_text()
    assert old in text
    (game / "game.yaml").write_text(text.replace(old, new, 1))
    message = message.replace("LINE", str(text[:text.index(old)].count("\n") + 1))
    checked = kitgen_in_process("validate", str(game)).run  # the CLI, in this process
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    errors = [line for line in checked.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and re.search(message, errors[0]), checked.stderr


def test_badges__a_value_too_long_for_its_badge_is_a_validate_error(tmp_path):
    game = _tcg_copy(tmp_path)
    sheet = game / "decks" / "main.csv"
    sheet.write_text(sheet.read_text().replace("Soin,2,0,0", "Soin,2,0,1234567"))
    checked = kitgen_in_process("validate", str(game)).run  # the CLI, in this process
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "main.csv:5:1: error: card 'Soin': the value of field 'health' does not fit its badge, even at 6 pt; " \
           "shorten it or use a wider shape" in checked.stderr


def test_badges__a_place_inside_the_safe_zone_is_refused_at_its_line(tmp_path):
    game = _tcg_copy(tmp_path)
    (game / "templates").mkdir()
    (game / "templates" / "card-front.yaml").write_text(
        "extends: card-front.yaml\nplaces:\n  - {name: bottom-left, x: 2mm, y: 75.4mm, w: 10mm, h: 10mm}\nboxes: []\n")
    checked = kitgen_in_process("validate", str(game)).run  # the CLI, in this process
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "card-front.yaml:3:5: error: place 'bottom-left' comes 2.0 mm from the trim; a badge there must stay " \
           "3 mm inside it (the safe zone a shop may cut)" in checked.stderr


def test_badges__a_long_mark_grows_into_the_type_line_at_a_legible_size(tmp_path):
    """'Légendaire' held in the type line's 19 mm place only at 6.94 pt, under the 7 pt a card's text
    keeps (PRINTING.md): its pill grows toward the card's middle, the type line giving way, and the
    value keeps the size the other marks have. Read back with pdfplumber: its size, its pill."""
    game = _tcg_copy(tmp_path)
    path = game / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("[Commune, Rare, Épique]", "[Commune, Rare, Épique, Légendaire]")
                    .replace('Épique: "#7b2cbf"', 'Épique: "#7b2cbf", Légendaire: "#b08900"'), encoding="utf-8")
    cards = game / "decks" / "main.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Ordre,Épique", "Ordre,Légendaire"), encoding="utf-8")
    built = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"), "--layout", "single")
    assert built.returncode == 0 and "warning" not in built.stderr, built.stderr
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        page = pdf.pages[2]  # the second card's front
        words = page.extract_words(extra_attrs=["size"])
        word = next(w for w in words if w["text"] == "Légendaire")
        other = next(w for w in pdf.pages[0].extract_words(extra_attrs=["size"]) if w["text"] == "Commune")
        pill = [p for p in page.curves if p["fill"] and p["stroke"] and p.get("stroking_color")
                and len(p["stroking_color"]) == 3
                and all(abs(a - b) < 0.004 for a, b in zip(p["stroking_color"], _rgb("#b08900"), strict=True))]
    assert word["size"] >= 7 and abs(word["size"] - other["size"]) < 0.01, (word["size"], other["size"])
    assert len(pill) == 1 and _inside(word, pill[0])
    type_line = next(w for w in words if w["text"] == "CRÉATURE")
    assert type_line["x1"] < pill[0]["x0"] and type_line["size"] >= 7  # the type line gave way, still legible
