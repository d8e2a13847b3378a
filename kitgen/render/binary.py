"""Streams stay binary (Flate only): ASCII85 on top makes PDFs 25% larger and, in pure Python,
was a fifth of the build time. Every kitgen PDF is written with this setting: each module that
makes a PDF imports this one (tests/unit/test_architecture.py checks that each does). Not the
render package itself, so a rebuild that draws nothing, which asks render/writer for the writer's
version only, imports no more of reportlab (rl_config imports PIL: ~25 ms of a fresh process)."""

from reportlab import rl_config

rl_config.useA85 = 0
