"""`kitgen serve` in a real browser (issue 15): headless Chromium shows every card of the tiny
game, a rename shows within seconds and changes only that card's image, a broken YAML shows its
error and recovers, and nothing but the preview's own files is served.

Needs Debian's `chromium` (CI installs it); skipped with the reason when it is not on PATH."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import read_until, serve_tiny

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium); "
                                                         "CI installs it")


def dump_dom(url: str, profile: Path) -> str:
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                           "--disable-component-update", "--disable-sync", "--no-first-run",
                           f"--user-data-dir={profile}", "--virtual-time-budget=4000", "--dump-dom", url],
                          capture_output=True, text=True, timeout=60)
    return done.stdout


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, b""


def state(url: str) -> dict:
    return json.loads(get(url + "api/state")[1])


def wait_for(url: str, test, seconds: float = 30) -> tuple[dict, float]:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        now = state(url)
        if test(now):
            return now, time.monotonic() - start
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {now}")


@pytest.fixture
def served(tmp_path):
    game = tmp_path / "tiny"
    process = serve_tiny(tmp_path, "--max-seconds", "120")
    try:
        url = re.search(r"(http://127\.0\.0\.1:\d+/)", read_until(process, "Serving")).group(1)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        yield game, url, process
    finally:
        process.terminate()
        process.wait(10)


def test_serve__chromium_shows_every_card_and_follows_a_rename(served, tmp_path):
    game, url, _ = served
    dom = dump_dom(url, tmp_path / "profile")
    captions = re.findall(r"<figcaption>([^<]+?) <span", dom)
    assert captions == ["Scout", "Frigate", "Market", "Library"], dom[:2000]
    assert re.search(r'<img src="/img/\w+\.png" alt="Frigate">', dom)
    assert "none: the game validates" in dom and "Main Deck: 4 cards" in dom and "rules.pdf" in dom
    assert re.search(r'<figure id="back-main"><img src="/img/\w+\.png" alt="back of Main Deck">', dom), dom
    assert re.search(r'<div id="charts"[^>]*><img src="/img/stats-\w+-0\.png" alt="deck statistics charts"', dom), dom
    before = {c["name"]: c["image"] for c in state(url)["cards"]}

    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Frigate,", "{name: Corvette,"))
    after, took = wait_for(url, lambda s: any(c["name"] == "Corvette" for c in s["cards"]))
    assert took < 5, f"the rename took {took:.1f} s to show"
    images = {c["name"]: c["image"] for c in after["cards"]}
    assert images["Corvette"] != before["Frigate"]
    assert {n: images[n] for n in ("Scout", "Market", "Library")} == {n: before[n] for n in ("Scout", "Market", "Library")}
    assert re.findall(r"<figcaption>([^<]+?) <span", dump_dom(url, tmp_path / "profile"))[1] == "Corvette"
    status, png = get(url + after["cards"][1]["image"].lstrip("/"))
    assert status == 200 and png.startswith(b"\x89PNG")


def test_serve__a_broken_yaml_shows_and_recovers_and_only_the_previews_files_are_served(served, tmp_path):
    game, url, process = served
    deck = game / "decks" / "main.yaml"
    good = deck.read_text()
    deck.write_text(good.replace("{name: Frigate,", "{name: Frigate, type: [", 1))
    broken, _ = wait_for(url, lambda s: not s["ok"])
    # the `}` that ends line 12 (column 84), where the unclosed `[` wanted a , or ]
    assert any("main.yaml:12:84: error: YAML syntax error" in p["text"] for p in broken["problems"]), broken["problems"]
    dom = dump_dom(url, tmp_path / "profile")
    assert "main.yaml:12:84: error: YAML syntax error" in dom
    assert '<div id="status" class="bad">errors: showing the last good cards</div>' in dom
    assert "<title>✗ Tiny Empire</title>" in dom  # the browser's tab says so too
    deck.write_text(good)
    wait_for(url, lambda s: s["ok"] and not s["problems"])
    for path in ("doc/../../game.yaml", "doc/%2e%2e/game.yaml", "decks/", "img/", "img/../game.yaml",
                 "doc/", "../game.yaml", "game.yaml", "doc/cards-main.pdf"):
        assert get(url + path)[0] == 404, path
    status, pdf = get(url + "doc/rules.pdf")
    assert status == 200 and pdf.startswith(b"%PDF")
    process.terminate()  # the terminal said what each save did, and the error itself
    terminal = process.communicate(timeout=10)[1]
    assert re.search(r"--- [\d:]{8} decks/main\.yaml changed: FAILED: 1 error; the page shows the last good cards "
                     r"\(\d+\.\d\d s\)\n.*main\.yaml:12:84: error: YAML syntax error", terminal), terminal
    assert re.search(r"--- [\d:]{8} decks/main\.yaml changed: OK: 4 cards \(", terminal), terminal
