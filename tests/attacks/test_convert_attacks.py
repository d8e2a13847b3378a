"""`kitgen convert` on a hostile game folder (issue 34): the sheet it writes must land inside the
game folder, never through a link planted there, never into a pipe; a card text a spreadsheet
cannot hold is one line at its card. Nothing is written when it refuses."""
from __future__ import annotations

import os
import re

import pytest

from tests.attacks.harness import assert_one_line, edit, kit_hashes, kitgen, tiny_copy


def convert(game, to: str, *more: str):
    return kitgen("convert", game / "decks" / "main.yaml", "--to", to, *more)


@pytest.mark.parametrize("to", ["csv", "xlsx"])
def test_convert_through_a_dangling_link_planted_in_the_game__refused_and_nothing_made_outside(to, tmp_path):
    """decks/main.csv -> ../outside/new.csv, which did not exist: convert made it, outside the folder."""
    game = tiny_copy(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (game / "decks" / f"main.{to}").symlink_to(outside / f"new.{to}")
    before = kit_hashes(game)
    run = convert(game, to, "--force")
    assert_one_line(run, re.compile(rf".*decks/main\.{to}: error: is a link \(to {re.escape(str(outside))}/new\.{to}\); "
                                    r"kitgen does not write through a link: remove it and convert again"))
    assert list(outside.iterdir()) == [] and kit_hashes(game) == before


def test_convert_into_a_named_pipe__refused_at_once(tmp_path):
    game = tiny_copy(tmp_path)
    os.mkfifo(game / "decks" / "main.csv")
    run = convert(game, "csv", "--force")
    assert_one_line(run, re.compile(r".*decks/main\.csv: error: is not a regular file; kitgen writes the sheet only "
                                    r"as a file of its own: move it away and convert again"), seconds=15)


def test_convert_to_xlsx_a_card_text_with_a_control_character__one_line_at_the_card(tmp_path):
    """openpyxl refuses control characters (XML cannot hold them): 'internal error (IllegalCharacterError)'."""
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", '{name: Scout, type: Ship, text: "Sc\\x01out",')
    before = kit_hashes(game)
    run = convert(game, "xlsx")
    assert_one_line(run, re.compile(r".*decks/main\.yaml:11:5: error: card 'Scout': its text holds a control "
                                    r"character \(\\x01\) a spreadsheet cannot hold; remove it, or convert to csv"))
    assert kit_hashes(game) == before
    csv = convert(game, "csv")  # CSV holds it
    assert csv.run.returncode == 0, csv.run.describe()


def test_convert_to_yaml_of_cards_already_in_yaml__claims_no_sheet_removed(tmp_path):
    """It said 'the sheet it named is removed' of a deck that named none."""
    from tests.attacks.harness import kitgen_in_process

    game = tiny_copy(tmp_path)
    deck = game / "decks" / "main.yaml"
    run = kitgen_in_process("-q", "convert", deck, "--to", "yaml").run
    assert run.returncode == 0 and run.stdout.strip() == f"Wrote the cards into {deck}.", run.describe()
    assert kitgen_in_process("-q", "convert", deck, "--to", "csv").run.returncode == 0
    run = kitgen_in_process("-q", "convert", deck, "--to", "yaml").run
    assert run.stdout.strip() == f"Wrote the cards into {deck}; the sheet it named (main.csv) is removed."
    assert not (game / "decks" / "main.csv").exists()
