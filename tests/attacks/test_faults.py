"""Faults: a full disk, a folder that cannot be written or read, two builds into one folder,
Ctrl-C at every moment of the swap, a kit folder that is a symbolic link, a bug in kitgen.

Each case starts from a copy of one kit built once for the module, makes the fault (injected
in-process with monkeypatch, or real where the system allows: a tiny tmpfs, a read-only mount),
and asserts the one clear line, the exit code, no traceback, a time bound, and what is on disk.
"""
from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.attacks.harness import (REPO, TINY, Run, Timed, assert_no_crash, assert_one_line, copy_kit, kitgen,
                                   kitgen_in_process, kit_hashes)

GAME = str(REPO / TINY)
KIT_FILES = ["build-manifest.json", "cards-main.pdf", "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf",
             "reference.pdf", "rules.pdf"]
DISK_FULL = ("{out}: error: cannot write the new kit: No space left on device; free some space and build again "
             "(the previous kit is unchanged)")
posix_signals = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


@pytest.fixture(scope="module")
def kit(built_kit) -> Path:
    return built_kit  # the tiny game's kit, built once a session (tests/attacks/conftest.py)


@pytest.fixture
def case(kit, tmp_path):
    """A copy of the kit (Letter) in tmp_path/kits/tiny and its hashes; the cases rebuild it on A4."""
    return copy_kit(kit, tmp_path)


def kit_files(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if not p.name.startswith("."))


def complete(out: Path) -> bool:
    """Every file of the kit is there and every PDF has its end."""
    return kit_files(out) == KIT_FILES and all((out / name).read_bytes().rstrip().endswith(b"%%EOF")
                                               for name in KIT_FILES if name.endswith(".pdf"))


def beside(kits: Path) -> list[str]:
    return sorted(name for name in os.listdir(kits) if name != ".kitgen-cache" and not name.endswith(".kitgen-lock"))


# --- a full disk: writes under a folder fail with ENOSPC once a byte budget is spent ----------------

