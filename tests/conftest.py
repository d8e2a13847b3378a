"""Shared fixtures: one real build of Galactic Civ per test session, read back from its PDFs."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.kit.build import Options, build_game
from kitgen.model import PrintSettings
from kitgen.project import Project
from kitgen.simulate.players.policy import RANDOM

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4

# A test run started in the background by a script (`pytest &` with no job control) ignores Ctrl-C,
# and so did every kitgen it started: the tests that press Ctrl-C waited out their time limits (three
# failed so, one run in two). The tests run as from a terminal, whatever started them.
if os.name == "posix" and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The kitgen processes the tests start keep Python's compiled modules (__pycache__), as on a user's
# machine: with PYTHONDONTWRITEBYTECODE in the environment (this machine's shell sets it) each of
# the suite's hundreds of `python -m kitgen` compiled kitgen again, some 0.4 s a start.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


# Root reads and writes past a file's permissions through two capabilities. Dropped (util-linux
# setpriv), root obeys them as any user does, so the tests of unwritable and unreadable folders run
# under CI's root too instead of skipping. Empty when not root.
WITHOUT_ROOT_POWERS = (["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                        "--inh-caps=-dac_override,-dac_read_search"]
                       if os.name == "posix" and os.geteuid() == 0 else [])
PERMISSIONS_OBEYED = os.name == "posix" and (os.geteuid() != 0 or shutil.which("setpriv") is not None)
needs_permissions = pytest.mark.skipif(not PERMISSIONS_OBEYED,
                                       reason="Windows, or root with no setpriv to drop its file powers")


def table_rows(path: Path) -> list[tuple[str, str]]:
    """A Markdown table's rows as (first cell, last cell), its header and rule left out: a README's or
    a doc's coverage table counted by hand (examples/*/README.md, docs/coverage/*.md)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) >= 3 and cells[0] not in ("coverage row", "---"):
            rows.append((cells[0], cells[-1]))
    return rows


def run_kitgen(*args: str, cwd: Path = ROOT, timeout: int = 120, obeying_permissions: bool = False
               ) -> subprocess.CompletedProcess:
    """The real command line, in a subprocess, as a user runs it (with `obeying_permissions`, as a
    user whom a folder's permissions bind, even when the tests run as root)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    prefix = WITHOUT_ROOT_POWERS if obeying_permissions else []
    return subprocess.run([*prefix, sys.executable, "-m", "kitgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def serve_tiny(tmp_path: Path, *options: str, env: dict | None = None) -> subprocess.Popen:
    """`kitgen serve` of a copy of the tiny game (tmp_path/tiny) on a free port, in a subprocess
    whose stderr is read with read_until."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    return subprocess.Popen([sys.executable, "-m", "kitgen", "serve", str(tmp_path / "tiny"), "--port", "0", *options],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)


def read_until(process: subprocess.Popen, text: str) -> str:
    """Read the process's stderr up to the first line holding `text`, and return that line."""
    line = ""
    while text not in line:
        line = process.stderr.readline()
        assert line or process.poll() is None, f"{' '.join(process.args[1:4])} exited"
    return line


def pdf_pages(path) -> list[str]:
    """Each page's text as pdfium reads it: the same words as pypdf's extract_text() on our
    PDFs, about seventy times faster on card sheets (a 239-card deck: 0.2 s instead of 13 s)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for page in document:
            text_page = page.get_textpage()
            pages.append(text_page.get_text_range())
            text_page.close()
            page.close()
        return pages
    finally:
        document.close()


def pdf_text(path) -> str:
    """All text of a PDF in drawing order, whitespace folded (a name wrapped over two lines reads as one)."""
    return " ".join(" ".join(page.split()) for page in pdf_pages(path))


@pytest.fixture(scope="session", autouse=True)
def cache_root(tmp_path_factory) -> Path:
    """Builds keep their cache here, never in the real user cache folder; subprocesses inherit it."""
    root = tmp_path_factory.mktemp("kitgen-cache")
    os.environ["KITGEN_CACHE_DIR"] = str(root)
    return root


@pytest.fixture(scope="session")
def project() -> Project:
    return Project.default()


@pytest.fixture(scope="session")
def kit(tmp_path_factory, project) -> Path:
    out = tmp_path_factory.mktemp("kit") / "galactic-civ"
    build_game(project, "galactic-civ", out)
    return out


@pytest.fixture(scope="session")
def kit_a4(tmp_path_factory, project) -> Path:
    out = tmp_path_factory.mktemp("kit-a4") / "galactic-civ"
    build_game(project, "galactic-civ", out, Options(PrintSettings(paper="a4")))
    return out


class ListedDice(random.Random):
    """A table's chance that rolls the faces listed, in order, for every die (randrange); the rest of
    its chance as a seeded Random's: a rule's dice worked out by hand."""

    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1, **_):
        return self.faces.pop(0)


# A player that takes the first option offered (an answer before declining it) and the first card:
# a rule's steps followed by hand, whatever a policy would weigh
TAKE_FIRST = RANDOM._replace(name="first", choose_move=lambda table, seat, moves: 0,
                             choose_card=lambda table, seat, cards, best: cards[0])
