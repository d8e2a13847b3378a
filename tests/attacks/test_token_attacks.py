"""Token sheets (tokens.pdf) on hostile data (issue 34): counts that would take minutes and then
all the memory, sizes no paper holds, a counter or icon that does not exist. Each is one located
line naming the bound (or what would fit), exit 1, within seconds; a token that fits still builds."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

COUNTERS = "counters:\n  - {name: Credits, icon: two-coins, start: 0}\n"


def with_token(tmp_path, token: str, players: str = '"2"'):
    game = tiny_copy(tmp_path)
    edit(game / "game.yaml", 'players: "2"', f"players: {players}")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + COUNTERS + f"tokens:\n  - {token}\n")
    return game


LINE = r".*game\.yaml:1[89]:5: error: "  # the token's line (the game's last)
CASES = {
    "count-a-hundred-million": ("{name: Coins, counter: Credits, count: 100000000}", '"2"',
                                LINE + r"tokens: 100,000,000 pieces to print; at most 10,000"),
    "per-player-a-hundred-million": ("{name: Coins, counter: Credits, values: [1], per_player: [100000000]}", '"2"',
                                     LINE + r"tokens: 200,000,000 pieces to print; at most 10,000"),
    # players: names at most 99 (a billion is refused at its line: test_turn6_surfaces); 200 markers each at 99
    "markers-for-99-players": ("{name: Markers, icon: flag-objective, per_player: [200], player_colours: true}",
                               '"2-99"', LINE + r"tokens: 19,800 pieces to print; at most 10,000"),
    "a-million-denominations": ("{name: Coins, counter: Credits, values: [" + ", ".join(["1"] * 1000) + "]}", '"2"',
                                LINE + r"token 'Coins': 1,000 values; at most 100 \(one piece kind each\)"),
    "count-negative": ("{name: Coins, counter: Credits, count: -5}", '"2"',
                       LINE + r"token 'Coins': count -5: give 0 or more"),
    "size-zero": ("{name: Coins, counter: Credits, count: 3, size: 0mm}", '"2"',
                  LINE + r"token 'Coins': size 0 mm is out of range: give 10 to 1000 mm"),
    "size-a-metre": ("{name: Coins, counter: Credits, count: 3, size: 1000mm}", '"2"',
                     r".*game\.yaml:19:5: error: token 'Coins': a 1000 mm piece does not fit on letter paper "
                     r"\(215\.9 x 279\.4 mm\) inside 6\.35 mm margins and the footer line; the largest that fits is "
                     r"203\.2 mm"),
    "unknown-counter": ("{name: Coins, counter: Credts, count: 3}", '"2"',
                        LINE + r"token 'Coins': unknown counter 'Credts' \(did you mean 'Credits'\?\)"),
    "unknown-icon": ("{name: Coins, counter: Credits, icon: two-coinz, count: 3}", '"2"',
                     LINE + r"token 'Coins': no icon named 'two-coinz' \(did you mean 'two-coins'\?\)"),
}


THROUGH_THE_CLI = ("count-a-hundred-million", "size-a-metre", "unknown-icon")  # the rest: the same check, in-process


@pytest.mark.parametrize("case", THROUGH_THE_CLI)
def test_tokens_out_of_bounds__one_located_line(case, tmp_path):
    token, players, line = CASES[case]
    game = with_token(tmp_path, token, players)
    run = kitgen("build", game, "-o", tmp_path / "kit", timeout=60)
    assert_one_line(run, re.compile(line), seconds=30)
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize("case", [case for case in CASES if case not in THROUGH_THE_CLI])
def test_tokens_out_of_bounds__one_located_problem(case, tmp_path):
    """What the build says first: the game's checks (load_game, check_game), before any piece is made."""
    from kitgen.check.game import check_game
    from kitgen.load import load_game

    token, players, line = CASES[case]
    problems = check_game(load_game(with_token(tmp_path, token, players)))
    assert len(problems) == 1 and re.fullmatch(line, str(problems[0])), problems


def test_tokens_the_largest_piece_that_fits__builds(tmp_path):
    game = with_token(tmp_path, "{name: Coins, counter: Credits, count: 2, size: 203.2mm}")
    run = kitgen("build", game, "-o", tmp_path / "kit")
    assert run.run.returncode == 0, run.run.describe()
    assert (tmp_path / "kit" / "tokens.pdf").is_file()


@pytest.mark.parametrize("margin", ["0", "1"])
def test_tokens_at_a_margin_of_0__the_footer_stays_on_the_paper(margin, tmp_path):
    """--margin 0 says the printer reaches the edge; the footer (the game, the page, how to print)
    still keeps TEXT_EDGE (3 mm) inside the paper: it sat 1 mm above the bottom edge and began at the
    left edge itself, where the slightest drift loses it. The pieces keep clear of it."""
    import pdfplumber

    game = with_token(tmp_path, "{name: Coins, counter: Credits, count: 200, size: 19mm}")
    run = kitgen("build", game, "-o", tmp_path / "kit", "--margin", margin)
    assert run.run.returncode == 0, run.run.describe()
    edge = 3 * 72 / 25.4
    with pdfplumber.open(tmp_path / "kit" / "tokens.pdf") as pdf:
        page = pdf.pages[0]
        footer = [c for c in page.chars if c["top"] > page.height - 15 * 72 / 25.4]  # the bottom 15 mm
        assert "tokens for 2 players, page 1 of" in "".join(c["text"] for c in footer)
        for char in footer:
            assert min(char["x0"], char["top"], page.width - char["x1"], page.height - char["bottom"]) >= edge - 0.3, char
        lowest_piece = max(rect["bottom"] for rect in page.rects + page.curves)
        assert lowest_piece < min(c["top"] for c in footer), "a piece runs into the footer line"