class _FullFile:
    """A file on a nearly full disk: writes fail with ENOSPC once the disk's budget is spent.
    (disk_full turns off shutil's sendfile fast path, which would write around it.)"""

    def __init__(self, real, disk):
        self._real, self._disk = real, disk

    def write(self, data):
        self._disk.spend(len(data))
        return self._real.write(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._real.close()

    def __getattr__(self, name):
        return getattr(self._real, name)


class _Disk:
    def __init__(self, folder: Path, budget: int, only: str = ""):
        self.folder, self.left, self.only = str(folder), budget, only

    def spend(self, size: int) -> None:
        self.left -= size
        if self.left < 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def covers(self, file, mode: str) -> bool:
        return (isinstance(file, (str, Path)) and any(m in mode for m in "wax+")
                and str(Path(file).absolute()).startswith(self.folder) and self.only in Path(file).name)


def disk_full(monkeypatch, folder: Path, budget: int = 0, only: str = "") -> _Disk:
    """Files opened for writing under `folder` (named with `only` in them) share `budget` bytes."""
    disk, real_open = _Disk(folder, budget, only), builtins.open

    def opened(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return _FullFile(handle, disk) if disk.covers(file, mode) else handle

    monkeypatch.setattr(builtins, "open", opened)
    monkeypatch.setattr(io, "open", opened)
    monkeypatch.setattr(shutil, "_USE_CP_SENDFILE", False)
    return disk


def test_disk_full_at_the_first_byte__one_line_and_the_previous_kit_kept(case, monkeypatch):
    out, before = case
    disk_full(monkeypatch, out.parent)
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_disk_full_half_way_through_a_card_sheet__one_line_and_the_previous_kit_kept(case, monkeypatch):
    out, before = case
    disk_full(monkeypatch, out.parent, budget=20_000, only="cards-main")
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_disk_full_writing_the_build_manifest__one_line_and_the_previous_kit_kept(case, monkeypatch):
    out, before = case
    disk_full(monkeypatch, out.parent, only="build-manifest")
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_disk_full_copying_a_file_from_the_cache__one_line_and_the_previous_kit_kept(case, monkeypatch):
    out, _ = case
    first = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")  # fills the cache beside the kit
    assert first.run.returncode == 0, first.run.describe()
    before = kit_hashes(out)
    disk_full(monkeypatch, out.parent, only="rules.pdf")  # the rebuild copies rules.pdf from the cache
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_disk_full_making_the_staging_folder__one_line_and_the_previous_kit_kept(case, monkeypatch):
    out, before = case
    real_mkdir = os.mkdir

    def mkdir(path, *args, **kwargs):
        if Path(path).name.startswith(".tiny.building-"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_disk_full_saving_the_cache__the_new_kit_is_built_and_complete(case, monkeypatch):
    """The cache is only speed: a cache that cannot be written costs the next build time, not this kit."""
    out, before = case
    from kitgen.kit.cache import kit_cache_folder

    disk_full(monkeypatch, kit_cache_folder(out))
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_no_crash(timed)
    assert timed.run.returncode == 0, timed.run.describe()
    assert complete(out) and kit_hashes(out) != before


def test_cache_unreadable__a_miss_not_a_failure(case, monkeypatch):
    out, _ = case
    first = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert first.run.returncode == 0, first.run.describe()
    from kitgen.kit.cache import kit_cache_folder

    cache, real_read = str(kit_cache_folder(out)), Path.read_bytes

    def read_bytes(path):
        if str(path).startswith(cache):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_read(path)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    timed = kitgen_in_process("build", GAME, "-o", out)
    assert_no_crash(timed)
    assert timed.run.returncode == 0, timed.run.describe()
    assert complete(out)


def test_kit_folder_cannot_be_replaced__one_line_naming_it_and_the_previous_kit_kept(case, monkeypatch):
    """What a read-only kit folder does where permissions are not checked up front (Windows, root)."""
    out, before = case
    real_replace = os.replace

    def replace(source, target, *args, **kwargs):
        if Path(source) == out:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(source))
        return real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: Permission denied; check its permissions or build into another folder (-o)")
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_kit_folder_unreadable__one_line_naming_it_and_the_previous_kit_kept(case, monkeypatch):
    out, before = case
    real_iterdir = Path.iterdir

    def iterdir(path):
        if path == out:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_iterdir(path)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: Permission denied; check its permissions or build into another folder (-o)")
    monkeypatch.undo()
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


def test_game_file_unreadable__one_line_naming_it(case, monkeypatch):
    out, before = case
    real_open = builtins.open

    def opened(file, mode="r", *args, **kwargs):
        if str(file).endswith("rules.yaml"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", opened)
    monkeypatch.setattr(io, "open", opened)
    timed = kitgen_in_process("build", GAME, "-o", out)
    assert_one_line(timed, "tests/fixtures/tiny/rules.yaml: error: cannot read file: Permission denied")
    assert kit_hashes(out) == before


def test_any_other_file_the_system_refuses__one_line_naming_it_not_a_bug(case, monkeypatch):
    """The safety net at the top of the CLI: an OSError no stage expected is the system's refusal."""
    out, before = case
    from kitgen.kit import build as cli_kit  # the CLI imports build_game from kitgen.kit.build when it builds

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), "/some/font.ttf")

    monkeypatch.setattr(cli_kit, "build_game", refused)
    timed = kitgen_in_process("build", GAME, "-o", out)
    assert_one_line(timed, "/some/font.ttf: error: Permission denied; check its permissions or build into another "
                           "folder (-o)")
    assert kit_hashes(out) == before


# --- real faults, where this system lets a test make them: a 256 KiB tmpfs, a read-only mount ------

def _namespace(script: str) -> subprocess.CompletedProcess | None:
    """Run a shell script as root of a new user and mount namespace (mounts vanish with it), or None."""
    if sys.platform != "linux" or not shutil.which("unshare"):
        return None
    try:
        return subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=60,
                              cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    except (OSError, subprocess.TimeoutExpired):
        return None


def _mount_or_skip(script: str) -> None:
    probe = _namespace(script)
    if probe is None or probe.returncode != 0:
        pytest.skip(f"cannot mount here ({'no unshare' if probe is None else probe.stderr.strip()})")


def test_real_full_disk__one_line_and_the_previous_kit_kept(case):
    """A tmpfs with room for the kit and 128 KiB more: the A4 build (as large again) fills it half way."""
    out, before = case
    kits = out.parent
    _mount_or_skip(f"mount -t tmpfs -o size=64k tmpfs '{kits}'")
    size = sum(path.stat().st_size for path in out.iterdir()) // 1024 + 128
    full, after = kits.parent / "kits.full", kits.parent / "kits.after"
    full.mkdir()
    start = time.monotonic()
    done = _namespace(f"mount -t tmpfs -o size={size}k tmpfs '{full}' && cp -a '{kits}/.' '{full}' && "
                      f"mount --bind '{full}' '{kits}' && "
                      f"'{sys.executable}' -m kitgen build '{GAME}' -o '{out}' --paper a4 --no-cache; "
                      f"echo \"rc=$?\"; cp -a '{kits}' '{after}'")
    assert done is not None and "rc=" in done.stdout, done
    rc = int(done.stdout.strip().rsplit("rc=", 1)[1])
    timed = Timed(Run(("build", GAME, "-o", str(out), "--paper", "a4", "--no-cache"), rc, "", done.stderr),
                  time.monotonic() - start)
    assert_one_line(timed, DISK_FULL.format(out=out))
    assert kit_hashes(after / "tiny") == before, "the previous kit did not survive a full disk"
    assert beside(after) == ["tiny"], "the failed build left its staging folder on the full disk"


def test_real_read_only_folder__one_line_and_the_previous_kit_kept(case):
    out, before = case
    kits = out.parent
    _mount_or_skip(f"mount --bind '{kits}' '{kits}' && mount -o remount,ro,bind '{kits}'")
    start = time.monotonic()
    done = _namespace(f"mount --bind '{kits}' '{kits}' && mount -o remount,ro,bind '{kits}' && "
                      f"'{sys.executable}' -m kitgen build '{GAME}' -o '{out}' --paper a4; echo \"rc=$?\"")
    assert done is not None and "rc=" in done.stdout, done
    rc = int(done.stdout.strip().rsplit("rc=", 1)[1])
    assert_one_line(Timed(Run(("build",), rc, "", done.stderr), time.monotonic() - start),
                    f"{kits}: error: output folder is not writable")
    assert kit_hashes(out) == before


# --- two builds into one folder ---------------------------------------------------------------

def test_second_build_while_the_first_holds_the_lock__refused_and_its_staging_folder_kept(case):
    """The first build is mid-write: it holds the lock and has a staging folder. The second must not
    remove that folder (as it did: it took it for a leftover) nor touch the kit."""
    out, before = case
    from kitgen.kit.lock import kit_lock
    from kitgen.kit.marker import MARKER

    staging = out.parent / ".tiny.building-first"
    staging.mkdir()
    (staging / MARKER).write_text("kitgen kit of tiny\n", encoding="utf-8")
    with kit_lock(out):
        timed = kitgen("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: another kitgen build is writing into this kit folder now; wait for it "
                           "to finish, or build into another folder (-o)")
    assert staging.is_dir() and (staging / MARKER).is_file(), "the second build deleted the first's staging folder"
    assert kit_hashes(out) == before


def test_two_builds_at_once__each_finishes_or_is_refused_and_the_kit_is_whole(case):
    out, _ = case
    from tests.integration.test_bad_input import start_kitgen

    start = time.monotonic()
    runs = [start_kitgen("build", GAME, "-o", out, "--no-cache", "--paper", paper) for paper in ("a4", "letter")]
    outputs = [process.communicate(timeout=120) for process in runs]
    for process, (_stdout, stderr) in zip(runs, outputs, strict=True):
        assert "Traceback" not in stderr, stderr
        refused = f"{out}: error: another kitgen build is writing into this kit folder now"
        assert process.returncode == 0 or (process.returncode == 1 and refused in stderr), stderr
    assert any(process.returncode == 0 for process in runs)
    assert complete(out) and beside(out.parent) == ["tiny"]
    assert time.monotonic() - start < 120


# --- Ctrl-C: the message says what is on disk --------------------------------------------------

def _ctrl_c(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)


@posix_signals
def test_ctrl_c_just_after_the_swap__says_the_new_kit_is_in_place(case, monkeypatch):
    out, before = case
    from kitgen.kit.cache import BuildCache

    monkeypatch.setattr(BuildCache, "save", _ctrl_c)  # the first thing a build does after the swap
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: build interrupted after the new kit was in place; the new kit is "
                           "complete (only the build cache was not saved)", exit=130)
    assert complete(out) and kit_hashes(out) != before, "the message says new kit, the disk says otherwise"


