"""Shared by the attack catalogue (tests/attacks/): a copy of the tiny game with one defect, the real
CLI in a subprocess, and what a refusal must look like. Kept small and generic on purpose: each
test file adds its own defects.

A refusal is: the expected exit code, no traceback, exactly one `file[:line[:col]]: error: message`
line naming the file, within a time bound; for a build, the previous kit left as it was.
Where a fault is injected (monkeypatch), kitgen_in_process runs the same click group in this
process; assert_one_line and assert_no_crash also refuse the internal-error line (exit 70).
"""
from __future__ import annotations

import hashlib
import re
import shutil
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.integration.test_bad_input import REPO, TINY, Run, run_kitgen

__all__ = ["REPO", "TINY", "Run", "run_kitgen", "tiny_copy", "edit", "assert_refused", "kit_hashes", "timed"]

TIME_BOUND = 20.0  # seconds: the tiny game validates in under one; a hang is killed at this bound
SECONDS = 30  # for a build of the tiny game: a few seconds on a busy 2-core machine
BUG_LINE = "bug in kitgen"  # what the CLI prints for an unexpected exception (exit 70): never for bad input
EX_SOFTWARE = 70
READING = re.compile(r"^kitgen: .*: reading .*/$")  # the note saying which game folder is read (not a problem)
PROBLEM = re.compile(r"^(?P<file>\S[^:]*)(:(?P<line>\d+)(:(?P<col>\d+))?)?: (?P<level>error|warning): (?P<message>.*)$")


