"""What `kitgen serve` redoes after a save (issue 15, the designer's desk): only the cards whose
face changed are rendered again (and fetched again by the page), whatever file was saved, and
the charts only when the figures they show changed. In-process on the tiny game; the browser
side is tests/integration/test_serve.py."""
from __future__ import annotations

import os
import shutil
import signal
import sys

import pytest

import kitgen.desk.preview as preview_module
from kitgen.desk.preview import Preview
from tests.conftest import ROOT, read_until, serve_tiny

TINY = ROOT / "tests" / "fixtures" / "tiny"


@pytest.fixture
def preview(tmp_path, project, monkeypatch):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    rendered: list[tuple[str, int]] = []  # (file, page) pdfium drew

    def counted(pdf, pages, *args, **kwargs):
        rendered.extend((pdf.name, page) for page in pages) if pages is not None else rendered.append((pdf.name, None))
        return real(pdf, pages, *args, **kwargs)

    real = preview_module.render_pages
    monkeypatch.setattr(preview_module, "render_pages", counted)
    shown = Preview(project, str(game))
    shown.refresh()
    assert len(rendered) == 6  # four cards, the deck's back and the charts
    rendered.clear()
    yield game, shown, rendered
    shown.close()


def images(state) -> dict[str, str]:
    return {card["name"]: card["image"] for card in state["cards"]}


def pixels(shown, state) -> dict[str, bytes]:
    """Each card's and each deck's back's PNG, by name (a refresh drops the images no card shows)."""
    faces = {name: shown.images[image[5:-4]] for name, image in images(state).items()}
    return faces | {f"back of {back['deck']}": shown.images[back["image"][5:-4]] for back in state["backs"]}


def test_preview__a_line_moved_or_another_file_renders_no_card_and_no_chart(preview):
    game, shown, rendered = preview
    before = shown.state
    deck = game / "decks" / "main.yaml"
    deck.write_text("# Playtest 3: the Frigate is strong.\n\n" + deck.read_text())  # every card two lines down
    (game / "notes.txt").write_text("playtest notes")
    after = shown.refresh()
    assert after["ok"] and after["version"] == before["version"] + 1
    assert rendered == []
    assert images(after) == images(before) and after["charts"] == before["charts"] and after["backs"] == before["backs"]


def test_preview__a_rules_edit_renders_the_cards_again_as_they_were_and_no_chart(preview):
    """A face's key hashes the game's non-deck fields whole (kit/keys.py, layout/cards.faces_view):
    a rules edit can change what a face prints (its "Play in:" line names the phases), so every face
    is drawn again. This one changes no face: the pixels are the same, and the charts are not redrawn."""
    game, shown, rendered = preview
    before = shown.state
    drawn = pixels(shown, before)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text().replace("name: War Phase", "name: Battle Phase"))
    after = shown.refresh()
    assert after["ok"] and after["version"] == before["version"] + 1
    assert sorted(rendered) == [("cards-main.pdf", page) for page in (0, 1, 2, 4, 6)]  # four fronts, the back
    assert after["charts"] == before["charts"] and pixels(shown, after) == drawn and len(drawn) == 5


def test_preview__a_card_edit_renders_that_card_and_the_charts_only_when_the_figures_change(preview):
    game, shown, rendered = preview
    deck = game / "decks" / "main.yaml"
    before = shown.state
    deck.write_text(deck.read_text().replace("{name: Frigate,", "{name: Corvette,"))
    renamed = shown.refresh()
    assert rendered == [("cards-main.pdf", 2)]  # the Frigate's front (single layout: front, back, ...)
    assert renamed["charts"] == before["charts"]
    assert {n: i for n, i in images(renamed).items() if n != "Corvette"} == \
        {n: i for n, i in images(before).items() if n != "Frigate"}
    rendered.clear()
    deck.write_text(deck.read_text().replace("{name: Market, type: Build, effects: [{attribute: Trade, delta: +2}]",
                                             "{name: Market, type: Build, effects: [{attribute: Trade, delta: +3}]"))
    stronger = shown.refresh()
    assert rendered == [("cards-main.pdf", 4), ("stats.pdf", None)]  # every page of the charts: one a deck
    assert len(stronger["charts"]) == 1 and stronger["charts"] != renamed["charts"]
    assert [n for n in images(stronger) if images(stronger)[n] != images(renamed)[n]] == ["Market"]
    assert stronger["charts"][0][5:-4] in shown.images and renamed["charts"][0][5:-4] not in shown.images


