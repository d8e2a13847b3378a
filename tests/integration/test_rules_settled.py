"""Issue 16: every open question of the seeds is settled visibly in the data and printed; limits
catch a rule that the starting position breaks; stats keeps alternatives apart. Text is read back
from the PDFs; the rules summary and reference are laid out and drawn in-process (no card sheets)."""
from __future__ import annotations

import re

import shutil

import pytest

from kitgen.kit.build import Options, layout_documents
from kitgen.check import check_game
from kitgen.check.limits import check_limits
from kitgen.check.stats import stats_report
from kitgen.errors import Where
from kitgen.load import load_game
from kitgen.model import (Attribute, Card, CardType, Condition, Deck, Effect, Erratum, Faction, Game, Limit, Phase,
                          Variable)
from kitgen.render.document import render_document
from kitgen.render.fonts import register_fonts
from tests.conftest import pdf_pages, pdf_text, run_kitgen

HERE = Where("game.yaml", 7)


def _documents(project, game_id: str, folder) -> dict[str, list[str]]:
    """rules.pdf, reference.pdf and designer-notes.pdf of a shipped game, each as its pages' text
    (whitespace folded)."""
    game = load_game(project.game_folder(game_id))
    register_fonts(project.fonts)
    documents = layout_documents(project, game, game_id, Options())
    pages = {}
    for name in ("rules.pdf", "reference.pdf", "designer-notes.pdf"):
        render_document(documents[name], folder / name, game.title, "#1d2b45", "")
        pages[name] = [" ".join(page.split()) for page in pdf_pages(folder / name)]
    return pages


def _game(limit: Limit, errata=(), factions=None) -> Game:
    attributes = (Attribute("Economy", start="0"), Attribute("Industry", start="0", group="Economy"),
                  Attribute("Support", start="0"))
    factions = factions if factions is not None else (
        Faction("Builders", effects=(Effect("Industry", 2), Effect("Support", 1))),
        Faction("Raiders", effects=(Effect("Support", -1),)))
    return Game("g", "G", "G", "2", attributes, (CardType("Ship", "main"),), (Deck("main", "Main", "M"),),
                (Phase("Upkeep", "Pay."),), factions=factions, errata=errata, limits=(limit,))


UNIT_CAP = Limit("Unit cap", "U <= N(5 + S)", (Variable("U", "Units", start=10), Variable("N", "Bases", start=1),
                                             Variable("S", "Support", attribute="Support")), where=HERE)


def test_limits__a_start_that_breaks_a_limit_is_a_warning_at_its_line_naming_each_faction():
    problems = check_limits(_game(UNIT_CAP))
    assert [(p.level, str(p.where)) for p in problems] == [("warning", "game.yaml:7")]
    assert ("limit 'Unit cap' (U <= N(5 + S)) is broken by the starting position: Builders: U = 10 > N(5 + S) = 6; "
            "Raiders: U = 10 > N(5 + S) = 4;") in problems[0].message


def test_limits__an_erratum_named_by_the_limit_settles_it_and_an_unknown_one_is_an_error():
    settled = Limit(**{**UNIT_CAP.__dict__, "erratum": "cap"})
    assert check_limits(_game(settled, errata=(Erratum("cap", "x", "y", "z"),))) == []
    unknown = check_limits(_game(settled))
    assert [p.level for p in unknown] == ["error"] and "unknown erratum 'cap'" in unknown[0].message
    kept = Limit("Roomy", "U <= 20", (Variable("U", "Units", start=10),), erratum="cap", where=HERE)
    stale = check_limits(_game(kept, errata=(Erratum("cap", "x", "y", "z"),)))
    assert [p.level for p in stale] == ["warning"] and "no starting position breaks it" in stale[0].message


def test_limits__group_total_adds_the_sub_factors_and_bad_declarations_are_errors():
    bases = Limit("Base cap", "N <= E", (Variable("N", "Bases", start=1),
                                        Variable("E", "Economy", attribute="Economy", group_total=True)), where=HERE)
    problems = check_limits(_game(bases))  # Builders: Industry +2 -> Economy 2; Raiders: 0
    assert len(problems) == 1 and "Raiders: N = 1 > E = 0" in problems[0].message and "Builders" not in problems[0].message
    broken = [Limit("A", "U + 1", (Variable("U", "Units", start=1),), where=HERE),
              Limit("B", "U <= X", (Variable("U", "Units", start=1),), where=HERE),
              Limit("C", "U <= 5", (Variable("U", "Units"),), where=HERE),
              Limit("D", "U <= S", (Variable("U", "Units", start=1), Variable("S", "x", attribute="Nope")), where=HERE)]
    messages = [p.message for limit in broken for p in check_limits(_game(limit)) if p.level == "error"]
    assert len(messages) == 4
    assert "needs exactly one comparison" in messages[0] and "variable X is not declared" in messages[1]
    assert "needs either attribute: (a score) or start:" in messages[2] and "unknown attribute 'Nope'" in messages[3]