def tiny_copy(tmp_path: Path, name: str = "game") -> Path:
    """A fresh copy of tests/fixtures/tiny to put one defect into."""
    folder = tmp_path / name
    shutil.copytree(REPO / TINY, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` (which must be there) by `new` in a text file of the copy."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def timed(*args, timeout: float = TIME_BOUND) -> Run:
    """run_kitgen, failing the test when it takes longer than `timeout` (a hang)."""
    start = time.monotonic()
    run = run_kitgen(*args, timeout=timeout)
    assert time.monotonic() - start < timeout, run.describe()
    return run


def assert_refused(run: Run, file: str | Path, message: str, exit: int = 1, line: bool | None = None,
                   level: str = "error") -> re.Match:
    """Exit `exit`, no traceback, and exactly one problem line (`level`: error, or warning for a
    game that still builds): it names `file` (a path, compared as written or relative to the repo)
    and its message matches the regular expression `message`. `line`: True when the line must
    carry a line number, False when it must not."""
    assert "Traceback" not in run.output, f"kitgen crashed:\n{run.describe()}"
    assert "internal error" not in run.output.lower(), f"kitgen crashed:\n{run.describe()}"
    assert run.returncode == exit, f"expected exit {exit}:\n{run.describe()}"
    found_lines = [m for m in map(PROBLEM.match, run.output.splitlines()) if m]
    assert len(found_lines) == 1, f"expected exactly one problem line:\n{run.describe()}"
    found = found_lines[0]
    assert found["level"] == level, run.describe()
    assert Path(found["file"]).resolve() == (REPO / file).resolve(), \
        f"the error names {found['file']}, not {file}:\n{run.describe()}"
    assert re.search(message, found["message"]), f"message does not match /{message}/:\n{run.describe()}"
    if line is not None:
        assert (found["line"] is not None) == line, f"line number {'missing' if line else 'unexpected'}:\n" \
                                                    f"{run.describe()}"
    return found


def kit_hashes(folder: Path) -> dict[str, str]:
    """Every file of a kit (hidden ones too) by its content hash: a failed build must not change one."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory) -> Path:
    """The tiny game's kit, built once per session (tests/attacks/conftest.py offers it to every
    module): each build case copies it as its previous kit."""
    out = tmp_path_factory.mktemp("kit") / "kit"
    run = run_kitgen("build", TINY, "-o", out, "--no-cache")
    assert run.returncode == 0, run.describe()
    return out


def previous_kit(built: Path, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the built kit for one case, and its hashes to compare after the failed build."""
    out = tmp_path / "kit"
    shutil.copytree(built, out, symlinks=True)
    return out, kit_hashes(out)


@dataclass(frozen=True)
class Timed:
    run: Run
    seconds: float


def kitgen(*args: str | Path, timeout: float = SECONDS) -> Timed:
    """The real command line in a subprocess, timed."""
    start = time.monotonic()
    run = run_kitgen(*args, timeout=timeout)
    return Timed(run, time.monotonic() - start)


def kitgen_in(folder: Path, *args: str | Path, timeout: float = SECONDS) -> Timed:
    """The real command line in a subprocess run from `folder` (relative paths, default output/)."""
    import os
    import subprocess
    import sys

    from tests.integration.test_bad_input import _limit_memory

    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "kitgen", *map(str, args)], cwd=folder, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, text=True, encoding="utf-8", errors="replace",
                          timeout=timeout, preexec_fn=_limit_memory if os.name == "posix" else None)
    return Timed(Run(tuple(map(str, args)), done.returncode, done.stdout, done.stderr), time.monotonic() - start)


def kitgen_in_process(*args: str | Path) -> Timed:
    """The same click group, in this process: for a fault injected with monkeypatch."""
    start = time.monotonic()
    result = CliRunner().invoke(_main(), [str(arg) for arg in args])
    stdout = result.stdout
    stderr = result.stderr if result.stderr_bytes is not None else ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        stderr += "".join(traceback.format_exception(result.exception))  # shown as a crash below
    code = result.exit_code
    return Timed(Run(tuple(map(str, args)), code, stdout, stderr), time.monotonic() - start)


def _main():
    from kitgen.cli import main

    return main


def assert_one_line(timed: Timed, line: str | re.Pattern[str], exit: int = 1, seconds: float = SECONDS) -> None:
    """Refused as a user must see it: exactly one non-empty line on stderr matching `line`
    (a string verbatim, a pattern in full), the exit code, no traceback, no internal error, in time."""
    run = timed.run
    assert_no_crash(run)
    assert run.returncode == exit, f"expected exit {exit}:\n{run.describe()}"
    lines = [text for text in run.stderr.splitlines() if text.strip() and not READING.match(text)]
    if exit == 2:  # click's usage error: a usage line and a hint come before the one error line
        lines = [text for text in lines if not text.startswith(("Usage:", "Try "))]
    ok = len(lines) == 1 and (lines[0] == line if isinstance(line, str) else line.fullmatch(lines[0]))
    shown = line if isinstance(line, str) else f"/{line.pattern}/"
    assert ok, f"expected one line\n{shown}\ngot:\n{run.describe()}"
    assert timed.seconds < seconds, f"took {timed.seconds:.1f} s (bound {seconds} s):\n{run.describe()}"


@contextmanager
def bounded(seconds: int):
    """In-process code that must end (a write into a named pipe, a loop over a huge count): a
    TimeoutError after `seconds` instead of a test that hangs (POSIX: SIGALRM in the main thread)."""
    def alarm(signum, frame):
        raise TimeoutError(f"still running after {seconds} s: a hang")
    if threading.current_thread() is not threading.main_thread():  # signals reach the main thread only
        yield
        return
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def assert_no_crash(run: Run | Timed, seconds: float = SECONDS) -> None:
    """No traceback, and no "internal error" line: bad input must never be reported as a kitgen bug.
    Given a Timed run, it must also have come within `seconds`."""
    if isinstance(run, Timed):
        assert run.seconds < seconds, f"took {run.seconds:.1f} s (bound {seconds} s):\n{run.run.describe()}"
        run = run.run
    assert "Traceback" not in run.output, f"kitgen crashed:\n{run.describe()}"
    assert run.returncode != EX_SOFTWARE and BUG_LINE not in run.output, \
        f"kitgen reported an internal error (a bug) for bad input:\n{run.describe()}"


def copy_kit(kit: Path, into: Path) -> tuple[Path, dict[str, str]]:
    """A fresh copy of a built kit for one case (in `into`/kits/tiny), and its hashes to compare after."""
    out = into / "kits" / "tiny"
    shutil.copytree(kit, out)
    return out, kit_hashes(out)
