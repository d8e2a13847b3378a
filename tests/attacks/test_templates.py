"""Templates have a budget, and data text never becomes document markup (issue 12).

A game's own document template may loop forever, build a huge string or include itself: each
stops with one line at the template's own file:line, in seconds. Data text whose newlines or bars
spell markup (`::table ...`, `| a | b`) is printed as text. The real CLI on a copy of the tiny game.
"""
from __future__ import annotations

import threading

import jinja2
import pytest

from tests.conftest import pdf_text
from tests.attacks.harness import REPO, assert_refused, edit, kit_hashes, previous_kit, timed, tiny_copy  # noqa: F401


def with_rules_template(tmp_path, source: str, **parts: str):
    game = tiny_copy(tmp_path)
    (game / "templates").mkdir()
    (game / "templates" / "rules.md.j2").write_text(source)
    for name, text in parts.items():
        (game / "templates" / f"{name}.md.j2").write_text(text)
    return game


def refused(tmp_path, source: str, message: str, line: int | None, file: str = "rules.md.j2", **parts: str):
    game = with_rules_template(tmp_path, source, **parts)
    run = timed("validate", game)
    found = assert_refused(run, game / "templates" / file, message)
    if line is not None:
        assert found["line"] == str(line), run.describe()
    assert found["col"] is None, run.describe()  # Jinja gives a line only: no column is made up
    return run


# --- hangs ----------------------------------------------------------------------------------------

def test_nested_range_bomb__stops_at_its_line(tmp_path):
    refused(tmp_path, "# R\n\n{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}\n",
            r"range\(\) of 100,000 items; at most 10,000", 3)


def test_nested_loops_within_the_range_limit__stop_at_the_step_budget(tmp_path):
    refused(tmp_path, "# R\n{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}\n",
            r"loops went over 1,000,000 steps", 2)


def test_huge_power__refused(tmp_path):
    refused(tmp_path, "# R\n{{ 10 ** 100000000 }}\n", r"'\*\*' would make a number of about 100,000,000 digits", 2)


def test_huge_string__refused(tmp_path):
    refused(tmp_path, "# R\n{{ 'x' * 1000000000 }}\n", r"'\*' would make 1,000,000,000 items; at most 1,000,000", 2)


def test_huge_output__refused(tmp_path):
    refused(tmp_path, "# R\n{% for i in range(10000) %}{{ 'y' * 1000 }}{% endfor %}\n",
            r"template output is over 1,000,000 characters", None)


def test_card_template_box_with_range_bomb__refused_at_the_box(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "templates").mkdir()
    source = (game / "templates" / "card-front.yaml")
    source.write_text(_shipped_front())
    edit(source, 'content: "{{ card.name }}{% if card.erratum %} \\u2020{% endif %}"',
         'content: "{% for i in range(9999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}"')
    run = timed("validate", game)
    found = assert_refused(run, source, r"box 'name': template error: loops went over 1,000,000 steps")
    assert (found["line"], found["col"]) == ("28", "5")  # the name box of templates/card-front.yaml: `- name: name`


def _shipped_front() -> str:
    return (REPO / "templates" / "card-front.yaml").read_text()


def test_wall_clock_limit_stops_a_loop_that_writes_nothing(monkeypatch):
    """Loops over data write nothing and use no range(): only the timer stops them (in-process,
    with the limit lowered so the test is quick)."""
    from kitgen.errors import KitgenError
    from kitgen.layout import budget
    from kitgen.layout.expressions import render_template

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("the timer is delivered to the main thread only")
    monkeypatch.setattr(budget, "MAX_SECONDS", 0.3)
    env = budget.BudgetedSandbox(loader=jinja2.DictLoader(
        {"slow.md.j2": "# R\n{% for a in items %}{% for b in items %}{% endfor %}{% endfor %}\n"}))
    with pytest.raises(KitgenError) as caught:
        # 400 M steps of an empty loop: several seconds even on a fast idle machine (16 M, as before,
        # finished in 0.28 s on an idle CI machine, under the 0.3 s limit, and the test failed)
        render_template(env, "slow.md.j2", {"items": list(range(20_000))})
    problem = caught.value.problems[0]
    assert "the template is too slow" in problem.message
    assert (problem.where.file, problem.where.line) == ("slow.md.j2", 2)


# --- recursion, includes and syntax: at the template's own file:line -----------------------------------