def test_preview__a_card_whose_text_does_not_fit_is_shown_as_it_would_print_and_marked(preview):
    """The build stops at such a card; the preview draws it anyway (a draft), beside the error,
    so the designer sees how far over the text runs, and sees it go when the text is cut."""
    import pypdfium2 as pdfium

    game, shown, rendered = preview
    deck = game / "decks" / "main.yaml"
    good = deck.read_text()
    deck.write_text(good.replace("{name: Market,", "{name: Market, text: '" + "Trade goods. " * 90 + "',"))
    over = shown.refresh()
    assert not over["ok"] and not over["stale"]
    errors = [p["text"] for p in over["problems"] if p["level"] == "error"]
    assert len(errors) == 1 and errors[0].endswith("decks/main.yaml:13:5: error: card 'Market': text in box 'effects' "
                                                   "does not fit, even at 6.5 pt; shorten it or enlarge the box"), errors
    marked = {card["name"]: card["error"] for card in over["cards"]}
    assert marked == {"Scout": False, "Frigate": False, "Market": True, "Library": False}
    assert rendered == [("cards-main.pdf", 4)]  # the Market's face, drawn as it would print
    page = pdfium.PdfDocument(str(shown.out / "kit" / "cards-main.pdf"))[4]
    assert "Trade goods." in page.get_textpage().get_text_range()

    deck.write_text(good)
    fixed = shown.refresh()
    assert fixed["ok"] and not any(card["error"] for card in fixed["cards"])


def test_preview__a_back_edit_shows_the_new_back_and_the_fronts_as_they_were(preview):
    """The backs are part of the kit a designer changes (a subtitle, a back template): the page
    shows each deck's, and follows it."""
    game, shown, rendered = preview
    before = shown.state
    assert [(b["deck"], b["image"][:5]) for b in before["backs"]] == [("Main Deck", "/img/")]
    drawn = pixels(shown, before)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("subtitle: Main Deck}", "subtitle: The Main Deck}"))
    after = shown.refresh()
    # the back is drawn again, and so are the fronts: a front's key hashes its deck whole, back and
    # all (kit/keys.py: what layout reads, not a hand-made list of the fields a template uses)
    assert sorted(rendered) == [("cards-main.pdf", page) for page in (0, 1, 2, 4, 6)]
    assert after["backs"] != before["backs"] and images(after).keys() == images(before).keys()
    now = pixels(shown, after)
    assert now.pop("back of Main Deck") != drawn.pop("back of Main Deck")
    assert now == drawn and len(now) == 4  # the fronts print as they did
    assert shown.images[after["backs"][0]["image"][5:-4]].startswith(b"\x89PNG")


def test_preview__shows_the_charts_of_every_deck(tmp_path, project):
    """The stats PDF has a page a deck: the page showed only the first deck's."""
    game = tmp_path / "two-decks"
    shutil.copytree(TINY, game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace(
        "decks: [main]", "  - {name: Event, plural: Events, deck: events, color: \"#6b4391\"}\ndecks: [main, events]"))
    (game / "decks" / "events.yaml").write_text("id: events\nname: Event Deck\ncode: EV\nback: {title: Tiny Empire, subtitle: Events}\n"
                                                "cards:\n  - {name: Comet, type: Event, text: Every player draws a card.}\n")
    shown = Preview(project, str(game))
    try:
        state = shown.refresh()
        assert state["ok"], state["problems"]
        assert len(state["charts"]) == 2 and all(shown.images[url[5:-4]].startswith(b"\x89PNG") for url in state["charts"])
    finally:
        shown.close()



@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_serve__stopped_by_a_signal_or_a_closed_terminal_removes_its_scratch_folder(tmp_path, name):
    """serve builds into a scratch folder (a whole kit); closing the terminal window (SIGHUP)
    killed it outright and left that folder behind, one per session."""
    signum = getattr(signal, name)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    process = serve_tiny(tmp_path, env={"TMPDIR": str(scratch)})
    try:
        read_until(process, "OK: 4 cards")
        assert [p.name[:13] for p in scratch.iterdir()] == ["kitgen-serve-"]
        process.send_signal(signum)
        assert process.wait(20) == 0 and "Stopped serving." in process.stderr.read()
    finally:
        process.kill()
    assert list(scratch.iterdir()) == []


def test_serve__a_scratch_folder_left_by_a_killed_preview_is_removed_by_the_next(tmp_path, project, monkeypatch):
    """SIGKILL leaves no chance to clean up: the next preview removes the scratch folders whose
    process is gone, and only those (a live preview's, a link, a folder not made by a preview)."""
    import subprocess
    import tempfile

    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    abandoned, live, unknown = temp / "kitgen-serve-abandoned", temp / "kitgen-serve-live", temp / "kitgen-serve-x"
    for folder, pid in ((abandoned, gone.stdout.strip()), (live, str(os.getpid())), (unknown, None)):
        (folder / "kit").mkdir(parents=True)
        if pid:
            (folder / "pid").write_text(pid)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "pid").write_text(gone.stdout.strip())
    (temp / "kitgen-serve-link").symlink_to(elsewhere)
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    shown = Preview(project, str(game))
    try:
        assert not abandoned.exists()
        assert live.exists() and unknown.exists() and (elsewhere / "pid").exists()
        assert shown.out.parent == temp and (shown.out / "pid").read_text() == str(os.getpid())
    finally:
        shown.close()
