"""The document templates' and card template strings' code compiled ahead (layout/precompiled.py):
there for every shipped template's very text, what the documents' (the card faces') environment
writes for it, and used only then."""
from __future__ import annotations

import jinja2
import pytest

from kitgen.errors import KitgenError
from kitgen.language import ENGLISH
from kitgen.layout import expressions, precompile, precompiled
from kitgen.layout.context import document_context
from kitgen.load import load_game
from kitgen.project import shipped_folder

TEMPLATES = shipped_folder("templates")
REGENERATE = "run `python -m kitgen.layout.precompile` and commit templates/compiled/"


@pytest.fixture
def environment():
    expressions._environment.cache_clear()
    yield expressions.make_environment([TEMPLATES], markup=True)
    expressions._environment.cache_clear()


def test_every_document_template_and_card_string_has_its_module_for_its_text():
    written = sorted(path.name for path in (TEMPLATES / "compiled").glob("jinja2-*/*.py"))
    wanted = sorted([precompiled.module_name(name, (TEMPLATES / name).read_text(encoding="utf-8"))
                     for name in precompiled.DOCUMENT_TEMPLATES]
                    + [precompiled.module_name(precompiled.CARD_STRING, source)
                       for source in precompile.card_strings(TEMPLATES)])
    assert len(wanted) > len(precompiled.DOCUMENT_TEMPLATES) + 10  # the card templates' strings are found
    assert written == wanted, f"a template changed after its module was written: {REGENERATE}"


def test_the_modules_are_what_the_documents_environment_writes(environment, tmp_path):
    if not precompiled.compiled_folder().is_dir():
        pytest.skip(f"the modules were written by another Jinja than {jinja2.__version__} (they are not used)")
    precompile.write_compiled(environment, TEMPLATES, tmp_path / "jinja2-now", expressions.card_environment(),
                               expressions.parsed_variables)
    written = sorted((tmp_path / "jinja2-now").iterdir())
    assert precompiled.CARD_STRINGS in [path.name for path in written]
    for path in written:
        shipped = precompiled.compiled_folder() / path.name
        assert shipped.read_bytes() == path.read_bytes(), f"{path.name} is stale: {REGENERATE}"


def test_a_template_loads_its_module_and_keeps_its_file_name(environment):
    if not precompiled.compiled_folder().is_dir():
        pytest.skip("the modules were written by another Jinja (they are not used)")
    template = environment.get_template("rules.md.j2")
    assert template.filename == str(TEMPLATES / "rules.md.j2")  # errors name the template, not the module
    assert precompiled.compiled_folder().name in template.root_render_func.__code__.co_filename
    with pytest.raises(KitgenError) as raised:
        expressions.render_template(environment, "rules.md.j2", {})
    assert str(raised.value.problems[0]).endswith("rules.md.j2:2: error: template error: 'game' is undefined")


def test_another_jinja_compiles_the_template_itself_with_the_same_output(environment, monkeypatch):
    game = load_game(TEMPLATES.parent / "data" / "galactic-civ") if (TEMPLATES.parent / "data").is_dir() else None
    if game is None:
        pytest.skip("no checkout: the shipped games are elsewhere")
    context = {**document_context(game), "kit": {}, "icons_attribution": ""}
    shipped = expressions.render_template(environment, "rules.md.j2", context)
    monkeypatch.setattr(jinja2, "__version__", "0.0.0")
    expressions._environment.cache_clear()
    other = expressions.make_environment([TEMPLATES], markup=True)
    template = other.get_template("rules.md.j2")
    assert "compiled" not in template.root_render_func.__code__.co_filename  # compiled from the text
    assert "Rules Summary" in shipped and expressions.render_template(other, "rules.md.j2", context) == shipped


def test_an_edited_template_never_takes_the_module_of_its_old_text(tmp_path):
    edited = tmp_path / "rules.md.j2"
    edited.write_text((TEMPLATES / "rules.md.j2").read_text(encoding="utf-8") + "{{ 1 }}\n", encoding="utf-8")
    assert precompiled.shipped_code("rules.md.j2", edited.read_text(encoding="utf-8")) is None


CARD_STRING = ("{{ type.name | upper }}{% if type.code %}  ·  {{ type.code }}{% endif %}{% if deck.optional %}  ·  "
               "{{ _('Optional') | upper }}{% endif %}")


def test_a_card_string_takes_its_module_and_its_names():
    if not precompiled.compiled_folder().is_dir():
        pytest.skip("the modules were written by another Jinja (they are not used)")
    assert CARD_STRING in precompile.card_strings(TEMPLATES)  # card-front.yaml's type line
    expressions._compiled.cache_clear()
    template = expressions._compiled(CARD_STRING)
    assert precompiled.compiled_folder().name in template.root_render_func.__code__.co_filename
    assert precompiled.card_string_names(CARD_STRING) == expressions.parsed_variables(CARD_STRING) == {"type", "deck", "_"}
    context = {"type": {"name": "Ship", "code": "S"}, "deck": {"optional": True}, "_": ENGLISH}
    assert expressions.render_string(CARD_STRING, context, None) == "SHIP  ·  S  ·  OPTIONAL"


def test_another_card_string_is_compiled_from_its_text():
    edited = CARD_STRING.replace("{{ _('Optional') | upper }}", "EXTRA")
    assert precompiled.card_string_code(edited) is None and precompiled.card_string_names(edited) is None
    assert "compiled" not in expressions._compiled(edited).root_render_func.__code__.co_filename
    assert expressions.variables(edited) == {"type", "deck"}
    context = {"type": {"name": "Ship", "code": ""}, "deck": {"optional": True}}
    assert expressions.render_string(edited, context, None) == "SHIP  ·  EXTRA"
