"""Broken input: every defect a game folder can have ends as `file:line: error: message` and exit 1.

Each case is a folder under tests/fixtures/bad/ (see its README.md): tests/fixtures/tiny with
exactly one defect. The real CLI runs in a subprocess, as a user runs it, and must
- exit with 1 (0 would pass broken data; anything else is a crash),
- print no traceback,
- print exactly the expected problem lines, in order, and nothing else that looks like a problem:
  a defect must not drag misleading follow-on errors behind it.
A strict xfail is a known kitgen bug: the entry says what kitgen should print, the reason says
what it prints today. When the bug is fixed the test XPASSes and fails; remove the mark then.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TINY = Path("tests/fixtures/tiny")  # relative to REPO, the CLI's working folder
BAD = Path("tests/fixtures/bad")
TIMEOUT = 60  # seconds; the whole tiny game validates in well under one
MEMORY_LIMIT = 2 << 30  # bytes of address space: a runaway loop fails fast instead of filling the machine
KIT_FILES = ["build-manifest.json", "cards-main.pdf", "manifest.pdf", "player-sheet.pdf", "reference.pdf", "rules.pdf"]

PROBLEM_LINE = re.compile(r"^\S.*: (error|warning): ")


# --- running the CLI ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    @property
    def problems(self) -> list[str]:
        """The `file:line: level: message` lines, stdout first (validate) then stderr (build)."""
        return [line for line in self.output.splitlines() if PROBLEM_LINE.match(line)]

    def describe(self) -> str:
        if self.returncode < 0:
            number = -self.returncode
            status = f"killed by {signal.Signals(number).name if number in signal.valid_signals() else number}"
        else:
            status = f"exit {self.returncode}"
        output = self.output if len(self.output) < 4000 else self.output[:2000] + "\n[...]\n" + self.output[-2000:]
        return f"$ kitgen {' '.join(self.args)}\n({status})\n{output}"


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_kitgen(*args: str | Path) -> Run:
    """`python -m kitgen ARGS` from the repo root, as a user would run it."""
    argv = tuple(str(arg) for arg in args)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "kitgen", *argv],
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=TIMEOUT,
            preexec_fn=_limit_memory if os.name == "posix" else None,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"kitgen {' '.join(argv)} hung: no answer within {TIMEOUT} s")
    return Run(argv, done.returncode, done.stdout, done.stderr)


# --- what a rejection must look like ------------------------------------------------------------

Expected = tuple[str | re.Pattern[str], ...]


def _matches(line: str, expected: str | re.Pattern[str]) -> bool:
    return line == expected if isinstance(expected, str) else expected.fullmatch(line) is not None


def assert_rejected(run: Run, expected: Expected) -> None:
    """Exit 1, no traceback, and exactly the expected problem lines (strings verbatim, patterns in full)."""
    assert "Traceback" not in run.output, f"kitgen crashed:\n{run.describe()}"
    assert run.returncode == 1, f"expected exit 1:\n{run.describe()}"
    if all(isinstance(e, str) for e in expected):
        assert run.problems == list(expected), run.describe()
    else:
        ok = len(run.problems) == len(expected) and all(map(_matches, run.problems, expected))
        shown = "\n".join(e if isinstance(e, str) else f"/{e.pattern}/" for e in expected)
        assert ok, f"expected the problem lines\n{shown}\ngot:\n{run.describe()}"


def errors_only(expected: Expected) -> Expected:
    """What `build` prints when it refuses: the errors (warnings are printed only by a build that succeeds)."""
    return tuple(e for e in expected if ": error: " in (e if isinstance(e, str) else e.pattern))


# --- the catalogue ----------------------------------------------------------------------------

def case(name: str, *expected: str | re.Pattern[str], bug: str | None = None):
    """One folder of tests/fixtures/bad/ and the problem lines `validate` must print for it."""
    marks = [pytest.mark.xfail(reason=bug, strict=True)] if bug else []
    return pytest.param(name, expected, id=name, marks=marks)


def pattern(text: str) -> re.Pattern[str]:
    """For a bug's expected line whose wording the fix will choose: file, line and gist are pinned."""
    return re.compile(text)


