"""Image exports: one PNG per card face and deck back for print shops, and Tabletop Simulator saved
objects. Same pipeline as a build (load -> check -> layout -> the PDF); the images are that PDF,
one card a page, rendered by pdfium (kitgen/render/pixels.py): there is no second drawing."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote, urlsplit

from kitgen.kit.build import Options, Prepared, check_kit, face_problems
from kitgen.errors import KitgenError, Problem, Where, error, warning
from kitgen.exports.data import rules_text
from kitgen.exports.copies import (Face, Written, card_faces, chosen_faces, copy_names, print_pages, write_copies,
                                   write_quantities)
from kitgen.layout.cards import BACK, single_page
from kitgen.load.files import replace_file
from kitgen.project import Project, Resolved
from kitgen.kit.staging import check_output, staged
from kitgen.render.sheets import write_pages
from kitgen.render.pixels import compose_sheet, render_pdf, thumbnail
from kitgen.exports.pdfx import PDFX, write_jpgs, write_pdfx
from kitgen.exports.shops import INCH, Target, canvas_size, check_canvas
from kitgen.exports.tts import (MAX_PIXELS, card_scale, cell_size, plan_sheets, saved_object, saved_objects_folder,
                                saved_objects_folders)

FACES_PDF = ".cards.pdf"  # the single-card PDF the images are rendered from; removed once they are
CELLS = ".cells"  # TTS: each face at its sheet size, composed into sheets, then removed


@dataclass
class Exported:
    files: list[Path]
    warnings: list[Problem] = field(default_factory=list)
    installed: list[Path] = field(default_factory=list)


def export_png(project: Project, game_ref: str | Resolved, out_dir: Path, options: Options, target: Target,
               dpi: float | None = None, cards: tuple[str, ...] = (), progress=None,
               per_copy: bool | None = None) -> Exported:
    """Every distinct card face and each deck's back at the exact pixel size of trim plus bleed,
    named as the target shop wants, with cards.csv (file, card, copies) beside them. `dpi`
    overrides the target's; `cards` (names or ids) limits the export to those cards; `per_copy`
    (default: the target's) writes one file per printed copy, numbered in upload order."""
    check_output(out_dir, project.game_folder(game_ref))
    if progress:
        progress("reading and checking the game")  # as build says it
    checked = checked_game(project, game_ref, options)
    dpi = dpi or target.dpi
    size = check_canvas(checked.spec.card, checked.spec.bleed, dpi)  # refused before anything is drawn
    warnings = _canvas_warnings(checked, target, dpi)
    faces = chosen_faces(card_faces(checked, target), cards)
    with staged(out_dir, checked.game) as folder:
        if target.cmyk:  # the PDF/X first, drawn in CMYK; the JPGs are its pages
            faces = [replace(face, name=str(Path(face.name).with_suffix(".jpg"))) for face in faces]
            warnings += _render_cmyk(checked, faces, folder, size, dpi, progress)
        else:
            warnings += _render(checked, faces, folder, checked.spec.bleed, size, dpi, progress)
        per_copy = target.per_copy if per_copy is None else per_copy
        written = write_copies(folder, faces, copy_names(faces) if per_copy else {})
        write_quantities(folder / "cards.csv", written)
        if target.cmyk:
            written.append(Written(PDFX, "every card and its back, a page each, in print order", 1))
    return Exported(sorted(out_dir / row.file for row in written) + [out_dir / "cards.csv"], warnings)


def export_tts(project: Project, game_ref: str | Resolved, out_dir: Path, options: Options, base_url: str | None = None,
               install: bool = False, sheet_size: int = MAX_PIXELS, progress=None, force: bool = False,
               tts_dir: Path | None = None) -> Exported:
    """Per deck: sheets of at most 10 x 7 cards and `sheet_size` (at most 4096) px, the back
    image, the saved object `<game>-<deck>.json` and its thumbnail `<game>-<deck>.png`; with
    `install` (or `tts_dir`, the Saved Objects folder to use), the saved objects are also copied
    into TTS's Saved Objects folder (a file there that is not the copy the last export installed
    is replaced only with `force`)."""
    check_output(out_dir, project.game_folder(game_ref))
    if base_url:
        check_base_url(base_url)
    install_to = _saved_objects(tts_dir) if install or tts_dir else None  # first: a missing folder changes nothing
    if progress:
        progress("reading and checking the game")
    checked = checked_game(project, game_ref, options)
    game = checked.game
    if install_to:  # refused before anything is drawn or written
        check_install(install_to, out_dir, [f"{game.id}-{faces.deck.id}" for faces in checked.faces], force)
    cell = cell_size(checked.spec.card, min(sheet_size, MAX_PIXELS))
    dpi = cell[0] / checked.spec.card[0] * INCH
    faces = [Face(deck_faces, index, f"{CELLS}/{deck_faces.deck.id}-{index if index != BACK else 'back'}.png")
             for deck_faces in checked.faces for index in [*range(len(deck_faces.deck.cards)), BACK]]
    url = _url_maker(out_dir, base_url)
    with staged(out_dir, game) as folder:
        (folder / CELLS).mkdir()
        warnings = _render(checked, faces, folder, 0.0, cell, dpi, progress)
        for deck_faces in checked.faces:
            _write_deck(folder, game, deck_faces.deck, cell, dpi, url, card_scale(checked.spec.card))
        _remove_tree(folder / CELLS)
    stems = [f"{game.id}-{faces.deck.id}" for faces in checked.faces]
    installed = _install(out_dir, install_to, stems) if install_to else []
    return Exported(sorted(p for p in out_dir.iterdir() if p.name.startswith(tuple(stems))), warnings, installed)


def _write_deck(folder: Path, game, deck, cell: tuple[int, int], dpi: float, url, scale) -> None:
    """One deck's sheets (faces in slot order, the back in each sheet's last slot), its back
    image, saved object and thumbnail, from the faces rendered into CELLS."""
    stem = f"{game.id}-{deck.id}"
    back = folder / f"{CELLS}/{deck.id}-back.png"
    sheets = plan_sheets(len(deck.cards))
    urls = {}
    for sheet in sheets:
        name = f"{stem}-sheet-{sheet.number}.png"
        slots = {slot: folder / f"{CELLS}/{deck.id}-{index}.png" for slot, index in enumerate(sheet.cards)}
        compose_sheet(slots | {sheet.hidden_slot: back}, sheet.columns, sheet.rows, cell, folder / name, dpi)
        urls[sheet.number] = url(name)
    back.replace(folder / f"{stem}-back.png")
    saved = saved_object(game.id, deck, sheets, urls, url(f"{stem}-back.png"), lambda card: rules_text(game, card),
                         scale)
    _write_json(folder / f"{stem}.json", saved)
    thumbnail(folder / f"{stem}-back.png", folder / f"{stem}.png")


def _render(checked: Prepared, faces: list[Face], folder: Path, bleed: float, size: tuple[int, int], dpi: float,
            progress) -> list[Problem]:
    """The faces as one single-card PDF, each page rendered to its PNG; stops on errors the faces
    report (text that does not fit)."""
    step = progress or (lambda text, done=None, total=None: None)
    pdf = folder / FACES_PDF
    write_faces_pdf(checked, faces, pdf, bleed, lambda done, total: step("drawing the cards", done, total))
    problems = _drawn_problems(checked, faces)
    render_pdf(pdf, [folder / face.name for face in faces], size, dpi,
               lambda done, total: step("rendering images", done, total))
    pdf.unlink()
    return problems


def _render_cmyk(checked: Prepared, faces: list[Face], folder: Path, size: tuple[int, int], dpi: float,
                 progress) -> list[Problem]:
    """DriveThruCards' PDF/X (exports/pdfx.py): each printed card's front followed by its deck's
    back, a page each (Squib's drivethrucards_1up sprue: "Make sure the cards being saved alternate
    back/front"); then each face's JPG, rendered from the first page that shows it."""
    step = progress or (lambda text, done=None, total=None: None)
    pages = print_pages(faces)
    write_pdfx(checked, pages, folder / PDFX, lambda done, total: step("drawing the cards", done, total))
    problems = _drawn_problems(checked, faces)
    first: dict[tuple[int, int], int] = {}
    for number, (deck, index) in enumerate(pages):
        first.setdefault((id(deck), index), number)
    write_jpgs(checked, folder / PDFX, [first[id(face.deck), face.index] for face in faces],
               [folder / face.name for face in faces], size, dpi, lambda done, total: step("rendering images", done, total))
    return problems


def _drawn_problems(checked: Prepared, faces: list[Face]) -> list[Problem]:
    """What drawing `faces` said about them (text that does not fit ...): errors stop the export."""
    shown = {face.deck.deck.where if face.index == BACK else face.deck.deck.cards[face.index].where for face in faces}
    problems = [problem for problem in face_problems(checked) if problem.where in shown]  # --card: its cards only
    errors = [p for p in problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    return problems


def write_faces_pdf(checked: Prepared, faces: list[Face], pdf: Path, bleed: float, progress=None) -> None:
    """What `build --layout single` draws (trim plus bleed a page, TrimBox and BleedBox), each face
    once, in the order of `faces`."""
    width, height = checked.spec.card
    pages = [single_page(face.deck, face.index, width, height, bleed) for face in faces]
    images = {key: art.reader_source() for key, art in checked.images.items()}
    _ = checked.game.language
    write_pages(pdf, pages, _("{game}: cards", game=checked.game.title), images, progress)


def _canvas_warnings(checked: Prepared, target: Target, dpi: float) -> list[Problem]:
    """A shop preset names the canvases its products take (at its own dpi); a card size it does
    not make, or another dpi, is said with the size actually written."""
    size = canvas_size(checked.spec.card, checked.spec.bleed, dpi)
    if not target.canvases or (dpi == target.dpi and size in target.canvases.values()):
        return []
    known = ", ".join(f"{name} {w} x {h}" for name, (w, h) in target.canvases.items())
    gives = "this card size gives" if dpi == target.dpi else f"--dpi {dpi:g} gives"
    return [warning(Where("--target"), f"{target.title} takes {known} px images at {target.dpi} dpi; {gives} "
                                       f"{size[0]} x {size[1]} px ({target.source})")]


def _url_maker(out_dir: Path, base_url: str | None):
    """FaceURL/BackURL: the plain absolute path by default, or the user's host: base URL + file name.
    A save TTS v12.2 wrote itself names local images by plain OS paths, spaces unescaped
    ("F:\\My Documents\\TTS_ponorams360\\...": https://github.com/Buyn/TTS_save/blob/
    a4f5ac2c177057f1f2119aaa49eab377e29529f1/Games/TS_Save_50.json), and no source shows TTS decoding
    a percent-escaped file:/// address, which a folder with a space or an accent would need. So the
    path is written as the OS spells it."""
    if base_url:
        return lambda name: base_url.rstrip("/") + "/" + quote(name)
    folder = Path(os.path.realpath(out_dir))
    return lambda name: str(folder / name)


def check_base_url(base_url: str) -> None:
    """--base-url: a plain http(s) address of a folder, which every FaceURL and BackURL starts with.
    Anything else would be written into saved objects that others load: a script or local-file
    scheme, a password, text that ends the URL (quotes, spaces, controls), or a query or fragment
    that the file name would land inside."""
    why = _base_url_problem(base_url)
    if why:
        raise KitgenError(error(Where("--base-url"), f"'{base_url[:200]}' {why}"))


def _base_url_problem(base_url: str) -> str | None:
    if any(ch.isspace() or ord(ch) < 0x20 or ch in "\"'<>\\`^{|}\x7f" for ch in base_url):
        return "holds spaces, quotes or control characters: give the address as the browser shows it"
    try:
        parts = urlsplit(base_url)
        parts.port  # noqa: B018  (reading it checks it: a port out of range raises ValueError)
    except ValueError:
        return "is not a web address (https://HOST/FOLDER)"
    if parts.scheme.lower() not in ("https", "http") or not parts.hostname:
        return "is not a web address (https://HOST/FOLDER): TTS downloads the images from it"
    if parts.username is not None or parts.password is not None:
        return ("carries a user name or password: it would be written into every saved object, for anyone "
                "who loads it to read; host the images where they need no login")
    if parts.query or parts.fragment or base_url.endswith(("?", "#")):
        return "has a query (?) or fragment (#): the file names are added to the address's folder"
    return None


def check_install(folder: Path, out_dir: Path, stems: list[str], force: bool) -> None:
    """Refuse to replace, in TTS's Saved Objects, a link or a file that is not what the last export
    into `out_dir` installed (the user's own object of that name), unless `force`; never a name
    that is not a plain file name in that folder."""
    for stem in stems:
        for suffix in (".json", ".png"):
            name = f"{stem}{suffix}"
            target = folder / name
            if Path(name).name != name or not name.isascii() or name.startswith("."):
                raise KitgenError(error(Where(str(target)), "is not a plain file name in the Saved Objects folder"))
            if target.is_symlink():
                why = "is a link: kitgen does not write through it"
            elif not target.exists():
                continue
            elif not target.is_file():
                raise KitgenError(error(Where(str(target)), "is there and is not a file; move it away"))
            elif _same_file_content(target, out_dir / name):
                continue
            else:
                why = "is already there and is not the copy the last export installed (your own object?)"
            if not force:
                raise KitgenError(error(Where(str(target)), f"{why}; move it away, or add --force to replace it"))


def _same_file_content(installed: Path, exported: Path) -> bool:
    """Whether the installed file is byte for byte the last export's copy of it (so kitgen's own)."""
    try:
        return exported.is_file() and not exported.is_symlink() and \
            installed.stat().st_size == exported.stat().st_size and installed.read_bytes() == exported.read_bytes()
    except OSError:
        return False


def _saved_objects(tts_dir: Path | None) -> Path:
    """The Saved Objects folder to install into: --tts-dir, else the first of TTS's known places."""
    if tts_dir is not None:
        if not Path(tts_dir).is_dir():
            raise KitgenError(error(Where(str(tts_dir)), "--tts-dir: no such folder; name TTS's Saves/Saved Objects "
                                                         "folder (TTS's menu shows where its data is)"))
        return Path(tts_dir)
    folder = saved_objects_folder()
    if folder is None:
        looked = "; ".join(str(place) for place in saved_objects_folders())
        raise KitgenError(error(Where("--install"), "Tabletop Simulator's Saved Objects folder is not in any of "
                                                    f"its usual places ({looked}); name it with --tts-dir DIR"))
    return folder


def _install(out_dir: Path, folder: Path, stems: list[str]) -> list[Path]:
    """The saved objects and their thumbnails, copied; the images stay where their URLs say."""
    installed = []
    for stem in stems:
        for suffix in (".json", ".png"):
            target = folder / f"{stem}{suffix}"
            replace_file(target, (out_dir / f"{stem}{suffix}").read_bytes())
            installed.append(target)
    return installed


def _write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _remove_tree(folder: Path) -> None:
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()


def checked_game(project: Project, game_ref: str | Resolved, options: Options) -> Prepared:
    checked = check_kit(project, game_ref, options, lay_out=False)
    errors = [p for p in checked.problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    return checked
