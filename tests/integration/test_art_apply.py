"""`kitgen art GAME --suggest --apply` (issue 23): the proposals go into the deck files as
`icon: NAME` on cards that name none, every other line and comment kept, and the game still loads."""
from __future__ import annotations

import shutil

from kitgen.load import load_game
from tests.conftest import ROOT, run_kitgen

TINY = ROOT / "tests" / "fixtures" / "tiny"


def test_art_apply__writes_proposals_into_the_deck_and_keeps_the_rest(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("  - {name: Market,", "  # places\n  - {name: Market,", 1)
                    .replace("  - {name: Library, type: Build, effects: [{attribute: Science, delta: +1}]}",
                             "  - name: Library\n    type: Build\n    effects: [{attribute: Science, delta: +1}]"))
    before = load_game(game)
    result = run_kitgen("art", str(game), "--suggest", "--apply")
    assert result.returncode == 0, result.stderr
    after = load_game(game)
    icons = {card.name: card.icon for card in after.decks[0].cards}
    assert all(icons.values()), icons  # every card got a proposal (the tiny game's names all match an icon)
    assert [c.name for c in after.decks[0].cards] == [c.name for c in before.decks[0].cards]
    text = deck.read_text()
    assert "  # places\n  - {name: Market, type: Build, effects: [{attribute: Trade, delta: +2}], icon: " in text
    assert "  - name: Library\n    icon: " in text
    assert "proposals written into the deck files" in result.stdout
    again = run_kitgen("art", str(game), "--suggest", "--apply")  # nothing left to write: cards keep theirs
    assert again.returncode == 0 and deck.read_text() == text
    refused = run_kitgen("art", str(game), "--apply")
    assert refused.returncode != 0 and "give both" in refused.stderr and "Traceback" not in refused.stderr
