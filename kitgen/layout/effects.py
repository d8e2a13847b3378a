"""The effects box: the card's body below the picture. One row per effect (attribute and a signed
value), grouped by condition; then the card's text (with markup, see richtext.py), its keywords,
its flavour line, when to play it, the type's reminder and the erratum note. All shrink together
until they fit, never below the game's min_text_size; what is left over is shared out as space.

  [icon] Military ........ [+2]      positive: filled badge
  IB  If Benevolent
  [icon] Trade ........... (−1)      negative: outlined badge with a minus sign (reads in black and white)
         Special rule text, centred
         "A flavour line, in italics"
         PLAY IN: CONSTRUCTION · EXPLOITATION
         ----- the type's reminder, italic -----
         † Corrected: the card list gives ED+2, a code no rule defines
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kitgen.layout.fit import LEADING, STEP
from kitgen.layout.richtext import Piece, line_width, one_run, parse, place_line, wrap_pieces
from kitgen.layout.shapes import Icon, Line, Measure, Rect, Shape, Text
from kitgen.language import ENGLISH, Language
from kitgen.load.fields import field_text, shown_fields
from kitgen.model import TARGET_LABELS, Box, Record, effect_value

ROW = 1.6  # effect row height as a multiple of the size: room for the badge
TIGHT = 1.45  # rows closer (the badge is 1.3 high) before a card gives up its 'Play in' line or goes below 7 pt
HEADING = 0.85  # condition headings are smaller than rows
SECOND = 0.85  # reminder, timing and erratum lines: a step below the main text, never below the minimum
DAGGER = "\u2020"  # marks a value or name the kit corrected from its source (an erratum)
# Left out, in this order, when the body cannot fit at the minimum size: the type's reminder, then the
# erratum's legend (the dagger on the name and the value stays: the rules say what it marks), then timing.
OPTIONAL = ("reminder", "erratum", "when")


@dataclass(frozen=True, eq=False, repr=False)
class Row(Record):
    """One effect as an effects box prints it: its label (and shorter forms), its value, its icon."""

    labels: tuple[str, ...]  # the label, then shorter forms the data allows (the attribute's abbreviation)
    value: str
    negative: bool
    icon: str  # the attribute's icon name; "" for none


def layout_effects(box: Box, context: dict, color: str, measure: Measure) -> tuple[list[Shape], float, bool]:
    card, game, card_type = context["card"], context["game"], context["type"]
    icons = context.get("icons")
    parts = _parts(card, game, card_type)
    legible = max(box.min_size, float(game.min_text_size))
    # Shrink to the game's minimum with everything, then without the optional lines; only then (a
    # template scaled to a small card) on down to the box's own minimum, which validate warns about.
    # Rows close up before the timing line goes, and before anything shrinks below the minimum.
    stages = [(0, legible, ROW), (1, legible, ROW), (1, legible, TIGHT), (2, legible, TIGHT), (3, legible, TIGHT),
              (3, box.min_size, TIGHT)]
    for drop, floor, rows in stages:
        shown = {k: v for k, v in parts.items() if k not in OPTIONAL[:drop]} | {"rows": rows}
        size = max(box.size, floor)
        while True:  # each try is measured; only the one that fits (or the last) is drawn
            height, fits = _place(box, shown, size, floor, color, card_type.color, measure, icons)
            fits = fits and height <= box.h + 0.01
            if fits or size - STEP < floor - 1e-9:
                break
            size -= STEP
        if fits:
            break
    shapes: list[Shape] = []  # the block centred vertically in what is left
    _place(box, shown, size, floor, color, card_type.color, measure, icons, (shapes, max(0.0, (box.h - height) / 2)))
    sizes = [s.size for s in shapes if isinstance(s, Text)]
    return shapes, min(sizes, default=size), fits


def _parts(card, game, card_type) -> dict:
    errata = {e.id: e for e in game.errata}
    marked = [e for e in (card.erratum, *(effect.erratum for effect in card.effects)) if e and e in errata]
    return {"groups": _groups(card, game), "fields": fields_line(game, card_type, card), "text": card.text, "keywords": "  ·  ".join(card.keywords),
            "flavor": card.flavor, "when": when_to_play(game, card_type), "reminder": card_type.description,
            "erratum": " ".join(erratum_note(errata[e], card.name, game.language) for e in dict.fromkeys(marked)),
            "attribute": lambda name: _attribute(game, name)}


def _attribute(game, name: str) -> tuple[str, str]:
    """{attr:NAME} in card text: the attribute's own name and icon (the name as written if unknown)."""
    attribute = game.attribute(name)
    return (attribute.name, attribute.icon) if attribute else (name, "")


