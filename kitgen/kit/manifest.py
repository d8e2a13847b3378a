"""What the manifest and the sheets say of how to print, in the game's language: each file's
printing instruction, and the kit summary the manifest template writes (files, pages, sheets of
paper, what else the table needs). Values only: kit/build.py lays them out and draws them."""
from __future__ import annotations

from kitgen.language import ENGLISH, N_, Language
from kitgen.layout.impose import Spec, plan_grid
from kitgen.layout.marks import cutting_without, marks_left_out
from kitgen.model import Game, for_players
from kitgen.units import to_mm


def instruction(spec: Spec, _: Language = ENGLISH) -> str:
    """How the card sheets are printed, in the game's language (`_`)."""
    if spec.layout == "single":
        return _("One card a page, front then back, trim and bleed boxes set: for print shops")
    if spec.layout == "gutterfold":
        return _("Print at 100% (actual size), one-sided; fold on the line, then cut")
    if spec.duplex == "off":
        return _("Print at 100% (actual size), one-sided; then print the backs file on the back, flipped on the long edge")
    return double_sided(spec.duplex, _)


def double_sided(edge: str, _: Language) -> str:
    if edge == "short-edge":
        return _("Print at 100% (actual size), double-sided, flip on short edge")
    return _("Print at 100% (actual size), double-sided, flip on long edge")


# The documents (rules, reference, player sheet, manifest): read and written on, never backed.
DOCUMENT_PRINTING = N_("Print at 100% (actual size), one-sided")
TOKENS = "tokens.pdf"  # the game's punch-out pieces (layout/tokens.py), when it declares any
COUNTED = ("rules.pdf", "reference.pdf", "player-sheet.pdf")  # the documents the manifest counts the pages of


def token_printing(game: Game, spec: Spec) -> str:
    """How tokens.pdf is printed: one-sided, unless a piece's two sides differ (a token's `back:`):
    then double-sided, flipped as the card sheets are (a one-sided printer: turned on the long edge)."""
    if not any(token.back for token in game.tokens):
        return game.language(DOCUMENT_PRINTING)
    return double_sided(spec.duplex, game.language)  # off: a one-sided printer turns the sheet on the long edge