def test_errata__an_effect_erratum_the_card_does_not_carry_is_a_warning():
    card = Card("Bunker", "Ship", effects=(Effect("Support", 2, erratum="bunker-ed", where=HERE),), where=HERE)
    game = _game(UNIT_CAP, errata=(Erratum("bunker-ed", "ED+2", "MD+2", "no ED"),), factions=())
    game = Game(**{**game.__dict__, "decks": (Deck("main", "Main", "M", cards=(card,)),), "limits": ()})
    assert [p.message for p in check_game(game) if "erratum" in p.message] == [
        "card 'Bunker': its effect follows erratum 'bunker-ed'; give the card erratum: bunker-ed too, so its face is marked"]


@pytest.mark.parametrize("game", ["alpha-centauri", "galactic-civ", "civilization-card-game", "galactic-supremacy",
                                  "civ-builder"])
def test_shipped__every_limit_and_erratum_is_settled_no_warnings(game, project):
    loaded = load_game(project.game_folder(game))
    assert [str(p) for p in check_game(loaded)] == []


def test_validate__alpha_centauri_names_the_unit_cap_clash_and_without_its_erratum_warns(tmp_path, project):
    result = run_kitgen("validate", "alpha-centauri")
    assert result.returncode == 0, result.stderr
    assert ("Unit cap (U <= N(5 + S)): broken at the start: Believers, Gaians, Hive, Peacekeepers, University: "
            "U = 10 > N(5 + S) = 5; Morgan Industries: U = 10 > N(5 + S) = 4; Spartans: U = 10 > N(5 + S) = 7; "
            "settled by erratum unit-cap-at-start") in result.stdout
    assert "Base cap (N <= E + P): broken at the start: Spartans: N = 1 > E + P = 0; University: N = 1 > E + P = -2" \
        in result.stdout
    game = tmp_path / "ac"
    shutil.copytree(project.game_folder("alpha-centauri"), game)
    rules = game / "rules.yaml"
    lines = rules.read_text().splitlines(keepends=True)
    line, col = next((n, text.index("name") + 1) for n, text in enumerate(lines, 1)
                     if text.strip() == "- name: Unit cap")  # the limit's mapping begins at its first key
    rules.write_text("".join(text for text in lines if text.strip() != "erratum: unit-cap-at-start"))
    unsettled = run_kitgen("validate", str(game), "--strict")
    assert unsettled.returncode == 1
    assert f"rules.yaml:{line}:{col}: warning: limit 'Unit cap' (U <= N(5 + S)) is broken by the starting position" \
        in unsettled.stdout + unsettled.stderr


def _split_sources(pages: dict[str, list[str]]) -> tuple[str, str]:
    """What players read (the rules summary), and the designer's notes, which alone name ids and the
    source's words and lines."""
    players, notes = (" ".join(pages[name]) for name in ("rules.pdf", "designer-notes.pdf"))
    assert "Designer's Notes" in notes and "Designer's Notes" not in players
    return players, notes