CASES = [
    # --- YAML: syntax, encoding and the constructs game data refuses ---
    # Messages from the YAML parser are libyaml's (PyYAML's CSafeLoader); the pure-Python loader words them differently.
    case("yaml-syntax-error",
         "tests/fixtures/bad/yaml-syntax-error/decks/main.yaml:13: error: YAML syntax error: "
         "did not find expected ',' or '}'"),
    case("unclosed-quote",
         'tests/fixtures/bad/unclosed-quote/decks/main.yaml:11: error: YAML syntax error: found unexpected end of stream'),
    case("tab-indentation",
         "tests/fixtures/bad/tab-indentation/decks/main.yaml:9: error: YAML syntax error: found character that "
         "cannot start any token (a tab indents this line: YAML indents with spaces)"),
    case("tab-indentation-in-rules-yaml",
         'tests/fixtures/bad/tab-indentation-in-rules-yaml/rules.yaml:6: error: YAML syntax error: found a tab character that violates indentation (a tab indents this line: YAML indents with spaces)'),
    case("duplicate-key",
         "tests/fixtures/bad/duplicate-key/decks/main.yaml:13: error: duplicate key 'name' (first on line 13)"),
    case("duplicate-key-in-game-yaml",
         "tests/fixtures/bad/duplicate-key-in-game-yaml/game.yaml:5: error: duplicate key 'title' (first on line 4)"),
    case("yaml-alias-bomb",
         "tests/fixtures/bad/yaml-alias-bomb/decks/main.yaml:5: error: YAML aliases (*name) are not supported: "
         "write the value out"),
    case("merge-key",
         "tests/fixtures/bad/merge-key/decks/main.yaml:11: error: YAML merge keys (<<) are not supported"),
    case("python-tag",
         "tests/fixtures/bad/python-tag/decks/main.yaml:11: error: YAML tag "
         "'!!python/object/apply:os.system' is not allowed in game data"),
    case("deep-nesting",
         'tests/fixtures/bad/deep-nesting/decks/main.yaml:4: error: nested more than 50 levels deep'),
    case("not-utf8",
         "tests/fixtures/bad/not-utf8/decks/main.yaml:13: error: file is not UTF-8 text; save it as UTF-8"),
    case("control-character",
         'tests/fixtures/bad/control-character/decks/main.yaml:11: error: YAML error: unacceptable character #x0007: control characters are not allowed'),
    case("empty-game-yaml",
         'tests/fixtures/bad/empty-game-yaml/game.yaml:1: error: file is empty'),
    case("empty-deck-file",
         'tests/fixtures/bad/empty-deck-file/decks/main.yaml:1: error: file is empty'),
    case("no-game-yaml",
         'tests/fixtures/bad/no-game-yaml/game.yaml: error: no game.yaml: is this a game folder?'),
    # --- schema: keys and types ---
    case("unknown-key",
         "tests/fixtures/bad/unknown-key/decks/main.yaml:13: error: cards[2]: unknown key 'efects' "
         "(did you mean 'effects'?)"),
    case("wrong-type",
         "tests/fixtures/bad/wrong-type/decks/main.yaml:13: error: cards[2].effects[0].delta: "
         "expected a whole number, got 'two'"),
    case("not-one-of-the-choices",
         "tests/fixtures/bad/not-one-of-the-choices/decks/main.yaml:13: error: cards[2].effects[0].target: "
         "'me' is not one of: self, target-player, all-other-players, all-players"),
    case("missing-required-key",
         "tests/fixtures/bad/missing-required-key/decks/main.yaml:11: error: cards[0]: missing key 'name'"),
    case("deck-file-not-a-mapping",
         "tests/fixtures/bad/deck-file-not-a-mapping/decks/main.yaml:1: error: "
         "expected a mapping of keys (a list found)"),
    case("decks-not-a-list",
         "tests/fixtures/bad/decks-not-a-list/game.yaml:15: error: decks: expected a list ('main' found)"),
    case("key-in-two-files",
         "tests/fixtures/bad/key-in-two-files/rules.yaml:3: error: key 'title' is already given in "
         "tests/fixtures/bad/key-in-two-files/game.yaml"),
    # --- decks: files and ids ---
    case("missing-deck-file",
         "tests/fixtures/bad/missing-deck-file/game.yaml:15: error: deck file "
         "tests/fixtures/bad/missing-deck-file/decks/events.yaml not found"),
    case("deck-listed-twice",
         "tests/fixtures/bad/deck-listed-twice/game.yaml:15: error: decks[1]: deck 'main' is listed twice"),
    case("deck-id-differs-from-file-name",
         "tests/fixtures/bad/deck-id-differs-from-file-name/decks/main.yaml:1: error: deck id 'mian' differs from its file name; write id: 'main' (or rename the file)"),
    case("deck-id-with-slash",
         "tests/fixtures/bad/deck-id-with-slash/decks/main.yaml:1: error: deck id 'a/b' differs from its file name; write id: 'main' (or rename the file)"),
    # --- references ---
    case("unknown-attribute",
         "tests/fixtures/bad/unknown-attribute/decks/main.yaml:12: error: card 'Frigate': unknown attribute "
         "'Militray' (did you mean 'Military'?)"),
    case("unknown-card-type",
         "tests/fixtures/bad/unknown-card-type/decks/main.yaml:8: error: deck 'main' has 1 Build cards; it declares 2",
         "tests/fixtures/bad/unknown-card-type/decks/main.yaml:13: error: card 'Market': unknown type 'Bulid' (did you mean 'Build'?)"),
    case("unknown-trigger-attribute",
         "tests/fixtures/bad/unknown-trigger-attribute/rules.yaml:9: error: phase 'War Phase': unknown attribute "
         "'Miltary' (did you mean 'Military'?)"),
    # --- the deck rules the data declares ---
    case("deck-size-violated",
         "tests/fixtures/bad/deck-size-violated/decks/main.yaml:6: error: deck 'main' has 4 cards; it declares 5"),
    case("count-per-type-violated",
         "tests/fixtures/bad/count-per-type-violated/decks/main.yaml:7: error: deck 'main' has 1 Ship cards; "
         "it declares 2",
         "tests/fixtures/bad/count-per-type-violated/decks/main.yaml:8: error: deck 'main' has 3 Build cards; "
         "it declares 2"),
    case("duplicate-card-names",
         "tests/fixtures/bad/duplicate-card-names/decks/main.yaml:14: error: card name 'MARKET' appears more "
         "than once in deck 'main'"),
    case("unknown-deck-rule",
         "tests/fixtures/bad/unknown-deck-rule/decks/main.yaml:9: error: unknown deck rule 'unique-name' "
         "(known rules: copies, count-per-type, deck-size, unique-names)"),
    case("deck-rule-without-count",
         "tests/fixtures/bad/deck-rule-without-count/decks/main.yaml:6: error: rule deck-size needs 'count'"),
    # --- dice tables ---
    case("dice-table-gap",
         "tests/fixtures/bad/dice-table-gap/tables.yaml:2: error: table 'Random Attribute Table': no row for roll 4"),
    case("dice-table-overlap",
         "tests/fixtures/bad/dice-table-overlap/tables.yaml:7: error: table 'Random Attribute Table': 2 is "
         "covered by both '1-2' and '2-4'"),
    case("dice-table-huge-die",
         "tests/fixtures/bad/dice-table-huge-die/tables.yaml:2: error: table 'Random Attribute Table': die '1D999999999999' is not dice notation like 1D10 or 2D6 (at most 1000 results)"),
    case("dice-table-huge-roll",
         "tests/fixtures/bad/dice-table-huge-roll/tables.yaml:2: error: table 'Random Attribute Table': no row for roll 5, 6",
         "tests/fixtures/bad/dice-table-huge-roll/tables.yaml:8: error: table 'Random Attribute Table': roll '5-999999999999' is not a result of 1D6"),
    # --- layout ---
    case("card-text-too-long",
         "tests/fixtures/bad/card-text-too-long/decks/main.yaml:11: error: card 'Scout': text in box 'effects' "
         "does not fit, even at 6.5 pt; shorten it or enlarge the box"),
]


