"""The environment and the folders a flag names are input too: one clear line, nothing built."""
from __future__ import annotations

from tests.attacks.harness import assert_one_line, kitgen_in_process, tiny_copy


def test_source_date_epoch_not_a_number__one_line_and_no_kit(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    out = tmp_path / "kit"
    timed = kitgen_in_process("build", tiny_copy(tmp_path), "-o", out, "--no-cache")
    assert_one_line(timed, "SOURCE_DATE_EPOCH: error: 'abc' is not a whole number of seconds since 1970-01-01 "
                           "(as reproducible builds set it); unset it or give e.g. 1700000000")
    assert not out.exists()


def test_source_date_epoch_a_number__builds(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    timed = kitgen_in_process("build", tiny_copy(tmp_path), "-o", tmp_path / "kit", "--no-cache", "-q")
    assert timed.run.returncode == 0, timed.run.describe()
    assert (tmp_path / "kit" / "cards-main.pdf").is_file()


def test_templates_folder_that_does_not_exist__a_usage_error(tmp_path):
    timed = kitgen_in_process("build", tiny_copy(tmp_path), "-o", tmp_path / "kit", "--templates", tmp_path / "nope")
    assert_one_line(timed, f"Error: Invalid value for '--templates': Directory '{tmp_path / 'nope'}' does not exist.",
                    exit=2)
    assert not (tmp_path / "kit").exists()
