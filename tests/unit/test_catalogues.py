"""kitgen's catalogues (kitgen/locale): the template holds every message the code and the templates
mark (extracted again here, with babel.cfg, as the README's command does), and each language
translates every one of them, keeping its placeholders and markup. A new message without a
translation fails here until the catalogues are updated and translated (README)."""
from __future__ import annotations

import fnmatch
import re
import tomllib

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.util import pathmatch

from kitgen.load.language import LOCALE, catalogue_path, known_languages, read_language
from tests.conftest import ROOT

PLACEHOLDER = re.compile(r"\{\w+\}")


def template() -> dict[str, object]:
    with (LOCALE / "kitgen.pot").open("rb") as file:
        return {message.id[0] if isinstance(message.id, tuple) else message.id: message
                for message in read_po(file) if message.id}


def extracted() -> set[tuple[str, ...]]:
    """Every message marked in kitgen's code and templates, as pybabel extract finds it with babel.cfg
    (a file that calls no _(, gettext( or ngettext( holds none: not tokenized, ~3 s less)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
    found = set()
    for path in sorted(ROOT.glob("kitgen/**/*.py")) + sorted(ROOT.glob("templates/*.*")):
        relative = path.relative_to(ROOT).as_posix()
        pattern, method = next(((p, m) for p, m in method_map if pathmatch(p, relative)), ("", None))
        if method is None or not any(mark in path.read_text("utf-8") for mark in ("_(", "gettext(")):
            continue
        for _, message, _, _ in extract_from_file(method, str(path), keywords=keywords, options=options_map[pattern]):
            found.add(message if isinstance(message, tuple) else (message,))
    return found


def test_template__holds_exactly_the_messages_the_code_marks():
    marked = extracted()
    held = {tuple(m.id) if isinstance(m.id, tuple) else (m.id,) for m in template().values()}
    assert marked - held == set(), "marked but not in kitgen.pot: run the README's pybabel extract and update"
    assert held - marked == set(), "in kitgen.pot but no longer marked: run the README's pybabel extract and update"
    assert {("Play in: {phases}",), ("{title}: Rules Summary",), ("Optional",), ("{count} card", "{count} cards")} <= marked


@pytest.mark.parametrize("code", [code for code in known_languages() if code != "en"])
def test_catalogue__translates_every_message_of_the_template(code):
    """Every catalogue (a new one too); the four written with this change at least."""
    assert {"de", "es", "fr", "it"} <= set(known_languages())
    with catalogue_path(code).open("rb") as file:
        catalogue = {m.id[0] if isinstance(m.id, tuple) else m.id: m for m in read_po(file) if m.id}
    forms = len(read_language(code).rules.categories())
    untranslated = []
    for key, english in template().items():
        message = catalogue.get(key)
        strings = [] if message is None else list(message.string) if isinstance(message.string, tuple) \
            else [message.string]
        if message is None or message.fuzzy or not all(strings) or \
                (isinstance(english.id, tuple) and len(strings) != forms):
            untranslated.append(key)
            continue
        wanted = set(PLACEHOLDER.findall(" ".join(english.id if isinstance(english.id, tuple) else [english.id])))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= wanted, (code, key, string)
            assert string.count("**") == key.count("**"), (code, key, string)
        if not isinstance(english.id, tuple):
            assert set(PLACEHOLDER.findall(strings[0])) == wanted, (code, key, strings[0])
    assert untranslated == [], f"{code}: {len(untranslated)} messages without a translation"
    assert set(catalogue) == set(template()), f"{code}: messages kitgen no longer has: pybabel update"


def test_catalogues__ship_in_the_wheel():
    """pyproject.toml's package-data names every catalogue and the template, under kitgen/."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["kitgen"]
    files = [p.relative_to(ROOT / "kitgen").as_posix() for p in LOCALE.rglob("*") if p.is_file()]
    assert sorted(files) == sorted(f for f in files if any(fnmatch.fnmatch(f, pattern) for pattern in patterns))
    assert "locale/fr/LC_MESSAGES/kitgen.po" in files and "locale/kitgen.pot" in files


@pytest.mark.parametrize("code", known_languages())
def test_catalogue__the_scale_bars_label_is_shorter_than_the_bar(code):
    """The 50 mm bar's label runs along it (layout/marks.BAR_LABEL): each language's, in Lato 5.5 pt."""
    from reportlab.pdfbase.ttfonts import TTFont

    from kitgen.layout.marks import BAR_LABEL, SCALE_BAR

    # Measured with the font itself, never registered: reportlab's registry is per process, and a
    # second Lato-Regular registered here would stand in for the kit's own (same face name) in the
    # tests that run after this one.
    lato = TTFont("kitgen-test-lato", str(ROOT / "fonts" / "Lato-Regular.ttf"))
    label = read_language(code)(BAR_LABEL)
    assert lato.stringWidth(label, 5.5) < SCALE_BAR - 4, f"{code}: {label}"