def erratum_note(erratum, name: str, _: Language = ENGLISH) -> str:
    """The fine print under a card (or row) an erratum marks, in players' words: the erratum's own
    `card_note`, else the source's words when they quote this card in short ('† Corrected; the
    original reads "Bunker F ED+2"'), else a pointer to the rules summary's errata (kitgen's words
    in the game's language, `_`)."""
    if erratum.card_note:
        return f"{DAGGER} {erratum.card_note}"
    # A quotation that starts or ends with a space is the gap between two: nested quotes pair wrongly.
    quoted = next((q for q in re.findall(r'"([^"]*)"', erratum.seed)
                   if len(q) <= 40 and q == q.strip() and name.lower() in q.lower()), None)
    return f"{DAGGER} " + (_('Corrected; the original reads "{quoted}"', quoted=quoted) if quoted
                           else _("Corrected: see Errata in the rules summary"))


def fields_line(game, card_type, card) -> str:
    """'Attack 3  ·  Health 5  ·  Rarity rare': the card's declared fields shown as a line (the
    default; badges and marks are layout/badges.py's), in declaration order (its type's, then the
    game's), each under its label; a value the field hides, and an icon field, are left out, and so
    is a field only the simulator reads (`audience: simulator`: load/fields.shown_fields)."""
    shown = []
    for spec in shown_fields(card_type, game.fields):
        text = field_text(card.fields.get(spec.name))
        if not text or spec.kind == "icon" or spec.show != "line" or text in spec.hide:
            continue
        shown.append(f"{spec.label or spec.name.replace('_', ' ').capitalize()} {text}")
    return "  \u00b7  ".join(shown)


def target_label(target: str, label: str, _: Language = ENGLISH) -> str:
    """'Target player: Military' (an effect on another player than its own), else the label alone."""
    if not TARGET_LABELS[target]:
        return label
    return _("{target}: {label}", target=_(TARGET_LABELS[target]), label=label)


def when_to_play(game, card_type) -> str:
    """'Play in: Construction · Exploitation': the phases the game says play this card type (its
    `played_in`, else the phases whose actions play it), or, for a type never played from the hand,
    what it is for ('Not played: spent to pay costs'). Never guessed from the rule text."""
    _ = game.language
    if card_type.not_played:
        return _("Not played: {why}", why=card_type.not_played)
    phases = game.played_in(card_type.name)
    return _("Play in: {phases}", phases=" · ".join(p.removesuffix(" Phase") for p in phases)) if phases else ""


def _groups(card, game) -> list[tuple[str, list[Row]]]:
    order: list[str | None] = []
    rows: dict[str | None, list[Row]] = {}
    for effect in card.effects:
        if effect.condition not in rows:
            order.append(effect.condition)
            rows[effect.condition] = []
        attribute = game.attribute(effect.attribute)
        names = [attribute.name, attribute.abbreviation] if attribute else [effect.attribute]
        labels = tuple(dict.fromkeys(target_label(effect.target, n, game.language) for n in names if n))
        value = effect_value(effect) + (DAGGER if effect.erratum else "")
        rows[effect.condition].append(Row(labels, value, effect.delta < 0, attribute.icon if attribute else ""))
    groups = []
    for condition_id in order:
        condition = next((c for c in game.conditions if c.id == condition_id), None)
        heading = ""
        if condition is not None:
            heading = f"{condition.code}  {condition.name}" if condition.code else condition.name
        groups.append((heading, rows[condition_id]))
    return groups


def _place(box, parts, size, floor, color, accent, measure, icons, drawn=None) -> tuple[float, bool]:
    """The body at `size`: its height and whether it fits across. `drawn` (shapes, dy): its shapes
    are added to `shapes`, moved down by dy (each y worked out, then dy added)."""
    y, fits = box.y, True
    heading_size = max(size * HEADING, floor)
    for heading, rows in parts["groups"]:
        if heading:
            y += heading_size * LEADING
            if drawn:
                drawn[0].append(Text(box.x, y - heading_size * 0.25 + drawn[1], heading.upper(), "bold", heading_size,
                                     accent))
            fits = fits and measure(heading.upper(), "bold", heading_size) <= box.w + 0.01
        for row in rows:
            fits = _row(box, y, row, size, floor, color, accent, measure, icons, parts["rows"], drawn) and fits
            y += size * parts["rows"]
    small = max(size * SECOND, floor)
    blocks = [(parts.get("fields", ""), "bold", size, color, 0.3), (parts["text"], "body", size, color, 0.3), (parts["keywords"], "bold", size, color, 0.2),
              (parts["flavor"], "italic", size, "#333333", 0.35), (parts.get("when", ""), "bold", small, accent, 0.4)]
    for text, font, text_size, text_color, gap in blocks:
        if text:
            y, fits = _paragraph(drawn, box, y + text_size * gap, text, font, text_size, text_color, accent,
                                 measure, (icons, parts["attribute"]), fits)
    if parts.get("reminder"):
        y += size * 0.45
        if drawn:
            drawn[0].append(Line(box.x + box.w * 0.2, y + drawn[1], box.x + box.w * 0.8, y + drawn[1], "#999999", 0.3))
        y, fits = _paragraph(drawn, box, y + small * 0.15, parts["reminder"], "italic", small, "#444444", accent,
                             measure, (icons, parts["attribute"]), fits)
    if parts.get("erratum"):
        y, fits = _paragraph(drawn, box, y + small * 0.35, parts["erratum"], "body", small, "#444444", accent,
                             measure, (icons, parts["attribute"]), fits)
    return y - box.y, fits


