"""build_game(): load -> check -> plan -> lay out -> render -> write, one stage a line. Returns a report.

The game is read and checked before the first file is written. Card faces are laid out as the
card sheets are drawn, one at a time, so a deck of any size is never held in memory whole; what
they say (text that does not fit, missing characters) is checked before the kit, written to a
temporary folder, replaces the old one, which happens only when the whole build succeeded.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from pathlib import Path

from kitgen.kit.cache import BuildCache, content_key, content_key_of, environment, kit_cache_folder
from kitgen.kit.keys import Digests
from kitgen.errors import KitgenError, Problem
from kitgen.language import Language
from kitgen.layout.cards import Page, Pages, Placement, impose_deck
from kitgen.kit.documents import (DOCUMENTS, NOT_PRINTED, DocumentInputs, check_documents, document_inputs,  # noqa: F401
                                  kept_blocks, lay_out_kept, layout_documents)
from kitgen.layout.document import parse_document
from kitgen.layout.impose import Spec, plan_grid
from kitgen.layout.marks import sheet_note
from kitgen.model import Game
# check_kit, Options, resolve_print and text_sizes are part of the build's API: callers import them from here.
from kitgen.kit.prepare import (Checked, Options, Prepared, check_kit, face_problems, load_and_check,  # noqa: F401
                                prepare_kit, resolve_print, text_sizes)
from kitgen.kit.manifest import COUNTED, DOCUMENT_PRINTING, TOKENS, instruction, kit_summary, token_printing
from kitgen.kit.staging import check_output, staged
from kitgen.kit.write import LaidOutKit, write_kit
from kitgen.project import Project, Resolved

@dataclass(frozen=True)
class Report:
    game: Game
    files: tuple[Path, ...]
    warnings: list[Problem]
    smallest_text: float
    laid_out: int = 0  # card faces laid out (not taken from the cache)
    rendered: tuple[str, ...] = ()  # files drawn anew (the others were copied from the cache)
    # placement key (layout/cards.face_key) -> content key of what the face is drawn from
    face_keys: dict[str, str] = dataclasses.field(default_factory=dict)
    errors: list[Problem] = dataclasses.field(default_factory=list)  # a draft's (Options.draft) faces' errors
    cache_notes: tuple[str, ...] = ()  # why the cache was not used, or what it missed and why (-v)
    sheet_note: str = ""  # sheet marks the paper has no room for inside the margin (layout/marks.sheet_note)


def build_game(project: Project, game_ref: str | Resolved, out_dir: Path, options: Options = Options(),
               strict: bool = False, use_cache: bool = True, progress=None) -> Report:
    check_output(out_dir, project.game_folder(game_ref))
    cache = BuildCache(kit_cache_folder(out_dir) if use_cache else None)
    try:
        return _build(project, game_ref, out_dir, options, strict, cache, progress or _quiet)
    finally:  # a failed build keeps nothing, and never leaves the cache locked for the next build
        cache.close()  # in this process (watch, serve)


def _build(project: Project, game_ref: str | Resolved, out_dir: Path, options: Options, strict: bool,
           cache: BuildCache, step) -> Report:
    """load -> check -> plan -> lay out -> render -> write, one stage a line."""
    step("reading and checking the game")
    checked = _stop_on_data_errors(load_and_check(project, game_ref), strict)  # load -> check
    prepared = _stop_on_errors(prepare_kit(project, game_ref, checked, options, cache, lay_out=False,
                                           lazy_fonts=True), strict)  # plan
    kit, keys = lay_out_kit(project, game_ref, options, prepared, cache)  # card sheets and documents
    with staged(out_dir, prepared.game) as folder:  # swapped in for the old kit only if all of this succeeds
        written = write_kit(folder, kit, lambda name, done, total: step(f"drawing {name}", done, total))
        found = face_problems(prepared)  # what the faces said as they were drawn (any not drawn: now)
        _stop_on_errors([] if options.draft else found, strict)  # a draft is drawn as it would print
    said = cache_notes(cache, keys, written.rendered)  # before save(): what the cache held when this build began
    cache.save({key: out_dir / name for name, key in keys.items()})
    sizes = [size for notes in prepared.notes.values() for size in notes.sizes if size > 0]
    return Report(prepared.game, tuple(out_dir / name for name in written.files),
                  [p for p in prepared.problems + found if not p.is_error], min(sizes, default=0), prepared.laid_out,
                  written.rendered, prepared.face_keys, [p for p in found if p.is_error], said,
                  _sheet_note(prepared.spec))


def _sheet_note(spec: Spec) -> str:
    """The line that says which sheet marks the paper has no room for (layout/marks.sheet_note), or ''."""
    note = sheet_note(plan_grid(spec.paper, spec.card, spec=spec))
    return f"{spec.paper_name or 'paper'}: note: {note}" if note else ""


def _quiet(text: str, done: int | None = None, total: int | None = None) -> None:
    pass


def lay_out_kit(project: Project, game_ref: str | Resolved, options: Options, checked: Prepared,
                cache: BuildCache) -> tuple[LaidOutKit, dict[str, str]]:
    """The kit's files laid out (card sheets made page by page as they are drawn), and each
    file's cache key; `reuse` names the files made before from the same content. Documents are
    laid out only when one of them is drawn, or to learn which templates they read (kit/documents.py).
    The rules, reference and player sheet are drawn here when they change (their pages otherwise
    come from the cache's record): the manifest says how many sheets of paper the kit takes, and
    only laying a document out (layout/flow) says how many pages it fills."""
    spec, _ = checked.spec, checked.game.language
    printing = instruction(spec, _)
    cache.places = set(checked.face_keys)
    grid = plan_grid(spec.paper, spec.card, spec=spec)
    sheets = impose_sheets(checked, grid, printing)
    described = dict(sheets)  # the kit the manifest describes (a reprint of changed cards is not part of it)
    inputs = document_inputs(project, checked.game, game_ref, options, None, checked.icons_credit)
    printed = {"paper": spec.paper, "instruction": _(DOCUMENT_PRINTING),  # how a document is printed (_printed)
               "page_label": _("page {number} of {total}")}
    documents, blocks = _kept_or_laid_out(inputs, printed, cache)
    if options.changed_since:
        changed_sheets, changes = reprint_changed(project, checked, game_ref, grid, spec, options.changed_since)
        documents["changes.pdf"], blocks = _printed(changes, printed), blocks | {"changes.pdf": content_key(changes)}
        sheets |= changed_sheets
    duplex = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}.get(spec.duplex) \
        if spec.layout in ("grid", "single") else None
    keys = file_keys(checked, sheets, blocks, printed, duplex, printing, cache)
    reuse = {name: path for name, key in keys.items() if name not in UNCACHED and (path := cache.file(key))}
    if any(document is None and name not in reuse for name, document in documents.items()):
        documents |= _documents(inputs, printed, cache)[0]  # the same inputs and templates: the same blocks
    drawn, pages = draw_documents(checked, documents, reuse, keys, cache)
    manifest = dataclasses.replace(inputs, kit=kit_summary(checked.game, spec, described, pages))
    laid, kept = _kept_or_laid_out(manifest, printed, cache)  # the manifest alone
    keys |= file_keys(checked, {}, kept, printed, duplex, printing, cache)
    reuse |= {name: path for name in kept if (path := cache.file(keys[name]))}
    documents |= laid  # None when it was not laid out: then it is reused, or laid out now
    if documents["manifest.pdf"] is None and "manifest.pdf" not in reuse:
        documents |= _documents(manifest, printed, cache)[0]
    if len(reuse) + len(drawn) < len(keys):  # something is still to draw: parse the fonts (~20 ms) only then
        _register_fonts(checked)
    images = {key: art.reader_source() for key, art in checked.images.items()}
    return LaidOutKit(checked.game, sheets, documents, printing, duplex, images, reuse, drawn), keys


def _kept_or_laid_out(inputs: DocumentInputs, printed: dict, cache: BuildCache) -> tuple[dict, dict[str, str]]:
    """Each document's blocks by a hash, from the cache's record when these inputs were laid out
    before (the documents then None: not laid out), else laid out now."""
    blocks = kept_blocks(inputs, cache)
    if blocks is None:
        return _documents(inputs, printed, cache)
    return dict.fromkeys(inputs.names), blocks


def _register_fonts(checked: Prepared) -> None:
    """Parse the fonts (~20 ms) only when something is drawn, not for a kit all reused; once a
    build: when layout measured text, its typeset has registered them (each call of register_fonts
    reads and hashes the four files again, ~2.5 ms)."""
    if checked.typeset is not None and checked.typeset.ready is not None:
        checked.typeset.ready()
        return
    from kitgen.render.fonts import register_fonts

    register_fonts(checked.fonts)


PAGES = "document pages"  # the cache's record of a drawn document's page count, under its file key


def draw_documents(checked: Prepared, documents: dict, reuse: dict[str, Path], keys: dict[str, str],
                   cache: BuildCache) -> tuple[dict[str, bytes], dict[str, int]]:
    """The documents the manifest counts, drawn into memory when they changed (write_kit writes the
    bytes), and how many pages each takes; one taken from the cache has its pages from the cache's
    record of that very file (or counted in it, when the record is gone)."""
    import io

    drawn: dict[str, bytes] = {}
    pages: dict[str, int] = {}
    for name in COUNTED:
        if name in reuse:
            kept = cache.check(f"{PAGES} {name}")  # read as text (records.read_check): a number or nothing
            count = kept[1].get("pages", "") if kept and kept[0] == keys[name] else ""
            if count.isdigit() and 0 < int(count) < 10_000:
                pages[name] = int(count)
            else:
                from kitgen.render.document import count_pages

                pages[name] = count_pages(reuse[name])
            continue
        from kitgen.render.document import render_document

        if not drawn:
            _register_fonts(checked)
        buffer = io.BytesIO()
        pages[name] = render_document(documents[name], buffer, checked.game.title, accent_of(checked.game), "")
        drawn[name] = buffer.getvalue()
        cache.keep_check(f"{PAGES} {name}", keys[name], {"pages": str(pages[name])})
    return drawn, pages


def _documents(inputs: DocumentInputs, printed: dict, cache: BuildCache) -> tuple[dict, dict[str, str]]:
    """The documents laid out and printed on this build's paper, and each one's blocks by a hash."""
    laid_out, blocks = lay_out_kept(inputs, cache)
    _ = inputs.game.language
    return {name: _printed(document, _footer(printed, name, _)) for name, document in laid_out.items()}, blocks


def _printed(document, printed: dict):
    """A document on this build's paper, with the footer `printed` (_footer)."""
    return dataclasses.replace(document, **printed)


def _footer(printed: dict, name: str, _: Language) -> dict:
    """What _printed sets on the document `name`: the paper, the page label and the footer saying how
    documents are printed, or that this one is not printed for play (the designer's notes), in the
    game's language (`_`)."""
    return printed | {"instruction": _(NOT_PRINTED[name])} if name in NOT_PRINTED else printed


# A reprint's pages hold a subset of the deck, so its faces' positions are not the deck's: always drawn.
UNCACHED = ("cards-changed.pdf", "changes.pdf")


def _stop_on_data_errors(checked: Checked, strict: bool) -> Checked:
    """Broken data stops the build before the plan: laying it out would only add confusing errors.
    (Warnings, with --strict, stop it once the plan's own warnings are known too.)"""
    if any(p.is_error for p in checked.problems):
        _stop_on_errors(checked, strict)
    return checked


def _stop_on_errors(stage, strict: bool):
    """The stage's result (or a list of problems), unless one of its problems is an error (or,
    with --strict, any): then the build stops."""
    errors = [p for p in getattr(stage, "problems", stage) if p.is_error or strict]
    if errors:
        raise KitgenError(errors)
    return stage


def file_keys(checked: Prepared, sheets: dict, blocks: dict[str, str], printed: dict, duplex: str | None,
              printing: str, cache: BuildCache) -> dict[str, str]:
    """Each file's cache key: a hash of what write_kit draws it from, whole. A card sheet: its pages
    (every field of each page, its faces by their keys, which hash all a face is laid out from),
    the title and duplex it is written with; a document: its blocks (by their hash, `blocks`), what
    _printed sets (`_footer`), title, accent and the instruction; both: the fonts embedded, the
    writer (reportlab, zlib, their settings) and the environment that dates a PDF (SOURCE_DATE_EPOCH).
    Without a cache (--no-cache) nothing is looked up or kept by them: each is '' (~4 ms less)."""
    if cache.folder is None:
        return dict.fromkeys([*sheets, *blocks], "")
    from kitgen.render.writer import writer  # not sheets: that imports reportlab's canvas

    common = (environment(), writer(), checked.fonts_key)
    title = checked.game.title
    keys = {name: content_key_of(itertools.chain(("sheet", name, f"{title}: {name}", duplex, common),
                                                 _sheet_signature(pages, checked.face_keys)))
            for name, pages in sheets.items()}
    language, accent = checked.game.language, accent_of(checked.game)
    return keys | {name: content_key("document", name, digest, _footer(printed, name, language), title, accent, printing, common)
                   for name, digest in blocks.items()}


def cache_notes(cache: BuildCache, keys: dict[str, str], rendered: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """What -v says of the cache: why it was not used, why faces were laid out, why files were drawn."""
    if cache.folder is None:
        return (f"cache: not used: {cache.trouble}",)
    notes = [f"cache: {cache.trouble}"] if cache.trouble else []
    if cache.misses:
        reasons = ", ".join(f"{why} ({count})" for why, count in sorted(cache.misses.items(), key=lambda i: (-i[1], i[0])))
        notes.append(f"cache: {sum(cache.misses.values())} faces laid out: {reasons}")
    why: dict[str, list[str]] = {}
    for name in rendered:
        reason = ("never cached" if name in UNCACHED else "not built before" if not cache.sums
                  else "content changed" if keys.get(name) not in cache.sums else "cached copy missing or damaged")
        why.setdefault(reason, []).append(name)
    if why:
        notes.append(f"cache: {len(rendered)} of {len(keys)} files drawn: "
                     + "; ".join(f"{', '.join(names)} ({reason})" for reason, names in why.items()))
    return tuple(notes)


def reprint_changed(project: Project, checked: Prepared, game_ref: str | Resolved, grid, spec: Spec, ref: str):
    """Sheets holding only the cards that changed since `ref` (with their backs), and the list."""
    from kitgen.kit.changes import changes_markup, changes_since

    changes = changes_since(checked.game, project.game_folder(game_ref), ref)
    changed = {(c.deck, c.card) for c in changes if c.after}
    pages = []
    for faces in checked.faces:
        keep = [i for i, card in enumerate(faces.deck.cards) if (faces.deck.id, card.name) in changed]
        if keep:
            subset = dataclasses.replace(faces, deck=dataclasses.replace(  # positions change: nothing replayed
                faces.deck, cards=tuple(faces.deck.cards[i] for i in keep)), fronts=tuple(faces.fronts[i] for i in keep),
                drawn=None)
            deck_pages, backs = impose_deck(checked.game, subset, grid, instruction(spec, checked.game.language))
            pages += [*deck_pages, *backs]
    markup = changes_markup(checked.game, ref, changes)
    return ({"cards-changed.pdf": pages} if pages else {}), parse_document(markup, "changes")


def accent_of(game: Game) -> str:
    return game.decks[0].back.color if game.decks else "#333333"


def _sheet_signature(pages, face_keys: dict[str, str]):
    """A sheet file's content, page by page: every field of each page, each placement with its
    face's key for the face's name, and the faces (where render takes them from) by those keys.
    Shapes by digest, each hashed once a file: every sheet repeats the crop marks of the last."""
    shapes = Digests()
    for page in pages:
        yield [getattr(page, name) for name in PAGE_FIELDS]
        yield ",".join(map(shapes.of, page.shapes))
        yield [(face_keys.get(p.key, p.key), *(getattr(p, name) for name in PLACEMENT_FIELDS)) for p in page.placements]


PAGE_FIELDS = tuple(f.name for f in dataclasses.fields(Page) if f.name not in ("shapes", "placements", "faces"))
PLACEMENT_FIELDS = tuple(f.name for f in dataclasses.fields(Placement) if f.name != "key")


def impose_sheets(checked: Prepared, grid, text: str) -> dict:
    sheets: dict[str, Pages | list] = {}  # a deck's Pages; tokens.pdf's list of pages
    for faces in checked.faces:
        pages, backs = impose_deck(checked.game, faces, grid, text)
        sheets[f"cards-{faces.deck.id}.pdf"] = pages
        if backs:
            sheets[f"cards-{faces.deck.id}-backs.pdf"] = backs
    if checked.game.tokens:
        sheets[TOKENS] = token_sheets(checked)
    return sheets


def token_sheets(checked: Prepared) -> list:
    """tokens.pdf's pages (layout/tokens.py): one-sided, or with a back after each page when a
    piece's two sides differ. Measured with the game's fonts, as its cards are."""
    from kitgen.layout.tokens import layout_token_pages

    fonts = checked.typeset
    assert fonts is not None and checked.icons is not None  # prepare_kit sets both
    if fonts.ready:
        fonts.ready()  # a build whose faces all come from the cache has not registered them yet
    return layout_token_pages(checked.game, checked.spec, checked.icons, fonts.measure,
                              token_printing(checked.game, checked.spec))
