"""A game's `language:`: kitgen's own words in that language, from the gettext catalogue shipped in
kitgen/locale/<code>/LC_MESSAGES/kitgen.po (made and updated with Babel: README, "A kit in another
language"). English is the language the code is written in: it needs no catalogue and never
imports Babel.

A catalogue is read here as text, never as code: no compiled .mo, and its Plural-Forms expression
is never evaluated. Which plural form a count takes is CLDR's rule for the language, from Babel's
own locale data (the catalogue has one form per CLDR category, in CLDR's order, as Babel writes
it). The reader below takes what Babel's write_po writes (tests/unit/test_catalogues.py reads every
catalogue with Babel's read_po too and compares): Babel's reader is ~25 ms of CPU a French build
(its import and its Message objects), this one under 2 ms.

A language is known when its catalogue is there: adding one is adding a catalogue.
"""
from __future__ import annotations

import hashlib
import re
from functools import cached_property, lru_cache
from pathlib import Path

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.language import CATEGORIES, ENGLISH, Language

LOCALE = Path(__file__).resolve().parent.parent / "locale"  # kitgen/locale, in a checkout and in the wheel
DOMAIN = "kitgen"
MAX_CATALOGUE = 1 << 20  # bytes: a catalogue of kitgen's ~200 messages is some 30 kB
_NAMES = {"english": "en", "french": "fr", "francais": "fr", "français": "fr", "german": "de", "deutsch": "de",
          "spanish": "es", "espanol": "es", "español": "es", "italian": "it", "italiano": "it"}


def catalogue_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def known_languages() -> list[str]:
    """English and every language with a catalogue, sorted."""
    found = {p.name for p in LOCALE.iterdir() if catalogue_path(p.name).is_file()} if LOCALE.is_dir() else set()
    return sorted(found | {"en"})


def unknown_language(code: str) -> str:
    """The one line an unknown `language:` gets (after its file:line:col)."""
    known = known_languages()
    named = _NAMES.get(code.strip().casefold()) or re.split(r"[-_]", code.strip().lower())[0]  # French, fr-FR
    hint = f" (did you mean '{named}'?)" if named in known else did_you_mean(code.strip().lower(), known)
    shown = code if len(code) <= 40 else code[:40] + "..."
    return f"language '{shown}': kitgen has no catalogue of its words in it{hint}; known: {', '.join(known)}"


def read_language(code: str) -> Language | None:
    """The language named `code` (its catalogue read), or None when kitgen has none of that name."""
    if code == "en":
        return ENGLISH
    if code not in known_languages():  # only a folder name listed in kitgen/locale: never a path
        return None
    return _read(code)


@lru_cache(maxsize=8)
def _read(code: str) -> Language:
    """The catalogue's messages (fuzzy and empty ones left out: the English stands), with CLDR's plural
    rule and long date format for the language (Babel's, looked up when first asked). Once a process."""
    path = catalogue_path(code)
    with path.open("rb") as file:
        text = file.read(MAX_CATALOGUE + 1)
    if len(text) > MAX_CATALOGUE:
        raise KitgenError(error(Where(str(path)), f"catalogue is over {MAX_CATALOGUE:,} bytes"))
    try:
        messages = read_catalogue(text.decode("utf-8"))
    except (UnicodeDecodeError, CatalogueError) as exc:
        line = exc.line if isinstance(exc, CatalogueError) else 0
        raise KitgenError(error(Where(str(path), line), f"catalogue cannot be read: {exc}")) from None
    return Language(code, hashlib.sha256(text).hexdigest()[:32], messages, CldrRules(code))


class CldrRules:
    """CLDR's plural rule and date format for a language (language.Rules), from Babel's locale data,
    read when first used."""

    def __init__(self, code: str):
        self.code = code

    @cached_property
    def _locale(self):
        from babel.core import Locale  # here: only a kit in another language than English imports Babel

        return Locale.parse(self.code)

    @cached_property
    def _categories(self) -> tuple[str, ...]:
        tags = self._locale.plural_form.tags
        return tuple(c for c in CATEGORIES if c in tags or c == "other")

    def categories(self) -> tuple[str, ...]:
        return self._categories

    def category(self, count: int) -> str:
        return self._locale.plural_form(count)

    def date(self, when) -> str:
        from babel.dates import format_date

        return format_date(when, format="long", locale=self._locale)

    def decimal(self, value: float, digits: int) -> str:
        from babel.numbers import format_decimal

        return format_decimal(value, format="0." + "0" * digits if digits else "0", locale=self._locale)


class CatalogueError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


_LINE = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d)\])\s+(".*")$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}


def _unquote(quoted: str, line: int) -> str:
    if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
        raise CatalogueError(line, f"expected a quoted string, got {quoted[:40]!r}")
    return re.sub(r'\\(.)', lambda m: _ESCAPES.get(m[1], m[1]), quoted[1:-1])


def read_catalogue(text: str) -> dict[str, tuple[str, ...]]:
    """A .po file's messages: msgid (a plural message's singular) -> its msgstr (one, or one per plural
    form). Fuzzy, untranslated, obsolete (#~) and context (msgctxt) entries are left out; a line of
    any other shape is a CatalogueError at its line."""
    messages: dict[str, tuple[str, ...]] = {}
    entry: dict[str, str] = {}
    flags: set[str] = set()
    field = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if any(key.startswith("msgstr") for key in entry) and (not line or line.startswith("#") or _starts_entry(line)):
            _keep(messages, entry, flags)
            entry, flags, field = {}, set(), ""
        if not line or line.startswith("#"):
            flags = flags | {f.strip() for f in line[2:].split(",")} if line.startswith("#,") else \
                flags if line else set()  # a blank line between entries forgets an obsolete entry's flags
            continue
        if line.startswith('"'):
            if not field:
                raise CatalogueError(number, "a continued string with nothing before it")
            entry[field] += _unquote(line, number)
            continue
        match = _LINE.match(line)
        if match is None:
            raise CatalogueError(number, f"not a line of a gettext catalogue: {line[:40]!r}")
        field = f"msgstr{int(match[2]):02d}" if match[2] else match[1]
        entry[field] = _unquote(match[3], number)
    if any(key.startswith("msgstr") for key in entry):
        _keep(messages, entry, flags)
    return messages


def _starts_entry(line: str) -> bool:
    return line.startswith(("msgctxt ", "msgid ")) and not line.startswith("msgid_plural")


def _keep(messages: dict[str, tuple[str, ...]], entry: dict[str, str], flags: set[str]) -> None:
    forms = tuple(entry[key] for key in sorted(entry) if key.startswith("msgstr"))
    if entry.get("msgid") and "fuzzy" not in flags and "msgctxt" not in entry and all(forms):
        messages[entry["msgid"]] = forms