def test_rules__alpha_centauri_prints_its_limits_errata_cards_and_disclaimer(tmp_path, project):
    pages = _documents(project, "alpha-centauri", tmp_path)
    text = " ".join(pages["rules.pdf"])
    players, sources = _split_sources(pages)
    assert pages["rules.pdf"][0].count("Your first game") == 1
    assert ("Unit cap: U <= N(5 + S), where U is your Units (10 at the start) and N is the number of your Bases "
            "(1 at the start)") in players
    assert "Spartans: U = 10 > N(5 + S) = 7: settled by an erratum (Errata)" in players
    assert "University: N = 1 > E + P = -2: settled by an erratum (Errata)" in players
    for words in ["Bunker: Bunker gives MD+2 (Military Defense).", "Hive: The Hive may not play Democratic (Politics).",
                  "Economy Mining: Economy Industry is EI; Economy Mining is EM.",
                  "Hologram Theatre: Hologram Theatre gives PC+2 (Population Control & Pacification).",
                  "Nerve Stapling: Nerve Stapling gives PC+2 (Population Control & Pacification)."]:
        assert words in players, words
    for erratum in ["unit-cap-at-start", "base-cap-at-start", "bunker-ed", "hive-democracy", "economy-mining-code",
                    "hologram-theatre-pp", "nerve-stapling-sc"]:
        assert erratum not in players, erratum
    for marker in ["unit-cap-at-start: The source says: SETUP (l.44)", "base-cap-at-start: The source says",
                   "bunker-ed: The source says: CARD LIST: \"Bunker F ED+2\"",
                   "hologram-theatre-pp: The source says: CARD LIST: \"Hologram Theatre F PP+2\"",
                   "nerve-stapling-sc: The source says: CARD LIST: \"Nerve Stapling T SC+2\"",
                   "economy-mining-code: The source says: MAJOR SOCIAL FACTORS & SUB FACTORS",
                   "hive-democracy: The source says:"]:
        assert marker in sources, marker
    assert ("Disclaimer (the source's own words): Alpha Centauri is a licensed, copyrighted product. "
            "This is merely a fansite.") in players  # the credits are the players' too
    assert "The source says" not in players and text.count("Disclaimer (the source's own words)") == 1
    turn = pages["reference.pdf"][0]
    assert "No new Units above Bases x (5 + MS); keep those you have (an erratum)" in turn
    assert "unit-cap-at-start" not in " ".join(pages["reference.pdf"])


def test_rules__galactic_civ_first_page_turn_tables_victory_and_kit_choices(kit, project):
    rules = [" ".join(page.split()) for page in pdf_pages(kit / "rules.pdf")]
    first = rules[0]
    assert "Your first game 1. Setup 1. Each player starts with 5 points in each of the 8 Attributes." in first
    assert ("1+ Event roll (Event Deck) At the end of Opportunity Phase roll one die: if it is Even, there is no Event."
            in first)
    assert first.index("1 Opportunity Phase") < first.index("1+ Event roll") < first.index("2 Construction Phase")
    assert ("Random Attribute Table (1D10): on the Reference sheet; used in Aggression Phase, Influence Phase, "
            "Trade Phase, Approval Phase.") in first
    assert "Benevolence Table (1D10): on the Reference sheet; used in Moral Dilemmas." in first
    assert "4. How to win" in first and "General Victory: At the End of turn 20" in first
    players, sources = _split_sources({"rules.pdf": rules, "designer-notes.pdf": [
        " ".join(page.split()) for page in pdf_pages(kit / "designer-notes.pdf")]})
    assert '\\"' not in players  # YAML's escape is not printed (a folded scalar keeps a backslash as it is)
    assert "On your turn you take all 12 phases (kit choices)." in players
    for choice in ["Choices this kit makes The source does not give these values; the kit chose them so the game can "
                   "be played. Why, in the source's own words: the designer's notes (designer-notes.pdf in the kit; "
                   "no need to print them). 1. Turn structure: on your turn you take all 12 phases in order",
                   "Who goes first: every player rolls 1D10",
                   "\"By at least 5 points each\": in each of the two attributes, your score "
                   "is at least 5 more than every other player's score",
                   "United Planets vote: the player with the most Votes takes the Benefit "
                   "and chooses the Target Player", "A tie for the most Votes: nobody wins the vote",
                   "The Trade Phase's +1 maximum hand size lasts until the end of that turn",
                   "Ship Graveyard (\"Exploit +1 and Play 1 Ship Card\")"]:
        assert choice in players, choice
    assert not re.search(r"\bl\.\s?\d", players), "a seed line number in the players' part of the rules"
    for kit_id in ["turn-structure", "first-player", "victory-margin", "council-vote", "trade-hand-size",
                   "ship-graveyard", "random-attribute-culture", "The source says"]:
        assert kit_id not in players, kit_id
    game = load_game(project.game_folder("galactic-civ"))
    for number, choice in enumerate(game.kit_choices, 1):  # a choice's words for players, its why with its id
        assert f"{number}. {' '.join(choice.what.split())[:50]}" in players, choice.id
        assert f"{number}. {choice.id}: {' '.join(choice.what.split())[:50]}" in sources, choice.id
        assert f"Why: {' '.join(choice.why.split())[:50]}" in sources, choice.id
        assert ' '.join(choice.why.split())[:50] not in players, choice.id
    for source in ["Why: TURN SEQUENCE (l.102-104): \"Players take Turns.",
                   "random-attribute-culture: The source says: RANDOM ATTRIBUTE TABLE (l.53): \"6. Culture\"",
                   "Source document: galactic-civ.txt."]:
        assert source in sources, source
    assert ("Disclaimer (the source's own words): Galactic Civilization is a copyrighted, licensed property. "
            "This is merely a fan site.") in players
    reference = pdf_text(kit / "reference.pdf")
    assert "1+ Event roll Everyone (Event Deck) At the end of Opportunity Phase roll one die" in reference
    assert "6 Influence † 7 Trade" in reference and "Culture" not in reference.split("Random Attribute Table")[1][:120]
    assert "† 6: Corrected: the table says Culture, the rules' other name for Influence" in " ".join(reference.split())
    assert "random-attribute-culture" not in reference


