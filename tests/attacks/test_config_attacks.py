"""`kitgen.yaml` found in a parent folder that others share, and `--config` (issue 21).

What may a kitgen.yaml found above the working folder do? Set print defaults, nothing more: no
key names a path, an output folder or a command (each such key is an unknown key at its line).
It is read only when it is the user's (or root's) and no other user may change it or its folder
(a sticky folder such as /tmp is fine: no one replaces another's file there); otherwise it is
skipped with a warning that says why. A bad value is one located line; a huge, aliased or deeply
nested file is refused. Each case runs the real CLI from a working folder under the shared one.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kitgen.load import config
from tests.attacks.harness import REPO, TINY, Run, Timed, assert_no_crash, assert_one_line

ROOT = os.getuid() == 0


@pytest.fixture
def shared(tmp_path, monkeypatch) -> Path:
    """tmp_path/shared/work/tiny: the game under a working folder under a shared parent; the
    per-user config is kept out of the way."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home-config"))
    work = tmp_path / "shared" / "work"
    shutil.copytree(REPO / TINY, work / "tiny")
    return tmp_path / "shared"


def validate(shared: Path) -> Timed:
    """`kitgen validate tiny` run from the working folder under the shared one (the config is
    looked for from there up; the subprocess inherits XDG_CONFIG_HOME)."""
    return run(shared, "validate", shared / "work" / "tiny")


def calibrate(shared: Path, *args: str | Path) -> Timed:
    """`kitgen calibrate` (one sheet, no game): the quickest command that takes --config."""
    return run(shared, "calibrate", "-o", shared / "cal.pdf", *args)


def run(shared: Path, *args: str | Path) -> Timed:
    argv = tuple(map(str, args))
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "kitgen", *argv], cwd=shared / "work", capture_output=True,
                          text=True, errors="replace", timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    return Timed(Run(argv, done.returncode, done.stdout, done.stderr), time.monotonic() - start)


def planted(shared: Path, text: str = "print:\n  paper: banana\n") -> Path:
    """A kitgen.yaml in the shared folder whose bad paper fails any run that reads it."""
    path = shared / "kitgen.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def skipped(run, path: Path, why: str) -> None:
    assert run.run.returncode == 0, run.run.describe()
    assert re.search(re.escape(f"{path}: warning: not read: ") + why + r"; kitgen reads a kitgen\.yaml found above "
                     r"the working folder only when it is yours", run.run.stderr), run.run.describe()
    assert "banana" not in run.run.stderr


# --- who may have put it there ----------------------------------------------------------------

def test_config_in_a_folder_everyone_may_write__skipped_with_a_warning(shared):
    path = planted(shared)
    shared.chmod(0o777)
    skipped(validate(shared), path, re.escape(f"{shared} is writable by every user"))


def test_config_that_everyone_may_write__skipped_with_a_warning(shared):
    path = planted(shared)
    path.chmod(0o666)
    skipped(validate(shared), path, re.escape(f"{path} is writable by every user"))


def test_config_of_another_user__skipped_with_a_warning(shared, monkeypatch):
    path = planted(shared)
    if ROOT:  # the file becomes nobody's
        os.chown(path, 65534, 65534)
        skipped(validate(shared), path, re.escape(f"{path} belongs to another user (uid 65534)"))
    else:  # this process is someone else: the check in-process
        monkeypatch.setattr(config.os, "getuid", lambda: os.geteuid() + 1)
        assert config.untrusted(path) == f"{path} belongs to another user (uid {os.geteuid()})"


def test_config_in_a_folder_of_another_user__skipped(shared, monkeypatch):
    path = planted(shared)
    if ROOT:
        os.chown(shared, 65534, 65534)
        skipped(validate(shared), path, re.escape(f"{shared} belongs to another user (uid 65534)"))
    else:
        monkeypatch.setattr(config.os, "getuid", lambda: os.geteuid() + 1)
        assert "belongs to another user" in config.untrusted(path)


def test_config_a_link_planted_by_another_user__judged_as_the_link(shared, tmp_path):
    """A kitgen.yaml that is a link someone else made, to a file of the user's: not read."""
    mine = tmp_path / "mine.yaml"
    mine.write_text("print:\n  paper: banana\n", encoding="utf-8")
    link = shared / "kitgen.yaml"
    link.symlink_to(mine)
    if not ROOT:
        pytest.skip("making a link owned by another user needs root (CI runs as root)")
    os.lchown(link, 65534, 65534)
    skipped(validate(shared), link, re.escape(f"{link} belongs to another user (uid 65534)"))


def test_config_in_a_sticky_shared_folder_of_the_users_own__read(shared):
    """/tmp-like: everyone may add files, no one may replace another's: the user's own file is read."""
    path = planted(shared)
    shared.chmod(0o1777)
    assert_one_line(validate(shared), re.compile(re.escape(str(path)) + r":2:10: error: print\.paper: 'banana' is not a size.*"))