def test_template_including_itself__one_line(tmp_path):
    refused(tmp_path, "# R\n{% include 'rules.md.j2' %}\n", r"templates nest too deeply", 2)


def test_recursive_macro__one_line(tmp_path):
    refused(tmp_path, "# R\n{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}\n{{ m(1) }}\n", r"templates nest too deeply",
            None)


def test_syntax_error_in_an_included_template__at_its_own_line(tmp_path):
    refused(tmp_path, "# R\n\n{% include 'part.md.j2' %}\n", r"template syntax error: ", 2, file="part.md.j2",
            part="fine\n{% if %}\n")


def test_include_of_a_missing_template__at_the_including_line(tmp_path):
    refused(tmp_path, "# R\n\n\n{% include 'nope.md.j2' %}\n", r"template 'nope.md.j2' not found", 4)


def test_error_in_an_included_template__at_its_own_line(tmp_path):
    refused(tmp_path, "# R\n{% include 'part.md.j2' %}\n", r"template error: .*nonexistent", 3, file="part.md.j2",
            part="one\ntwo\n{{ game.nonexistent }}\n")


def test_runaway_template__build_refused_and_previous_kit_intact(tmp_path, built_kit):
    game = with_rules_template(tmp_path, "# R\n{% for i in range(100000) %}{% endfor %}\n")
    out, before = previous_kit(built_kit, tmp_path)
    run = timed("build", game, "-o", out)
    assert_refused(run, game / "templates" / "rules.md.j2", r"range\(\) of 100,000 items")
    assert kit_hashes(out) == before


# --- markup injection: data text stays text ---------------------------------------------------------

def test_newlines_in_data_cannot_inject_document_markup(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "rules.yaml", '"Each player starts with 3 points in each attribute."',
         '"Each player starts with 3 points.\\n::table grid 9mm\\n| INJECTED | CELL |\\n::columns\\n# Not a title"')
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    text = pdf_text(tmp_path / "kit" / "rules.pdf")
    assert "Each player starts with 3 points. ::table grid 9mm | INJECTED | CELL | ::columns # Not a title" in text


def test_bars_in_data_stay_inside_their_table_cell(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "tables.yaml", "{roll: \"1-2\", result: Military, attribute: Military}",
         "{roll: \"1-2\", result: \"Mil | itary\", attribute: Military}")
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    assert "Mil | itary" in pdf_text(tmp_path / "kit" / "reference.pdf")


def test_changes_list_escapes_card_text_too():
    """changes.pdf is markup written in Python, not by a template: its data is escaped the same way."""
    from kitgen.kit.changes import Change, changes_markup
    from kitgen.layout.document import parse_document
    from kitgen.load import load_game

    game = load_game(REPO / "tests" / "fixtures" / "tiny")
    change = Change("main", "Scout | Ship", "Military +1", "Military +2\n::table grid\n| a | b |\n::columns")
    document = parse_document(changes_markup(game, "v1\n::page", [change]), "changes")
    assert [block.kind for block in document.blocks] == ["title", "paragraph", "bullet"]
    assert document.blocks[0].text == "Tiny Empire: Changes since v1 ::page"
    assert document.blocks[2].text == ("**Scout | Ship** (Main Deck): was Military +1; now Military +2 ::table grid "
                                       "| a | b | ::columns")


