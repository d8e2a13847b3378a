"""What `kitgen serve` shows, made from a real build: each card face rendered from the PDF by
pdfium (the renderer of the PNG export), the problems, the composition, the charts, the documents.

A Preview is rebuilt on every save. Each card's image is named by the build's content key of what
its face is drawn from (its data, place in the deck, template, icons, art, fonts, card size:
the build's face keys, kitgen/kit/prepare.py), so only a card whose face changed is rendered again and reloaded by
the page, whatever file the save touched (a line added above a card moves it, and changes
nothing drawn), and nothing needs to look at the game's files to find out. The charts (a page a
deck) are drawn again only when the figures they show changed.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

from kitgen.errors import KitgenError, Problem, printable, sort_problems

DPI = 110  # a card is about 275 x 385 px: sharp on a laptop screen, quick to render


def render_pages(pdf: Path, pages: list[int] | None, dpi: float = DPI) -> list[bytes]:
    """PNG bytes of some pages of a PDF (None: all), drawn by the PNG export's renderer
    (render/pixels.py): the preview shows what `kitgen export --format png` writes, at screen size."""
    import pypdfium2 as pdfium

    from kitgen.render.pixels import render_page

    document = pdfium.PdfDocument(str(pdf))
    try:
        images = []
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            size = (round(page.get_width() * dpi / 72), round(page.get_height() * dpi / 72))
            out = io.BytesIO()
            render_page(page, size).save(out, format="PNG")
            images.append(out.getvalue())
            page.close()
        return images
    finally:
        document.close()


SCRATCH = "kitgen-serve-"  # a preview's scratch folder in the temporary folder: its kit and cache
OWNER = "pid"  # in it: the process that made it


def _remove_abandoned(temp: Path) -> None:
    """Scratch folders of previews whose process is gone (killed with SIGKILL, or the machine
    stopped): each holds a whole kit. Only this user's folders, never through a link; on POSIX
    (elsewhere signal 0 is no "are you there")."""
    if os.name != "posix":
        return
    for folder in temp.glob(f"{SCRATCH}*"):
        try:
            info = os.lstat(folder)
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
                continue
            pid = int((folder / OWNER).read_text(encoding="ascii").strip())
            if pid > 0 and not _alive(pid):
                shutil.rmtree(folder, ignore_errors=True)
        except (OSError, ValueError):  # not one of ours as we make them, or taken meanwhile: left alone
            continue


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def _problem(p: Problem) -> dict:
    """A problem as the page shows it: as the terminal does (errors.printable: a file name that is
    not UTF-8 as \\xe9, a control character as \\x1b)."""
    return {"where": printable(str(p.where)), "level": p.level, "message": printable(p.message), "text": str(p)}


class Preview:
    """The state the page shows; refresh() after every save. Read by the server's threads: each
    refresh replaces `state` (a dict) and `images` at once."""

    def __init__(self, project, game_ref: str):
        self.project, self.game_ref = project, game_ref
        self.folder = Path(game_ref)
        _remove_abandoned(Path(tempfile.gettempdir()))
        self.out = Path(tempfile.mkdtemp(prefix=SCRATCH))
        (self.out / OWNER).write_text(str(os.getpid()))
        self.images: dict[str, bytes] = {}  # content key -> PNG
        self.documents: dict[str, Path] = {}
        self.charts: tuple[str, list[str]] = ("", [])  # (what the charts show, hashed; their pages' URLs)
        self.version = 0
        self.state: dict = {"version": 0, "cards": [], "problems": [], "ok": False, "decks": []}

    @property
    def written(self) -> list[Path]:
        """The folders its builds write: a watch never takes them for the designer's changes."""
        from kitgen.kit.cache import kit_cache_folder

        return [self.out, kit_cache_folder(self.out / "kit")]

    def close(self) -> None:
        shutil.rmtree(self.out, ignore_errors=True)

    def refresh(self) -> dict:
        from kitgen.kit.build import Options, build_game
        from kitgen.model import PrintSettings
        from kitgen.units import Length

        # One card a page (page i is a face), and drawn even when a card's text does not fit: the
        # designer sees that card as it would print, marked, beside the error.
        options = Options(PrintSettings(layout="single", bleed=Length(0.0)), draft=True)
        try:
            report = build_game(self.project, self.game_ref, self.out / "kit", options)
        except KitgenError as exc:  # keep showing the last good cards under the problems
            problems = [_problem(p) for p in sort_problems(exc.problems)]
            return self._publish({**self.state, "ok": False, "stale": True, "problems": problems})
        troubled = {(p.where.file, p.where.line) for p in report.errors if p.where}  # a face's error is at its card
        cards, backs = self._cards(report.game, report.face_keys, troubled)
        self.documents = {p.name: p for p in report.files if p.suffix == ".pdf" and not p.name.startswith("cards-")}
        charts = self._charts(report.game)
        return self._publish({"ok": not report.errors, "stale": False, "title": report.game.title, "cards": cards,
                              "backs": backs, "charts": charts,
                              "problems": [_problem(p) for p in sort_problems(report.errors + report.warnings)],
                              "decks": self._composition(report.game), "documents": sorted(self.documents)})

    def failed(self, line: str) -> dict:
        """A refresh that ended in something other than the game's problems (a bug in kitgen, a file
        the system refused): said on the page as in the terminal, over the last good cards."""
        problem = {"where": "kitgen", "level": "error", "message": line, "text": printable(line)}
        return self._publish({**self.state, "ok": False, "stale": True, "problems": [problem]})

    def _publish(self, state: dict) -> dict:
        self.version += 1
        self.state = {**state, "version": self.version}
        return self.state

    def _cards(self, game, face_keys: dict[str, str], troubled=frozenset()) -> tuple[list[dict], list[dict]]:
        """Each card, and each deck's back, with its image: rendered only when new. A card at a
        (file, line) in `troubled` has an error (its text does not fit)."""
        from kitgen.layout.cards import BACK, face_key

        cards, backs = [], []
        wanted: dict[Path, dict[str, int]] = {}  # a deck's PDF -> face key -> its page
        for deck in game.decks:
            pdf = self.out / "kit" / f"cards-{deck.id}.pdf"
            page = 0
            for number, card in enumerate(deck.cards):
                key = face_keys[face_key(deck.id, number)]  # what the face is drawn from: its page's pixels
                wanted.setdefault(pdf, {}).setdefault(key, page)
                error = card.where is not None and (card.where.file, card.where.line) in troubled
                cards.append({"deck": deck.name, "deck_id": deck.id, "type": card.type, "name": card.name, "error": error,
                              "id": card.id, "copies": card.copies, "image": f"/img/{key}.png"})
                page += 2 * card.copies  # single layout: each copy is a front page and its back
            if deck.cards:
                key = face_keys[face_key(deck.id, BACK)]
                wanted[pdf].setdefault(key, 1)  # the first card's back
                backs.append({"deck": deck.name, "deck_id": deck.id, "image": f"/img/{key}.png"})
        fresh: dict[str, bytes] = {}
        for pdf, pages in wanted.items():
            new = [(key, page) for key, page in pages.items() if key not in self.images]
            if new:
                fresh |= dict(zip([key for key, _ in new], render_pages(pdf, [page for _, page in new]), strict=True))
        keep = {c["image"][5:-4] for c in cards + backs} | {url[5:-4] for url in self.charts[1]}
        self.images = {k: v for k, v in {**self.images, **fresh}.items() if k in keep}
        return cards, backs

    def _charts(self, game) -> list[str]:
        """The stats pages (one a deck) as images, drawn again only when their figures or colours
        changed (a card renamed, a rule reworded: the same charts)."""
        from kitgen.check.stats import stats_report

        colors = {t.name: t.color for t in game.card_types}
        figures = stats_report(game, {})
        shown = hashlib.sha1(json.dumps([figures, colors], sort_keys=True, default=str).encode()).hexdigest()[:16]
        if self.charts[0] == shown:
            return self.charts[1]
        from kitgen.load.looks import read_look
        from kitgen.render.fonts import font_files, register_fonts
        from kitgen.render.stats import render_stats

        # A build that reused every file registered no font (kit/build.py): the charts draw with them.
        folder = self.project.game_folder(self.game_ref)
        look = read_look(game.look, folder, self.project.templates)[1]
        register_fonts(font_files(self.project.fonts, game.fonts, folder, look))
        path = self.out / "stats.pdf"
        render_stats(figures, path, colors)
        pages = {f"stats-{shown}-{number}": png for number, png in enumerate(render_pages(path, None, dpi=80))}
        for url in self.charts[1]:  # the page asks for the new ones
            self.images.pop(url[5:-4], None)
        self.images.update(pages)
        self.charts = (shown, [f"/img/{key}.png" for key in pages])
        return self.charts[1]

    @staticmethod
    def _composition(game) -> list[dict]:
        from kitgen.check import deck_stats

        return [{"name": deck.name, "cards": sum(c.copies for c in deck.cards),
                 "types": [{"type": s.type, "cards": s.cards} for s in deck_stats(game, deck)]}
                for deck in game.decks]
