"""`--changed-since REV` in a repository the user did not write (issue 21): every git setting that
can name a command (filters, fsmonitor, hooks, pagers, external diffs, textconv, a promisor's
transport, an include.path bringing any of them) is set to one that would leave a marker file;
none may appear, and the files read at REV are the bytes git stored. A revision that reads as an
option is refused before git sees it; a broken game at REV is reported at the user's file.

Most cases read the revision in this process (kitgen/kit/revision.py's checkout, a fraction of a
second); one builds the kit with the real CLI against a repository holding every trap at once.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.kit import revision
from tests.attacks.harness import REPO, TINY, assert_one_line, kitgen

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
IDENTITY = ["-c", "user.email=attacker@example.org", "-c", "user.name=attacker", "-c", "commit.gpgsign=false"]


def git(repo: Path, *args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(repo), *IDENTITY, *args], check=True, capture_output=True, **kwargs)


def marker_command(repo: Path, name: str) -> str:
    """A shell command that leaves repo/../marks/NAME, then passes its input through."""
    return f"sh -c 'touch {repo.parent / 'marks' / name}; cat'"


def hostile_repo(tmp_path: Path, attributes: str = "* filter=evil diff=evil\n") -> Path:
    """The tiny game committed twice (Frigate's Military +2, then +3), with .gitattributes that
    hand every file to a filter and a diff driver named `evil`."""
    repo = tmp_path / "repo"
    (tmp_path / "marks").mkdir()
    shutil.copytree(REPO / TINY, repo / "game")
    git(repo.parent, "init", "-q", str(repo))
    (repo / ".gitattributes").write_text(attributes, encoding="utf-8")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "v1")
    deck = repo / "game" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("delta: +2}]}\n  - {name: Market", "delta: +3}]}\n"
                                                              "  - {name: Market"), encoding="utf-8")
    git(repo, "commit", "-qam", "v2")
    return repo


def marks(repo: Path) -> list[str]:
    return sorted(p.name for p in (repo.parent / "marks").iterdir())


def read_at(repo: Path, ref: str, tmp_path: Path) -> Path:
    scratch = tmp_path / "scratch"
    scratch.mkdir(exist_ok=True)
    return revision.checkout(ref, repo / "game", scratch)


def assert_raw_copy(folder: Path, repo: Path) -> None:
    """The game at HEAD~1 as stored: Frigate still +2, every file byte for byte."""
    stored = git(repo, "show", "HEAD~1:game/decks/main.yaml").stdout
    assert (folder / "decks" / "main.yaml").read_bytes() == stored
    assert sorted(p.name for p in folder.rglob("*") if p.is_file()) == ["game.yaml", "main.yaml", "rules.yaml",
                                                                        "tables.yaml"]


# (config key, value): each names a command that would leave a marker of its key's name
TRAPS = {
    "filter-smudge": ("filter.evil.smudge", "smudge"),
    "filter-process": ("filter.evil.process", "process"),
    "filter-clean": ("filter.evil.clean", "clean"),
    "filter-required": ("filter.evil.required", None),  # with smudge: git must fail rather than skip it
    "core-fsmonitor": ("core.fsmonitor", "fsmonitor"),
    "diff-external": ("diff.external", "diff-external"),
    "diff-textconv": ("diff.evil.textconv", "textconv"),
    "core-pager": ("core.pager", "pager"),
    "pager-ls-tree": ("pager.ls-tree", "pager-ls-tree"),
    "pager-cat-file": ("pager.cat-file", "pager-cat-file"),
    "core-sshcommand": ("core.sshCommand", "ssh"),
    "alternate-refs": ("core.alternateRefsCommand", "alternate-refs"),
}


@pytest.mark.parametrize("name", list(TRAPS))
def test_git_config_of_the_games_repository__runs_no_command(name, tmp_path):
    repo = hostile_repo(tmp_path)
    key, mark = TRAPS[name]
    git(repo, "config", key, marker_command(repo, mark) if mark else "true")
    if name == "filter-required":
        git(repo, "config", "filter.evil.smudge", marker_command(repo, "smudge"))
    assert_raw_copy(read_at(repo, "HEAD~1", tmp_path), repo)
    assert marks(repo) == []


def test_git_hooks_path_of_the_games_repository__runs_no_hook(tmp_path):
    repo = hostile_repo(tmp_path)
    hooks = repo / "hooks"
    hooks.mkdir()
    for hook in ("post-checkout", "post-index-change", "reference-transaction", "pre-auto-gc", "post-rewrite"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {repo.parent / 'marks' / hook}\n", encoding="utf-8")
        (hooks / hook).chmod(0o755)
    git(repo, "config", "core.hooksPath", str(hooks))
    assert_raw_copy(read_at(repo, "HEAD~1", tmp_path), repo)
    assert marks(repo) == []


def test_git_include_path_bringing_a_filter__runs_no_command(tmp_path):
    """The repository's config includes another file (include.path) that names the filter."""
    repo = hostile_repo(tmp_path)
    included = repo / "evil.gitconfig"
    included.write_text(f"[filter \"evil\"]\n\tsmudge = {marker_command(repo, 'included')}\n"
                        f"[core]\n\tfsmonitor = {marker_command(repo, 'included-fsmonitor')}\n", encoding="utf-8")
    git(repo, "config", "include.path", str(included))
    assert_raw_copy(read_at(repo, "HEAD~1", tmp_path), repo)
    assert marks(repo) == []


def test_git_export_subst__the_stored_bytes_not_expanded(tmp_path):
    """`export-subst` made `git archive` expand $Format:...$ (%(describe) even runs a describe):
    kitgen reads what was committed."""
    repo = hostile_repo(tmp_path, "* export-subst\n")
    game_yaml = repo / "game" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "# $Format:%H %(describe)$\n", encoding="utf-8")
    git(repo, "commit", "-qam", "v3")
    folder = read_at(repo, "HEAD", tmp_path)
    assert (folder / "game.yaml").read_text(encoding="utf-8").endswith("# $Format:%H %(describe)$\n")


