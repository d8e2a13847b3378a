"""The build of one kit: read and check, lay out, write atomically, with its cache and lock."""