# --- the valid game every case starts from ------------------------------------------------------

def test_tiny_game__validates_with_no_problems():
    run = run_kitgen("validate", TINY)
    assert run.returncode == 0, run.describe()
    assert run.problems == [], run.describe()
    assert "Tiny Empire: 0 errors, 0 warnings, 0 errata applied" in run.stdout, run.describe()


def test_tiny_game__builds_a_complete_kit(tmp_path):
    out = tmp_path / "kit"
    run = run_kitgen("build", TINY, "-o", out)
    assert run.returncode == 0, run.describe()
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == KIT_FILES
    for name in KIT_FILES:
        assert (out / name).read_bytes().startswith(b"{" if name.endswith(".json") else b"%PDF-"), name


def test_bad_fixtures__each_has_an_entry_in_the_catalogue():
    folders = sorted(p.name for p in (REPO / BAD).iterdir() if p.is_dir())
    catalogued = sorted(param.id for param in CASES)
    assert folders == catalogued


# --- every defect, through validate and through build -------------------------------------------

@pytest.mark.parametrize(("name", "expected"), CASES)
def test_bad_input__reports_file_line_and_message(name, expected):
    assert_rejected(run_kitgen("validate", BAD / name), expected)


@pytest.mark.parametrize(("name", "expected"), CASES)
def test_bad_input__fails_the_build_and_loses_nothing(name, expected, tmp_path):
    """A kit is built from a game; the game is then broken and rebuilt into the same folder."""
    game, kits = tmp_path / "game", tmp_path / "kits"
    out = kits / "tiny"
    shutil.copytree(REPO / TINY, game)
    first = run_kitgen("build", game, "-o", out)
    assert first.returncode == 0, first.describe()
    before = tree_hashes(out)

    shutil.rmtree(game)
    shutil.copytree(REPO / BAD / name, game)
    run = run_kitgen("build", game, "-o", out)

    # Messages name the game folder as given; show it as the fixture's path to compare with the catalogue.
    shown = str(BAD / name).replace(os.sep, "/")
    run = Run(run.args, run.returncode, run.stdout.replace(str(game), shown), run.stderr.replace(str(game), shown))
    assert_rejected(run, errors_only(expected))
    assert tree_hashes(out) == before, "the failed build changed the previous kit"
    # .kitgen-cache is the build cache the first, successful build keeps beside its kit
    assert sorted(set(os.listdir(kits)) - {".kitgen-cache"}) == ["tiny"], "the failed build left files beside the kit"


def tree_hashes(folder: Path) -> dict[str, str]:
    """sha256 of every file under folder, hidden ones included, by relative path."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}
