"""Broken input: every defect a game folder can have ends as `file:line:col: error: message` and exit 1.

Each case is a folder under tests/fixtures/bad/ (see its README.md): tests/fixtures/tiny with
exactly one defect. The real CLI runs in a subprocess, as a user runs it, and must
- exit with 1 (0 would pass broken data; anything else is a crash),
- print no traceback,
- print exactly the expected problem lines, in order, and nothing else that looks like a problem:
  a defect must not drag misleading follow-on errors behind it.
A few cases are valid games kitgen must warn about (`exit=0`: text the font cannot print): there
validate exits 0 and the build succeeds, both printing exactly the expected warnings. A defect
git cannot hold (a symbolic link, a named pipe) is made at run time by the case's `setup`, in a
copy of its folder, never in the checkout.
The last part breaks the output folder instead of the game: a file in the way, a read-only
folder, a build killed half-way. The previous kit must survive each.
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
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from kitgen.kit.cache import kit_cache_folder
from tests.conftest import WITHOUT_ROOT_POWERS, needs_permissions

REPO = Path(__file__).resolve().parents[2]
TINY = Path("tests/fixtures/tiny")  # relative to REPO, the CLI's working folder
BAD = Path("tests/fixtures/bad")
TIMEOUT = 60  # seconds; the whole tiny game validates in well under one
FEW_SECONDS = 5  # for defects that could hang a reader (a named pipe, an endless device): fail fast
MEMORY_LIMIT = 2 << 30  # bytes of address space: a runaway loop fails fast instead of filling the machine
KIT_FILES = ["build-manifest.json", "cards-main.pdf", "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf",
             "reference.pdf", "rules.pdf"]

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
        """The `file:line:col: level: message` lines, stdout first (validate) then stderr (build)."""
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


def run_kitgen(*args: str | Path, timeout: float = TIMEOUT, obeying_permissions: bool = False) -> Run:
    """`python -m kitgen ARGS` from the repo root, as a user would run it (with `obeying_permissions`,
    as a user whom a folder's permissions bind, even when the tests run as root)."""
    argv = tuple(str(arg) for arg in args)
    prefix = WITHOUT_ROOT_POWERS if obeying_permissions else []
    try:
        done = subprocess.run(
            [*prefix, sys.executable, "-m", "kitgen", *argv],
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
            preexec_fn=_limit_memory if os.name == "posix" else None,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"kitgen {' '.join(argv)} hung: no answer within {timeout} s")
    return Run(argv, done.returncode, done.stdout, done.stderr)


def start_kitgen(*args: str | Path) -> subprocess.Popen:
    """The same, started in the background: for a build to be interrupted."""
    return subprocess.Popen(
        [sys.executable, "-m", "kitgen", *(str(arg) for arg in args)],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        preexec_fn=_limit_memory if os.name == "posix" else None,
    )


def shown_as(run: Run, folder: Path, shown: Path | str) -> Run:
    """Messages name a folder as given (a tmp path); show it as `shown` to compare with the catalogue."""
    shown = str(shown).replace(os.sep, "/")
    return Run(run.args, run.returncode, run.stdout.replace(str(folder), shown), run.stderr.replace(str(folder), shown))


# --- what a rejection must look like ------------------------------------------------------------

Expected = tuple[str | re.Pattern[str], ...]


def _matches(line: str, expected: str | re.Pattern[str]) -> bool:
    return line == expected if isinstance(expected, str) else expected.fullmatch(line) is not None


def assert_rejected(run: Run, expected: Expected, exit: int = 1) -> None:
    """Exit 1 (0 for warnings only), no traceback, and exactly the expected problem lines
    (strings verbatim, patterns in full)."""
    assert "Traceback" not in run.output, f"kitgen crashed:\n{run.describe()}"
    assert run.returncode != 70 and "bug in kitgen" not in run.output, \
        f"kitgen reported an internal error (exit 70) for bad input: a bug to fix, not a message:\n{run.describe()}"
    assert run.returncode == exit, f"expected exit {exit}:\n{run.describe()}"
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

Setup = Callable[[Path, Path], None]  # (the copied game folder, an empty folder outside it) -> None


@dataclass(frozen=True)
class Case:
    """One folder of tests/fixtures/bad/ and the problem lines `validate` must print for it."""

    name: str
    expected: Expected
    bug: str | None = None  # a known kitgen bug that validate and build both show
    validate_bug: str | None = None  # a known bug only validate shows (the build reports the defect)
    exit: int = 1  # 0: the expected lines are warnings; the game is valid and builds
    setup: Setup | None = None  # makes at run time the defect git cannot hold
    timeout: float = TIMEOUT


def case(name: str, *expected: str | re.Pattern[str], **how) -> Case:
    return Case(name, expected, **how)


def params(cases: list[Case], command: str) -> list:
    """The cases as test parameters for `validate` or `build`, each known bug a strict xfail."""
    result = []
    for entry in cases:
        bug = entry.bug or (entry.validate_bug if command == "validate" else None)
        marks = [pytest.mark.xfail(reason=bug, strict=True)] if bug else []
        result.append(pytest.param(entry, id=entry.name, marks=marks))
    return result


def pattern(text: str) -> re.Pattern[str]:
    """For a bug's expected line whose wording the fix will choose: file, line and gist are pinned."""
    return re.compile(text)


# --- defects made at run time (git holds no named pipe, and a link out of the checkout is no fixture)

def deck_links_outside(game: Path, outside: Path) -> None:
    """decks/main.yaml is a symbolic link to a valid deck file in a folder beside the game."""
    outside.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO / TINY / "decks" / "main.yaml", outside / "main.yaml")
    (game / "decks").mkdir(exist_ok=True)
    _symlink(game / "decks" / "main.yaml", outside / "main.yaml")