# --- what it may say ------------------------------------------------------------------------

@pytest.mark.parametrize("key, value", [("output", "/etc"), ("templates", "/"), ("fonts", "/root"),
                                        ("cache", "/tmp/x"), ("command", "touch /tmp/x")])
def test_config_a_key_that_would_redirect_or_run__unknown_at_its_line(shared, key, value):
    path = planted(shared, f"print:\n  paper: a4\n  {key}: {value}\n")
    assert_one_line(validate(shared), re.compile(re.escape(f"{path}:3:3: error: print: unknown key '{key}'") + ".*"))


def test_config_a_second_top_level_key__refused(shared):
    path = planted(shared, "print:\n  paper: a4\noutput: /etc\n")
    assert_one_line(validate(shared), f"{path}:1: error: a kitgen config file holds one key, print: (the print settings)")


BAD_VALUES = {  # these three said only "print settings: error: ..." (no file, no line); now checked at load, at the value
    "paper": ("banana", r"'banana' is not a size: use letter, a4, a5, legal or WxH with a unit, e\.g\. 210x297mm"),
    "card_size": ("0x0mm", r"'0x0mm' is out of range: each side more than 0 and at most 2000 mm"),
    "back_offset": ("'a,b'", r"'a,b' is not an offset: write X,Y in mm, e\.g\. 0\.5,-0\.3"),
    "margin": ("nan", r".*margin.*"),
    "duplex": ("sideways", r".*duplex.*sideways.*"),
    "ink_saver": ("maybe", r".*maybe.*"),
}


@pytest.mark.parametrize("name", list(BAD_VALUES))
def test_config_a_bad_value__one_line_at_its_key(shared, name):
    value, message = BAD_VALUES[name]
    path = planted(shared, f"print:\n  layout: grid\n  {name}: {value}\n")
    assert_one_line(validate(shared), re.compile(re.escape(f"{path}:3:") + r"\d+: error: (print\.\w+: )?" + message))


def test_config_named_with_a_bad_paper__at_its_file_and_line(shared, tmp_path):
    named = tmp_path / "printer.yaml"
    named.write_text("print:\n  duplex: long-edge\n  paper: 1e308x1e308mm\n", encoding="utf-8")
    assert_one_line(calibrate(shared, "--config", named),
                    re.compile(re.escape(f"{named}:3:10: error: print.paper: '1e308x1e308mm' is not a size") + ".*"))


def test_the_games_own_print_block__a_bad_paper_located_too(shared):
    game = shared / "work" / "tiny" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "print:\n  paper: banana\n", encoding="utf-8")
    assert_one_line(validate(shared), re.compile(r"tiny/game\.yaml:17:10: error: print\.paper: 'banana' is not a size.*"))


# --- its size and shape ------------------------------------------------------------------------

def test_config_of_six_megabytes__refused(shared):
    path = planted(shared, "print:\n  paper: a4\n" + "#" * (6 << 20) + "\n")
    size = path.stat().st_size
    assert_one_line(validate(shared), f"{path}: error: file is {size:,} bytes; the limit is 5,242,880")


def test_config_an_alias_bomb__refused_at_the_first_alias(shared):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"] + [f"{chr(98 + n)}: &{chr(98 + n)} [" + ", ".join(
        [f"*{chr(97 + n)}"] * 9) + "]" for n in range(8)]
    path = planted(shared, "\n".join(lines) + "\n")
    assert_one_line(validate(shared), re.compile(re.escape(f"{path}:2:") + r"\d+: error: YAML aliases .*"))


def test_config_nested_5000_deep__refused(shared):
    path = planted(shared, "print: " + "[" * 5000 + "]" * 5000 + "\n")
    assert_one_line(validate(shared), re.compile(re.escape(f"{path}:1:") + r"\d+: error: .*(nested|nesting).*"))


def test_config_not_utf8__refused(shared):
    path = shared / "kitgen.yaml"
    path.write_bytes(b"print:\n  paper: \xff\xfe\n")
    assert_one_line(validate(shared), re.compile(re.escape(f"{path}:2:") + r"\d+: error: file is not UTF-8 text.*"))


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_config_named_kitgen_yaml_but_not_a_file__ignored_without_a_hang(shared, kind):
    path = shared / "kitgen.yaml"
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    run = validate(shared)
    assert_no_crash(run, seconds=20)
    assert run.run.returncode == 0, run.run.describe()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_config_named_a_device__refused_never_read(shared, device):
    assert_one_line(calibrate(shared, "--config", device), f"{device}: error: not a regular file (a folder, a device "
                                                          "or a pipe)", seconds=10)