def kit_summary(game: Game, spec: Spec, sheets: dict, pages: dict[str, int]) -> dict:
    """What the manifest says about this build, in the game's language: files, pages, sheets of paper
    and how to print, and the sheets of paper in all (documents one-sided and double-sided; a player
    sheet per player)."""
    from kitgen.check.tokens import most_players

    _ = game.language
    one_sided = spec.layout != "grid" or spec.duplex == "off"
    players = most_players(game)
    files = _sheet_files(game, spec, sheets, players, one_sided)
    fixed = sum(file["sheets"] for file in files if isinstance(file["sheets"], int))
    copies = {"player-sheet.pdf": players}
    for name, what in (("rules.pdf", _("Rules summary")), ("reference.pdf", _("Reference sheet")),
                       ("player-sheet.pdf", _("Player sheet, one per player"))):
        sheets_of = pages[name] * copies.get(name, 1)
        files.append({"name": name, "what": what, "pages": pages[name], "how": _(DOCUMENT_PRINTING),
                      "sheets": _.ngettext("{sheets} for {count} player", "{sheets} for {count} players", players,
                                           sheets=sheets_of) if name in copies else sheets_of})
    documents_one = sum(pages[name] * copies.get(name, 1) for name in COUNTED)
    documents_two = sum((pages[name] + 1) // 2 * copies.get(name, 1) for name in COUNTED)
    grid = plan_grid(spec.paper, spec.card, spec=spec)
    return {"files": files, "also_need": also_need(game), "players": players,
            "cutting": cutting_without(grid, marks_left_out(grid), _),  # the manifest's "After cutting", without marks
            "sheets_one_sided": fixed + documents_one, "sheets_double_sided": fixed + documents_two,
            "paper": f"{_(PAPERS[spec.paper_name]) if spec.paper_name in PAPERS else spec.paper_name} ({_size(spec.paper, _)})",
            "card_size": _size(spec.card, _),
            "layout": _(LAYOUTS[spec.layout]), "duplex": _("none (one-sided)") if one_sided else _(EDGES[spec.duplex])}


def _size(size: tuple[float, float], _: Language) -> str:
    """'215.9 x 279.4 mm', its decimals as the game's language writes them."""
    return f"{_.decimal(to_mm(size[0]))} x {_.decimal(to_mm(size[1]))} mm"


# The manifest's words for --paper, --layout and --duplex (the options' values are kept in English).
PAPERS = {"letter": N_("letter"), "legal": N_("legal")}
LAYOUTS = {"grid": N_("grid"), "gutterfold": N_("gutterfold"), "single": N_("single")}
EDGES = {"long-edge": N_("long-edge"), "short-edge": N_("short-edge")}


def _sheet_files(game: Game, spec: Spec, sheets: dict, players: int, one_sided: bool) -> list[dict]:
    """The manifest's rows for the card sheets and the tokens."""
    _ = game.language
    more = _("; print it again for more players") if game.players.rstrip().endswith("+") else ""
    files = []
    for name, file_pages in sheets.items():
        if name == TOKENS:
            how = token_printing(game, spec)
            files.append({"name": name, "what": _.ngettext("Tokens for {count} player: cut out each piece{more}",
                                                           "Tokens for {count} players: cut out each piece{more}",
                                                           players, more=more),
                          "pages": len(file_pages), "how": how,
                          "sheets": len(file_pages) if how == _(DOCUMENT_PRINTING) else len(file_pages) // 2})
            continue
        deck = next(d for d in game.decks if name.startswith(f"cards-{d.id}"))
        backs = name.endswith("-backs.pdf")  # duplex off: printed on the back of the fronts' sheets
        files.append({"name": name, "what": _("{deck}: backs", deck=deck.name) if backs else _("{deck}: cards", deck=deck.name),
                      "pages": len(file_pages),
                      "sheets": _("the same") if backs else len(file_pages) if one_sided else len(file_pages) // 2,
                      "how": instruction(spec, _)})
    return files


def _die_name(sides: int, count: int, _: Language) -> str:
    """'ten-sided die (d10)', 'ten-sided dice (d10)': the die kind in the game's language."""
    named = {4: _.ngettext("four-sided die (d4)", "four-sided dice (d4)", count),
             6: _.ngettext("six-sided die (d6)", "six-sided dice (d6)", count),
             8: _.ngettext("eight-sided die (d8)", "eight-sided dice (d8)", count),
             10: _.ngettext("ten-sided die (d10)", "ten-sided dice (d10)", count),
             12: _.ngettext("twelve-sided die (d12)", "twelve-sided dice (d12)", count),
             20: _.ngettext("twenty-sided die (d20)", "twenty-sided dice (d20)", count)}
    return named.get(sides) or _.ngettext("{sides}-sided die (d{sides})", "{sides}-sided dice (d{sides})", count,
                                          sides=sides)


def also_need(game: Game) -> list[dict]:
    """What the manifest's "You also need" lists: the dice the game's tables roll (the most of each kind
    one roll needs), then what the game's data names (`also_need:`)."""
    from kitgen.check.dice import die_range

    _ = game.language
    dice: dict[int, tuple[int, str]] = {}
    for table in for_players(game).tables:  # a table only the simulator reads is rolled by no player
        bounds = die_range(table.die) if table.die else None
        if bounds:
            count, high = bounds
            sides = high // count
            if count > dice.get(sides, (0, ""))[0]:
                dice[sides] = (count, _("the {table} rolls {die}", table=table.name, die=table.die))
    named = " ".join(item.name for item in game.also_need)  # the data's own line for a die kind wins
    needed = [{"name": _die_name(sides, count, _), "count": str(count), "why": why}
              for sides, (count, why) in sorted(dice.items()) if f"(d{sides})" not in named]
    return needed + [{"name": item.name, "count": item.count, "why": item.why} for item in game.also_need]