def yaml_file_is_a_fifo(game: Path, outside: Path) -> None:
    """extra.yaml is a named pipe: opening it for reading waits for a writer that never comes."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    os.mkfifo(game / "extra.yaml")


def yaml_file_links_to_dev_zero(game: Path, outside: Path) -> None:
    """extra.yaml is a symbolic link to /dev/zero: a file that never ends."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    _symlink(game / "extra.yaml", Path("/dev/zero"))


def _symlink(link: Path, target: Path) -> None:
    try:
        link.symlink_to(target)
    except OSError as exc:  # Windows without the privilege
        pytest.skip(f"cannot make a symbolic link here: {exc}")


CASES = [
    # --- YAML: syntax, encoding and the constructs game data refuses ---
    # Messages from the YAML parser are libyaml's (PyYAML's CSafeLoader); the pure-Python loader words them differently.
    case("yaml-syntax-error",
         "tests/fixtures/bad/yaml-syntax-error/decks/main.yaml:13:3: error: YAML syntax error: "
         "did not find expected ',' or '}'"),
    case("unclosed-quote",
         'tests/fixtures/bad/unclosed-quote/decks/main.yaml:11:12: error: YAML syntax error: found unexpected end of stream'),
    case("tab-indentation",
         "tests/fixtures/bad/tab-indentation/decks/main.yaml:9:1: error: YAML syntax error: found character that "
         "cannot start any token (a tab indents this line: YAML indents with spaces)"),
    case("tab-indentation-in-rules-yaml",
         'tests/fixtures/bad/tab-indentation-in-rules-yaml/rules.yaml:6:1: error: YAML syntax error: found a tab character that violates indentation (a tab indents this line: YAML indents with spaces)'),
    case("duplicate-key",
         "tests/fixtures/bad/duplicate-key/decks/main.yaml:13:33: error: duplicate key 'name' (first on line 13)"),
    case("duplicate-key-in-game-yaml",
         "tests/fixtures/bad/duplicate-key-in-game-yaml/game.yaml:5:1: error: duplicate key 'title' (first on line 4)"),
    case("yaml-alias-bomb",
         "tests/fixtures/bad/yaml-alias-bomb/decks/main.yaml:5:8: error: YAML aliases (*name) are not supported: "
         "write the value out"),
    case("merge-key",
         "tests/fixtures/bad/merge-key/decks/main.yaml:11:6: error: YAML merge keys (<<) are not supported"),
    case("python-tag",
         "tests/fixtures/bad/python-tag/decks/main.yaml:11:12: error: YAML tag "
         "'!!python/object/apply:os.system' is not allowed in game data"),
    # kitgen's own limit meets the 51st level at column 63; PyYAML 6.0.4's libyaml scans flow brackets
    # ahead and refuses first, at its own limit further on: one located line with kitgen's words either way.
    case("deep-nesting",
         pattern(r'tests/fixtures/bad/deep-nesting/decks/main\.yaml:4:(63|\d{4}): error: nested more than 50 levels deep')),
    case("not-utf8",
         "tests/fixtures/bad/not-utf8/decks/main.yaml:13:17: error: file is not UTF-8 text; save it as UTF-8"),
    case("control-character",
         'tests/fixtures/bad/control-character/decks/main.yaml:11:13: error: YAML error: unacceptable character #x0007: control characters are not allowed'),
    case("empty-game-yaml",
         'tests/fixtures/bad/empty-game-yaml/game.yaml:1: error: file is empty'),
    case("empty-deck-file",
         'tests/fixtures/bad/empty-deck-file/decks/main.yaml:1: error: file is empty'),
    case("no-game-yaml",
         'tests/fixtures/bad/no-game-yaml/game.yaml: error: no game.yaml: is this a game folder?'),
    # --- schema: keys and types ---
    case("unknown-key",
         "tests/fixtures/bad/unknown-key/decks/main.yaml:13:33: error: cards[2]: unknown key 'efects' "
         "(did you mean 'effects'?)"),
    case("wrong-type",
         "tests/fixtures/bad/wrong-type/decks/main.yaml:13:69: error: cards[2].effects[0].delta: "
         "expected a whole number, got 'two'"),
    case("not-one-of-the-choices",
         "tests/fixtures/bad/not-one-of-the-choices/decks/main.yaml:13:81: error: cards[2].effects[0].target: "
         "'me' is not one of: self, target-player, all-other-players, all-players, next-player"),
    case("missing-required-key",
         "tests/fixtures/bad/missing-required-key/decks/main.yaml:11:5: error: cards[0]: missing key 'name'"),
    case("deck-file-not-a-mapping",
         "tests/fixtures/bad/deck-file-not-a-mapping/decks/main.yaml:1:1: error: "
         "expected a mapping of keys (a list found)"),
    case("decks-not-a-list",
         "tests/fixtures/bad/decks-not-a-list/game.yaml:15:8: error: decks: expected a list ('main' found)"),
    case("key-in-two-files",
         "tests/fixtures/bad/key-in-two-files/rules.yaml:3:1: error: key 'title' is already given in "
         "tests/fixtures/bad/key-in-two-files/game.yaml"),
    # --- decks: files and ids ---
    case("missing-deck-file",
         "tests/fixtures/bad/missing-deck-file/game.yaml:15:15: error: deck file "
         "tests/fixtures/bad/missing-deck-file/decks/events.yaml not found"),
    case("deck-listed-twice",
         "tests/fixtures/bad/deck-listed-twice/game.yaml:15:15: error: decks[1]: deck 'main' is listed twice"),
    case("deck-id-differs-from-file-name",
         "tests/fixtures/bad/deck-id-differs-from-file-name/decks/main.yaml:1:5: error: deck id 'mian' differs from its file name; write id: 'main' (or rename the file)"),
    case("deck-id-with-slash",
         "tests/fixtures/bad/deck-id-with-slash/decks/main.yaml:1:5: error: deck id 'a/b' differs from its file name; write id: 'main' (or rename the file)"),
    # --- references ---
    case("unknown-attribute",
         "tests/fixtures/bad/unknown-attribute/decks/main.yaml:12:43: error: card 'Frigate': unknown attribute "
         "'Militray' (did you mean 'Military'?)"),
    case("unknown-card-type",
         "tests/fixtures/bad/unknown-card-type/decks/main.yaml:8:5: error: deck 'main' has 1 Build cards; it declares 2",
         "tests/fixtures/bad/unknown-card-type/decks/main.yaml:13:5: error: card 'Market': unknown type 'Bulid' (did you mean 'Build'?)"),
    case("unknown-trigger-attribute",
         "tests/fixtures/bad/unknown-trigger-attribute/rules.yaml:9:14: error: phase 'War Phase': unknown attribute "
         "'Miltary' (did you mean 'Military'?)"),
    # --- the deck rules the data declares ---
    case("deck-size-violated",
         "tests/fixtures/bad/deck-size-violated/decks/main.yaml:6:5: error: deck 'main' has 4 cards; it declares 5"),
    case("count-per-type-violated",
         "tests/fixtures/bad/count-per-type-violated/decks/main.yaml:7:5: error: deck 'main' has 1 Ship cards; "
         "it declares 2",
         "tests/fixtures/bad/count-per-type-violated/decks/main.yaml:8:5: error: deck 'main' has 3 Build cards; "
         "it declares 2"),
    case("duplicate-card-names",
         "tests/fixtures/bad/duplicate-card-names/decks/main.yaml:14:5: error: card name 'MARKET' appears more "
         "than once in deck 'main'"),
    case("unknown-deck-rule",
         "tests/fixtures/bad/unknown-deck-rule/decks/main.yaml:9:5: error: unknown deck rule 'unique-name' "
         "(known rules: copies, count-per-type, deck-size, unique-names)"),
    case("deck-rule-without-count",
         "tests/fixtures/bad/deck-rule-without-count/decks/main.yaml:6:5: error: rule deck-size needs 'count'"),
    # --- dice tables ---
    case("dice-table-gap",
         "tests/fixtures/bad/dice-table-gap/tables.yaml:2:5: error: table 'Random Attribute Table': no row for roll 4"),
    case("dice-table-overlap",
         "tests/fixtures/bad/dice-table-overlap/tables.yaml:7:9: error: table 'Random Attribute Table': 2 is "
         "covered by both '1-2' and '2-4'"),
    case("dice-table-huge-die",
         "tests/fixtures/bad/dice-table-huge-die/tables.yaml:2:5: error: table 'Random Attribute Table': die '1D999999999999' is not dice notation like 1D10 or 2D6 (at most 1000 results)"),
    case("dice-table-huge-roll",
         "tests/fixtures/bad/dice-table-huge-roll/tables.yaml:2:5: error: table 'Random Attribute Table': no row for roll 5, 6",
         "tests/fixtures/bad/dice-table-huge-roll/tables.yaml:8:9: error: table 'Random Attribute Table': roll '5-999999999999' is not a result of 1D6"),
    # --- layout ---
    case("card-text-too-long",
         "tests/fixtures/bad/card-text-too-long/decks/main.yaml:11:5: error: card 'Scout': text in box 'effects' "
         "does not fit, even at 6.5 pt; shorten it or enlarge the box"),
    case("card-name-5000-characters",
         "tests/fixtures/bad/card-name-5000-characters/decks/main.yaml:12:5: error: card 'Frigate of the Outer Rim Frigate of the Outer Rim Frigate...': the name is 4,999 characters; at most 200"),
    # --- a wrong type where a list is expected ---
    case("effects-not-a-list",
         "tests/fixtures/bad/effects-not-a-list/decks/main.yaml:12:42: error: cards[1].effects: "
         "expected a list (a mapping found)"),
    # --- Norway problems: YAML 1.1 would read these as false, 1.1 and 8; kitgen keeps what was written ---
    case("norway-copies-no",
         "tests/fixtures/bad/norway-copies-no/decks/main.yaml:11:39: error: cards[0].copies: "
         "expected a whole number, got 'no'"),
    case("version-like-number",
         "tests/fixtures/bad/version-like-number/rules.yaml:15:21: error: victory_paths[0].at_end_of_turn: "
         "expected a whole number, got '1.10'"),
    case("leading-zero-delta",
         "tests/fixtures/bad/leading-zero-delta/decks/main.yaml:13:69: error: cards[2].effects[0].delta: '010' has a leading zero; write the number without it"),
    # --- text the bundled font (Lato: Latin, Greek, Cyrillic) cannot print: a warning naming the card ---
    case("emoji-in-card-name",
         "tests/fixtures/bad/emoji-in-card-name/decks/main.yaml:12:5: warning: card 'Frigate 🚀': "
         "character '🚀' (U+1F680) not in the font; they would print as empty boxes",
         exit=0),
    case("non-latin-card-name",
         "tests/fixtures/bad/non-latin-card-name/decks/main.yaml:13:5: warning: card '市場 Market': "
         "characters '場' (U+5834), '市' (U+5E02) not in the font; they would print as empty boxes",
         exit=0),
    case("rtl-card-name",
         "tests/fixtures/bad/rtl-card-name/decks/main.yaml:13:5: warning: card 'سوق Market': "
         "characters 'س' (U+0633), 'ق' (U+0642), 'و' (U+0648) not in the font; they would print as empty boxes",
         exit=0),
    # --- card ids: every card is drawn once as a PDF form named by its id, and placed by that name ---
    case("duplicate-card-id",
         "tests/fixtures/bad/duplicate-card-id/decks/main.yaml:14:5: error: card 'Library': id 'market' is already used by 'Market'; give one of them another id:"),
    case("card-names-without-latin-letters",
         "tests/fixtures/bad/card-names-without-latin-letters/decks/main.yaml:13:5: error: card 'Αγορά': its name gives no id (no letters a-z or digits); add an id: such as id: library",
         "tests/fixtures/bad/card-names-without-latin-letters/decks/main.yaml:14:5: error: card 'Библиотека': its name gives no id (no letters a-z or digits); add an id: such as id: library"),
    # --- a game's own templates (templates/ in the game folder override ours) ---
    case("template-undefined-variable",
         "tests/fixtures/bad/template-undefined-variable/templates/card-front.yaml:70:5: error: box 'footer-right': template error: 'kitgen.model.Card object' has no attribute 'nonexistent'"),
    case("template-python-internals",
         "tests/fixtures/bad/template-python-internals/templates/rules.md.j2:5: error: template error: "
         "access to attribute '__class__' of 'str' object is unsafe."),
    case("template-syntax-error",
         "tests/fixtures/bad/template-syntax-error/templates/reference.md.j2:6: error: template syntax error: "
         "Unexpected end of template. Jinja was looking for the following tags: 'endfor' or 'else'. "
         "The innermost block that needs to be closed is 'for'."),
    case("icon-path-damaged",  # icon outlines are parsed when a card first uses them, not at load
         "tests/fixtures/bad/icon-path-damaged/templates/icons/icons.json: error: icon set is damaged: "
         "icon 'rocket': path data must start with M or m, not 'Z': 'Z 10 10'"),
    # --- files that are not plain files inside the game folder (made at run time, see setup) ---
    case("deck-symlink-outside-game",
         pattern(r"tests/fixtures/bad/deck-symlink-outside-game/decks/main\.yaml(:1)?: error: "
                 r".*outside the game folder.*"),
         setup=deck_links_outside),
    case("yaml-file-is-a-fifo",
         pattern(r"tests/fixtures/bad/yaml-file-is-a-fifo/extra\.yaml(:\d+)?: error: .*file.*"),
         setup=yaml_file_is_a_fifo, timeout=FEW_SECONDS),
    case("yaml-file-links-to-dev-zero",
         pattern(r"tests/fixtures/bad/yaml-file-links-to-dev-zero/extra\.yaml(:\d+)?: error: .*"),
         setup=yaml_file_links_to_dev_zero, timeout=FEW_SECONDS),
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
    catalogued = sorted(entry.name for entry in CASES)
    assert folders == catalogued


# --- every defect, through validate and through build -------------------------------------------

@pytest.fixture(scope="module")
def tiny_kit(tmp_path_factory) -> Path:
    """The tiny game's kit, built once for this file by the real CLI, with the build cache that build
    leaves: each test that needs a previous kit starts from a copy of both (previous_kit)."""
    base = tmp_path_factory.mktemp("tiny-kit")
    shutil.copytree(REPO / TINY, base / "game")
    out = base / "kits" / "tiny"
    first = run_kitgen("build", base / "game", "-o", out)
    assert first.returncode == 0, first.describe()
    return out


@pytest.fixture(scope="module")
def galactic_civ_a4_kit(tmp_path_factory) -> Path:
    """Galactic Civ built on A4 once for this file, as the kit an interrupted build must leave alone."""
    out = tmp_path_factory.mktemp("galactic-civ-a4") / "kits" / "galactic-civ"
    first = run_kitgen("build", "galactic-civ", "-o", out, "--paper", "a4")
    assert first.returncode == 0, first.describe()
    return out


def previous_kit(built: Path, out: Path) -> dict[str, str]:
    """`out` as a build of the same game into it leaves it: a copy of the built kit and of its own
    build cache (kit_cache_folder, by the kit's path; content-keyed, so a copy serves the copy).
    Builds are byte-identical, so this is the kit the build would have written, in a fraction of
    the time. Returns the kit's hashes."""
    shutil.copytree(built, out)
    shutil.copytree(kit_cache_folder(built), kit_cache_folder(out))
    return tree_hashes(out)


@pytest.mark.parametrize("case", params(CASES, "validate"))
def test_bad_input__reports_file_line_and_message(case: Case, tmp_path):
    if case.setup is None:
        run = run_kitgen("validate", BAD / case.name, timeout=case.timeout)
    else:  # the defect is made in a copy: the checkout stays clean
        game = tmp_path / "game"
        shutil.copytree(REPO / BAD / case.name, game)
        case.setup(game, tmp_path / "outside")
        run = shown_as(run_kitgen("validate", game, timeout=case.timeout), game, BAD / case.name)
    assert_rejected(run, case.expected, case.exit)


@pytest.mark.parametrize("case", params(CASES, "build"))
def test_bad_input__fails_the_build_and_loses_nothing(case: Case, tmp_path, tiny_kit):
    """A kit is built from a game (the file's one tiny build, copied with its cache); the game is
    then broken and rebuilt into the same folder.
    A game that only earns warnings (exit=0) builds: the warnings are printed and the kit replaced."""
    game, kits = tmp_path / "game", tmp_path / "kits"
    out = kits / "tiny"
    before = previous_kit(tiny_kit, out)

    shutil.copytree(REPO / BAD / case.name, game)
    if case.setup is not None:
        case.setup(game, tmp_path / "outside")
    # Messages name the game folder as given; show it as the fixture's path to compare with the catalogue.
    run = shown_as(run_kitgen("build", game, "-o", out, timeout=case.timeout), game, BAD / case.name)

    if case.exit == 0:
        assert_rejected(run, case.expected, exit=0)
        assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == KIT_FILES, run.describe()
        assert tree_hashes(out) != before, "the build said it succeeded but left the previous kit"
    else:
        assert_rejected(run, errors_only(case.expected))
        assert tree_hashes(out) == before, "the failed build changed the previous kit"
    assert beside(kits) == ["tiny"], "the failed build left files beside the kit"


def tree_hashes(folder: Path) -> dict[str, str]:
    """sha256 of every file under folder, hidden ones included, by relative path."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


# --- the output folder: a file in the way, no permission, a build killed half-way ---------------
# Not game data, so no fixture folder: each test makes its own trouble in tmp_path.

GALACTIC_CIV_KIT = ["build-manifest.json", "cards-common.pdf", "cards-events.pdf", "designer-notes.pdf", "manifest.pdf",
                    "player-sheet.pdf", "reference.pdf", "rules.pdf"]


def beside(kits: Path) -> list[str]:
    """What a folder of kits holds (the build cache is kept elsewhere: kitgen/kit/cache.py), without the
    lock file (.NAME.kitgen-lock) that keeps two builds from writing one kit at once."""
    return sorted(name for name in os.listdir(kits) if not name.endswith(".kitgen-lock"))


def test_output_path_is_an_existing_file__refused_and_the_file_kept(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    run = shown_as(run_kitgen("build", TINY, "-o", notes), tmp_path, "OUT")
    assert_rejected(run, ("OUT/notes.txt: error: output path is a file, not a folder",))
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert beside(tmp_path) == ["notes.txt"], "the refused build left files beside the output path"


@needs_permissions
def test_output_folder_read_only__refused_and_the_kit_kept(tmp_path, tiny_kit):
    """The folder the kit goes into cannot be written: kitgen cannot even stage the new kit beside the old."""
    kits = tmp_path / "kits"
    out = kits / "tiny"
    before = previous_kit(tiny_kit, out)
    kits.chmod(0o555)
    try:
        run = shown_as(run_kitgen("build", TINY, "-o", out, "--paper", "a4", obeying_permissions=True), tmp_path, "TMP")
        listed = beside(kits)
    finally:
        kits.chmod(0o755)
    assert_rejected(run, ("TMP/kits: error: output folder is not writable",))
    assert tree_hashes(out) == before, "the refused build changed the previous kit"
    assert listed == ["tiny"]


@needs_permissions
def test_kit_folder_read_only__refused_and_the_kit_kept(tmp_path, tiny_kit):
    kits = tmp_path / "kits"
    out = kits / "tiny"
    before = previous_kit(tiny_kit, out)
    for path in [out, *out.iterdir()]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        run = shown_as(run_kitgen("build", TINY, "-o", out, "--paper", "a4", obeying_permissions=True), tmp_path, "TMP")
        listed = beside(kits)
    finally:
        for path in kits.rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)
    assert_rejected(run, ("TMP/kits/tiny: error: kit folder is read-only; make it writable or build into "
                          "another folder (-o)",))
    assert tree_hashes(out) == before, "the refused build changed the previous kit"
    assert listed == ["tiny"], f"left beside the kit: {listed}\n{run.describe()}"


def _kit_then_interrupted_build(tmp_path: Path, built: Path, sig: signal.Signals, moment: str):
    """Galactic Civ on A4 (the file's one build, copied with its cache), then start a Letter build
    into the same folder and send `sig`: 'laying out' as soon as the build says it is reading the
    game (before anything is written: no staging folder yet), 'writing' once the staging folder exists.
    Both wait for what the build does, not for a time, so a loaded machine cannot move the moment."""
    kits = tmp_path / "kits"
    out = kits / "galactic-civ"
    before = previous_kit(built, out)
    process = start_kitgen("build", "galactic-civ", "-o", out, "--no-cache")
    first = ""
    try:
        if moment == "laying out":
            assert process.stderr is not None
            first = process.stderr.readline()  # "kitgen: galactic-civ: reading data/galactic-civ/"
            assert "reading" in first, f"the build did not say it was reading the game: {first!r}"
            assert not list(kits.glob(".galactic-civ.building-*")), "the build was already writing"
        else:
            deadline = time.monotonic() + TIMEOUT
            while not list(kits.glob(".galactic-civ.building-*")) and process.poll() is None:
                assert time.monotonic() < deadline, "the build never began to write"
                time.sleep(0.002)
            time.sleep(0.05)
        assert process.poll() is None, "the build finished before the signal: nothing was interrupted"
        process.send_signal(sig)
        stdout, stderr = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    run = Run(("build", "galactic-civ", "-o", str(out), "--no-cache"), process.returncode, stdout, first + stderr)
    return kits, out, before, shown_as(run, tmp_path, "TMP")


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("moment", ["laying out", "writing"])
def test_build_interrupted_with_ctrl_c__says_so_and_keeps_the_previous_kit(tmp_path, moment, galactic_civ_a4_kit):
    kits, out, before, run = _kit_then_interrupted_build(tmp_path, galactic_civ_a4_kit, signal.SIGINT, moment)
    assert "Traceback" not in run.output, run.describe()
    assert run.returncode == 130, run.describe()
    assert run.problems == ["TMP/kits/galactic-civ: error: build interrupted; the previous kit is unchanged"], \
        run.describe()
    assert tree_hashes(out) == before, "the interrupted build changed the previous kit"
    assert beside(kits) == ["galactic-civ"], "the interrupted build left its staging folder"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_build_interrupted_a_moment_into_laying_out__exits_130_not_by_sigint(tmp_path, galactic_civ_a4_kit):
    """A Ctrl-C 0.05 to 0.3 s after the build began reading said 'build interrupted' and then the
    process died by SIGINT (status -2, not 130) in 24 of 60 runs: Python finishing up after the
    handled Ctrl-C (kitgen.cli.run). The moments are times, so a build may finish before its
    signal: such a run is not counted, but most must be interrupted."""
    interrupted = 0
    for delay in (0.05, 0.1, 0.15, 0.2, 0.3):
        out = tmp_path / f"after-{delay}" / "galactic-civ"
        previous_kit(galactic_civ_a4_kit, out)
        process = start_kitgen("build", "galactic-civ", "-o", out, "--no-cache")
        try:
            assert process.stderr is not None and "reading" in process.stderr.readline()
            time.sleep(delay)
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
            _, stderr = process.communicate(timeout=TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
        if process.returncode == 0:
            continue  # the build was done before the signal
        interrupted += 1
        assert process.returncode == 130 and "Traceback" not in stderr, (delay, process.returncode, stderr)
        assert f"{out}: error: build interrupted" in stderr, stderr
    assert interrupted >= 3, f"only {interrupted} of 5 builds were interrupted"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("moment", ["laying out", "writing"])
def test_build_killed__keeps_the_previous_kit_and_the_next_build_works(tmp_path, moment, galactic_civ_a4_kit):
    """SIGKILL cannot be caught: a staging folder may stay, but never in place of the kit."""
    kits, out, before, run = _kit_then_interrupted_build(tmp_path, galactic_civ_a4_kit, signal.SIGKILL, moment)
    assert run.returncode == -signal.SIGKILL, run.describe()
    assert tree_hashes(out) == before, "the killed build changed the previous kit"
    left = [name for name in beside(kits) if name != "galactic-civ"]
    assert all(re.fullmatch(r"\.galactic-civ\.building-\w+", name) for name in left), left

    again = run_kitgen("build", "galactic-civ", "-o", out)
    assert again.returncode == 0, again.describe()
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == GALACTIC_CIV_KIT
    assert tree_hashes(out) != before, "the next build did not replace the A4 kit"


def test_build_after_a_killed_build__removes_its_stale_staging_folder(tmp_path, tiny_kit):
    """What SIGKILL leaves while writing (see the test above), made directly: a half-written staging folder."""
    kits = tmp_path / "kits"
    out = kits / "tiny"
    previous_kit(tiny_kit, out)
    stale = kits / ".tiny.building-k1ll3d"
    stale.mkdir()
    (stale / ".kitgen-kit").write_text("kitgen kit of tiny\n", encoding="utf-8")
    (stale / "cards-main.pdf").write_bytes((out / "cards-main.pdf").read_bytes()[:1000])
    again = run_kitgen("build", TINY, "-o", out, "--paper", "a4")
    assert again.returncode == 0, again.describe()
    assert beside(kits) == ["tiny"], f"left beside the kit: {sorted(os.listdir(kits))}"


def test_cache_file_cut_short_by_a_kill__is_not_reused(tmp_path, tiny_kit):
    kits = tmp_path / "kits"
    out = kits / "tiny"
    previous_kit(tiny_kit, out)
    cards = (out / "cards-main.pdf").read_bytes()
    cached = [path for path in kit_cache_folder(out).rglob("*") if path.is_file() and path.read_bytes() == cards]
    assert len(cached) == 1, "the build cache no longer keeps whole files: rewrite this test"
    cached[0].write_bytes(cards[:1000])
    again = run_kitgen("build", TINY, "-o", out)
    assert again.returncode == 0, again.describe()
    cut_short = [f"{name} ({(out / name).stat().st_size:,} bytes)" for name in KIT_FILES
                 if name.endswith(".pdf") and not (out / name).read_bytes().rstrip().endswith(b"%%EOF")]
    assert cut_short == [], f"the kit holds PDFs without their end:\n{again.describe()}"
