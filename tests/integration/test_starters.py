"""`kitgen new NAME --starter KIND` (issue 35): each starter kitgen ships (templates/starters/, data
copied, never code) validates, builds and plays 50 games to a winner; the trading card starter takes
a designer's own French deck in place of its cards and prints every value, cost, attack and health
as badges (a spell's health 0 as none), rarity as a mark, accents intact (read back with pdfplumber)."""
from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from tests.attacks.harness import kitgen_in_process
from tests.integration.test_badges import _filled, _inside

KINDS = ("civ", "tcg", "classic")
COST, ATTACK, HEALTH = "#1d4e89", "#9b2226", "#2d6a4f"  # the tcg starter's badge colours (its game.yaml)
EPIQUE, MYTHIQUE = "#7b2cbf", "#d1495b"
# A designer's own deck, the starter's columns in another order, French names with accents, a spell
# with health 0 (and one with attack 0 too).
FRENCH = """id,name,cost,attack,health,type,faction,rarity,text
loup,Loup d'Éclat,2,3,2,Creature,Ordre,Commune,Charge.
gardien,Gardien ancien,5,4,5,Creature,Ordre,Épique,Les autres créatures gagnent +1 Vie.
eclair,Éclair,1,3,0,Spell,Chaos,Mythique,Infligez 3 dégâts à une créature.
soin,Soin,2,0,0,Spell,Ordre,Commune,Rendez 4 Vie.
"""


def _run(*args: str | Path) -> str:
    timed = kitgen_in_process(*args)
    assert timed.run.returncode == 0, timed.run.describe()
    return timed.run.stdout


@pytest.mark.parametrize("kind", KINDS)
def test_starter__validates_builds_and_plays_to_a_winner(kind, tmp_path):
    _run("new", "my-game", "--starter", kind, "--in", tmp_path)
    game = tmp_path / "my-game"
    assert (game / "decks" / "main.yaml").is_file() and (game / "schema" / "deck.schema.json").is_file()
    assert "id: my-game" in (game / "game.yaml").read_text(encoding="utf-8")
    assert ": 0 errors, 0 warnings" in _run("validate", game)  # a designer's first command finds nothing to fix
    _run("build", game, "-o", tmp_path / "kit")
    assert (tmp_path / "kit" / "cards-main.pdf").stat().st_size > 0
    report = _run("simulate", game, "--games", "50", "--players", "2", "--workers", "1")
    won = re.findall(r"^  (?!no winner)\S.*?\s+(\d+\.\d)%", report.split("Victories")[1], re.M)
    assert won and float(won[0]) > 50, report  # most games end with a winner


def test_starter__civ_is_the_default_and_today_s_game(tmp_path):
    _run("new", "plain", "--in", tmp_path)
    _run("new", "plain", "--starter", "civ", "--in", tmp_path / "civ")
    plain = sorted(p.relative_to(tmp_path / "plain") for p in (tmp_path / "plain").rglob("*"))
    assert plain == sorted(p.relative_to(tmp_path / "civ" / "plain") for p in (tmp_path / "civ" / "plain").rglob("*"))
    for path in plain:
        if (tmp_path / "plain" / path).is_file():
            assert (tmp_path / "plain" / path).read_bytes() == (tmp_path / "civ" / "plain" / path).read_bytes()
    assert "Spearmen" in (tmp_path / "plain" / "decks" / "main.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def french(tmp_path_factory) -> list[dict]:
    """The tcg starter with its decks/main.csv replaced by FRENCH, built one card a page."""
    root = tmp_path_factory.mktemp("french")
    _run("new", "eclats", "--starter", "tcg", "--in", root)
    (root / "eclats" / "decks" / "main.csv").write_text(FRENCH, encoding="utf-8")
    _run("build", root / "eclats", "-o", root / "kit", "--layout", "single")
    fronts = []
    with pdfplumber.open(root / "kit" / "cards-main.pdf") as pdf:
        for page in pdf.pages[0::2]:
            fronts.append({"words": page.extract_words(), "text": " ".join((page.extract_text() or "").split()),
                           "cost": _filled(page, COST), "attack": _filled(page, ATTACK),
                           "health": _filled(page, HEALTH), "épique": _filled(page, EPIQUE),
                           "mythique": _filled(page, MYTHIQUE)})
    return fronts


def test_tcg_starter__a_french_deck_prints_every_value_with_its_accents(french):
    for front, row in zip(french, FRENCH.splitlines()[1:], strict=True):
        _, name, _, _, _, _, faction, rarity, text = row.split(",")
        for value in (name, f"Faction {faction}", rarity, text):
            assert value in front["text"], (value, front["text"])
    assert "Loup d'Éclat" in french[0]["text"] and "dégâts" in french[2]["text"]
    assert "E\u0301" not in " ".join(f["text"] for f in french)  # composed, as typed: no decomposed accents


def test_tcg_starter__cost_attack_and_health_are_badges_and_0_shows_none(french):
    for front, row in zip(french, FRENCH.splitlines()[1:], strict=True):
        cost, attack, health = row.split(",")[2:5]
        for field, value in (("cost", cost), ("attack", attack), ("health", health)):
            if value == "0":
                assert not front[field], (row, field)  # hidden at 0: no badge
                continue
            (shape,) = front[field]
            assert [w for w in front["words"] if w["text"] == value and _inside(w, shape)], (row, field)
        assert "Health" not in front["text"] and "Attack" not in front["text"]  # badges, not lines


def test_tcg_starter__rarity_is_a_mark_in_its_colour_on_the_type_line(french):
    gardien, eclair = french[1], french[2]
    (gem,) = gardien["épique"]
    (word,) = [w for w in gardien["words"] if w["text"] == "Épique"]
    assert abs((gem["top"] + gem["bottom"]) / 2 - (word["top"] + word["bottom"]) / 2) < 2  # side by side
    assert len(eclair["mythique"]) == 1 and not french[0]["épique"]