def _paragraph(drawn, box, y, text, font, size, color, accent, measure, look, fits) -> tuple[float, bool]:
    """Centred lines of rich text from y down (drawn: see _place); returns the new y and whether
    every line fits across."""
    icons, attribute = look
    lines = _lines(text, font, size, box.w, measure) if ATTRIBUTE_MARK not in text \
        else _wrapped(text, font, size, box.w, measure, attribute)
    for line, width, run in lines:
        y += size * LEADING
        if drawn:
            drawn[0].extend(place_line(line, box.x + box.w / 2, y - size * 0.25, size, color, "center", measure, icons,
                                       accent, width, run, drawn[1]))
        fits = fits and width <= box.w + 0.01
    return y, fits


ATTRIBUTE_MARK = "{attr:"  # the one markup whose pieces depend on the game (richtext.parse asks `attribute`)


Lines = tuple[tuple[tuple[Piece, ...], float, str | None], ...]


def _wrapped(text: str, font: str, size: float, width: float, measure: Measure, attribute) -> Lines:
    """A paragraph's lines, each with its width as place_line draws it and its one_run()."""
    return tuple((tuple(line), line_width(line, size, measure), one_run(line))
                 for line in wrap_pieces(parse(text, font, attribute), size, width, measure))


@lru_cache(maxsize=512)
def _lines(text: str, font: str, size: float, width: float, measure: Measure) -> Lines:
    """_wrapped() of a text without {attr:...} markup, which wraps alike on every card at a size: most
    lines of an effects box are its type's ('Play in: ...', the reminder), tried at the same few sizes
    by card after card. By `measure` too: a build's measure is its fonts (and an old build's
    measure, with the widths it keeps, ~300 kB for Galactic Civ, is held until its lines leave
    this cache: some 20 builds of it in a long `kitgen watch`)."""
    return _wrapped(text, font, size, width, measure, None)


def _row(box, y, row: Row, size, floor, color, accent, measure, icons, rows: float = ROW, drawn=None) -> bool:
    """[icon] Attribute ........ (+2), drawn as _place says. The label takes the first of its forms
    that ends a clear gap before the badge; when none does, the row does not fit at this size."""
    x = box.x
    icon = icons.get(row.icon) if icons and row.icon else None
    side = size * 1.15  # the attribute's icon, so the row reads at a glance and in black and white
    if icon is not None:
        x += side + size * 0.35
    badge_h = size * 1.3
    badge_w = measure(row.value, "bold", size) + size * 1.0
    badge_x = box.x + box.w - badge_w
    room = badge_x - size * 0.4 - x
    label, label_size = _label(row.labels, room, size, floor, measure)
    label_w = measure(label, "body", label_size)
    if drawn:
        shapes, dy = drawn
        if icon is not None:
            width, height, commands, name = icon
            shapes.append(Icon(box.x, y + (size * rows - side) / 2 + dy, side, side, (width, height), commands, accent,
                               name))
        baseline = y + size * rows / 2 + size * 0.35 + dy
        shapes.append(Text(x, baseline, label, "body", label_size, color))
        dots_from, dots_to = x + label_w + size * 0.4, badge_x - size * 0.4
        if dots_to > dots_from:
            shapes.append(Line(dots_from, baseline, dots_to, baseline, "#b0b0b0", 0.4))
        top = y + (size * rows - badge_h) / 2 + dy
        fill, stroke, ink = (accent, None, "#ffffff") if not row.negative else ("#ffffff", "#222222", "#222222")
        shapes.append(Rect(badge_x, top, badge_w, badge_h, fill, stroke, 0.9 if stroke else 0.5, badge_h / 2))
        shapes.append(Text(badge_x + badge_w / 2, baseline, row.value, "bold", size, ink, "center"))
    return label_w <= room + 0.01


def _label(forms: tuple[str, ...], room: float, size: float, floor: float, measure: Measure) -> tuple[str, float]:
    """The first form of a label that fits `room` at `size` or, shrunk on its own, at no less than
    `floor` ("All other players: Expansion" at 8.5 pt before "All other players: EXP")."""
    for form in forms:
        width = measure(form, "body", size)
        if width <= room:
            return form, size
        shrunk = int(size * room / width / STEP) * STEP  # widths scale with the size
        if shrunk >= floor - 1e-9:
            return form, shrunk
    return forms[-1], size
