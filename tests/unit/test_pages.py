"""Sheets are made as they are drawn (layout.cards.Pages): their count, known before any is made,
must be the number made, in every layout; and imposing lays out no face."""
from __future__ import annotations

import pytest

from kitgen.kit.build import Options, check_kit, impose_sheets, instruction
from kitgen.layout.cards import impose_deck
from kitgen.layout.impose import plan_grid
from kitgen.model import PrintSettings
from kitgen.project import Project

SETTINGS = {"grid": {}, "duplex off": {"duplex": "off"}, "gutterfold": {"layout": "gutterfold"},
            "single": {"layout": "single"}, "short edge": {"duplex": "short-edge"}}


@pytest.mark.parametrize("name", SETTINGS)
def test_pages__count_is_what_is_made_and_nothing_is_laid_out_to_count(name):
    options = Options(PrintSettings(**SETTINGS[name]))
    checked = check_kit(Project.default(), "galactic-civ", options, lay_out=False)
    grid = plan_grid(checked.spec.paper, checked.spec.card, spec=checked.spec)
    sheets = impose_sheets(checked, grid, instruction(checked.spec))
    counted = {file: len(pages) for file, pages in sheets.items()}
    for faces in checked.faces:  # what impose_deck returns, even when a file is left out
        assert [len(p) for p in impose_deck(checked.game, faces, grid, "")] == \
            [len(list(p)) for p in impose_deck(checked.game, faces, grid, "")]
    assert checked.laid_out == 0
    assert counted == {file: len(list(pages)) for file, pages in sheets.items()}
    assert checked.laid_out == 0  # making pages names faces; render lays them out
    placed = sum(len(page.placements) for pages in sheets.values() for page in pages)
    copies = sum(card.copies for deck in checked.game.decks for card in deck.cards)
    assert placed == (2 * copies)  # every copy's front and its back, once each
    assert list(sheets.values())[0][0] == next(iter(list(sheets.values())[0]))
