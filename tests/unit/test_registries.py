"""Every kind is a registry entry: box kinds (layout), shape kinds (record in the cache, draw)."""
from __future__ import annotations

import subprocess
import sys
import typing

from kitgen.kit import records
from kitgen.layout.card import BOX_KINDS, layout_face
from kitgen.layout.shapes import Picture, Shape
from kitgen.model import Box, BoxKind, CardTemplate
from kitgen.units import Length
from tests.conftest import ROOT, run_kitgen

SHAPES = set(typing.get_args(Shape))


def test_box_kinds__the_registry_lays_out_every_kind_the_schema_accepts():
    assert set(BOX_KINDS) == set(typing.get_args(BoxKind))


def test_shape_kinds__every_shape_is_recorded_and_drawn_by_its_registry():
    from kitgen.render.canvas import SHAPE_DRAWERS

    assert set(records.SHAPE_RECORDS) == SHAPES
    assert set(SHAPE_DRAWERS) == SHAPES


def _face(kind: str, art: dict | None):
    box = Box(kind, Length(0.0), Length(0.0), Length(100.0), Length(100.0), content="star", color="#336699")
    template = CardTemplate(width=Length(100.0), height=Length(100.0), boxes=(box,))
    icons = _Icons()
    return layout_face(template, {"art": art, "icons": icons}, lambda text, role, size: 5.0 * len(text),
                       lambda text, role: (0.0, 0.7, 0.5 * len(text), 0.2), "card 'A'", None)


class _Icons:
    def get(self, name):
        return (10, 10, (("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("Z",)), name) if name == "star" else None


def test_pattern_box__draws_its_pattern_even_on_a_card_with_art():
    """A pattern box used to fall through to the art branch: on a card with a picture it drew the picture."""
    art = {"key": "k" * 24, "aspect": 1.0}
    pattern = _face("pattern", art).shapes
    assert pattern and not any(isinstance(shape, Picture) for shape in pattern)
    assert _face("pattern", None).shapes == pattern  # the card's picture changes nothing
    assert any(isinstance(shape, Picture) for shape in _face("art", art).shapes)


def test_unknown_box_kind__is_an_error_at_its_line_with_a_suggestion(tmp_path):
    game = tmp_path / "tiny"
    import shutil

    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    (game / "templates").mkdir(exist_ok=True)
    front = (ROOT / "templates" / "card-front.yaml").read_text()
    (game / "templates" / "card-front.yaml").write_text(front.replace("kind: rect", "kind: rectt", 1))
    result = run_kitgen("validate", str(game))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = next(n for n, text in enumerate(front.split("\n"), 1) if "kind: rect" in text)
    assert f"card-front.yaml:{line}:" in result.stderr
    assert "'rectt' is not one of: rect, circle, line, text, effects, art, icon, pattern, shape (did you mean 'rect'?)" \
        in result.stderr


def test_commands__each_is_loaded_from_the_module_the_table_names():
    """cli/common.COMMANDS says which module to import for a command: a command missing from it
    could not be run (its module would never be imported)."""
    import kitgen.cli.files, kitgen.cli.icons, kitgen.cli.kit, kitgen.cli.report, kitgen.cli.simulate, kitgen.cli.tune  # noqa: F401, E401, E501
    from kitgen.cli.common import COMMANDS, main

    defined = {name: command.callback.__module__ for name, command in main.commands.items()}
    assert defined == {name: f"kitgen.cli.{module}" for name, module in COMMANDS.items()}


def test_commands__build_starts_without_the_other_commands_modules():
    code = ("import sys; from kitgen.cli import main; main.get_command(None, 'build');"
            "print(sorted(m for m in sys.modules if m.startswith('kitgen.cli.')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    # common and flags are shared by every command (flags: the numeric and file types of their options)
    assert result.stdout.split() == ["['kitgen.cli.common',", "'kitgen.cli.flags',", "'kitgen.cli.kit']"]


def test_outlines__the_registry_draws_every_shape_the_schema_accepts():
    from kitgen.layout.outlines import OUTLINES, TEXT_AREA
    from kitgen.model import ShapeName

    assert set(OUTLINES) == set(TEXT_AREA) == set(typing.get_args(ShapeName))
