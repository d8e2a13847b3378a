"""Draw what layout decided, with reportlab and pillow. Never re-decides sizes or positions."""

from reportlab import rl_config

# Streams stay binary (Flate only): ASCII85 on top makes PDFs 25% larger and, in pure Python,
# was a fifth of the build time. Every kitgen PDF is written with this setting.
rl_config.useA85 = 0
