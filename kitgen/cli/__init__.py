"""The kitgen command line: the only package that prints or exits.

Every failure the user can cause ends as `file:line:col: error: message` lines and exit 1, never a
traceback. common.py holds the click group; each module registers its commands on it.
"""
from kitgen.cli import files, kit, report, simulate  # noqa: F401  (importing them registers their commands)
from kitgen.cli.common import main

__all__ = ["main"]
