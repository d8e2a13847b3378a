"""reportlab's platypus, for the documents (render/document, stats, balance), imported without
the one regular expression it compiles at import that kitgen never uses.

reportlab.platypus.paragraph compiles `uri_pat`, a URL pattern, case-insensitive over
\\xa1-\\uffff, as it is imported: ~19 ms of CPU, about 3% of a cold Galactic Civ build (issue 21).
Only its hyphenation of URLs matches it (rl_config.hyphenationLang and uriWasteReduce, both off,
and kitgen's styles set neither), so here it is compiled when first used instead. That replaces a
name inside reportlab, which is pinned (pyproject.toml) and checked: tests/unit/test_reportlab_pin.py
fails loudly when a release no longer defers it, or defers anything else. Should a release change
the pattern, nothing is deferred and platypus is imported as usual.
"""
from __future__ import annotations

import re
import sys

URI_PATTERN = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # how reportlab's uri_pat begins; compiled with re.I


class Deferred:
    """A regular expression compiled when something of it is first used."""

    def __init__(self, pattern: str, flags: int):
        self.source = (pattern, flags)
        self.compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        if self.compiled is None:
            self.compiled = _compile(*self.source)
        return getattr(self.compiled, name)


_compile = re.compile


def _deferring(pattern, flags=0):
    if isinstance(pattern, str) and pattern.startswith(URI_PATTERN) and flags == re.I:
        return Deferred(pattern, flags)
    return _compile(pattern, flags)


def _import_platypus() -> None:
    if "reportlab.platypus" in sys.modules:  # imported already (a test, a library): nothing to win
        return
    re.compile = _deferring  # for this import only; every other pattern is compiled as asked
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = _compile


_import_platypus()

from reportlab.platypus import (Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table,  # noqa: E402
                                TableStyle)

__all__ = ["Flowable", "PageBreak", "Paragraph", "SimpleDocTemplate", "Spacer", "Table", "TableStyle"]