@posix_signals
def test_ctrl_c_in_the_middle_of_the_swap__the_swap_finishes_and_says_so(case, monkeypatch):
    out, before = case
    from kitgen.kit import staging as render_kit

    real_replace, moves = os.replace, []

    def replace(source, target, *args, **kwargs):
        moves.append(Path(target).name)
        if len(moves) == 1:  # the old kit is moved aside: the moment a Ctrl-C would leave no kit
            _ctrl_c()
        return real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(render_kit.os, "replace", replace)
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: build interrupted after the new kit was in place; the new kit is "
                           "complete (only the build cache was not saved)", exit=130)
    assert complete(out) and kit_hashes(out) != before and beside(out.parent) == ["tiny"]


@posix_signals
def test_ctrl_c_just_before_the_swap__says_the_previous_kit_is_unchanged_and_it_is(case, monkeypatch):
    out, before = case
    from kitgen.kit import build

    monkeypatch.setattr(build, "face_problems", _ctrl_c)  # the check that runs once every file is written
    timed = kitgen_in_process("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(timed, f"{out}: error: build interrupted; the previous kit is unchanged", exit=130)
    assert kit_hashes(out) == before and beside(out.parent) == ["tiny"]


# --- -o LINK: the kit folder is a symbolic link ------------------------------------------------

def _link_or_skip(link: Path, target: Path) -> None:
    try:
        link.symlink_to(target, target_is_directory=True)
    except OSError as exc:
        pytest.skip(f"cannot make a symbolic link here: {exc}")


def test_output_is_a_link_to_the_kit__the_target_is_rebuilt_and_the_link_kept(case):
    out, before = case
    link = out.parent / "current"
    _link_or_skip(link, out)
    timed = kitgen("build", GAME, "-o", link, "--paper", "a4")
    assert_no_crash(timed)
    assert timed.run.returncode == 0, timed.run.describe()
    assert link.is_symlink() and Path(os.path.realpath(link)) == out.resolve(), "the link was replaced"
    assert complete(out) and kit_hashes(out) != before, "the link's target was left stale"
    assert timed.seconds < 60


def test_output_is_a_dangling_link__the_kit_is_made_at_its_target(tmp_path):
    link, target = tmp_path / "current", tmp_path / "kits" / "tiny"
    target.parent.mkdir()
    _link_or_skip(link, target)
    timed = kitgen_in_process("build", GAME, "-o", link)
    assert_no_crash(timed)
    assert timed.run.returncode == 0, timed.run.describe()
    assert link.is_symlink() and complete(target)


# --- a bug in kitgen: one line, exit 70, the traceback with --debug ----------------------------

def _bug(*args, **kwargs):
    raise ZeroDivisionError("a bug")


def test_internal_error__one_line_exit_70_and_how_to_get_the_traceback(case, monkeypatch):
    out, before = case
    from kitgen.kit import build as cli_kit  # the CLI imports build_game from kitgen.kit.build when it builds

    monkeypatch.setattr(cli_kit, "build_game", _bug)
    timed = kitgen_in_process("build", GAME, "-o", out)
    run = timed.run
    assert "Traceback" not in run.output and run.returncode == 70, run.describe()
    assert run.stderr.strip().splitlines()[-1] == ("kitgen: error: internal error (ZeroDivisionError): this is a bug in kitgen, not "
                                  "in your files; run the same command as `kitgen --debug ...` to see the traceback, "
                                  "and please report it"), run.describe()
    assert kit_hashes(out) == before


def test_internal_error_with_debug__prints_the_traceback(monkeypatch, tmp_path):
    from kitgen.kit import build as cli_kit  # the CLI imports build_game from kitgen.kit.build when it builds

    monkeypatch.setattr(cli_kit, "build_game", _bug)
    timed = kitgen_in_process("--debug", "build", GAME, "-o", tmp_path / "kit")
    assert timed.run.returncode == 70
    assert "Traceback" in timed.run.stderr and "ZeroDivisionError: a bug" in timed.run.stderr
    assert timed.run.stderr.rstrip().splitlines()[-1].startswith("kitgen: error: internal error (ZeroDivisionError)")
