"""Untrusted flags: print settings that are nan, infinite, negative or absurd, a card larger than
the paper, a git revision that is an option in disguise, another game's build manifest.

The command line is the point here, so each case runs the real CLI in a subprocess against a
copy of one kit built for the module: one clear line, exit 1 (a problem) or 2 (click's usage
error), no traceback, a time bound, and the previous kit (and any file named in the flags) intact.
"""
from __future__ import annotations

import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, TINY, Timed, assert_one_line, copy_kit, kitgen, kit_hashes

GAME = str(REPO / TINY)


def usage(option: str, value: str, low: str, high: str) -> str:
    return f"Error: Invalid value for '--{option}': '{value}' is out of range: give {low} to {high} mm"


HUGE = "1" + "0" * 400  # a float() of it is inf
# (flags, exit, the one line)
PRINT_FLAGS = {
    "margin-nan": (["--margin", "nan"], 2, usage("margin", "nan", "0", "100")),
    "margin-inf": (["--margin", "inf"], 2, usage("margin", "inf", "0", "100")),
    "margin-minus-500": (["--margin", "-500"], 2, usage("margin", "-500", "0", "100")),
    "gap-nan": (["--gap", "nan"], 2, usage("gap", "nan", "0", "100")),
    "gap-1e308": (["--gap", "1e308"], 2, usage("gap", "1e308", "0", "100")),
    "bleed-nan": (["--bleed", "nan"], 2, usage("bleed", "nan", "0", "20")),
    "bleed-a-metre": (["--bleed", "1000mm"], 2, usage("bleed", "1000mm", "0", "20")),
    "back-offset-nan": (["--back-offset", "nan,0"], 1,
                        "print settings: error: 'nan,0' is not an offset: write X,Y in mm, e.g. 0.5,-0.3"),
    "back-offset-50mm": (["--back-offset", "50,0"], 1,
                         "print settings: error: back-offset 50 mm is out of range: give -20 to 20 mm"),
    "back-offset-huge": (["--back-offset", f"0,-{HUGE}"], 1,
                         "print settings: error: back-offset -inf is out of range: give -20 to 20 mm"),
    "card-larger-than-the-paper": (["--card-size", "999x999mm"], 1,
                                   "letter: error: a 999.0 x 999.0 mm card does not fit on 215.9 x 279.4 mm paper "
                                   "with 6.35 mm margins; the largest card that fits is 203.2 x 266.7 mm"),
    "card-one-millimetre": (["--card-size", "1x1mm", "--layout", "single"], 1,
                            "print settings: error: card-size 1 mm is out of range: give 10 to 1000 mm"),
    "paper-smaller-than-its-margins": (["--paper", "1x1mm"], 1,
                                       "print settings: error: paper 1 mm is out of range: give 25.4 to 2000 mm"),
    # Cards fit, the documents do not: their tables once ended in an internal error (ZeroDivisionError
    # for columns that cannot share the width, a LayoutError for a row taller than a page). The rules
    # summary now fits (a column keeps only its longest word on narrow paper); the reference does not.
    "paper-too-narrow-for-the-documents": (["--paper", "70x100mm", "--card-size", "40x50mm"], 1,
                                           "70x100mm: error: Tiny Empire: Reference does not fit on 70.0 x 100.0 "
                                           "mm paper: a table or block is larger than a page; print the documents on "
                                           "letter or a4 (--paper)"),
    # 200 x 60 mm paper now takes them, a few rows a page (the header row repeated): 45 mm leaves a
    # line's room between the header and the foot, less than the title's.
    "paper-too-short-for-the-documents": (["--paper", "200x45mm", "--card-size", "25x30mm"], 1,
                                          "200x45mm: error: Tiny Empire: Rules Summary does not fit on 200.0 x 45.0 mm "
                                          "paper: a table or block is larger than a page; print the documents on "
                                          "letter or a4 (--paper)"),
    "paper-infinite": (["--paper", f"{HUGE}x200mm"], 1,
                       "print settings: error: '1" + "0" * 36 + "...' is out of range: "
                       "each side more than 0 and at most 2000 mm"),
}


@pytest.fixture(scope="module")
def kit(built_kit) -> Path:
    return built_kit  # the tiny game's kit, built once a session (tests/attacks/conftest.py)


@pytest.fixture(scope="module")
def flag_runs(kit, tmp_path_factory) -> dict[str, tuple[Timed, Path, dict]]:
    """Every PRINT_FLAGS case run at once, two at a time (the machine has two cores): each in its
    own subprocess against its own copy of the kit, timed on its own. The tests read the results."""
    def run(name: str):
        flags, _, _ = PRINT_FLAGS[name]
        out, before = copy_kit(kit, tmp_path_factory.mktemp(name))
        return name, (kitgen("build", GAME, "-o", out, *flags), out, before)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(run, PRINT_FLAGS))


@pytest.mark.parametrize("name", list(PRINT_FLAGS))
def test_print_flag_out_of_range__one_line_with_the_allowed_range(name, flag_runs):
    _, exit, line = PRINT_FLAGS[name]
    timed, out, before = flag_runs[name]
    assert_one_line(timed, line, exit=exit)
    assert kit_hashes(out) == before


