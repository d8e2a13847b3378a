"""The language of a kit's own words ("Play in", headings, the manifest, printing instructions):
English as written in the code, else the game's gettext catalogue (kitgen/locale/<code>/LC_MESSAGES/
kitgen.po, read by load/language.py). Card text, names and the designer's data are never translated.

Stdlib only: the catalogue's messages, the CLDR plural rule and the date format arrive as values
(load/language.py makes them with Babel), so an English build never imports Babel.

    _ = game.language
    _("Play in: {phases}", phases="Construction")     -> "Jouer en : Construction"
    _.ngettext("{count} card", "{count} cards", 1)    -> "1 carte" (CLDR: French 0 and 1 are 'one')
    _.choose(2, "Sort", "Sorts")                      -> "Sorts" (the designer's own two words)
"""
from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

# CLDR's plural categories in CLDR's order: a language's catalogue has one msgstr per category it
# uses, in this order (Babel writes Plural-Forms so: French one, many, other -> 0, 1, 2).
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def N_(message: str) -> str:
    """Marks a message kept in a table for the catalogue (pybabel extracts N_ calls); translated
    where it is printed."""
    return message


def fill(text: str, values: Mapping[str, object]) -> str:
    """`{name}` in a message replaced by its value: a plain substitution, never str.format (a
    catalogue is data: `{0.__class__}` in it is text, not an attribute lookup)."""
    if not values or "{" not in text:
        return text
    return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], text)


class Rules(Protocol):
    """A language's CLDR rules (load/language.py gives Babel's): its plural categories in CLDR's
    order, the category of a count, a date written in full and a decimal number."""

    def categories(self) -> tuple[str, ...]: ...

    def category(self, count: int) -> str: ...

    def date(self, when: datetime.date) -> str: ...

    def decimal(self, value: float, digits: int) -> str: ...


@dataclass(frozen=True)
class Language:
    """One language's words. `catalogue` is a hash of the catalogue's text, so the cache keys of a
    kit change with its language and with every edit of its catalogue; the messages and rules are
    read from that text (not compared, not shown: the hash stands for them). A plain dataclass, not
    a model.Record: the model imports this module (cost_text speaks the game's language)."""

    code: str = "en"
    catalogue: str = ""
    # msgid (the singular for a plural message) -> its translation, one form per plural category used
    messages: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    rules: Rules | None = field(default=None, compare=False, repr=False)  # None: English, without Babel

    def __call__(self, message: str, **values: object) -> str:
        """The message in this language (as written when the catalogue lacks it), filled in."""
        forms = self.messages.get(message)
        return fill(forms[0] if forms and forms[0] else message, values)

    def gettext(self, message: str) -> str:
        return self(message)

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The form for the count `n`, filled in with `values` and {count} (n, unless `values` says it)."""
        forms = self.messages.get(singular)
        index = self.form(n)
        if forms and index < len(forms) and forms[index]:
            text = forms[index]
        else:
            text = singular if index == 0 else plural
        return fill(text, {"count": n, **values})

    def form(self, count: int) -> int:
        """Which plural form `count` takes: its CLDR category's place among the categories the
        language uses (English without Babel: 1 is 'one', every other whole number 'other')."""
        if self.rules is None:
            return 0 if count == 1 else 1
        categories, category = self.rules.categories(), self.rules.category(count)
        return categories.index(category) if category in categories else len(categories) - 1

    def choose(self, count: int, one: str, other: str) -> str:
        """The designer's singular or plural for `count` ('1 Sort', '2 Sorts'): the singular for
        CLDR's 'one', the plural for every other category."""
        if self.rules is None:
            return one if count == 1 else other
        return one if self.rules.category(count) == "one" else other

    def date(self, when: datetime.date) -> str:
        """A date as the language writes it in full: 'March 5, 2025', '5 mars 2025', '5. März 2025'."""
        if self.rules is not None:
            return self.rules.date(when)
        return f"{_MONTHS[when.month - 1]} {when.day}, {when.year}"

    def decimal(self, value: float, digits: int = 1) -> str:
        """A number with `digits` decimals as the language writes it: '215.9', '215,9'."""
        if self.rules is not None:
            return self.rules.decimal(value, digits)
        return f"{value:.{digits}f}"


ENGLISH = Language()
