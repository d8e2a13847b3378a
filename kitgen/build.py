"""build_game(): load -> check -> layout -> render, one stage a line. Returns a report.

Everything is read, checked and laid out before the first file is written; the kit is written
to a temporary folder that replaces the old one only when the whole build succeeded.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from kitgen.check import check_game
from kitgen.errors import KitgenError, Problem, Where, error, warning
from kitgen.layout.card import scale_template
from kitgen.layout.cards import DeckFaces, impose_deck, layout_deck_faces
from kitgen.layout.context import document_context
from kitgen.layout.document import Document, parse_document
from kitgen.layout.expressions import make_environment, render_template
from kitgen.layout.impose import MIN_MARGIN, Spec, plan_grid
from kitgen.load import load_game
from kitgen.load.config import load_config
from kitgen.load.templates import load_card_template
from kitgen.model import Game, PrintSettings
from kitgen.project import Project
from kitgen.render.fonts import measure, register_fonts
from kitgen.render.kit import write_kit
from kitgen.units import CARD_SIZES, PAPER_SIZES, Length, parse_offset, parse_size, to_mm

DOCUMENTS = {"rules.pdf": "rules.md.j2", "reference.pdf": "reference.md.j2", "player-sheet.pdf": "player-sheet.md.j2",
             "manifest.pdf": "manifest.md.j2"}


@dataclass(frozen=True)
class Options:
    """What the command line says; None leaves the choice to the config file, the game, or kitgen."""

    settings: PrintSettings = PrintSettings()
    templates: Path | None = None
    config: Path | None = None


DEFAULTS = PrintSettings(paper="letter", card_size="poker", margin=Length(MIN_MARGIN), gap=Length(0.0),
                         bleed=Length(0.0), duplex="long-edge", layout="grid", back_offset="0,0", ink_saver=False)


def resolve_print(game: Game, options: Options) -> tuple[Spec, bool]:
    """Command line over config file over the game's data over kitgen's defaults."""
    layers = [options.settings, load_config(options.config), game.print, DEFAULTS]
    value = {f.name: next(getattr(l, f.name) for l in layers if getattr(l, f.name) is not None)
             for f in dataclasses.fields(PrintSettings) if f.name != "where"}
    try:
        paper = parse_size(value["paper"], PAPER_SIZES)
        card = parse_size(value["card_size"], CARD_SIZES)
        offset = parse_offset(value["back_offset"])
    except ValueError as exc:
        raise KitgenError(error(Where("print settings"), str(exc))) from None
    spec = Spec(paper, card, value["margin"], value["gap"], value["bleed"], value["duplex"], value["layout"],
                offset, str(value["paper"]))
    return spec, value["ink_saver"]


def instruction(spec: Spec) -> str:
    if spec.layout == "single":
        return "One card a page, front then back, trim and bleed boxes set: for print shops"
    if spec.layout == "gutterfold":
        return "Print at 100% (actual size), one-sided; fold on the line, then cut"
    if spec.duplex == "off":
        return "Print at 100% (actual size), one-sided; then print the backs file on the back, flipped on the long edge"
    return f"Print at 100% (actual size), double-sided, flip on {spec.duplex.replace('-', ' ')}"


@dataclass(frozen=True)
class Checked:
    game: Game
    faces: tuple[DeckFaces, ...]
    problems: list[Problem]
    spec: Spec | None = None


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
    spec, ink_saver = resolve_print(game, options)
    register_fonts(project.fonts)
    dirs = project.template_dirs(folder, options.templates)
    front, back = load_card_template("card-front.yaml", dirs), load_card_template("card-back.yaml", dirs)
    front, back = scale_template(front, *spec.card), scale_template(back, *spec.card)
    faces = tuple(layout_deck_faces(game, deck, front, back, measure, spec.bleed, ink_saver) for deck in game.decks)
    legibility = [warning(card.where, f"card '{card.name}': text shrinks to {face.smallest_size:g} pt, below the "
                          f"game's minimum of {game.min_text_size:g} pt (min_text_size)")
                  for deck_faces in faces for card, face in zip(deck_faces.deck.cards, deck_faces.fronts)
                  if face.smallest_size and face.smallest_size < game.min_text_size - 1e-6]
    fit = [p for deck_faces in faces for p in deck_faces.problems]
    return Checked(game, faces, problems + fit + legibility, spec)


def text_sizes(checked: Checked) -> dict[str, dict[str, float]]:
    """Deck id -> card name -> the size its text ended at: the legibility report."""
    return {faces.deck.id: {card.name: face.smallest_size for card, face in zip(faces.deck.cards, faces.fronts)
                            if face.smallest_size}
            for faces in checked.faces}


def build_game(project: Project, game_ref: str, out_dir: Path, options: Options = Options(),
               strict: bool = False) -> Report:
    checked = check_kit(project, game_ref, options)
    errors = [p for p in checked.problems if p.is_error or strict]
    if errors:
        raise KitgenError(errors)
    spec, _ = resolve_print(checked.game, options)
    grid = plan_grid(spec.paper, spec.card, spec=spec)
    sheets = impose_sheets(checked, grid, instruction(spec))
    documents = layout_documents(project, checked.game, game_ref, options, kit_summary(checked.game, spec, sheets))
    duplex = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}.get(spec.duplex) \
        if spec.layout in ("grid", "single") else None
    files = write_kit(out_dir, checked.game, sheets, documents, instruction(spec), duplex)
    smallest = min((face.smallest_size for f in checked.faces for face in f.fronts if face.smallest_size), default=0)
    return Report(checked.game, files, [p for p in checked.problems if not p.is_error], smallest)


def impose_sheets(checked: Checked, grid, text: str) -> dict:
    sheets = {}
    for faces in checked.faces:
        pages, backs = impose_deck(checked.game, faces, grid, text)
        sheets[f"cards-{faces.deck.id}.pdf"] = pages
        if backs:
            sheets[f"cards-{faces.deck.id}-backs.pdf"] = backs
    return sheets


def kit_summary(game: Game, spec: Spec, sheets: dict) -> dict:
    """What the manifest says about this build: files, pages, sheets of paper and how to print."""
    one_sided = spec.layout != "grid" or spec.duplex == "off"
    files = []
    for name, pages in sheets.items():
        deck = next(d for d in game.decks if name.startswith(f"cards-{d.id}"))
        backs = name.endswith("-backs.pdf")
        files.append({"name": name, "what": f"{deck.name}: {'backs' if backs else 'cards'}", "pages": len(pages),
                      "sheets": len(pages) if one_sided else len(pages) // 2, "how": instruction(spec)})
    for name, what in (("rules.pdf", "Rules summary"), ("reference.pdf", "Reference sheet"),
                       ("player-sheet.pdf", "Player sheet, one per player")):
        files.append({"name": name, "what": what, "pages": "", "sheets": "", "how": "one-sided"})
    return {"files": files, "paper": f"{spec.paper_name} ({to_mm(spec.paper[0]):.1f} x {to_mm(spec.paper[1]):.1f} mm)",
            "card_size": f"{to_mm(spec.card[0]):.1f} x {to_mm(spec.card[1]):.1f} mm",
            "layout": spec.layout, "duplex": "none (one-sided)" if one_sided else spec.duplex}


def layout_documents(project: Project, game: Game, game_ref: str, options: Options,
                     kit: dict | None = None) -> dict[str, Document]:
    env = make_environment(project.template_dirs(project.game_folder(game_ref), options.templates))
    context = {**document_context(game), "kit": kit or {}}
    return {file: parse_document(render_template(env, template, context), template)
            for file, template in DOCUMENTS.items()}
