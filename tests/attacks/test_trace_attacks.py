"""Attacks on the files `kitgen simulate` writes: --trace FILE (and FILE.json beside it) and -o
balance.pdf (cli/flags.OutputFile). A link there would lead the write elsewhere, a named pipe would
block for ever, and a trace in the game's folder would overwrite its data or be read as it. Each is
one usage line before any game is played; nothing outside is touched; a trace over an old one
replaces it whole."""
from __future__ import annotations

import json
import os
import re
import signal

import pytest

from tests.attacks.harness import REPO, assert_one_line, bounded, kitgen_in_process, tiny_copy

TRACE = ("--players", "2", "--partial")  # the tiny game skips rules: --partial
USAGE = r"Error: Invalid value for '?{flag}'?: {message}"


@pytest.mark.parametrize("where, message", [
    ("a link out", r"'.*trace\.txt' is a link; kitgen does not write through a link: .*"),
    ("its json a link out", r"'.*trace\.txt\.json' \(written beside '.*trace\.txt'\) is a link; kitgen does not .*"),
    ("its json a dangling link", r"'.*trace\.txt\.json' \(written beside '.*trace\.txt'\) is a link; kitgen does not .*"),
    ("in the game folder", r"'.*game\.yaml' is in the game's folder: the trace and its \.json would be read .*"),
])
def test_trace__a_file_it_must_not_write_is_one_usage_line_and_nothing_is_written(tmp_path, where, message):
    game = tiny_copy(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's own\n", encoding="utf-8")
    trace = tmp_path / "trace.txt"
    if where == "a link out":
        trace.symlink_to(victim)
    elif where == "its json a link out":
        (tmp_path / "trace.txt.json").symlink_to(victim)
    elif where == "its json a dangling link":
        (tmp_path / "trace.txt.json").symlink_to(tmp_path / "nowhere" / "made.json")
    else:
        trace = game / "game.yaml"
    before = {p.name: p.read_bytes() for p in game.iterdir() if p.is_file()}
    run = kitgen_in_process("simulate", game, *TRACE, "--trace", trace)
    assert_one_line(run, re.compile(USAGE.format(flag="--trace", message=message)), exit=2)
    assert victim.read_text(encoding="utf-8") == "the user's own\n"
    assert not (tmp_path / "nowhere").exists()
    assert {p.name: p.read_bytes() for p in game.iterdir() if p.is_file()} == before


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="named pipes and SIGALRM")
@pytest.mark.parametrize("flag", ["--trace", "-o"])
def test_trace__a_named_pipe_is_refused_not_written_into_for_ever(tmp_path, flag):
    os.mkfifo(tmp_path / "pipe")
    with bounded(20):  # a write into the pipe would block the test too
        run = kitgen_in_process("simulate", tiny_copy(tmp_path), *TRACE, "--games", "2", "--workers", "1", flag,
                                tmp_path / "pipe")
    assert_one_line(run, re.compile(USAGE.format(flag=flag, message=r"'.*pipe' is there and is not a file .*")),
                    exit=2)


def test_trace__an_old_trace_is_replaced_whole(tmp_path):
    game = tiny_copy(tmp_path)
    trace = tmp_path / "trace.txt"
    trace.write_text("x" * 100_000, encoding="utf-8")  # longer than the new one: no old tail may stay
    run = kitgen_in_process("simulate", game, *TRACE, "--trace", trace).run
    assert run.returncode == 0, run.describe()
    assert trace.read_text(encoding="utf-8").startswith("Tiny Empire: one game, seed 1") and "x" * 10 not in \
        trace.read_text(encoding="utf-8")
    assert json.loads((tmp_path / "trace.txt.json").read_text(encoding="utf-8"))["seed"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game", "trace.txt", "trace.txt.json"]  # no temporary left


@pytest.mark.parametrize("name", ["rules.yaml", "decks/main.yaml", "notes.json"])
def test_output__the_charts_never_replace_a_file_of_the_game(tmp_path, name):
    """-o GAME/rules.yaml wrote the balance PDF over the game's rules."""
    game = tiny_copy(tmp_path)
    before = {p.relative_to(game): p.read_bytes() for p in game.rglob("*") if p.is_file()}
    run = kitgen_in_process("simulate", game, *TRACE, "--games", "2", "--workers", "1", "-o", game / name)
    assert_one_line(run, re.compile(USAGE.format(flag="-o", message=r"'.*' is in the game's folder and is not a \.pdf: "
                                                 r"the charts would replace one of its files; give a name ending in \.pdf")),
                    exit=2)
    assert {p.relative_to(game): p.read_bytes() for p in game.rglob("*") if p.is_file()} == before


def test_trace__a_game_of_more_events_than_it_writes_holds_no_more_of_them(tmp_path, monkeypatch):
    """The trace was cut at MAX_EVENTS when written, but every event was kept while the game played."""
    import kitgen.simulate.play.trace as trace_module

    monkeypatch.setattr(trace_module, "MAX_EVENTS", 5)
    kept: list[int] = []
    append = trace_module.Events.append

    def counted(self, event):
        append(self, event)
        kept.append(len(self))
    monkeypatch.setattr(trace_module.Events, "append", counted)
    trace = tmp_path / "trace.txt"
    run = kitgen_in_process("simulate", REPO / "tests" / "fixtures" / "vocab" / "harvest", "--players", "2",
                            "--trace", trace).run
    assert run.returncode == 0 and "Trace: " in run.stdout and "(5 events)" in run.stdout, run.describe()
    assert len(kept) > 6 and max(kept) == 6, kept  # the game went on past the cut; one event more says it is cut
    assert "(the trace is cut after 5 events)" in trace.read_text(encoding="utf-8")


@pytest.mark.parametrize("more, named", [(("--json",), "--json"), (("--impact-games", "20"), "--impact-games"),
                                         (("-o", "balance.pdf", "--ladder", "5"), "-o, --ladder")])
def test_trace__with_what_only_the_report_does_is_one_usage_line(tmp_path, more, named):
    """--trace played one game and wrote it; the report's --json, -o and experiments were dropped silently."""
    run = kitgen_in_process("simulate", tiny_copy(tmp_path), *TRACE, "--trace", tmp_path / "trace.txt", *more)
    assert_one_line(run, re.compile(USAGE.format(flag="--trace", message=rf"plays one game instead of the report: "
                                                 rf"{named} would do nothing; give --trace alone, or run the report "
                                                 r"without it")), exit=2)
    assert not (tmp_path / "trace.txt").exists()
