"""build_game(): load -> check -> layout -> render, one stage a line. Returns a report.

Everything is read, checked and laid out before the first file is written; the kit is written
to a temporary folder that replaces the old one only when the whole build succeeded.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kitgen.check import check_game
from kitgen.errors import KitgenError, Problem
from kitgen.layout.cards import DeckFaces, impose_deck, layout_deck_faces
from kitgen.layout.context import document_context
from kitgen.layout.document import Document, parse_document
from kitgen.layout.expressions import make_environment, render_template
from kitgen.layout.impose import plan_grid
from kitgen.load import load_game
from kitgen.load.templates import load_card_template
from kitgen.model import Game
from kitgen.project import Project
from kitgen.render.fonts import measure, register_fonts
from kitgen.render.kit import write_kit
from kitgen.units import CARD_SIZES, PAPER_SIZES

DOCUMENTS = {"rules.pdf": "rules.md.j2", "reference.pdf": "reference.md.j2", "player-sheet.pdf": "player-sheet.md.j2"}
INSTRUCTION = "Print at 100% (actual size), double-sided, flip on long edge"


@dataclass(frozen=True)
class Options:
    paper: str = "letter"
    templates: Path | None = None


@dataclass(frozen=True)
class Checked:
    game: Game
    faces: tuple[DeckFaces, ...]
    problems: list[Problem]


@dataclass(frozen=True)
class Report:
    game: Game
    files: tuple[Path, ...]
    warnings: list[Problem]
    smallest_text: float


def check_kit(project: Project, game_ref: str, options: Options = Options()) -> Checked:
    """Load, check and lay out every card face: what `validate` reports and `build` needs."""
    folder = project.game_folder(game_ref)
    game = load_game(folder)
    problems = check_game(game)
    if any(p.is_error for p in problems):  # laying out broken data would only add confusing errors
        return Checked(game, (), problems)
    register_fonts(project.fonts)
    dirs = project.template_dirs(folder, options.templates)
    front, back = load_card_template("card-front.yaml", dirs), load_card_template("card-back.yaml", dirs)
    faces = tuple(layout_deck_faces(game, deck, front, back, measure) for deck in game.decks)
    return Checked(game, faces, problems + [p for deck_faces in faces for p in deck_faces.problems])


def build_game(project: Project, game_ref: str, out_dir: Path, options: Options = Options()) -> Report:
    checked = check_kit(project, game_ref, options)
    errors = [p for p in checked.problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    grid = plan_grid(PAPER_SIZES[options.paper], CARD_SIZES["poker"], options.paper)
    sheets = {f"cards-{f.deck.id}.pdf": impose_deck(checked.game, f, grid, INSTRUCTION) for f in checked.faces}
    documents = layout_documents(project, checked.game, game_ref, options)
    files = write_kit(out_dir, checked.game, sheets, documents, INSTRUCTION)
    smallest = min((face.smallest_size for f in checked.faces for face in f.fronts if face.smallest_size), default=0)
    return Report(checked.game, files, [p for p in checked.problems if not p.is_error], smallest)


def layout_documents(project: Project, game: Game, game_ref: str, options: Options) -> dict[str, Document]:
    env = make_environment(project.template_dirs(project.game_folder(game_ref), options.templates))
    context = document_context(game)
    return {file: parse_document(render_template(env, template, context), template)
            for file, template in DOCUMENTS.items()}
