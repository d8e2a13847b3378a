"""Image exports: one PNG per card face and back for print shops, and deck sheets for Tabletop
Simulator. Same pipeline as a build (load -> check -> layout); only the last stage differs."""
from __future__ import annotations

import json
import math
from pathlib import Path

from kitgen.build import Checked, Options, check_kit
from kitgen.errors import KitgenError
from kitgen.project import Project
from kitgen.render.kit import staged
from kitgen.render.raster import compose_sheet, rasterise, save_png

TTS_MAX_COLUMNS, TTS_MAX_ROWS, TTS_MAX_WIDTH = 10, 7, 4096  # Tabletop Simulator's custom deck limits


def export_png(project: Project, game_ref: str, out_dir: Path, dpi: float, options: Options) -> list[Path]:
    """Every distinct card face and each deck's back at the exact pixel size of trim plus bleed."""
    checked = _checked(project, game_ref, options)
    bleed = checked.spec.bleed
    width, height = checked.spec.card
    size = (round((width + 2 * bleed) * dpi / 72), round((height + 2 * bleed) * dpi / 72))
    pictures = {key: art.picture() for key, art in checked.images.items()}  # decoded once
    with staged(out_dir, checked.game) as folder:
        for faces in checked.faces:
            items = [(f"{faces.deck.id}-{card.id}", face) for card, face in zip(faces.deck.cards, faces.fronts)]
            items.append((f"{faces.deck.id}-back", faces.back))
            for name, face in items:
                image = rasterise(face.shapes, width, height, dpi, checked.fonts, (-bleed, -bleed), size, pictures)
                save_png(image, folder / f"{name}.png", dpi)
    return sorted(out_dir.glob("*.png"))


def export_tts(project: Project, game_ref: str, out_dir: Path, options: Options) -> list[Path]:
    """Per deck: sheets of at most 10 x 7 faces, at most 4096 px wide, the back image, and a JSON
    index saying which sheet and slot holds each card and how many copies to make."""
    checked = _checked(project, game_ref, options)
    width, height = checked.spec.card
    card_px = TTS_MAX_WIDTH // TTS_MAX_COLUMNS
    dpi = card_px / width * 72
    card_h_px = round(height * dpi / 72)
    index = {"game": checked.game.id, "decks": []}
    pictures = {key: art.picture() for key, art in checked.images.items()}  # decoded once
    with staged(out_dir, checked.game) as folder:
        for faces in checked.faces:
            per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1  # TTS keeps the last slot for the hidden card
            pairs = list(zip(faces.deck.cards, faces.fronts))
            sheets = []
            for number, start in enumerate(range(0, len(pairs), per_sheet), start=1):
                chunk = pairs[start:start + per_sheet]
                cols = min(TTS_MAX_COLUMNS, max(2, len(chunk)))
                rows = max(2, math.ceil((len(chunk) + 1) / cols))
                sheet = _sheet(chunk, cols, rows, card_px, card_h_px, width, height, dpi, checked.fonts, pictures)
                name = f"{faces.deck.id}-sheet-{number}.png"
                save_png(sheet, folder / name, dpi)
                sheets.append({"image": name, "columns": cols, "rows": rows,
                               "cards": [{"name": c.name, "copies": c.copies} for c, _ in chunk]})
            back = rasterise(faces.back.shapes, width, height, dpi, checked.fonts, size_px=(card_px, card_h_px),
                             images=pictures)
            save_png(back, folder / f"{faces.deck.id}-back.png", dpi)
            index["decks"].append({"id": faces.deck.id, "name": faces.deck.name, "back": f"{faces.deck.id}-back.png",
                                   "sheets": sheets})
        (folder / "tts.json").write_text(json.dumps(index, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return sorted(out_dir.iterdir())


def _sheet(chunk, cols, rows, card_px, card_h_px, width, height, dpi, fonts, art=None):
    images = [rasterise(face.shapes, width, height, dpi, fonts, size_px=(card_px, card_h_px), images=art)
              for _, face in chunk]
    return compose_sheet(images, cols, rows)


def _checked(project: Project, game_ref: str, options: Options) -> Checked:
    checked = check_kit(project, game_ref, options)
    errors = [p for p in checked.problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    return checked