def test_git_promisor_remote__no_lazy_fetch_runs_its_transport(tmp_path):
    """A partial clone whose missing blobs would be fetched from a remote whose transport is a
    command (`ext::`, allowed by the repository's own protocol.ext.allow) or through core.sshCommand:
    the revision is refused, and no command ran."""
    origin = hostile_repo(tmp_path)
    git(origin, "config", "uploadpack.allowFilter", "true")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--no-local", "--filter=blob:none", f"file://{origin}", str(clone))
    git(clone, "config", "remote.origin.url", f"ext::sh -c touch% {tmp_path / 'marks' / 'ext'}")
    git(clone, "config", "protocol.ext.allow", "always")
    git(clone, "config", "core.sshCommand", marker_command(clone, "ssh"))
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with pytest.raises(KitgenError, match="not a git revision"):
        revision.checkout("HEAD~1", clone / "game", scratch)  # HEAD~1's deck was never fetched
    assert marks(origin) == []


def test_git_a_repository_of_another_user__refused_with_gits_reason(tmp_path, monkeypatch):
    """git's own safe.directory check stays on (kitgen never sets safe.directory): the reason is said."""
    repo = hostile_repo(tmp_path)
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    with pytest.raises(KitgenError, match="dubious ownership"):
        read_at(repo, "HEAD~1", tmp_path)


def test_git_a_link_at_the_revision__not_followed(tmp_path):
    """A link committed into the game (to /etc/passwd, to ../../..) is not written at all."""
    repo = hostile_repo(tmp_path)
    (repo / "game" / "passwd.yaml").symlink_to("/etc/passwd")
    (repo / "game" / "up").symlink_to("../../..")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "links")
    folder = read_at(repo, "HEAD", tmp_path)
    assert not (folder / "passwd.yaml").exists() and not (folder / "up").exists()
    assert (folder / "game.yaml").is_file()


def test_git_a_tree_with_a_dot_dot_entry__refused(tmp_path):
    """A tree object crafted with a `..` entry (git never checks one out; ls-tree lists it)."""
    repo = hostile_repo(tmp_path)
    blob = git(repo, "hash-object", "-w", "--stdin", input=b"owned\n").stdout.decode().strip()
    inner = git(repo, "mktree", input=f"100644 blob {blob}\tpwned.yaml\n".encode()).stdout.decode().strip()
    game_tree = git(repo, "rev-parse", "HEAD:game").stdout.decode().strip()
    listing = git(repo, "ls-tree", game_tree).stdout.decode() + f"040000 tree {inner}\t..\n"
    evil_game = git(repo, "mktree", "--missing", input=listing.encode()).stdout.decode().strip()
    root = git(repo, "ls-tree", "HEAD").stdout.decode().replace(game_tree, evil_game)
    top = git(repo, "mktree", input=root.encode()).stdout.decode().strip()
    commit = git(repo, "commit-tree", top, "-p", "HEAD", "-m", "evil").stdout.decode().strip()
    with pytest.raises(KitgenError, match=r"a path kitgen will not write \('\.\./pwned\.yaml'\)"):
        read_at(repo, commit, tmp_path)
    assert not (tmp_path / "pwned.yaml").exists()


