"""Draw what layout decided, with reportlab and pillow. Never re-decides sizes or positions.
Every module that writes a PDF imports render/binary (reportlab's settings kitgen writes with)."""
