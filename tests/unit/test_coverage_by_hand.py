"""Coverage that matches a count by hand (issue 33): each shipped game's coverage table, row by row,
is the table docs/coverage/GAME.md judges by hand; a rules section is as exact as what its `phase:`
and `played_by:` link it to; and a link never moves what the rules summary prints (rules.pdf's text,
read back, is the text of the same game with every `played_by:` taken out)."""
from __future__ import annotations

import io
from dataclasses import replace

import pypdfium2 as pdfium
import pytest

from kitgen.kit.build import Options
from kitgen.kit.documents import layout_documents
from kitgen.load import load_game
from kitgen.render.document import render_document
from kitgen.render.fonts import font_files, register_fonts
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.report.summary import coverage
from tests.conftest import ROOT, table_rows

GAMES = ("alpha-centauri", "civ-builder", "civilization-card-game", "galactic-civ", "galactic-supremacy")
STATUS = {"exact": "exact", "approximated": "approximated", "skipped": "not simulated"}


@pytest.fixture(scope="module")
def games():
    return {name: load_game(ROOT / "data" / name) for name in GAMES}


def rows(game) -> list[tuple[str, str]]:
    return [(row["rule"], STATUS[row["status"]]) for row in coverage(plan_game(game))]


def by_rule(game) -> dict[str, tuple[str, str]]:
    """The rules sections' rows: title -> (status, note)."""
    return {row["rule"]: (row["status"], row["note"]) for row in coverage(plan_game(game)) if row["rule"].startswith("rule '")}


@pytest.mark.parametrize("name", GAMES)
def test_coverage__each_games_rows_are_its_count_by_hand(games, name) -> None:
    counted = table_rows(ROOT / "docs" / "coverage" / f"{name}.md")
    assert rows(games[name]) == counted
    exact, approximated, skipped = (sum(status == s for _, status in counted) for s in STATUS.values())
    summary = f"{len(counted)} rows: {exact} exact, {approximated} approximated, {skipped} not simulated."
    assert summary in (ROOT / "docs" / "coverage" / f"{name}.md").read_text(encoding="utf-8")


def test_coverage__civilizations_combat_section_is_its_phases_and_without_a_link_only_printed(games) -> None:
    game = games["civilization-card-game"]
    combat = next(s for s in game.rules if s.id == "combat-steps")
    assert combat.played_by == ("Combat",) and by_rule(game)["rule 'Combat'"][0] == "exact"
    plan = plan_game(game)
    phase = next(row for row in plan.coverage if row.rule == "phase 'Combat'")
    assert next(row for row in plan.coverage if row.rule == "rule 'Combat'").steps == phase.steps  # judged by its firings
    unlinked = replace(game, rules=tuple(replace(s, played_by=()) if s is combat else s for s in game.rules))
    status, note = by_rule(unlinked)["rule 'Combat'"]
    assert status == "skipped" and note.startswith("printed for the players, not simulated: 1. Attacker declares")


def test_coverage__a_section_is_as_exact_as_the_least_exact_part_that_plays_it(games) -> None:
    """Galactic Supremacy's Combat Dice: its phase is exact, its Leader's die is an approximation the
    game declares; linked to both, the section says the approximation."""
    game = games["galactic-supremacy"]
    status, note = by_rule(game)["rule 'Combat Dice'"]
    assert status == "approximated" and "Leaders on Fleets: a Leader is attached to a Sector" in note
    dice = next(s for s in game.rules if s.id == "combat-dice")
    phase_only = replace(game, rules=tuple(replace(s, played_by=()) if s is dice else s for s in game.rules))
    assert by_rule(phase_only)["rule 'Combat Dice'"][0] == "exact"


def test_coverage__civilizations_game_end_plays_the_last_turn_out(games) -> None:
    """The seed's game ends when the final Technology is bought; the engine checks after the turn
    (its Combat played), so the end of the game is approximated and says why."""
    status, note = by_rule(games["civilization-card-game"])["rule 'End of the game'"]
    assert status == "approximated" and "its Combat and Draw and Discard played" in note


@pytest.fixture(scope="module")
def fonts(project):
    register_fonts(font_files(project.fonts))


def rules_text(project, game) -> str:
    document = layout_documents(project, game, game.id, Options())["rules.pdf"]
    out = io.BytesIO()
    render_document(document, out, game.title, "#1d2b45", "Print at 100%")
    pdf = pdfium.PdfDocument(out.getvalue())  # read back by pdfium, as the kit's PNGs are rendered
    return "\n".join(pdf[index].get_textpage().get_text_range().replace("\r\n", "\n") for index in range(len(pdf)))


def test_rules_summary__a_link_leaves_the_printed_text_as_it_was(games, project, fonts) -> None:
    """Civilization's Combat section, linked to its phase, keeps its heading and its six steps where
    they were (a `phase:` would print it inside the turn sequence instead)."""
    game = games["civilization-card-game"]
    unlinked = replace(game, rules=tuple(replace(s, played_by=()) for s in game.rules))
    text = rules_text(project, game)
    assert text == rules_text(project, unlinked)
    assert "\nCombat\n1. Attacker declares which units are attacking" in text
