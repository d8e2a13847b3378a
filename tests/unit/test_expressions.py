"""render_string answers `{{ name }}` and `{{ name.attribute }}` without Jinja's render: it must
give what Jinja gives, and fail where Jinja fails, with the same message."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from kitgen.errors import KitgenError
from kitgen.layout import expressions
from kitgen.layout.expressions import render_string


@dataclass(frozen=True)
class Card:
    name: str
    cost: str | None = None
    copies: int = 1


CONTEXT = {"card": Card("Scout Ships"), "type": {"color": "#2f5d8c", "name": "Ship"}, "number": 7,
           "nothing": None, "true": "a variable named true"}
SOURCES = ["{{ card.name }}", "{{card.name}}", "{{ card.cost }}", "{{ card.copies }}", "{{ type.color }}",
           "{{ number }}", "{{ nothing }}", "{{ true }}", "{{ None }}", "{{ card.name | upper }}",
           "{{ card.missing }}", "{{ absent }}", "{{ absent.name }}", "{{ card.__class__ }}", "{{ card.name.__len__ }}"]


def _by_jinja(source: str) -> str:
    try:
        return expressions._compiled(source).render(**CONTEXT)
    except Exception as exc:  # noqa: BLE001  (compared by type and message)
        return f"{type(exc).__name__}: {exc}"


def _by_render_string(source: str) -> str:
    try:
        return render_string(source, CONTEXT, None, "box")
    except KitgenError as exc:
        return str(exc.problems[0])


@pytest.mark.parametrize("source", SOURCES)
def test_a_lookup_gives_what_jinja_gives(source):
    expected = _by_jinja(source)
    got = _by_render_string(source)
    if "Error" in expected.split(":")[0]:  # render_string reports Jinja's error as the box's problem
        assert "template error" in got and expected.split(": ", 1)[1] in got
    else:
        assert got == expected


def test_the_lookup_is_taken_only_for_a_name_or_a_name_and_attribute():
    assert expressions._lookup("{{ card.name }}") == ("card", "name")
    assert expressions._lookup("{{ number }}") == ("number", None)
    for source in ("{{ card.name | upper }}", "{{ card.name }} x", "{{ a.b.c }}", "{{ none }}", "{{ card['name'] }}"):
        assert expressions._lookup(source) is None, source
