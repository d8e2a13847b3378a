"""Attacks on who reads what (`audience:`), an erratum's card note and a table's groups (`|+`): the
new surfaces of issue 35. An unknown audience is one located error with a did-you-mean; a table
players do not get, named by a phase, is a located warning; a card note or a table cell from the
data never becomes markup (a page break, a table's group, a heading); a designer's table leaves no
trace in the players' PDFs. The real CLI on a copy of the tiny game.
"""
from __future__ import annotations

from tests.attacks.harness import assert_refused, edit, timed, tiny_copy
from tests.conftest import pdf_pages, pdf_text


def test_unknown_audience__refused_at_its_line_with_a_suggestion(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "tables.yaml", "    die: 1D6\n", "    die: 1D6\n    audience: simulation\n")
    run = timed("validate", game)
    found = assert_refused(run, game / "tables.yaml", r"tables\[0\]\.audience: 'simulation' is not one of: players, "
                           r"designers, simulator \(did you mean 'simulator'\?\)")
    assert (found["line"], found["col"]) == ("5", "15"), run.describe()


def test_audience_not_a_word__refused_at_its_line(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "tables.yaml", "    die: 1D6\n", "    audience: [players, simulator]\n    die: 1D6\n")
    run = timed("validate", game)
    found = assert_refused(run, game / "tables.yaml", r"tables\[0\]\.audience: 'a list' is not one of: players, "
                           r"designers, simulator")
    assert (found["line"], found["col"]) == ("4", "15"), run.describe()  # the list, on the line before the die


def test_a_phase_naming_a_simulator_table__warned_at_the_phase(tmp_path):
    """Players would be sent to a table their reference does not print: a warning where the phase is."""
    game = tiny_copy(tmp_path)
    edit(game / "tables.yaml", "    die: 1D6\n", "    die: 1D6\n    audience: simulator\n")
    edit(game / "rules.yaml", 'text: "Draw 1 card and play it."', 'text: "Draw 1 card; roll on the Random Attribute Table."')
    run = timed("validate", game, "--strict")
    found = assert_refused(run, game / "rules.yaml", r"phase 'Draw Phase' names the table 'Random Attribute Table', "
                           r"which is marked audience: simulator and is not printed for players", level="warning")
    assert found["line"] == "5", run.describe()


def test_a_simulator_table__not_on_the_reference_nor_the_manifests_dice_but_in_the_designers_notes(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "tables.yaml", "    die: 1D6\n", "    die: 1D6\n    audience: simulator\n")
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    for name in ("reference.pdf", "rules.pdf", "manifest.pdf"):
        text = pdf_text(tmp_path / "kit" / name)
        assert "Random Attribute Table" not in text and "six-sided" not in text, name
    assert "Table Random Attribute Table simulator" in pdf_text(tmp_path / "kit" / "designer-notes.pdf")


def test_markup_in_a_card_note_and_a_kit_choice__stays_text(tmp_path):
    """A card note, a kit choice's words and its id reach the card, the rules summary and the designer's
    notes as text: a `::page`, a `|+` group row, a `## heading` or a `|` cell edge in them starts nothing."""
    game = tiny_copy(tmp_path)
    hostile = "::page |+ x | y ## Heading"
    (game / "errata.yaml").write_text(
        "errata:\n  - {id: odd, seed: \"the list\", kit: \"" + hostile + "\", why: \"" + hostile + "\", card_note: \""
        + hostile + "\"}\nkit_choices:\n  - {id: pick, what: \"" + hostile + "\", why: \"" + hostile + "\"}\n",
        encoding="utf-8")
    deck = game / "decks" / "main.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if "name:" in line and "type:" in line)
    lines[first] = lines[first].replace("name:", "erratum: odd, name:", 1)
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    for name in ("rules.pdf", "designer-notes.pdf"):  # intact: no directive, row or heading was taken from it
        assert any(hostile in " ".join(page.split()) for page in pdf_pages(tmp_path / "kit" / name)), name
    assert "\u2020 " + hostile in " ".join(pdf_text(tmp_path / "kit" / "cards-main.pdf").split())
