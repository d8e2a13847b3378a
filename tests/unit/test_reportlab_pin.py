"""kitgen draws through reportlab's private state (render/stream.py, render/canvas.py), so it is
pinned in pyproject.toml to the release tested. An untested reportlab must fail here, loudly,
before it writes a broken PDF for a user."""
from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _pin() -> tuple[tuple[int, ...], tuple[int, ...]]:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    spec = next(d for d in dependencies if re.match(r"reportlab\b", d))
    match = re.fullmatch(r"reportlab>=([\d.]+),<([\d.]+)", spec.replace(" ", ""))
    assert match, f"reportlab must be pinned to a tested range like 'reportlab>=5.1,<5.2', not {spec!r}"
    return tuple(map(int, match[1].split("."))), tuple(map(int, match[2].split(".")))


def _release(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def test_reportlab__installed_version_is_the_tested_one():
    low, high = _pin()
    installed = version("reportlab")
    assert low <= _release(installed) < high, (
        f"UNTESTED REPORTLAB: {installed} is installed, but kitgen is tested with reportlab "
        f">={'.'.join(map(str, low))},<{'.'.join(map(str, high))} (pyproject.toml). kitgen uses reportlab's "
        "private attributes (render/stream.py, render/canvas.py): run the whole suite on this release, look at "
        "the PDFs, then move the pin.")


def test_reportlab__pin_is_one_minor_release():
    low, high = _pin()
    assert high[:1] == low[:1] and high[1] == low[1] + 1, f"pin one minor release, not {low} to {high}"


def test_reportlab__has_every_private_name_kitgen_uses(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.render.canvas import PRIVATE_CANVAS, PRIVATE_DOCUMENT

    canvas = Canvas(str(tmp_path / "x.pdf"), invariant=1)
    assert [n for n in PRIVATE_CANVAS if not hasattr(canvas, n)] == []
    assert [n for n in PRIVATE_DOCUMENT if not hasattr(canvas._doc, n)] == []


def test_reportlab__missing_private_name__refused_in_one_line(monkeypatch, tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.errors import KitgenError
    from kitgen.render import canvas as module

    monkeypatch.setattr(module, "PRIVATE_DOCUMENT", (*module.PRIVATE_DOCUMENT, "_gone_in_a_later_release"))
    with pytest.raises(KitgenError) as caught:
        module.check_reportlab(Canvas(str(tmp_path / "x.pdf"), invariant=1))
    line = str(caught.value)
    assert "\n" not in line and line.startswith("kitgen: error: reportlab ") and "_gone_in_a_later_release" in line


@pytest.mark.parametrize("d", ["M1 2 L3.25 4 C1 2 3 4 5 6 Z l0 4 z", "M0 0 A5 5 0 0 1 10 0 q1 2 3 4 h-.5 v1e-3", "",
                               "M100.123456789 99.99999951 l899.87654321 .0000001 c-1-2 3 4 5 6 H999999.5 V9.9999996",
                               "M12345678 1 L2 3", "M-0.5 3 L2 2", "M-0 5 L1 1", "M1 1 L1e-8 5"])
def test_reportlab__icon_fill_writes_what_drawpath_writes(tmp_path, d):
    """render/canvas._fill writes a filled outline's operators itself (Galactic Civ's ~16,000), as
    reportlab's path object and drawPath would: the same text, so the same PDF."""
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.load.svgpath import parse_path
    from kitgen.render.canvas import _fill

    commands = parse_path(d)
    ours, theirs = Canvas(str(tmp_path / "a.pdf"), invariant=1), Canvas(str(tmp_path / "b.pdf"), invariant=1)
    _fill(ours, commands)
    path = theirs.beginPath()
    for command in commands:
        {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}[command[0]](*command[1:])
    theirs.drawPath(path, stroke=0, fill=1, fillMode=0)
    assert ours._code == theirs._code


@pytest.mark.parametrize("before", ["", "0 0 1 rg"])  # a page with nothing drawn yet, or with code
def test_reportlab__icon_form_is_the_form_begin_and_end_form_make(tmp_path, before):
    """render/canvas.icon_form makes an icon's form without beginForm and endForm (whose codec
    encodes the text a character at a time): the same PDF, byte for byte, as drawing the outline
    inside them, whether the page has code before it or none."""
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.load.svgpath import parse_path
    from kitgen.render.canvas import _fill, end_form, icon_form, state

    commands = parse_path("M10 20 l5 0 0 5 h-3 v2 c1 1 2 2 3 0 s2-2 4 0 q1 1 2 0 t2 0 a3 3 0 0 1 6 0 z m1 1 l.5 1")
    pdfs = []
    for ours in (True, False):
        canvas = Canvas(str(tmp_path / f"{ours}.pdf"), invariant=1, pageCompression=1)
        if before:
            state(canvas)._code.append(before)
        if ours:
            icon_form(canvas, "x", (24, 24), commands)
        else:
            canvas.beginForm("icon-x", 0, 0, 24, 24)
            _fill(canvas, commands)
            end_form(canvas, "icon-x")
        canvas.doForm("icon-x")
        canvas.save()
        pdfs.append((tmp_path / f"{ours}.pdf").read_bytes())
    assert pdfs[0] == pdfs[1] and b"/FormXob.icon-x" in pdfs[0]
