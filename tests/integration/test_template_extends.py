"""Card templates extend as the README says (issue 35): a template that `extends` lists only what
it changes (no width or height), a game's own card-front.yaml may extend the shipped one of the
same name, a circle of extends is one clear line, and `kitgen new` says where the shipped
templates are. The CLI (click's runner, in this process) on copies of the tiny game; the kit read
back with pdfplumber."""
from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber

from tests.attacks.harness import kitgen_in_process
from tests.conftest import MM, ROOT

OWN_FRONT = """# only what this game changes: a line at the foot, no width or height
extends: card-front.yaml
boxes:
  - {name: motto, kind: text, x: 6mm, y: 78mm, w: 50mm, h: 3.5mm, size: 7pt, content: "Ours {{ card.name }}"}
"""


def _tiny(tmp_path: Path, **templates: str) -> Path:
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    (game / "templates").mkdir()
    for name, text in templates.items():
        (game / "templates" / name).write_text(text)
    return game


def test_own_card_front__extends_the_shipped_one_of_the_same_name_without_a_size(tmp_path):
    game = _tiny(tmp_path, **{"card-front.yaml": OWN_FRONT})
    built = kitgen_in_process("build", str(game), "-o", str(tmp_path / "kit"), "--layout", "single").run
    assert built.returncode == 0, built.stderr
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        front = pdf.pages[0]
        assert (round(front.width / MM, 1), round(front.height / MM, 1)) == (63.5, 88.9)  # the shipped size
        words = " ".join(w["text"] for w in front.extract_words())
        assert "Ours Scout" in words  # the game's own box ...
        assert "Scout" in words.replace("Ours Scout", "") and "Play in: Draw" in words  # ... on the shipped card


def test_extends__a_circle_is_one_line_naming_it(tmp_path):
    game = _tiny(tmp_path, **{"card-front.yaml": "extends: card-front-plain.yaml\nboxes: []\n",
                              "card-front-plain.yaml": "extends: card-front.yaml\nboxes: []\n"})
    checked = kitgen_in_process("validate", str(game)).run
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    errors = [line for line in checked.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1, checked.stderr
    assert "card-front-plain.yaml:1:1: error: extends: goes round in a circle (card-front.yaml -> " \
           "card-front-plain.yaml -> card-front.yaml)" in errors[0]


def test_template__without_extends_still_needs_its_size(tmp_path):
    game = _tiny(tmp_path, **{"card-front.yaml": "boxes: []\n"})
    checked = kitgen_in_process("validate", str(game)).run
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "card-front.yaml:1:1: error: width and height must be more than 0mm (a template gives both, or " \
           "extends another and takes its size)" in checked.stderr


def test_new__prints_where_the_shipped_templates_are(tmp_path):
    made = kitgen_in_process("new", "my-game", "--in", str(tmp_path)).run
    assert made.returncode == 0, made.stderr
    line = next(line for line in made.stdout.splitlines() if line.startswith("kitgen's own templates"))
    folder = Path(line.rsplit(": ", 1)[1])
    assert (folder / "card-front.yaml").is_file() and (folder / "card-back.yaml").is_file()
    assert str(tmp_path / "my-game" / "templates") in line