def test_rules__civilization_keeps_the_gfdl_notice_and_marks_inferred_types(tmp_path, project):
    documents = _documents(project, "civilization-card-game", tmp_path)
    players, sources = _split_sources(documents)
    # the overview and the victory path say how the game ends; the game end's own line does not say it again
    assert documents["rules.pdf"][0].count("The game ends when the final Technology is bought.") == 2
    assert ("\"The source of this article is wikipedia, the free encyclopedia. The text of this article is licensed "
            "under the GFDL.\" That text, and this summary's reprint of it, may be copied") in players
    assert "5. pyramids-wonder: The source says: Plot Cards (l.31)" in sources
    assert "2. inferred-types: Card types the article implies" in sources
    assert "Why: Writing and Code of Laws are \"Cards such as\" (l.112)" in sources
    assert "3. player-count: 2-4 players." in sources and "Why: The article gives no player count." in sources
    assert "3. 2-4 players." in players
    assert ("Card types the article implies but does not state: Writing and Code of Laws are Technologies; City Walls "
            "is a Building; Great Wall is a Wonder; Catapult is a Military card.") in players
    assert "Writing, Code of Laws: type Technology (a kit choice)" in players
    assert '\\"' not in players and "Pyramids is a Wonder: an erratum." in players
    for kit_id in ["inferred-types", "pyramids-wonder", "player-count", "The source says"]:
        assert kit_id not in players, kit_id


def test_rules__galactic_supremacy_settles_tied_combat_rolls(tmp_path, project):
    players, sources = _split_sources(_documents(project, "galactic-supremacy", tmp_path))
    assert "tied-combat-rolls: The source says: ATTACK PHASE (l.93-94)" in sources
    assert ("Kit reading (an erratum): two Fleets with equal rolls destroy each other; when a Sector's roll ties"
            in players)  # a paragraph of the Attack Phase
    assert "tied-combat-rolls" not in players and "The source says" not in players


def test_stats__a_moral_dilemmas_answers_are_alternatives_not_a_sum(project, tmp_path):
    game = load_game(project.game_folder("galactic-civ"))
    events = next(d for d in stats_report(game, {})["decks"] if d["id"] == "events")
    dilemma = next(t for t in events["types"] if t["type"] == "Moral Dilemma")
    assert dilemma["choices"]["If Malevolent"]["Expansion"] == -3
    assert dilemma["choices"]["If Benevolent"]["Expansion"] == -5
    assert dilemma["points"]["Expansion"] == 0  # nothing applies whatever is chosen: never -8
    assert events["strength"]["-2..2"] == 6 and sum(events["strength"].values()) == 77
    assert "choices" not in events["types"][0]  # Galactic Events offer no alternatives
    from kitgen.render.stats import render_stats

    register_fonts(project.fonts)
    render_stats(stats_report(game, {}), tmp_path / "stats.pdf", {t.name: t.color for t in game.card_types})
    page = " ".join(pdf_pages(tmp_path / "stats.pdf")[1].split())
    for label in ["Galactic Event", "United Planets Issue", "Moral Dilemma: If Malevolent", "Moral Dilemma: If Benevolent"]:
        assert label in page, label
    assert "Galactic E " not in page.replace("Galactic Event", "")


def test_stats__conditions_without_a_choice_are_still_added_up():
    game = _game(UNIT_CAP, factions=())
    card = Card("Pact", "Ship", effects=(Effect("Support", 2), Effect("Support", 1, condition="meld")))
    game = Game(**{**game.__dict__, "conditions": (Condition("meld", "", "In a meld"),),
                   "decks": (Deck("main", "Main", "M", cards=(card,)),)})
    ship = stats_report(game, {})["decks"][0]["types"][0]
    assert ship["points"]["Support"] == 3 and "choices" not in ship
