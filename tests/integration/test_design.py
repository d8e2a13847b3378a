"""Designing with kitgen: a new game from `kitgen new`, template overrides, missing glyphs, and the
README's YAML reference kept in step with the schema."""
from __future__ import annotations

import dataclasses
import re
import shutil

from pypdf import PdfReader

from kitgen import model
from tests.conftest import ROOT, run_kitgen


def test_new__creates_a_game_that_validates_and_builds(tmp_path):
    created = run_kitgen("new", "my-game", "--in", str(tmp_path))
    assert created.returncode == 0, created.stderr
    game = tmp_path / "my-game"
    assert sorted(p.name for p in game.iterdir()) == ["art", "decks", "game.yaml", "rules.yaml", "schema", "templates"]
    # the editor's schema travels with the folder: a relative modeline, never a path into kitgen's install
    assert (game / "game.yaml").read_text().startswith("# yaml-language-server: $schema=schema/game.schema.json\n")
    assert (game / "decks" / "main.yaml").read_text().startswith(
        "# yaml-language-server: $schema=../schema/deck.schema.json\n")
    assert (game / "schema" / "deck.schema.json").read_text() == (ROOT / "data" / "schema" / "deck.schema.json").read_text()
    validated = run_kitgen("validate", str(game))
    assert validated.returncode == 0 and "My Game: 0 errors, 0 warnings" in validated.stdout
    built = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert built.returncode == 0, built.stderr
    text = PdfReader(tmp_path / "kit" / "cards-main.pdf").pages[0].extract_text()
    assert "Spearmen" in text and "Knights" in text
    # the starter shows a declared field, a cost (a badge), a counter (player sheet) and when to play
    assert "Strength 3" in text and "4 Gold" in text and "Play in: Play" in text
    sheet = PdfReader(tmp_path / "kit" / "player-sheet.pdf").pages[0].extract_text()
    assert "Gold" in sheet
    again = run_kitgen("new", "my-game", "--in", str(tmp_path))
    assert again.returncode == 1 and "already exists" in again.stderr


def test_templates__a_game_override_replaces_ours_by_name(tmp_path, project):
    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "templates").mkdir()
    front = (project.templates / "card-front.yaml").read_text()
    (game / "templates" / "card-front.yaml").write_text(front.replace('content: "{{ game.title }}"',
                                                                      'content: "House rules edition"'))
    rules = (project.templates / "rules.md.j2").read_text()
    (game / "templates" / "rules.md.j2").write_text(rules.replace(": Rules Summary", ": Our Table's Rules"))
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert result.returncode == 0, result.stderr
    assert "House rules edition" in PdfReader(tmp_path / "kit" / "cards-common.pdf").pages[0].extract_text()
    assert "Galactic Civ: Our Table's Rules" in PdfReader(tmp_path / "kit" / "rules.pdf").pages[0].extract_text()
    other = run_kitgen("build", "galactic-civ", "--templates", str(game / "templates"), "-o", str(tmp_path / "k2"))
    assert other.returncode == 0 and "House rules edition" in \
        PdfReader(tmp_path / "k2" / "cards-common.pdf").pages[0].extract_text()


def test_templates__an_error_names_the_template_file(tmp_path, project):
    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "templates").mkdir()
    (game / "templates" / "reference.md.j2").write_text("# Reference\n{{ game.no_such_thing }}\n")
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(r"templates/reference\.md\.j2:2: error: template error: .*no_such_thing", result.stderr)


def test_glyphs__a_character_the_font_lacks_is_a_warning_naming_the_card(tmp_path, project):
    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    deck = game / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout Ships,", "{name: Scout Ships 偵察,"))
    result = run_kitgen("validate", str(game))
    assert ("warning: card 'Scout Ships 偵察': characters '偵' (U+5075), '察' (U+5BDF) not in the font; "
            "they would print as empty boxes") in result.stderr


def test_readme__yaml_reference_lists_every_key_of_every_record():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## YAML reference", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| record")
            and not line.startswith("| ---")]
    cells = [re.split(r"(?<!\\)\|", row) for row in rows]  # "\|" inside a cell is not a column
    documented = {cell[1].strip(): set(re.findall(r"`([a-z_]+)`", cell[3])) for cell in cells}
    records = {name: cls for name, cls in vars(model).items() if dataclasses.is_dataclass(cls) and
               cls.__module__ == model.__name__}
    assert set(documented) == set(records)
    for name, cls in records.items():
        assert documented[name] == {f.name for f in dataclasses.fields(cls) if f.name != "where"}, name


def test_fonts__a_game_names_its_own_font_for_a_role(tmp_path, project):
    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "fonts").mkdir()
    shutil.copyfile(project.fonts / "Lato-Italic.ttf", game / "fonts" / "house-title.ttf")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "\nfonts: {title: fonts/house-title.ttf}\n")
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert result.returncode == 0, result.stderr
    page = PdfReader(tmp_path / "kit" / "cards-common.pdf").pages[0]
    names = set()
    for form in page["/Resources"]["/XObject"].values():
        for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
            names.add(str(font.get_object()["/BaseFont"]))
    assert any(name.endswith("Lato-Italic") for name in names)  # card names now in the game's title font
    assert not any(name.endswith("Lato-Black") for name in names)
    plain = run_kitgen("build", "galactic-civ", "-o", str(tmp_path / "plain"))  # and ours come back after
    assert plain.returncode == 0
    missing = (game / "game.yaml").read_text().replace("fonts/house-title.ttf", "fonts/nope.ttf")
    (game / "game.yaml").write_text(missing)
    bad = run_kitgen("validate", str(game))
    assert bad.returncode == 1 and "error: fonts.title: font file 'fonts/nope.ttf' not found in the game folder" in bad.stderr


def test_icons__types_and_attributes_show_their_icons_with_attribution(kit):
    import pdfplumber

    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        page = pdf.pages[0]
        badge = [c for c in page.curves if 51 < c["x0"] / 2.8346 - 12.7 < 59 and c["top"] / 2.8346 - 6.35 < 12]
    assert badge, "no icon drawn in the first card's type badge"
    rules = " ".join(p.extract_text() for p in PdfReader(kit / "rules.pdf").pages)
    assert "Icons by Lorc, Delapouite" in rules and "CC BY 3.0" in rules


def test_icons__an_unknown_icon_is_an_error_with_a_suggestion(tmp_path, project):
    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("icon: spaceship", "icon: spaceshp"))
    result = run_kitgen("validate", str(game))
    assert result.returncode == 1
    assert "error: card type 'Ship': no icon named 'spaceshp' (did you mean 'spaceship'?)" in result.stderr


def test_rules__a_faction_with_starting_scores_and_no_ability_text_lists_them(tmp_path, project):
    """It was a template error ('No filter named <function effect_text>') and no kit."""
    from click.testing import CliRunner

    from kitgen import cli
    from tests.conftest import pdf_text

    game = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    yaml = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(yaml.replace('{name: Dregin Empire, ability: "Start with Military +4", ',
                                                 "{name: Dregin Empire, "))
    result = CliRunner().invoke(cli.main, ["build", str(game), "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "kit" / "rules.pdf")
    assert "Dregin Empire Starting scores: Military +4" in text
    assert "Terran Alliance Start with Influence +2 and Expansion +2" in text  # an ability's text, as before
