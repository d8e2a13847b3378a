"""The kit's documents (rules summary, reference, player sheet, manifest, and the designer's notes
that are not printed for play): Jinja templates over the game, laid out as blocks (layout/document.py).

A document's file is keyed by its blocks (kit/build.file_keys), so a card edit that no document
shows draws no document again. Laying them out costs a fresh process ~140 ms (Jinja imported, four
templates compiled), so the cache also remembers what the last layout made: each document's blocks
by a hash (`BLOCKS`), under a key of what they were laid out from (DocumentInputs: the game, the
template folders, the kit summary, the icon credit, whole) and the text of every template the layout
read (`READS`: name -> hash, recorded by the loader itself, layout/expressions.ContainedLoader.read).
A later build with the same inputs, while each of those templates still has that text at its place
on the search path, takes the hashes from there and lays nothing out, unless a document is drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from kitgen.kit.cache import BuildCache, content_key
from kitgen.kit.prepare import Options
from kitgen.layout.context import document_context
from kitgen.language import N_
from kitgen.layout.document import Document, parse_document
from kitgen.load.looks import read_look
from kitgen.model import Game
from kitgen.project import Project, Resolved

DOCUMENTS = {"rules.pdf": "rules.md.j2", "reference.pdf": "reference.md.j2", "player-sheet.pdf": "player-sheet.md.j2",
             "designer-notes.pdf": "designer-notes.md.j2", "manifest.pdf": "manifest.md.j2"}
# Documents that are not printed for play (the manifest's print list leaves them out): their footer says so.
NOT_PRINTED = {"designer-notes.pdf": N_("For the game's designer: not part of what players print")}
READS = "kit documents"  # the cache's record of the templates the documents read
BLOCKS = "kit document blocks"  # and of the hash of each one's blocks


@dataclass(frozen=True)
class DocumentInputs:
    """Everything the documents are laid out from. Without a kit summary (validate) the manifest,
    which describes a build, is left out."""

    game: Game = field(repr=False)  # keyed by game_key: the manifest's inputs (replace) hash it no more
    dirs: tuple[Path, ...]  # the template search path, first folder first
    roots: tuple[Path, ...] | None  # where each template file must be (load/files.contained)
    kit: dict | None  # what the manifest says of this build (build.kit_summary)
    icons_credit: str
    game_key: str = ""  # content_key of the game, made once; dataclasses.replace keeps it

    def __post_init__(self) -> None:
        if not self.game_key:
            object.__setattr__(self, "game_key", content_key(self.game))

    @property
    def names(self) -> list[str]:
        """Without a kit summary, every document but the manifest; with one, the manifest alone (a
        build lays it out last, once it knows how many pages the others fill)."""
        return [file for file in DOCUMENTS if (file == "manifest.pdf") == (self.kit is not None)]

    @property
    def slot(self) -> str:
        """Which record of the cache keeps what these inputs laid out: the manifest has its own."""
        return " manifest" if self.kit is not None else ""

    @cached_property
    def key(self) -> str:
        return content_key("documents", self)


def document_inputs(project: Project, game: Game, game_ref: str | Resolved, options: Options,
                    kit: dict | None = None, icons_credit: str = "") -> DocumentInputs:
    folder = project.game_folder(game_ref)
    roots = project.roots(folder, options.templates)
    look_folder = read_look(game.look, folder, project.templates)[0]
    return DocumentInputs(game, tuple(project.template_dirs(folder, options.templates, look_folder)),
                          tuple(roots) if roots else None, kit, icons_credit)


def layout_documents(project: Project, game: Game, game_ref: str | Resolved, options: Options,
                     kit: dict | None = None, icons_credit: str = "") -> dict[str, Document]:
    """The documents as blocks."""
    return lay_out(document_inputs(project, game, game_ref, options, kit, icons_credit))[0]


def lay_out(inputs: DocumentInputs) -> tuple[dict[str, Document], dict[str, str]]:
    """The documents as blocks, and the templates read for them (name -> hash of its text). Every
    template file is contained (load/files.contained) and every value it writes is escaped so that
    data text never becomes markup."""
    from kitgen.layout.expressions import ContainedLoader, make_environment, render_template

    env = make_environment(list(inputs.dirs), inputs.roots, markup=True)
    context = {**document_context(inputs.game), "kit": inputs.kit or {}, "icons_attribution": inputs.icons_credit}
    documents = {file: parse_document(render_template(env, DOCUMENTS[file], context), DOCUMENTS[file])
                 for file in inputs.names}
    loader = env.loader
    assert isinstance(loader, ContainedLoader)
    return documents, dict(loader.read)  # all this environment read: the documents' templates and more


def kept_reads(inputs: DocumentInputs, cache: BuildCache, name: str = READS) -> dict[str, str] | None:
    """The templates documents laid out from these inputs read, as the cache recorded them, if each
    still has the text it had then; else None (lay them out to know)."""
    from kitgen.load.templates import template_digest

    kept = cache.check(name + inputs.slot)
    if not (kept and kept[0] == inputs.key and kept[1]):
        return None
    dirs = list(inputs.dirs)
    if all(template_digest(template, dirs, inputs.roots) == digest for template, digest in kept[1].items()):
        return kept[1]
    return None


def documents_key(inputs: DocumentInputs, reads: dict[str, str]) -> str:
    """What the documents' blocks are made from, whole: their inputs and the templates' texts."""
    return content_key("documents laid out", inputs.key, sorted(reads.items()))


def kept_blocks(inputs: DocumentInputs, cache: BuildCache) -> dict[str, str] | None:
    """Each document's blocks by a hash (content_key), as laid out before from these very inputs
    and template texts; None when that is not known (lay them out: lay_out_kept)."""
    reads = kept_reads(inputs, cache)
    kept = cache.check(BLOCKS + inputs.slot) if reads is not None else None
    if kept and reads is not None and kept[0] == documents_key(inputs, reads) and set(kept[1]) == set(inputs.names):
        return {name: kept[1][name] for name in inputs.names}
    return None


def lay_out_kept(inputs: DocumentInputs, cache: BuildCache) -> tuple[dict[str, Document], dict[str, str]]:
    """The documents laid out, and each one's blocks by a hash, both remembered (kept_blocks)."""
    documents, reads = lay_out(inputs)
    blocks = {name: content_key(document) for name, document in documents.items()}
    cache.keep_check(READS + inputs.slot, inputs.key, reads)
    cache.keep_check(BLOCKS + inputs.slot, documents_key(inputs, reads), blocks)
    return documents, blocks


def check_documents(project: Project, game: Game, game_ref: str | Resolved, cache: BuildCache) -> bool:
    """validate: every document renders with this game, or one line says where it does not. A check
    that passed with the same game (and kitgen) and the same template texts holds: it is not
    made again (returns False). The templates a check read are recorded with a hash of each one's text."""
    inputs = document_inputs(project, game, game_ref, Options())
    if kept_reads(inputs, cache, "documents") is not None:
        return False
    _, reads = lay_out(inputs)
    cache.keep_check("documents", inputs.key, reads)
    return True
