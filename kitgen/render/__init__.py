"""Draw what layout decided, with reportlab and pillow. Never re-decides sizes or positions."""
