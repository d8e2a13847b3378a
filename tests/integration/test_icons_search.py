"""`kitgen icons WORD` and the icons' did-you-mean (issue 35): names and keywords (templates/icons/
synonyms.yaml, English and French) are searched; a typo is one or two edits, never 'pincers' for
'princess'; French card names get a picture from `kitgen art --suggest`."""
from __future__ import annotations

import shutil
from types import SimpleNamespace

from kitgen.desk.suggest import suggest
from kitgen.load.icons import load_icons
from kitgen.load.synonyms import load_synonyms
from tests.attacks.harness import assert_one_line, kitgen_in_process
from tests.conftest import ROOT

DIRS = [ROOT / "templates"]


def test_icons__lists_each_icon_whose_name_has_the_word_one_a_line():
    run = kitgen_in_process("icons", "sword").run
    found = run.stdout.splitlines()
    names = set(load_icons(DIRS).names())
    assert run.returncode == 0 and "crossed-swords" in found and "broadsword" not in found  # a word, not a substring
    assert all(name in names and ("sword" in name.split("-") or "swords" in name.split("-")) for name in found)


def test_icons__french_and_english_keywords_find_icons():
    assert "broadsword" in kitgen_in_process("icons", "épée").run.stdout.splitlines()
    assert "castle" in kitgen_in_process("icons", "Château").run.stdout.splitlines()
    assert "microscope" in kitgen_in_process("icons", "laboratory").run.stdout.splitlines()  # an English keyword


def test_icons__no_match_is_one_line_and_exit_1_with_a_sensible_did_you_mean():
    assert_one_line(kitgen_in_process("icons", "princess"), "kitgen: error: no icon's name or keywords have 'princess'; "
                    "kitgen icons WORD takes one word of an icon's name, e.g. sword")
    assert_one_line(kitgen_in_process("icons", "spaceshp"), "kitgen: error: no icon's name or keywords have 'spaceshp' "
                    "(did you mean 'spaceship'?); kitgen icons WORD takes one word of an icon's name, e.g. sword")


def test_validate__an_unknown_icon_s_did_you_mean_is_a_typo_or_a_keyword_never_a_lookalike(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tcg", game)
    deck = game / "decks" / "main.csv"
    rows = deck.read_text(encoding="utf-8").splitlines()
    rows[0] += ",icon"
    rows[1:5] = [rows[1] + ",princess", rows[2] + ",mounted-knigt", rows[3] + ",princesse", rows[4] + ",wolf-head"]
    deck.write_text("\n".join(rows) + "\n", encoding="utf-8")
    errors = [line.split("error: ")[1] for line in kitgen_in_process("validate", game).run.stderr.splitlines()
              if "error: " in line]
    assert errors == ["card 'Loup d'Éclat': no icon named 'princess'",
                      "card 'Gardien ancien': no icon named 'mounted-knigt' (did you mean 'mounted-knight'?)",
                      "card 'Éclair': no icon named 'princesse' (did you mean 'tiara'?)"], errors


def test_art_suggest__french_card_names_get_a_picture():
    """Six French names, by name alone: before the French keywords none got a picture (the tcg
    fixture's Éclair, by its text's 'créature', got sea-creature)."""
    names = ["Loup d'Éclat", "Gardien ancien", "Éclair", "Soin", "Chevalier noir", "Épée de feu"]
    cards = [SimpleNamespace(name=name, text="", id=str(i), icon="") for i, name in enumerate(names)]
    found = suggest([("main", cards)], load_icons(DIRS).names(), load_synonyms(DIRS, tuple(DIRS)))
    assert [s.icon for s in found] == ["wolf-head", "guards", "lightning-arc", "healing", "knight-banner",
                                       "fire"], [s.icon for s in found]
