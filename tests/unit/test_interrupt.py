"""Ctrl-C while reportlab formats a PDF reaches kitgen as a KeyError (reportlab re-raises anything
from its codec as "forward reference ... not resolved"): the build must still say it was interrupted."""
import os
import signal

import pytest
from click.testing import CliRunner

from kitgen import cli
import kitgen.kit.build as build_module  # the CLI imports build_game from it when a build runs


def _interrupted_inside_reportlab(*args, **kwargs):
    try:
        os.kill(os.getpid(), signal.SIGINT)
    except BaseException as exc:  # what reportlab's pdfdoc.PDFObjectReference.format does
        raise KeyError("forward reference to 'FormXob.icon-telescope' not resolved upon final formatting") from exc
    raise AssertionError("SIGINT was not delivered")


def _fails_on_its_own(*args, **kwargs):
    raise KeyError("a real bug")


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_disguised_as_another_exception__is_reported_as_an_interrupted_build(monkeypatch, tmp_path):
    monkeypatch.setattr(build_module, "build_game", _interrupted_inside_reportlab)
    result = CliRunner().invoke(cli.main, ["build", "galactic-civ", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 130, result.output
    assert result.output.strip().splitlines()[-1] == f"{tmp_path / 'kit'}: error: build interrupted; the previous kit is unchanged"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "the Ctrl-C handler was left installed"


def test_a_bug_without_ctrl_c__is_not_passed_off_as_an_interrupt(monkeypatch, tmp_path):
    monkeypatch.setattr(build_module, "build_game", _fails_on_its_own)
    result = CliRunner().invoke(cli.main, ["build", "galactic-civ", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 70, result.output  # EX_SOFTWARE: kitgen's own bug, said in one line
    assert "interrupted" not in result.output
    assert "bug in kitgen" in result.output and "Traceback" not in result.output


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_swallowed_while_writing__still_leaves_the_previous_kit(tmp_path):
    """If a library swallows the Ctrl-C altogether, the kit that was being written is not swapped in."""
    from kitgen.kit.interrupt import remembering_interrupts
    from kitgen.kit.staging import staged

    out = tmp_path / "kit"
    out.mkdir()
    (out / ".kitgen-kit").write_text("kitgen kit of tiny\n", encoding="utf-8")
    (out / "cards.pdf").write_text("previous", encoding="utf-8")

    class Game:
        id = "tiny"

    with pytest.raises(KeyboardInterrupt), remembering_interrupts():
        with staged(out, Game()) as staging:
            (staging / "cards.pdf").write_text("cut short", encoding="utf-8")
            try:
                os.kill(os.getpid(), signal.SIGINT)
            except KeyboardInterrupt:
                pass  # swallowed, as a careless library might
    assert (out / "cards.pdf").read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".kitgen-lock")) == ["kit"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_build_after_an_interrupted_one_in_the_same_process__is_not_refused(monkeypatch, tmp_path):
    """The Ctrl-C is remembered for the build it stopped, not for the next build in the process."""
    from kitgen.kit.build import build_game
    from kitgen.project import Project

    with monkeypatch.context() as patch:
        patch.setattr(build_module, "build_game", _interrupted_inside_reportlab)
        assert CliRunner().invoke(cli.main, ["build", "galactic-civ", "-o", str(tmp_path / "kit")]).exit_code == 130
    report = build_game(Project.default(), "galactic-civ", tmp_path / "next", use_cache=False)
    assert (tmp_path / "next" / "rules.pdf").is_file() and report.laid_out == 197


def _ctrl_c(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)
    raise AssertionError("SIGINT was not delivered")


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_while_simulate_reads_the_game__exits_130_saying_no_game_was_played(monkeypatch):
    """Before its games began, simulate's Ctrl-C was click's "Aborted!" and exit 1, not the README's 130."""
    import kitgen.cli.simulate as simulate_module

    monkeypatch.setattr(simulate_module, "_load", _ctrl_c)
    result = CliRunner().invoke(cli.main, ["simulate", "galactic-civ", "--games", "2"])
    assert result.exit_code == 130, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == "galactic-civ: error: interrupted before any game was played; no report was written"
    assert "Aborted!" not in result.output and "Traceback" not in result.output


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_in_a_command_that_says_nothing_of_its_own__one_line_and_exit_130(monkeypatch):
    import kitgen.cli.report as report_module

    monkeypatch.setattr(report_module.Project, "default", _ctrl_c)
    result = CliRunner().invoke(cli.main, ["validate", "galactic-civ"])
    assert result.exit_code == 130, result.output
    assert result.output.strip().splitlines()[-1] == "kitgen validate: error: interrupted"
    assert "Aborted!" not in result.output
