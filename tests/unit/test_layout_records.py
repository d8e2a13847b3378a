"""layout's frozen records (shapes, layers, faces, pages, documents) share model.Record's ==, hash
and repr instead of compiling their own: each must give what @dataclass(frozen=True) would, since
a layer's key is sha256 of repr(shapes) (layout/card._shared_layer) and caches compare and hash
them. Checked over every shape, layer, face and page of a Galactic Civ kit and its documents."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from kitgen import layout
from kitgen.kit.build import Options, check_kit, impose_sheets, instruction, layout_documents
from kitgen.layout import card, cards, document, effects, fit, flow, impose, richtext, shapes, tokens
from kitgen.layout.impose import plan_grid
from kitgen.model import Record
from kitgen.project import Project
from tests.unit.test_cache_keys import _generated

MODULES = (card, cards, document, effects, fit, flow, impose, richtext, shapes, tokens)
RECORDS = [kind for module in MODULES for _, kind in inspect.getmembers(module, inspect.isclass)
           if dataclasses.is_dataclass(kind) and kind.__module__ == module.__name__]


@pytest.mark.parametrize("kind", RECORDS, ids=lambda kind: kind.__qualname__)
def test_layout_records__all_share_records_eq_hash_and_repr(kind):
    """A record class added to layout with a plain @dataclass compiles its own again (~0.15 ms each);
    one without a docstring gets one made with inspect.signature at import (~0.07 ms each)."""
    assert issubclass(kind, Record) and kind.__eq__ is Record.__eq__ and kind.__repr__ is Record.__repr__
    assert kind.__hash__ is Record.__hash__
    assert not kind.__doc__.startswith(kind.__name__ + "("), "give it a docstring"


def _layout_records(value, seen: set[int]):
    """Every record of layout's modules within `value` (records, tuples, lists), each once."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Record) and type(value).__module__.startswith(layout.__name__ + "."):
        yield value
        for field in dataclasses.fields(value):
            yield from _layout_records(getattr(value, field.name), seen)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _layout_records(item, seen)


def test_layout_records__eq_hash_and_repr_are_those_dataclasses_would_write():
    project = Project.default()
    checked = check_kit(project, "galactic-civ", Options(), lay_out=False)
    grid = plan_grid(checked.spec.paper, checked.spec.card, spec=checked.spec)
    found: list = [grid]
    for pages in impose_sheets(checked, grid, instruction(checked.spec)).values():
        found += list(pages)
    for faces in checked.faces:
        found += [faces.back, *faces.fronts[:12]]
    found += layout_documents(project, checked.game, "galactic-civ", Options()).values()
    records = list(_layout_records(found, set()))
    kinds = {type(record) for record in records}
    assert kinds >= {shapes.Rect, shapes.Text, shapes.Icon, shapes.Line, card.Layer, card.Face, cards.Page,
                     cards.Placement, document.Document, document.Block, impose.Grid}, kinds
    last: dict[type, tuple] = {}
    for record in records:
        twin = _generated(record)
        assert repr(record) == repr(twin) and hash(record) == hash(twin)
        assert record == dataclasses.replace(record) and record != twin  # another class: never equal
        previous = last.get(type(record))
        if previous is not None:
            assert (record == previous[0]) == (twin == previous[1]) and (record != previous[0]) == (twin != previous[1])
        last[type(record)] = (record, twin)
