"""Config files in layers (issue 15): the per-user config (the printer's back offset), then the
nearest kitgen.yaml from the working folder up, then --config; a later file wins per setting."""
from __future__ import annotations

import pytest

from kitgen.errors import KitgenError
from kitgen.load.config import load_config


@pytest.fixture
def layers(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home-config"))  # platformdirs' user config on Linux
    user = tmp_path / "home-config" / "kitgen" / "kitgen.yaml"
    user.parent.mkdir(parents=True)
    user.write_text('print:\n  back_offset: "0.5,-0.3"\n  paper: letter\n')
    project = tmp_path / "project"
    (project / "sub" / "deeper").mkdir(parents=True)
    (project / "kitgen.yaml").write_text("print:\n  paper: a4\n")
    monkeypatch.chdir(project / "sub" / "deeper")
    return tmp_path


def test_config__user_then_nearest_then_named_file_each_later_one_winning(layers):
    settings = load_config(None)
    assert (settings.back_offset, settings.paper) == ("0.5,-0.3", "a4")
    named = layers / "named.yaml"
    named.write_text("print:\n  paper: 11x17in\n  duplex: short-edge\n")
    settings = load_config(named)
    assert (settings.back_offset, settings.paper, settings.duplex) == ("0.5,-0.3", "11x17in", "short-edge")


def test_config__a_bad_user_config_names_its_file(layers):
    user = layers / "home-config" / "kitgen" / "kitgen.yaml"
    user.write_text("print:\n  papr: a4\n")
    with pytest.raises(KitgenError, match=r"kitgen/kitgen.yaml:2:3: error: print: unknown key 'papr'"):
        load_config(None)
