"""`kitgen icons WORD`: the icons of kitgen's set whose name or keywords have WORD, one a line.

The keywords are the set's metadata kept as data (templates/icons/synonyms.yaml: a word, English
or French, and the icon words or names it stands for), the table `kitgen art --suggest` reads."""
from __future__ import annotations

import unicodedata

import click

from kitgen.cli.common import echo, main
from kitgen.errors import KitgenError, Where, error, printable
from kitgen.project import Project

MAX_WORD = 100  # characters: the longest icon name is about 30; a longer word can match nothing


@main.command()
@click.argument("word")
def icons(word: str) -> None:
    """List the icons whose name or keywords have WORD (e.g. sword, épée, castle), one a line."""
    from kitgen.check.icons import icon_did_you_mean, icons_with_word
    from kitgen.load.icons import load_icons
    from kitgen.load.synonyms import load_synonyms

    word = unicodedata.normalize("NFC", word).strip()
    if not word or len(word) > MAX_WORD:
        raise click.UsageError(f"WORD: a word of 1 to {MAX_WORD} characters, e.g. sword (got {len(word):,})")
    templates = Project.default().templates
    names, keywords = load_icons([templates]).names(), load_synonyms([templates], (templates,))
    found = icons_with_word(word, names, keywords) if word.lower() not in names else [word.lower()]
    if not found:
        close = icon_did_you_mean(word, names, keywords)
        raise KitgenError(error(Where("kitgen"), f"no icon's name or keywords have '{printable(word)}'"
                                + (f" (did you mean '{close}'?)" if close else "")
                                + "; kitgen icons WORD takes one word of an icon's name, e.g. sword"))
    for name in found:
        echo(name)
