"""`language:` in a game (issue 35) is untrusted: a name kitgen has no catalogue for, a path, a list,
nothing, a huge or control-character string is one `game.yaml:line:col: error:` line, exit 1, no
traceback; only kitgen's own catalogues (folder names in kitgen/locale) are ever read, and a
failed build leaves the previous kit as it was."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, kit_hashes, kitgen, kitgen_in_process, previous_kit, tiny_copy

KNOWN = "known: de, en, es, fr, it"


def with_language(tmp_path, value: str):
    game = tiny_copy(tmp_path)
    yaml = game / "game.yaml"
    text = yaml.read_text("utf-8")
    yaml.write_text(text + f"language: {value}\n", "utf-8")
    return game, len(text.splitlines()) + 1


def test_language__an_unknown_one_is_one_located_line_with_a_hint_from_the_real_cli(tmp_path):
    game, line = with_language(tmp_path, "fre")
    assert_one_line(kitgen("validate", game), re.compile(
        rf".*game\.yaml:{line}:11: error: language 'fre': kitgen has no catalogue of its words in it "
        rf"\(did you mean 'fr'\?\); {KNOWN}"))


CASES = {
    "FR": rf"language 'FR': kitgen has no catalogue of its words in it \(did you mean 'fr'\?\); {KNOWN}",
    "Deutsch": rf"language 'Deutsch': .* \(did you mean 'de'\?\); {KNOWN}",
    "../../../../../etc/passwd": rf"language '\.\./\.\./\.\./\.\./\.\./etc/passwd': kitgen has no catalogue of its words "
                                 rf"in it; {KNOWN}",
    "fr/LC_MESSAGES/kitgen.po": rf"language 'fr/LC_MESSAGES/kitgen\.po': .*; {KNOWN}",
    "'kitgen.pot'": rf"language 'kitgen\.pot': .*; {KNOWN}",
    "'locale'": rf"language 'locale': .*; {KNOWN}",
    "''": rf"language '': .*; {KNOWN}",
    '"fr\\0"': rf"language 'fr.*': .*; {KNOWN}",
    "[fr]": r"language: expected a language code such as fr \(a list found\)",
    "{fr: 1}": r"language: expected a language code such as fr \(a mapping found\)",
    "~": r"language: expected a language code such as fr \(nothing found\)",
}


@pytest.mark.parametrize("value", CASES, ids=lambda value: value[:20])
def test_language__a_value_that_names_no_catalogue_is_one_located_line(value, tmp_path):
    game, line = with_language(tmp_path, value)
    assert_one_line(kitgen_in_process("validate", game), re.compile(rf".*game\.yaml:{line}:11: error: {CASES[value]}"))


def test_language__a_huge_name_is_shown_shortened(tmp_path):
    game, line = with_language(tmp_path, "x" * 100_000)
    timed = kitgen_in_process("validate", game)
    assert_one_line(timed, re.compile(rf".*game\.yaml:{line}:11: error: language 'x{{40}}\.\.\.': .*; {KNOWN}"))
    assert len(timed.run.stderr) < 1000


def test_language__a_failed_build_keeps_the_previous_kit(tmp_path, built_kit):
    out, before = previous_kit(built_kit, tmp_path)
    game, line = with_language(tmp_path, "klingon")
    assert_one_line(kitgen_in_process("build", game, "-o", out, "--no-cache"),
                    re.compile(rf".*game\.yaml:{line}:11: error: language 'klingon': .*; {KNOWN}"))
    assert kit_hashes(out) == before


def test_language__given_in_another_top_level_file_it_is_located_there(tmp_path):
    game = tiny_copy(tmp_path)
    rules = game / "rules.yaml"
    text = rules.read_text("utf-8")
    rules.write_text(text + "language: it-IT\n", "utf-8")
    assert_one_line(kitgen_in_process("validate", game), re.compile(
        rf".*rules\.yaml:{len(text.splitlines()) + 1}:11: error: language 'it-IT': .*\(did you mean 'it'\?\); {KNOWN}"))