def test_git_a_revision_too_big__refused_before_it_is_read(tmp_path, monkeypatch):
    """A blob of gigabytes compresses to almost nothing in a pack: sizes are read from the listing first."""
    repo = hostile_repo(tmp_path)
    monkeypatch.setattr(revision, "MAX_BYTES", 2000)
    with pytest.raises(KitgenError, match="more than 10,000 files or 0 MiB"):
        read_at(repo, "HEAD~1", tmp_path)


@pytest.mark.parametrize("ref", ["--upload-pack=touch /tmp/kitgen-owned", "-oProxyCommand=touch /tmp/kitgen-owned",
                                 "--output=/tmp/kitgen-owned", "--exec-path=/tmp", "HEAD\n--output=x", "-",
                                 "--end-of-options", ""])
def test_git_a_revision_that_reads_as_an_option__refused_before_git_runs(ref, tmp_path, monkeypatch):
    ran = []
    monkeypatch.setattr(revision.subprocess, "run", lambda *a, **k: ran.append(a))
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with pytest.raises(KitgenError, match="not a git revision"):
        revision.checkout(ref, REPO / TINY, scratch)
    assert ran == []


def test_git_every_trap_at_once__the_cli_builds_the_changes_and_runs_nothing(tmp_path):
    """The real command line against a repository with all the traps above: the kit lists Frigate's
    change (read from the stored bytes), and no marker appears."""
    repo = hostile_repo(tmp_path)
    for key, mark in TRAPS.values():
        if mark:
            git(repo, "config", key, marker_command(repo, mark))
    run = kitgen("build", repo / "game", "--changed-since", "HEAD~1", "-o", tmp_path / "kit").run
    assert run.returncode == 0, run.describe()
    assert (tmp_path / "kit" / "cards-changed.pdf").is_file()
    from tests.conftest import pdf_text

    assert "Frigate (Main Deck): was Ship; Military +2; now Ship; Military +3" in pdf_text(tmp_path / "kit" / "changes.pdf")
    assert marks(repo) == []


def test_git_a_broken_game_at_the_revision__named_at_the_users_file_not_a_deleted_folder(tmp_path):
    """The error at REV named the scratch copy (/tmp/tmpXXXX/game/decks/main.yaml), gone when read."""
    repo = hostile_repo(tmp_path, "")
    deck = repo / "game" / "decks" / "main.yaml"
    good = deck.read_text(encoding="utf-8")
    deck.write_text(good.replace("{name: Scout, type: Ship,", "{name: Scout, type: [Ship,"), encoding="utf-8")
    git(repo, "commit", "-qam", "broken")
    deck.write_text(good, encoding="utf-8")
    timed = kitgen("build", repo / "game", "--changed-since", "HEAD", "-o", tmp_path / "kit")
    assert_one_line(timed, re.compile(re.escape(str(deck)) + r":11:\d+: error: at HEAD: YAML syntax error.*"))
    assert not os.path.exists(tmp_path / "kit" / "cards-changed.pdf")


def test_git_a_game_in_no_repository__refused_with_gits_reason(tmp_path):
    game = tmp_path / "alone"
    shutil.copytree(REPO / TINY, game)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with pytest.raises(KitgenError, match=r"\(git: not a git repository"):
        revision.checkout("HEAD", game, scratch)


def test_git_a_game_at_the_top_of_its_repository__read_whole(tmp_path):
    repo = hostile_repo(tmp_path)
    shutil.rmtree(repo / "game")
    shutil.copytree(REPO / TINY, repo, dirs_exist_ok=True)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "flat")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    folder = revision.checkout("HEAD", repo, scratch)
    assert (folder / "game.yaml").read_bytes() == (REPO / TINY / "game.yaml").read_bytes()
    assert (folder / ".gitattributes").is_file() and not (folder / "game").exists()