def test_config_file_margin_minus_500__refused_at_its_file_and_line(kit, tmp_path):
    """The same bounds hold wherever a setting comes from: here a kitgen.yaml given with --config."""
    out, before = copy_kit(kit, tmp_path)
    config = tmp_path / "kitgen.yaml"
    config.write_text("print:\n  paper: a4\n  margin: -500mm\n", encoding="utf-8")
    timed = kitgen("build", GAME, "-o", out, "--config", config)
    assert_one_line(timed, re.compile("(" + re.escape(str(config)) + r":3:3): error: margin -500 mm "
                                      r"is out of range: give 0 to 100 mm"))
    assert kit_hashes(out) == before


# --- --changed-since: user text that reaches git, and manifests of the wrong game or shape -------

def test_changed_since_an_option_in_disguise__refused_and_the_named_file_untouched(kit, tmp_path):
    """`--changed-since=--output=FILE` reached `git archive` as its --output option and truncated FILE."""
    out, before = copy_kit(kit, tmp_path)
    victim = tmp_path / "thesis.txt"
    victim.write_text("four years of work\n", encoding="utf-8")
    timed = kitgen("build", GAME, "-o", out, f"--changed-since=--output={victim}")
    assert_one_line(timed, f"--output={victim}: error: --changed-since: not a git revision of this game, nor a "
                           "previous build's folder or build-manifest.json")
    assert victim.read_text(encoding="utf-8") == "four years of work\n"
    assert kit_hashes(out) == before


def test_changed_since_a_revision_with_an_option_after_it__refused(kit, tmp_path):
    """A revision is resolved with --end-of-options to one commit id: nothing after it is read as an option."""
    out, before = copy_kit(kit, tmp_path)
    victim = tmp_path / "notes.txt"
    victim.write_text("keep\n", encoding="utf-8")
    timed = kitgen("build", GAME, "-o", out, "--changed-since", f"HEAD --output={victim}")
    assert_one_line(timed, f"HEAD --output={victim}: error: --changed-since: not a git revision of this game, nor a "
                           "previous build's folder or build-manifest.json")
    assert victim.read_text(encoding="utf-8") == "keep\n" and kit_hashes(out) == before


def _manifest(tmp_path: Path, content: str) -> Path:
    path = tmp_path / "other" / "build-manifest.json"
    path.parent.mkdir()
    path.write_text(content, encoding="utf-8")
    return path


MANIFESTS = {
    "another-games": ('{"game": "galactic-civ", "cards": []}',
                      "--changed-since: this manifest is of game 'galactic-civ', not 'tiny'; name a previous build "
                      "of this game"),
    "cards-not-records": ('{"game": "tiny", "cards": [1, 2]}',
                          '--changed-since: not a kitgen build manifest (it needs "game" and "cards", each card with '
                          'deck, id, name, key and summary)'),
    "key-not-text": ('{"game": "tiny", "cards": [{"deck": "main", "id": "scout", "name": "Scout", "key": [], '
                     '"summary": ""}]}',
                     '--changed-since: not a kitgen build manifest (it needs "game" and "cards", each card with '
                     'deck, id, name, key and summary)'),
    "not-json": ("{\"game\": \"tiny\", \"cards\": [", "--changed-since: cannot read this build manifest (not JSON)"),
    "a-list": ("[]", '--changed-since: not a kitgen build manifest (it needs "game" and "cards", each card with '
                     'deck, id, name, key and summary)'),
}


@pytest.mark.parametrize("name", list(MANIFESTS))
def test_changed_since_a_manifest_of_the_wrong_game_or_shape__refused_in_one_line(name, kit, tmp_path):
    content, message = MANIFESTS[name]
    out, before = copy_kit(kit, tmp_path)
    manifest = _manifest(tmp_path, content)
    assert_one_line(kitgen("build", GAME, "-o", out, "--changed-since", manifest.parent), f"{manifest}: error: {message}")
    assert kit_hashes(out) == before


def test_changed_since_a_folder_without_a_manifest__refused_in_one_line(kit, tmp_path):
    out, before = copy_kit(kit, tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert_one_line(kitgen("build", GAME, "-o", out, "--changed-since", empty),
                    f"{empty}: error: --changed-since: this folder holds no build-manifest.json; name a previous "
                    "build's folder")
    assert kit_hashes(out) == before


def test_changed_since_the_previous_build__still_works(kit, tmp_path):
    """The checks refuse only what is wrong: this game's own previous build is read as before."""
    out, _ = copy_kit(kit, tmp_path)
    timed = kitgen("build", GAME, "-o", out, "--changed-since", kit)
    assert timed.run.returncode == 0, timed.run.describe()
    assert (out / "changes.pdf").is_file()
    assert json.loads((out / "build-manifest.json").read_text(encoding="utf-8"))["game"] == "tiny"


def test_changed_since_a_git_revision__still_works(tmp_path):
    """A revision is still a revision: HEAD of this checkout, resolved to its commit, in-process."""
    if subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git checkout")
    from kitgen.kit.revision import checkout as _git_checkout

    folder = _git_checkout("HEAD", REPO / TINY, tmp_path)
    assert (folder / "game.yaml").is_file() and (folder / "decks" / "main.yaml").is_file()
