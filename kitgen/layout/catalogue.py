"""kitgen's own words, extracted for the catalogues (kitgen/locale): pybabel reads the Python with its
own extractor and the document templates with Jinja's (babel.cfg); a card template is YAML whose
box strings are Jinja, so each string is handed to Jinja's extractor here, at its box's line.

    pybabel extract -F babel.cfg --no-location --sort-output -k N_ -o kitgen/locale/kitgen.pot .
    pybabel update -i kitgen/locale/kitgen.pot -d kitgen/locale -D kitgen --no-fuzzy-matching
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO

from jinja2.ext import babel_extract

from kitgen.load.templates import card_template_from_text


def extract_card_template(fileobj: BinaryIO, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for templates/card-*.yaml: (line, function, message, comments)."""
    template = card_template_from_text(fileobj.read().decode("utf-8"), getattr(fileobj, "name", "card template"))
    for box in template.boxes:
        line = box.where.line if box.where else 0
        for source in (box.when, box.content, box.color, box.fill, box.stroke):
            if "_(" in source or "gettext(" in source:
                for _, function, message, comments in babel_extract(io.BytesIO(source.encode("utf-8")), keywords,
                                                                   comment_tags, {**options, "silent": "false"}):
                    yield line, function, message, comments
