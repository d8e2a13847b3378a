"""What writes kitgen's PDFs (reportlab, zlib and reportlab's RL_* settings), as one string: a
face drawn by another writer is drawn again, not replayed, and a file made by one is not reused.
Imports no more of reportlab than its version, so a rebuild that draws nothing stays light."""
from __future__ import annotations

import os
import zlib

import reportlab

# reportlab reads its RL_* settings from the environment once, when imported: so are they here.
_SETTINGS = ", ".join(f"{name}={value}" for name, value in sorted(os.environ.items()) if name.startswith("RL_"))


def writer() -> str:
    return f"reportlab {reportlab.Version}, zlib {zlib.ZLIB_RUNTIME_VERSION}" + (f", {_SETTINGS}" if _SETTINGS else "")
