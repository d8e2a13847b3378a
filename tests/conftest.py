"""Shared fixtures: one real build of Galactic Civ per test session, read back from its PDFs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.build import Options, build_game
from kitgen.model import PrintSettings
from kitgen.project import Project

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4


def run_kitgen(*args: str, cwd: Path = ROOT, timeout: int = 120) -> subprocess.CompletedProcess:
    """The real command line, in a subprocess, as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "kitgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


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