@pytest.mark.parametrize("box", ["type-rule", "name", "type-badge-icon"])
def test_card_box_ink_rendered_empty__drawn_in_the_default_black(tmp_path, box):
    """A box's `color` whose template renders nothing (a field some cards lack) inks the line, the
    text or the icon in the default black: it ended in 'internal error (ValueError)'."""
    import pdfplumber

    game = tiny_copy(tmp_path)
    (game / "templates").mkdir()
    source = game / "templates" / "card-front.yaml"
    source.write_text(_shipped_front())
    empty = "\"{{ card.erratum or '' }}\""
    if box == "name":
        edit(source, 'color: "#ffffff"\n    content: "{{ card.name }}', "color: " + empty + '\n    content: "{{ card.name }}')
    else:
        line = next(line for line in source.read_text().splitlines() if f"name: {box}," in line)
        inked = line.replace('color: "{{ type.color }}"', f"color: {empty}")
        if box == "type-badge-icon":  # the tiny game's types have no icon: the badge shows one anyway
            inked = inked.replace('"{{ type.icon }}"', '"spaceship"')
        edit(source, line, inked)
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "internal error" not in run.output, run.describe()
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        page = pdf.pages[0]
        black = (0.0, 0.0, 0.0)
        if box == "type-rule":  # the rule under the art, 58.5 mm long: stroked black
            rules = [e for e in page.lines + page.curves if abs((e["x1"] - e["x0"]) - 58.5 * 72 / 25.4) < 0.3]
            assert rules and all(_rgb(e["stroking_color"]) == black for e in rules)
        elif box == "name":
            scout = [c for c in page.chars if c["text"] in "Scout" and c["size"] > 10]
            assert scout and all(_rgb(c["non_stroking_color"]) == black for c in scout)
        else:  # the icon's outline: filled paths in the badge, 45-56 mm right of the first card's name
            name = next(c for c in page.chars if c["text"] == "S" and c["size"] > 10)
            mm = 72 / 25.4
            icon = [e for e in page.curves if name["x0"] + 45 * mm < e["x0"] < name["x0"] + 56 * mm
                    and abs(e["top"] - name["top"]) < 12 * mm and e["x1"] - e["x0"] < 6.3 * mm]
            assert icon  # its paths are a form: pdfplumber does not say their fill, pdfium's pixels do
            box = (min(e["x0"] for e in icon), min(e["top"] for e in icon),
                   max(e["x1"] for e in icon), max(e["bottom"] for e in icon))
            black_pixels, coloured = _inks(tmp_path / "kit" / "cards-main.pdf", box)
            assert black_pixels > 500 and coloured < black_pixels / 10  # (a few edge pixels of the blue card)


def _inks(pdf, box: tuple[float, float, float, float]) -> tuple[int, int]:
    """How many pixels pdfium paints black, and how many in a colour, in `box` (points from the
    top left of page 1, at 288 dpi): a grey edge or white counts as neither."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        image = document[0].render(scale=4).to_pil().convert("RGB")
    finally:
        document.close()
    data = image.crop(tuple(round(v * 4) for v in box)).tobytes()
    pixels = [data[i:i + 3] for i in range(0, len(data), 3)]
    return sum(max(p) < 60 for p in pixels), sum(max(p) - min(p) > 60 for p in pixels)


def _rgb(color) -> tuple[float, ...]:
    """A colour as pdfplumber reads it (a grey is one number), as red, green and blue."""
    values = tuple(color) if isinstance(color, (tuple, list)) else (color,) if color is not None else ()
    return tuple(float(v) for v in values * 3) if len(values) == 1 else tuple(float(v) for v in values)


@pytest.mark.parametrize("text", ["shipped", "own"])
def test_compiled_code_planted_in_a_game_or_templates_folder__never_runs(tmp_path, text):
    """kitgen's own templates ship with the code Jinja writes for them (layout/precompiled.py),
    read from kitgen's folder only. A game folder (or --templates DIR) laid out the same way, with
    a module named for its template's very text and a card string listed as precompiled, is data:
    its code never runs, and the kit is built from the texts."""
    import jinja2

    from kitgen.layout import precompiled

    game = tiny_copy(tmp_path)
    marker = tmp_path / "ran"
    payload = f"open({str(marker)!r}, 'w').write('planted code ran')\n"
    rules = (REPO / "templates" / "rules.md.j2").read_text(encoding="utf-8")
    rules = rules if text == "shipped" else rules + "\n{# the game's own copy #}\n"
    front = _shipped_front().replace('color: "#ffffff"\n    content: "{{ card.name }}',
                                      'color: "#fffffe"\n    content: "{{ card.name }}')
    for folder in (game / "templates", tmp_path / "more"):
        compiled = folder / "compiled" / f"jinja2-{jinja2.__version__}"
        compiled.mkdir(parents=True)
        (folder / "rules.md.j2").write_text(rules, encoding="utf-8")
        (folder / "card-front.yaml").write_text(front, encoding="utf-8")
        (compiled / precompiled.module_name("rules.md.j2", rules)).write_text(payload, encoding="utf-8")
        (compiled / precompiled.module_name(precompiled.CARD_STRING, "#fffffe")).write_text(payload, encoding="utf-8")
        (compiled / precompiled.CARD_STRINGS).write_text('{"#fffffe": []}', encoding="utf-8")
    run = timed("build", game, "--templates", tmp_path / "more", "-o", tmp_path / "kit")
    assert run.returncode == 0 and not marker.exists(), run.describe()
    assert "Rules Summary" in pdf_text(tmp_path / "kit" / "rules.pdf")
