"""The game as frozen dataclasses: what the loader makes and every later stage reads.

Stdlib only. Every record carries `where` (file:line:col it was read from) so any stage can point
at the data. Names read as the YAML keys do: one name per concept.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Literal, NamedTuple

from kitgen.colors import Color, ColorTemplate
from kitgen.errors import Where
from kitgen.language import ENGLISH, N_, Language
from kitgen.units import CardSize, Focus, Length, Offset, PaperSize

Target = Literal["self", "target-player", "all-other-players", "all-players", "next-player"]

# Who a record is for. players: printed in the kit (the default). designers: only in the designer's
# notes (balance findings, how a number was measured). simulator: read only by the balance lab (a
# lookup table of its numbers, a field restating a card's text in numbers, a turn limit only simulated
# games need); the designer's notes list it, no card, sheet or rules summary prints it as a rule.
Audience = Literal["players", "designers", "simulator"]

TARGET_LABELS = {  # in English; printed in the game's language: game.language(TARGET_LABELS[target])
    "self": "",
    "target-player": N_("Target player"),
    "all-other-players": N_("All other players"),
    "all-players": N_("All players"),
    "next-player": N_("Next player"),
}


def slug(name: str) -> str:
    """'Zero-G Construction' -> 'zero-g-construction': kebab-case, as ids and file names are."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def signed(value: int) -> str:
    """+2 / −2 with a true minus sign, as printed on cards."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def effect_value(effect: "Effect") -> str:
    """What an effect's badge says: '+2', '−1', '+1D6' (the card face and every export alike)."""
    return f"+{effect.dice}" if effect.dice else signed(effect.delta)


def front_key(card: "Card") -> str:
    """Which front template a card is drawn with: its type's (the type's name), or its own when it
    names a `template:` or a `frame:` (the key then says which)."""
    if not (card.template or card.frame):
        return card.type
    return f"{card.type}\x00{card.template}\x00{card.frame}"


class Record:
    """What every record below shares: `==`, hash and repr as dataclass(eq=True, repr=True) would
    write them for it (the fields that compare, in order; the fields shown, as `Card(name='A', ...)`),
    written once here instead of compiled for each of the 50 classes: Python 3.11 compiles every
    method a dataclass generates, and these three were ~7 ms of each start (kitgen.model 23 -> 16
    ms). A class lists itself as `@dataclass(frozen=True, eq=False, repr=False)` and `Record` as
    its base; its own __init__, __setattr__ and __delattr__ (frozen) are still generated.
    kit/keys.py hashes the repr as a record's canonical text (tests/unit/test_cache_keys.py)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _COMPARED.get(self.__class__) or _compared(self.__class__)
        return values(self) == values(other)

    def __hash__(self) -> int:
        return hash((_COMPARED.get(self.__class__) or _compared(self.__class__))(self))

    def __repr__(self) -> str:
        form, values = _SHOWN.get(self.__class__) or _shown(self.__class__)
        return form.format(*values(self))


# Per record class, made at its first use: its compared fields' values as a tuple, and its repr's
# format with the shown fields' values (attrgetter: one C call however many fields).
_COMPARED: dict[type, Callable[[Record], tuple]] = {}
_SHOWN: dict[type, tuple[str, Callable[[Record], tuple]]] = {}


def _values(names: list[str]) -> Callable[[Record], tuple]:
    get = attrgetter(*names)
    return get if len(names) > 1 else lambda record: (get(record),)  # attrgetter of one name: the value alone


def _compared(kind: type) -> Callable[[Record], tuple]:
    found = _COMPARED[kind] = _values([f.name for f in fields(kind) if f.compare])
    return found


def _shown(kind: type) -> tuple[str, Callable[[Record], tuple]]:
    names = [f.name for f in fields(kind) if f.repr]
    found = _SHOWN[kind] = (f"{kind.__qualname__}({', '.join(name + '={!r}' for name in names)})", _values(names))
    return found


def _where() -> Where | None:
    return field(default=None, compare=False, repr=False)


@dataclass(frozen=True, eq=False, repr=False)
class Attribute(Record):
    """A score every player tracks. `aliases` are the short forms card text uses."""

    name: str
    description: str = ""
    aliases: tuple[str, ...] = ()
    abbreviation: str = ""
    group: str = ""  # the attribute this one is a sub-factor of (e.g. Economy Energy of Economy)
    icon: str = ""  # an icon name (templates/icons: game-icons.net names)
    start: str = ""  # starting value as printed on the player sheet: "5", "1D6"
    erratum: str | None = None
    # a Major Factor: every change to an attribute of its group changes it too (it is their total, plus
    # what raises it directly); the simulator plays it, the sheet prints the attribute as before
    group_total: bool = False
    worth: "Expr | None" = None  # as a counter's `worth:`: what the greedy player's score is worth to it
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Condition(Record):
    """When an effect applies, e.g. 'IB' (if benevolent) on a Moral Dilemma."""

    id: str
    code: str
    name: str
    text: str = ""
    choice: str = ""  # conditions naming the same choice are its alternatives: one applies, never both
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Effect(Record):
    """A signed change to one attribute, for whom and, optionally, under which condition."""

    attribute: str
    delta: int = 0
    dice: str = ""  # a rolled change instead of a fixed one, e.g. "1D6"
    target: Target = "self"
    condition: str | None = None
    erratum: str | None = None  # id of the erratum that explains where this differs from the source
    where: Where | None = _where()


ANY_PHASE = "any phase"  # played_in: [any phase]: a card played at the start of any phase
FIELD_KINDS = ("text", "whole number", "number", "list of text", "icon", "choice")


# How a card shows a field (`show:` of a CardField): a line of the card's text ("Attack 3"), a
# badge (a shape with the value, at a place on the card), a mark (a small gem with the value beside
# it), or not at all. Places are where the card template's `places:` put them (corners, edges, the
# type line); shapes are layout/outlines.OUTLINES (also a `shape` box's `shape:`).
FieldShow = Literal["line", "badge", "mark", "hidden"]
PlaceName = Literal["top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right",
                    "type-line"]
ShapeName = Literal["circle", "shield", "diamond", "hexagon", "banner", "square", "chamfer"]


class Hidden(tuple):
    """A field's values that are not shown at all (`hide: 0`, `hide: [0, "-"]`), as printed text."""


@dataclass(frozen=True, eq=False, repr=False)
class ValueColor(Record):
    """One entry of a field's `colors:`: the colour its badge or mark takes for that value."""

    value: str
    color: Color
    where: Where | None = _where()


class ValueColors(tuple):
    """A field's `colors: {common: grey, rare: gold}`, in order."""

    def get(self, value: str) -> str:
        return next((entry.color for entry in self if entry.value == value), "")


@dataclass(frozen=True, eq=False, repr=False)
class CardField(Record):
    """A value cards carry beyond effects (attack, health, rarity), declared by the game or a card
    type. `type` is one of FIELD_KINDS or 'choice of [a, b]'; `choices` is parsed from it at load.
    `show` and the keys after it say how a card shows it (a field named `cost` says only that, for
    the card's cost)."""

    name: str
    type: str = "text"
    required: bool = False
    default: str = ""  # as written; typed with the field at load
    label: str = ""  # as printed; default: the name
    choices: tuple[str, ...] = ()
    show: FieldShow = "line"
    place: PlaceName | None = None  # a badge's or mark's place (a mark's default: the type line)
    shape: ShapeName | None = None  # default: a badge is a circle, a mark a diamond
    color: Color | None = None  # default: the card type's colour
    colors: ValueColors = ValueColors()  # per value, over `color`
    icon: str = ""  # drawn in the badge above the value
    hide: Hidden = Hidden()  # values not shown at all (as printed after typing: `hide: 0`)
    audience: Audience = "players"  # simulator: the card face prints no line or badge for it
    where: Where | None = _where()

    @property
    def kind(self) -> str:
        return "choice" if self.type.startswith("choice") else self.type


FieldScalar = str | int | float | tuple[str, ...]


@dataclass(frozen=True, eq=False, repr=False)
class FieldValue(Record):
    """One declared field's value on one card: text as read, typed at load (int, float, tuple)."""

    name: str
    value: FieldScalar
    where: Where | None = _where()


class FieldValues(tuple):
    """A card's field values; templates read them by name: `card.fields.attack`."""

    def __getattr__(self, name: str) -> FieldScalar:
        for item in self:
            if item.name == name:
                return item.value
        raise AttributeError(f"the card has no field '{name}'")

    def get(self, name: str, default: FieldScalar | None = None) -> FieldScalar | None:
        return next((item.value for item in self if item.name == name), default)

    def as_dict(self) -> dict[str, FieldScalar]:
        return {item.name: item.value for item in self}


@dataclass(frozen=True, eq=False, repr=False)
class Counter(Record):
    """Something a player counts and spends (credits, victory points, bases, food): a track or box
    on the player sheet, the unit of costs, and what the simulator keeps per seat."""

    name: str
    icon: str = ""
    start: int = 0
    min: int | None = None
    max: int | None = None
    aliases: tuple[str, ...] = ()
    description: str = ""
    kit_choice: str = ""  # what the kit chose because the source does not say (e.g. the start value)
    total: Expr | None = None  # a derived total: an expression over other counters ("Energy + Minerals")
    # a soft maximum worked out for the player: a gain stops there, what is already above it is kept
    # ("you cannot have more units than ...": no new Units above the cap, none taken away)
    cap: Expr | None = None
    audience: Audience = "players"  # simulator: only the balance lab counts it; no sheet or reference prints it
    # what a player's holding is worth to the greedy player, in hundredths of a point of its nearest
    # victory path (an expression: "5 * Credits"; a counter no victory path reads is otherwise worth
    # nothing to it); never printed
    worth: Expr | None = None
    reset: Literal["", "turn", "round"] = ""  # back to `start` at each turn's (round's) start (Dominion's Coins)
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Price(Record):
    """An amount of one counter. An empty counter (a bare number in a sheet's cost column) means
    the game's only counter; the loader fills it in."""

    counter: str
    amount: int
    where: Where | None = _where()
    expression: str = ""  # an amount the rules work out ("2 * Bases"): paid as worked out for the player

    @property
    def shown(self) -> str:
        """The amount as printed: '10', or an expression in brackets, '(Stalls + 1)' Coins."""
        return f"({self.expression})" if self.expression else str(self.amount)


@dataclass(frozen=True, eq=False, repr=False)
class Cost(Record):
    """What playing a card or taking an action costs. YAML: `{credits: 10}` (every amount), or
    `{any: 15, of: [Food, Hammers]}` (15 in any mix of those counters), or `{text: "6 + 2P Food"}`
    for a price the rules compute (printed as written; the simulator cannot pay it)."""

    pay: tuple[Price, ...] = ()
    any: int = 0
    of: tuple[str, ...] = ()
    text: str = ""
    where: Where | None = _where()

    def __bool__(self) -> bool:
        return bool(self.pay or self.any or self.text)

    def __str__(self) -> str:
        return cost_text(self)

    @property
    def badge(self) -> str:
        """The badge in English (a card template: `(card.cost or type.cost).badge_in(_)`)."""
        return self.badge_in(ENGLISH)

    def badge_in(self, _: Language) -> str:
        """The short form a card's cost badge prints: '10 Credits', '6 Hammers + 2 Food', '15 any mix',
        'Free'; a price the rules compute prints its text only when there is nothing else."""
        parts = [f"{p.shown} {p.counter}" for p in self.pay if p.amount or p.expression]
        if self.any:
            parts.append(_("{count} any mix", count=self.any))
        if not parts and self.pay and not self.text:
            return _("Free")
        return " + ".join(parts) or self.text


def cost_text(cost: Cost | None, _: Language = ENGLISH) -> str:
    """'10 Credits', '6 Hammers + 2 Food', '15 of Food/Hammers', or the rule's own text."""
    if not cost:
        return ""
    parts = [f"{p.shown} {p.counter}" for p in cost.pay if p.amount or p.expression]
    if cost.any:
        parts.append(_("{count} in any mix of {counters}", count=cost.any, counters=", ".join(cost.of)))
    if not parts and cost.pay and not cost.text:
        return _("Free")
    if cost.text:
        parts.append(cost.text)
    return " + ".join(parts)


@dataclass(frozen=True, eq=False, repr=False)
class CardType(Record):
    """A kind of card (a Ship, a Tech): the deck it is in, its colour, code and cost, the fields its cards
    carry, and when and how they are played."""

    name: str
    deck: str
    plural: str = ""
    code: str = ""
    color: Color = Color("#555555")
    description: str = ""
    cost: Cost | None = None  # what playing a card of this type costs, e.g. {credits: 10}
    fields: tuple[CardField, ...] = ()  # values every card of this type may (or must) carry
    played_in: tuple[str, ...] = ()  # phase names (or "any phase"); default: the phases whose actions play it
    not_played: str = ""  # never played from the hand: what the card is for instead ("spent to pay costs")
    icon: str = ""  # an icon name (templates/icons: game-icons.net names)
    frame: str = ""  # a shared card design, card-front-<frame>.yaml: text, picture, tech ...
    uses: tuple["CardUse", ...] = ()  # alternative uses every card of this type offers
    resolve: "Resolution | None" = None  # how a card of this type takes effect (default: its effects apply)
    triggers: tuple["OnEvent", ...] = ()  # what happens when a card of this type is played, discarded ...
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class CardUse(Record):
    """One of several things a card can be played for (Galactic Supremacy's Command cards)."""

    name: str
    text: str
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Card(Record):
    """One card of a deck as its data says it: name, type, effects and text, how many copies print, and
    what else it carries (cost, fields, art, actions)."""

    name: str
    type: str
    effects: tuple[Effect, ...] = ()
    text: str = ""
    copies: int = 1
    id: str = ""
    cost: Cost | None = None  # overrides the type's cost
    fields: FieldValues = FieldValues()  # declared fields (the type's and the game's), typed at load
    template: str = ""  # this card's own template file (card-front-<template>.yaml), over its type's
    frame: str = ""  # this card's frame, over its type's
    keywords: tuple[str, ...] = ()
    kit_choice: str = ""  # which of this card's values the kit chose because the source gives none
    erratum: str | None = None
    art: str = ""  # an image file, relative to the game folder (else art/<card id>.png|jpg|webp)
    art_focus: Focus = Focus("")  # "x,y" from 0 to 1: the point of the picture to keep when cropping to the box
    icon: str = ""  # the card's own picture: an icon name of the icon set (game-icons.net names)
    flavor: str = ""  # a line of flavour text, printed in italics
    variant_of: str = ""  # the name or id of the card (same deck) this one is a variant of: they may share a picture
    actions: tuple["Action", ...] = ()  # what the card lets its player do beyond its effects (play 1 Ship card)
    wild: "Wild | None" = None  # who may meld it as another card, and in which melds (the meld step); never printed
    triggers: tuple["OnEvent", ...] = ()  # what happens when this card is played, discarded ... (Princess: out)
    # its text only reminds players of a rule the game's own steps play (Sushi Go's "a pair of Tempura
    # scores 5" is the round's scoring): the card has no coverage row of its own, the rule has
    reminder: bool = False
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class DeckRule(Record):
    """A composition rule the deck declares; `rule` names an entry of check.rules.RULES."""

    rule: str
    count: int | None = None
    type: str | None = None
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Back(Record):
    """What a deck's card backs show: title and subtitle, colours, and a picture or an icon pattern."""

    title: str = ""
    subtitle: str = ""
    color: Color = Color("#333333")
    accent: Color = Color("#cccccc")
    image: str = ""  # an image for the whole back, relative to the game folder
    icon: str = ""  # the back's pattern (an icon name); default: the icon of the deck's first card type
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Deck(Record):
    """A deck: its id, name and code, its cards, the composition rules it declares and its back."""

    id: str
    name: str
    code: str
    cards: tuple[Card, ...] = ()
    rules: tuple[DeckRule, ...] = ()
    back: Back = Back()
    optional: bool = False
    description: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Trigger(Record):
    """Who a phase rewards: the player with the highest (or lowest) score in an attribute."""

    kind: Literal["highest", "lowest"]
    attribute: str
    where: Where | None = _where()


class Expr(str):
    """A number the rules give: a whole number (`5`) or an expression over counters and attributes
    (`"2 * Bases + 5"`, `"Military - 3"`): names are a counter's or attribute's name (spaces as _),
    an alias or an abbreviation, and `turn` and `players`; + - * / (division rounds down) and
    brackets; every value is capped at +-10^12 and a division by zero gives 0. Checked at load."""


@dataclass(frozen=True, eq=False, repr=False)
class Amount(Record):
    """One counter (or attribute) and a number: one entry of `{Military: 5, Economy: "2 * Bases"}`."""

    counter: str
    value: Expr
    where: Where | None = _where()


class Amounts(tuple):
    """A mapping of counters to numbers, as written: `at_least: {Military: 5}`."""


TieRule = Literal["nobody", "share"]


@dataclass(frozen=True, eq=False, repr=False)
class When(Record):
    """A condition, as data (phases' and victory paths' `when:`, `game_end:`). Every key given in one
    mapping must hold (`{turn_after: 10, highest: [Military]}`); `any:` holds when one of its
    conditions does, `all:` when each does, `none:` when none does.

    highest / lowest: the player has the single highest (lowest) score in each counter named; `by`
    asks for a lead of at least that many points over every other player (0: strictly ahead).
    A tie among the best: `tie_break` names counters compared in turn among those tied, then
    `tie` settles what is left: nobody (no one has it) or share (each of them has it).
    most_highest: the player is strictly highest in more attributes than any other player;
    players level on that count are settled by `tie_break`, then `tie`, as above.
    at_least / more_than / at_most / less_than: {COUNTER: N}, N a number or an expression.
    turn_after: after that turn (from turn N + 1); end_of_turn: at the end of turn N, once every
    player has played it (checked for every player at once); game_over: when the game ends
    (`game_end:`). empty: those decks have no card left to draw (draw pile and discard).
    cards_in, flag, streak and last_standing: see their fields. highest / lowest may name an
    expression as well as a counter: `highest: ["max(hand.value)"]`."""

    highest: tuple[str, ...] = ()
    lowest: tuple[str, ...] = ()
    by: Expr = Expr("0")
    tie: TieRule = "nobody"
    tie_break: tuple[str, ...] = ()  # counters, or dice the tied roll off on ("1D6"), in turn
    most_highest: bool = False
    at_least: Amounts = Amounts()
    more_than: Amounts = Amounts()
    at_most: Amounts = Amounts()
    less_than: Amounts = Amounts()
    turn_after: int | None = None
    end_of_turn: int | None = None
    game_over: bool = False
    empty: tuple[str, ...] = ()
    cards_in: Amounts = Amounts()  # {ZONE: N}: the player has at least N cards in that zone (market: on the table)
    flag: tuple[str, ...] = ()  # the player holds each of these flags (set by `do: flag`)
    streak: Amounts = Amounts()  # {FLAG: N}: the player has held the flag at the end of each of the last N turns
    last_standing: bool = False  # every other player is out (eliminate:)
    test: Expr | None = None  # an expression that holds when it is not 0: "sum(won.points) == 26"
    target: "When | None" = None  # holds for the player a step targets (a battle's other side, a roll's target)
    all: tuple["When", ...] = ()
    any: tuple["When", ...] = ()
    none: tuple["When", ...] = ()
    where: Where | None = _where()


ZoneKind = Literal["pile", "in-play", "market", "attached", "supply"]
ZoneOwner = Literal["", "player", "table"]
ZoneSees = Literal["", "nobody", "owner", "everyone"]
ZoneReplace = Literal["", "keyword", "type", "name"]


@dataclass(frozen=True, eq=False, repr=False)
class Zone(Record):
    """A place cards are. Besides the hand (`hand`, each player's, seen by its owner) and each deck's
    draw pile (named as the deck), a game declares: `pile` (ordered, the top is the end: a draw pile,
    a discard, a trick, a player's own deck or the cards it won), `in-play` (before each player, at
    most `limit` cards; a card entering it takes effect), `market` (a face-up row of `size` cards
    dealt from `deck`'s pile, refilled after each buy; when the deck runs out the row shrinks),
    `supply` (piles by card name: `deck`'s copies start there), `attached` (cards under a card of an
    in-play zone `on`, at most `limit` under each).

    `owner`: player (one such zone per player) or table (one for the table); empty: by kind (in-play
    and attached are a player's, the others the table's). `sees`: who may know its cards without
    being shown them: nobody, owner or everyone; empty: nobody for a draw pile (a pile with `deck` or
    `reshuffle`), everyone otherwise. A pile with `deck` is that deck's draw pile (its copies start
    there, shuffled); `reshuffle: ZONE`: when it is drawn from empty, ZONE is shuffled in (its top
    `keep` cards stay: Uno's discard keeps its top card), and a card of the deck discarded without
    `to:` goes to ZONE."""

    name: str
    kind: ZoneKind = "pile"
    audience: Audience = "players"  # simulator: where only the balance lab keeps cards, not in the rules summary
    owner: ZoneOwner = ""
    sees: ZoneSees = ""
    deck: str = ""
    reshuffle: str = ""
    keep: int = 0
    size: int = 0
    limit: int = 0  # 0: no limit
    on: str = ""
    text: str = ""
    # in-play: at most this many cards per player, worked out when one enters ("count(technologies)");
    # attached: at most this many under each card, worked out for that card (its fields bare, this.ZONE
    # what is under it: "1 + (count(this.population) >= 3)"); empty: `limit` alone
    room: Expr | None = None
    # in-play: one card of each kind (its first keyword, its type or its name): a card entering
    # replaces the one of its kind, which leaves play (its effects undone) for the discard
    replace: ZoneReplace = ""
    # a pile whose cards stay in it from one round to the next (cards set aside for the rest of the game,
    # Sushi Go's puddings kept for the end): they are not sent home, nor dealt again
    stays: bool = False
    # in-play or attached: what its cards' effects give these counters is a yield, read by a step
    # (`gain: {Food: "sum(land.Food)"}`, every Collect step), not a gain when the card enters play
    yields: tuple[str, ...] = ()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class FieldTest(Record):
    """One clause of a filter: a card's `field` (a declared field, `name`, `type` or `keyword`) is one
    of `values` (as written), or compares with numbers (a choice field by its place in the list)."""

    field: str
    values: tuple[str, ...] = ()
    at_least: Expr | None = None
    more_than: Expr | None = None
    at_most: Expr | None = None
    less_than: Expr | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Filter(Record):
    """Which cards a step picks, or a trigger or a rule reads (`filter:`): every clause must hold
    (`{suit: Hearts}`, `{type: [Wild, Wild Draw Four]}`, `{rank: {at_least: 10}}`, `{keyword: fast}`),
    `not:` must not, one of `any:` must, and `test:` is an expression over the card's own fields
    (`"value > max(expedition.value, color=color)"`)."""

    clauses: tuple[FieldTest, ...] = ()
    negated: "Filter | None" = None
    any: tuple["Filter", ...] = ()
    test: Expr | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Scoring(Record):
    """A scoring schedule: at the end of each of `turns` (empty: every turn) the players ranked by
    `rank` (highest first) gain `points` (to the first, the second ...) in `counter`. Players tied for a
    place each gain its points (`tie: share`) or nobody gains them (`tie: nobody`)."""

    rank: str
    counter: str
    points: tuple[Expr, ...]  # each a number or an expression, worked out for each player it goes to
    turns: tuple[int, ...] = ()
    tie: TieRule = "share"
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class TurnOrder(Record):
    """Who plays first each turn: the highest in `by` (the next names break a tie), then the seat
    order; ranked again at the start of every turn. `roll` ("1D6"): a tie left after `by` is rolled
    off instead, high first, the tied rolling again while still tied. `phase`: the phase whose printed rule says this order (the rules summary prints it
    there, not again; that phase's trigger must be the highest of `by`'s first)."""

    by: tuple[str, ...] = ()
    roll: str = ""
    phase: str = ""
    text: str = ""
    rotate: bool = False  # the first player passes left each turn (seat order from the turn's first player)
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Wild(Record):
    """A card a player may meld as a card of another kind (`wild:` of a card; the vocabulary's `meld`
    step plays it): while `when` holds for the player (none: always), in melds of the cards named in
    `melds` (empty: any), at most `limit` of it in one meld (0: no limit)."""

    when: When | None = None
    melds: tuple[str, ...] = ()
    limit: int = 0
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Elimination(Record):
    """A player is out when `when` holds for it (checked after every player's turn): it takes no
    more turns; `last_standing:` victory paths then find the one left."""

    when: When
    text: str = ""
    audience: Audience = "players"  # simulator: said in the rules' own words elsewhere, not again in the summary
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class GameEnd(Record):
    """When the game ends before its last turn (`game_end: {when: {empty: [technologies]}}`): checked
    after every player's turn; then the victory paths that say `game_over: true` are checked for
    every player, and the single player who meets one wins (two or more, or none: no winner)."""

    when: When
    text: str = ""
    where: Where | None = _where()


def single_rank(when: "When | None") -> Trigger | None:
    """A condition that is only "the single highest (or lowest) of one counter", as a Trigger: what
    the rules summary prints for a phase, and what the simulator checks without a condition."""
    if when is None or len(when.highest) + len(when.lowest) != 1 or when != When(
            highest=when.highest, lowest=when.lowest, where=when.where):
        return None
    kind: Literal["highest", "lowest"] = "highest" if when.highest else "lowest"
    return Trigger(kind, (when.highest or when.lowest)[0], when.where)


@dataclass(frozen=True, eq=False, repr=False)
class Phase(Record):
    """A phase of the turn: its rule text, who plays it or is rewarded in it, and its steps."""

    name: str
    text: str
    trigger: Trigger | None = None
    also: tuple[Trigger, ...] = ()  # further bonuses in the same phase (highest Culture also gains 1 VP)
    # Everyone plays the phase and the trigger names who gets a bonus in it (Civ Builder's Draw Phase:
    # all draw 5, the highest Agriculture a sixth); without it the phase is the trigger holder's alone.
    everyone: bool = False
    summary: str = ""
    flavor: str = ""
    actions: tuple["Action", ...] = ()  # the phase's rule as steps the simulator plays (kitgen simulate)
    when: When | None = None  # who plays the phase (a condition); `trigger` is the older, shorter form
    # the phase is played once a turn, by the turn's first player, for the whole table (an election,
    # a battle phase of secret orders), not by each player in turn
    once: bool = False
    approximated: str = ""  # why its steps only approximate its rule text (the coverage says so)
    kit_choice: str = ""  # a phase the simulator does not play as written: the kit choice that says how
    where: Where | None = _where()

    @property
    def rewards(self) -> Trigger | None:
        """Who the phase is for when that is one player's highest (lowest) score: its `trigger`, or
        a `when:` that says only that (what the rules summary and reference print)."""
        return self.trigger or single_rank(self.when)


@dataclass(frozen=True, eq=False, repr=False)
class VictoryPath(Record):
    """A way to win: its text, and the condition that wins (`when`, or the older keys beside it)."""

    name: str
    text: str
    after_turn: int | None = None
    at_end_of_turn: int | None = None
    highest: tuple[str, ...] = ()
    highest_any: tuple[str, ...] = ()
    margin: int = 0
    most_attributes: bool = False
    thresholds: tuple["Threshold", ...] = ()
    any_threshold: bool = False  # one threshold is enough (else all are needed)
    when: When | None = None  # the condition, as data (the keys above are its older, shorter form)
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Threshold(Record):
    """More than `more_than` points in `attribute`: one of a victory path's thresholds."""

    attribute: str
    more_than: int
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class TableRow(Record):
    """A roll ("1-2", "9+") on a dice table, or a key ("Conquest", "1-4") on a lookup table."""

    roll: str
    result: str
    attribute: str | None = None
    effects: tuple[Effect, ...] = ()
    text: str = ""
    erratum: str | None = None
    any_attribute: bool = False  # the roller picks any attribute ("9+ Pick One")
    attributes: tuple[str, ...] = ()  # the attributes the result names (a Tech of either): a step's `attributes`; never printed
    # what the simulator plays of the row (never printed: the row's own words say it): its steps,
    # taken when the row is rolled or, in a lookup table, when `when:` holds for the player; a
    # lookup row's `when:` also says whose its result is (a vote, a Force Bonus); `bid:` the counter
    # players bid, the result then being per unit bid
    actions: tuple["Action", ...] = ()
    when: When | None = None
    bid: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class DiceTable(Record):
    """A table rolled on with `die`, or looked up by its rows' `roll` text when it has none."""

    id: str
    name: str
    rows: tuple[TableRow, ...]
    die: str = ""  # "1D10"; empty for a lookup table, whose rows are keyed by `roll` text
    columns: tuple[str, ...] = ()  # header labels, e.g. [Attribute, Special Action]
    text: str = ""
    audience: Audience = "players"  # simulator: a lookup table only the balance lab reads, never printed
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Notation(Record):
    """A code printed on cards, and what it refers to (a card type code or a condition code)."""

    code: str
    meaning: str
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class RuleSection(Record):
    """A titled part of the rules: paragraphs in order, for the rules summary."""

    id: str
    title: str
    text: tuple[str, ...] = ()
    deck: str | None = None
    phase: str | None = None
    audience: Audience = "players"  # designers: the designer's notes (balance findings), not the rules summary
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Faction(Record):
    """A race, civilization or faction a player chooses, with its starting effects."""

    name: str
    ability: str = ""
    effects: tuple[Effect, ...] = ()
    traits: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    may_not_play: tuple[str, ...] = ()  # card names this faction may never play
    erratum: str | None = None
    # counters this faction starts at other values (its rule lines say them: Force Bonus 2);
    # a counter only the simulator counts (audience: simulator) is printed nowhere
    counters: Amounts = Amounts()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class HandLimit(Record):
    """How many cards a player may hold (`base`), and the rule as written."""

    base: int
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Erratum(Record):
    """Where the source contradicts itself (or misspells): what it says (`seed`, with its lines), what
    the kit uses (`kit`, in players' words), and why. The rules summary prints `kit`; the designer's
    notes print all three; a card or row it marks prints `card_note` in fine print under a dagger."""

    id: str
    seed: str
    kit: str
    why: str
    card_note: str = ""  # in players' words, e.g. "Corrected: the card list gives ED+2, a code no rule defines"
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Formula(Record):
    """A value the rules compute, e.g. population cost '6 + 2P'. Variables are single capitals."""

    name: str
    expression: str
    variables: tuple["Variable", ...] = ()
    text: str = ""
    audience: Audience = "players"  # simulator: worked out by the balance lab only, not on the reference
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Variable(Record):
    """A name in a formula or a limit: what it means and the values its examples try."""

    name: str
    meaning: str
    examples: tuple[int, ...] = (0, 1, 2, 3, 4)
    attribute: str | None = None  # in a limit: the attribute's start value plus the faction's effects
    group_total: bool = False  # ... plus those of every attribute whose group it is (a factor's total)
    start: int | None = None  # in a limit: a count every player starts with (Bases, Units)
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Limit(Record):
    """A rule that caps a count, e.g. 'U <= N(5 + S)': checked against every faction's starting
    position; a start that breaks it is a warning unless `erratum` names the erratum settling it."""

    name: str
    check: str  # two formulas and one comparison: <=, <, >= or >
    variables: tuple[Variable, ...] = ()
    text: str = ""
    erratum: str | None = None
    where: Where | None = _where()


MAX_COLUMNS = 40  # turns, or columns of a player-sheet track: each is a column across the sheet's width


@dataclass(frozen=True, eq=False, repr=False)
class Track(Record):
    """A grid on the player sheet: rows (attributes, technologies, a ledger) across columns
    (turns, rounds or levels). Empty rows mean every attribute; columns 0 means the game's turns."""

    name: str
    rows: tuple[str, ...] = ()  # attribute names (or aliases), checked by the validator
    extra_rows: tuple[str, ...] = ()  # free labels: a credits ledger, cards in hand
    columns: int = 0
    column_label: str = "Turn"
    start: str = "Start"
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class KitChoice(Record):
    """A value the source does not give, chosen by the kit: the rules summary lists `what` (in players'
    words), the designer's notes each one's id, `what` and `why` (the source's words and lines)."""

    id: str
    what: str
    why: str
    audience: Audience = "players"  # simulator: a choice only simulated games need (a turn limit)
    where: Where | None = _where()


ANY = "any"  # a step's `attribute: any`: change or take points in an attribute the player picks

ActionKind = Literal["draw", "play", "discard", "discard-to-limit", "change", "take", "hand-size", "event",
                     "check-victory", "when", "gain", "pay", "exchange", "buy", "attach", "choose", "flag",
                     "meld", "steal", "look-and-take", "swap", "contest", "redraw",
                     "roll", "lookup", "elect", "agree", "mark", "battle", "orders",
                     # the card model's (README, "The card model")
                     "deal", "move", "shuffle", "set", "trash", "reveal", "pass", "draft", "declare", "lead",
                     "reverse", "skip", "take-trick", "score", "look", "guess", "compare", "swap-hands", "out",
                     "reattach", "claim", "detach"]
BattleTie = Literal["again", "defender", "nothing"]


@dataclass(frozen=True, eq=False, repr=False)
class Preference(Record):
    """One line of a strategy: among the options a step offers, take the one of step `do` (buy, play,
    draw ...) with the card `name` (or a card of `type`; neither: any card), while `when` holds for the
    player. `do: nothing` prefers passing (buying nothing)."""

    do: Literal[ActionKind, "nothing"]
    name: str = ""
    type: str = ""
    when: When | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Strategy(Record):
    """A way to play a seat, as data (`strategies:`; `kitgen simulate --policy NAME`): the first of its
    preferences that matches an option offered is taken, else the greedy player's choice. Not a faction:
    any seat may play it. Printed nowhere a player reads; the report's provenance names it."""

    name: str
    prefer: tuple[Preference, ...]
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Restriction(Record):
    """One of a play's `only:` rules: while `when` holds (none: always), only cards that pass `filter`
    may be played, if the player has any (hearts are not led until broken, unless only hearts)."""

    filter: Filter
    when: When | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class CardMatch(Record):
    """A play's `match:`: the card must equal the top card of `zone` in one of `fields` (a field a
    player declared for that card counts as its value), or pass `wild` (Uno: colour or number, or Wild)."""

    zone: str
    fields: tuple[str, ...]
    wild: Filter | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Answer(Record):
    """One of a step's `answers:` (vocabulary/answers.py): before the step is taken, the player it aims
    at (`by: others`: each other player in turn) may discard a card of the hand that passes `filter` to
    answer it; when `works` holds for him (none: always) he takes `then:` and, with `negates`, the step
    is not taken. With `again`, the answer may itself be answered with the same answer (Counter
    Espionage against Counter Espionage): an answer answered that works does not work."""

    name: str
    filter: Filter
    by: Literal["target", "others"] = "target"
    works: When | None = None
    negates: bool = True
    then: tuple["Action", ...] = ()
    again: bool = False
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Trade(Record):
    """A step's `trade:`: what the player is short of a cost's amount it may pay at the bank, `rate`
    (an expression, worked out for the player) of another of the counters `of` for each one short,
    the counter it has most of first (Civilization's "Resources may be traded with the bank at a 3:1
    ratio"; its Currency: 2:1)."""

    rate: Expr
    of: tuple[str, ...] = ()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class UnitBattle(Record):
    """battle's `units:` a battle of units, rounds of dice (vocabulary/units.py): each unit is a card in
    play and rolls its `dice` field plus `bonus` dice; each unit destroys one opposing unit with an equal
    or lower roll (rolls combine), the units that pass `wins_ties` win tied rolls, and rounds go on until
    one side has no unit left. The attacker's units are its cards in `zones`; the defender's, with a
    `world:`, the card of that zone the attacker picks (it falls last) and the cards of `guards` under it
    (every card of `guards` when `all_guards` holds for the defender), else its cards in `zones`."""

    dice: str  # the whole-number card field: the dice each unit rolls
    zones: tuple[str, ...] = ()  # in-play or attached zones: the attacker's units (and the defender's, without `world`)
    world: str = ""  # an in-play zone: the attacker picks one of the defender's cards there to attack
    guards: str = ""  # an attached zone on `world`: the cards under the attacked card defend it
    all_guards: When | None = None  # when it holds for the defender, every card of `guards` defends
    bonus: Expr | None = None  # more dice for each unit of a side, worked out for that side
    wins_ties: Filter | None = None  # the units that win tied rolls (Sectors)
    # attached zones whose cards under a unit add their `dice` field to its roll and fall with it (a Leader)
    riders: tuple[str, ...] = ()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class CardBattle(Record):
    """battle's `cards:` a battle of cards against cards (vocabulary/combat.py): the player sends cards
    of its hand that pass `units` at its `against` players (each unit at one of them, or kept); at each
    defender the units that pass `breaks` destroy one card that passes `broken` each (back to its
    owner's hand; the unit is discarded), then the defender's cards in the `walls` zones send back to
    the attacker's hand as many units as their `bounces` field says; each defender, from the attacker's
    left, blocks a unit one for one with a card of its hand whose list field `blocks` names it (both
    discarded); each unit left takes the row of the step's lookup `table:` its field `damage` names,
    aimed at the defender; then every unit that fought is discarded (Civilization: The Card Game's
    Combat)."""

    units: Filter  # the cards of the hand that may attack
    against: Literal["adjacent", "others"] = "adjacent"  # the players next to the attacker, or every other
    walls: tuple[str, ...] = ()  # in-play or attached zones: the defender's cards there bounce units
    bounces: str = ""  # the whole-number card field: how many units a card in `walls` bounces
    breaks: Filter | None = None  # the attacking units that destroy a wall before the walls bounce
    broken: Filter | None = None  # the walls they destroy (back to their owner's hand)
    blocks: str = ""  # the list-of-text card field: the names of the units a card of the defender's hand blocks
    damage: str = ""  # the card field naming the row of the step's `table:` an unblocked unit takes
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class SetScoring(Record):
    """score's `sets:` every `size` cards that pass `filter` score `points` (Tempura: 2 for 5)."""

    size: int
    points: Expr
    filter: Filter | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class CountScoring(Record):
    """score's `by_count:` the cards that pass `filter` score points[count] (the last for more)."""

    points: tuple[Expr, ...]
    filter: Filter | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Majority(Record):
    """score's `majority:` the players ranked by `value` (highest first) score `points` by place;
    players tied for a place split its points (and the next places'), split its points alone
    (split-place: the places after it that they fill go to nobody, rounded toward zero: Sushi Go's
    maki and puddings), share them whole, or get none."""

    value: Expr
    points: tuple[Expr, ...]
    tie: Literal["split", "split-place", "share", "nobody"] = "split"
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Action(Record):
    """One step of a phase's (or a card's) rule, as `kitgen simulate` plays it. `do` says which:
    draw COUNT cards (from `deck`, else the first deck); play up to COUNT cards of `types`;
    discard COUNT; discard-to-limit (the hand limit); change an attribute by `delta` (the
    `attribute`, or one rolled on `table`) for `target`, never below `floor`; take COUNT points of a
    rolled attribute from a target player; hand-size `delta` until the end of the turn; event: roll
    `die`, and on one of the results `on` draw and resolve the top card of `deck`, from turn
    `from_turn`; check-victory; when: take the steps `then` only when `when` holds for the player.
    The vocabulary's steps (README, "The rules vocabulary"): gain `gain`; pay `cost`, then take `then`
    (nothing when the player cannot pay); exchange `cost` for `gain` up to COUNT times at the bank;
    buy COUNT cards from the market `zone`, paying each card's cost, `to` a zone or the hand; attach
    a card of `types` from the hand under a card in play (`zone`); choose one of `then`; flag: set
    `flag` for `turns` turns; meld: lay cards of one kind (one name, or one `group`: type or a card
    field; of `types`; at least `min`, or any number onto a meld already laid; up to the zone's
    limit) into `zone`, gaining `gain` per card; steal COUNT random cards from a target's hand;
    look-and-take: look at a target's hand and take the best COUNT (`give_back`: then give as many
    back), or the COUNT best of the `top` cards of `deck`; swap: give your least useful card for a
    random one of a target's; contest: you and a target each roll `die` and add `strength`, the
    higher wins `gain` and the lower loses `lose` (a tie: nothing); redraw: discard up to COUNT
    cards, then draw as many and `delta` more. A meld may take wild cards (a card's `wild:`), make
    one meld after another (`ladder`), go to the discard (no `zone`), have each card take effect
    with a card `condition`, and take the row of a lookup `table` for its kind. `attribute: any` on
    change and take: the player picks. `when` with a `target`: each target it holds for. `optional:
    true` on any step leaves it to the player's policy."""

    do: ActionKind
    count: Expr = Expr("1")  # a number or an expression ("players - 1"), worked out when the step is taken
    types: tuple[str, ...] = ()
    deck: str = ""
    attribute: str = ""
    table: str = ""
    delta: Expr = Expr("0")  # a number or an expression, as count
    target: Target = "self"
    floor: int | None = None
    die: str = ""
    on: tuple[int, ...] = ()
    from_turn: int = 1
    cost: Cost | None = None  # what taking this step costs (draw an extra card: {credits: 5})
    text: str = ""
    when: When | None = None  # do: when: the steps `then` are taken only when this holds for the player
    then: tuple["Action", ...] = ()  # the steps of `when`, `pay` and `choose`
    optional: bool = False  # the player's policy decides whether to take this step
    gain: Amounts = Amounts()  # gain, exchange, contest's winner: {Credits: "Bases * 2"}
    lose: Amounts = Amounts()  # contest: what the loser loses (never below 0, or the counter's min)
    zone: str = ""  # buy: the market; attach: the attached zone; meld: where melds lie; play/buy: `to`
    to: str = ""  # play, buy: the zone the card goes to (default: played cards are discarded, bought go to hand)
    strength: Expr | None = None  # contest: each side adds this to its roll
    min: Expr | None = None  # meld: the fewest cards of a kind a new meld takes (an expression: a ladder, "2 + turn / 4")
    flag: str = ""  # flag: the flag set ...
    turns: int = 1  # ... for this many turns (the turn it is set counts)
    group: str = ""  # meld: what makes cards one kind: their name (the default), `type`, or a card field ("suit")
    times: Expr | None = None  # the step is taken this many times (worked out first; with optional: until declined)
    # the step is taken once for each card of the player's in-play zone EACH (a snapshot), `this` that card:
    # this.FIELD its field or its effect on an attribute, this.ZONE the cards attached under it
    each: str = ""
    modifier: Expr | None = None  # roll: added to the die (it may read the target: "target(Probed_At)")
    bonus: str = ""  # roll: a counter added to the die and used up by it (+1 to the next roll)
    reroll_at: Expr | None = None  # roll: a result this high or higher may be rolled again, once (0: never)
    votes: Expr | None = None  # elect: votes each player has besides the table's rows (free votes)
    winner_loses: Amounts = Amounts()  # battle: what the winner loses (`lost` reads what the loser lost)
    tie: BattleTie = "again"  # battle: equal totals roll the dice again, the defender wins, or nothing happens
    veto: str = ""  # orders: the holder of this flag may cancel one order
    at_cost: bool = False  # play: the card's cost (its own or its type's) is paid; one not affordable is not played
    raises: tuple[str, ...] = ()  # play: only cards whose effects raise one of these attributes (or their group)
    batch: bool = False  # exchange: how many times is chosen at once (0, 1, 2, 4 ... up to COUNT)
    ladder: tuple[int, ...] = ()  # meld: one meld after another, the k-th of at least ladder[k-1] cards (none after the last)
    condition: str = ""  # meld: each card laid takes effect with this card condition (a wild one as the meld's own card)
    give_back: bool = False  # look-and-take: then give the target back as many cards of the hand
    at_random: bool = False  # discard: the cards go at random, not as the discarding player chooses
    # buy: each card's cost less these amounts, counter by counter, never below `floor` (0 without): Technologies
    # that make Technologies cheaper, Splendor's gems
    discount: Amounts = Amounts()
    # the card model's keys (README, "The card model")
    filter: Filter | None = None  # only cards that pass it (a step that picks cards)
    # only the top N cards of `zone` may be picked (a hand's top: the cards drawn last); 0: any. look-and-take:
    # look at the top N cards of `deck` instead of a target's hand
    top: int = 0
    follow: str = ""  # play: must match the first card of `to` on this field, if able (follow suit)
    match: CardMatch | None = None  # play: must match the top card of a zone (Uno)
    must: bool = False  # play: a legal card must be played (else the player may pass)
    only: tuple[Restriction, ...] = ()  # play: cards allowed while a condition holds, if the player has any
    mark: str = ""  # the cards the step moves carry this mark until the turn ends (filter: {mark: NAME})
    # move: where in the pile `to` the cards go: on top (the default), at the bottom, at a random place, or
    # at the place the player chooses (Exploding Kittens' Defuse, "put the kitten back anywhere")
    put: Literal["", "top", "bottom", "random", "chosen"] = ""
    value: Expr | None = None  # set, score: the number (score's `group:` reads the group's cards)
    direction: Literal["", "left", "right", "across"] = ""  # pass, draft: whom the cards go to
    otherwise: tuple["Action", ...] = ()  # when: the steps when it does not hold; play: when nothing was played
    loser: tuple["Action", ...] = ()  # compare: the steps the lower player takes
    protected: When | None = None  # target-player: players for whom it holds cannot be chosen (Handmaid)
    yourself: bool = False  # target-player: the player may choose itself (Prince)
    rank: str = ""  # take-trick: the field cards rank by
    trump: Filter | None = None  # take-trick: the trump cards (they beat the led suit)
    lead: bool = False  # take-trick: the trick's winner leads the next turn
    field: str = ""  # declare: the field the player names a value of (the top card of `zone` counts as it)
    sets: SetScoring | None = None  # score: points per set
    by_count: CountScoring | None = None  # score: points by how many
    majority: Majority | None = None  # score: points by rank among the players
    units: UnitBattle | None = None  # battle: a battle of units, rounds of dice (vocabulary/units.py)
    cards: CardBattle | None = None  # battle: a battle of cards against cards (vocabulary/combat.py)
    trade: Trade | None = None  # buy, attach, play at_cost: a cost short paid at the bank (vocabulary/prices.py)
    answers: tuple[Answer, ...] = ()  # what the players it aims at may answer it with (vocabulary/answers.py)
    block: Filter | None = None  # claim: the card a blocker claims to stop it (Coup's Contessa)
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Rounds(Record):
    """A game of several rounds (`rounds:`): at each round's start the cards go home to their decks,
    the counters not `carry`-ed go back to their start, everyone still in the game is in again, and
    the setup steps play again; a round ends when `end` holds for any player (or after `turns`
    turns); its `scoring` steps run for each player; the game ends after `count` rounds or when
    `until` holds for any player after a round (then `game_over` victory paths are checked).
    `first`: who starts a round: next (the seat after the last round's first), same, winner (who
    gained most of the first carried counter last round), highest or lowest `by`."""

    count: int = 0  # 0: until `until` holds (none: one round)
    until: When | None = None
    end: When | None = None
    first: Literal["next", "same", "winner", "highest", "lowest"] = "next"
    by: Expr | None = None
    carry: tuple[str, ...] = ()
    setup: Literal["again", "once"] = "again"
    scoring: tuple[Action, ...] = ()
    turns: int = 1000  # a round still going after this many turns ends (the trace says so)
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class OnEvent(Record):
    """A trigger (`triggers:` of the game, a card type or a card): when a card that passes `filter`
    is played, discarded, drawn, gained, trashed, or enters or leaves `zone`, its owner takes the
    steps `then`. A trigger that triggers itself stops after MAX_TRIGGERS a step."""

    on: Literal["play", "discard", "draw", "gain", "trash", "enter", "leave"]
    then: tuple[Action, ...]
    zone: str = ""
    filter: Filter | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Option(Record):
    """One choice of a card that offers several: the effects under `condition` apply, plus `rolls`
    rolls on `table` (a Moral Dilemma: Malevolent, or Benevolent and two Benevolence rolls)."""

    condition: str
    table: str = ""
    rolls: int = 0
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Resolution(Record):
    """How a card of a type takes effect: `effects` (they apply to its player), `choice` (its player
    picks one of `options`), or `vote` (every player sums `votes`; the single highest total
    resolves the card as its player; a tie resolves nothing)."""

    kind: Literal["effects", "choice", "vote"] = "effects"
    options: tuple[Option, ...] = ()
    votes: tuple[str, ...] = ()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class PrintSettings(Record):
    """Print defaults a game (game.yaml `print:`) or a user (kitgen.yaml `print:`) can set;
    command-line options win over both. Unset values fall through to kitgen's defaults."""

    paper: PaperSize | None = None  # letter, a4, a5, legal or WxH with a unit, e.g. 210x297mm
    card_size: CardSize | None = None  # poker, bridge, mini, tarot, square or WxH
    margin: Length | None = None
    gap: Length | None = None
    bleed: Length | None = None
    duplex: Literal["long-edge", "short-edge", "off"] | None = None
    layout: Literal["grid", "gutterfold", "single"] | None = None
    back_offset: Offset | None = None  # "X,Y" in mm, e.g. "0.5,-0.3"
    ink_saver: bool | None = None
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class GameFonts(Record):
    """A game's own TrueType files (in its folder) for any of kitgen's font roles."""

    body: str = ""
    bold: str = ""
    italic: str = ""
    title: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Look(Record):
    """A look (templates/looks/<name>/look.yaml, a game's own or kitgen's): its name and what it is
    for, and the fonts it draws each role with (files in kitgen's fonts/; a game's own `fonts:`
    still win). Its frames and backs are the card templates beside look.yaml, which come on the
    template search path between the game's templates/ and kitgen's."""

    name: str
    description: str = ""
    fonts: GameFonts = GameFonts()
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Token(Record):
    """Punch-out pieces the table needs (tokens.pdf): coins of a counter in denominations (`values`,
    with `per_player` giving how many of each value a player needs), one set of markers per player in
    that player's colour (`player_colours`), or pieces for the whole table (`count`, e.g. a status
    passed between players). How many print: per_player x the most players the game takes, + count."""

    name: str
    counter: str = ""  # the counter these pieces count (Credits, Bases): its icon and name
    values: tuple[int, ...] = ()  # denominations, one piece kind each: 1, 5, 10
    per_player: tuple[int, ...] = ()  # how many a player needs: one number, or one per value
    count: int = 0  # pieces for the whole table
    icon: str = ""  # default: the counter's icon
    text: str = ""  # a short line on the piece (what it means)
    shape: Literal["circle", "square"] = "circle"
    size: Length = Length(19 * 72 / 25.4)  # 3/4 in: the usual punch-out counter
    player_colours: bool = False
    # The piece's other side, when it differs (a used or flipped state): tokens.pdf then prints a back
    # page after each page of pieces, for double-sided printing; the other pieces repeat their front.
    back: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Supply(Record):
    """Something the table needs that the kit does not print: the manifest's "You also need"."""

    name: str  # "ten-sided dice (d10)", "pencils"
    count: str = ""  # "2", "1 per player", "a handful"
    why: str = ""  # "the combat table rolls 1D10"
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class SimulateSettings(Record):
    """How `kitgen simulate` plays the game: from its own data (phase and card actions). `rules` once
    named a rule module shipped inside kitgen; none is left (issue 33), and a name is a located error
    (play/games.plan_game). The `numbers:` the modules read is no key of any record now: where a game
    still writes it, the schema says so at its line (load/schema.RETIRED)."""

    rules: str = ""
    # a game that may go on and on (the first to a victory wins) stops undecided after this many
    # turns (0: the game's `turns`); a kit choice only simulated games need
    turns: int = 0
    # rules the simulator plays otherwise than the source says, the data being unable to say which
    # step: each is an "approximated" row of the coverage ("Factions": dealt at random, not picked)
    approximated: tuple["Approximation", ...] = ()
    tune: tuple["Tunable", ...] = ()  # what `kitgen tune` may change, each within its bounds; never printed
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Tunable(Record):
    """One number `kitgen tune` may change, from `min` to `max` (whole numbers), named by one of:
    `copies: CARD` (its copies; `deck:` when two decks have the name), `start: FACTION` with
    `attribute:` (the faction's start effect on it), `cost: CARD` with `counter:` (its cost in that
    counter), `victory: PATH` with `number: by | turn_after | end_of_turn` (every `by` of its `when`
    alike), `phase: PHASE` with `step:` (1 for its first step) and `number: count | delta`, or
    `turn_order: rotate` (0 or 1: the first player passes left each turn; `text:` the rule players
    read, for a game without a `turn_order:`)."""

    min: int
    max: int
    copies: str = ""
    deck: str = ""
    start: str = ""
    attribute: str = ""
    cost: str = ""
    counter: str = ""
    victory: str = ""
    phase: str = ""
    step: int = 0
    number: str = ""
    turn_order: str = ""
    text: str = ""
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Approximation(Record):
    rule: str
    why: str
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class EveryPhase(Record):
    """Steps every player takes in every phase: at its `start` (cards played "at the start of any
    phase") and at its `end` (a victory checked after every phase). In a phase played `once`, each
    player in turn takes them."""

    start: tuple["Action", ...] = ()
    end: tuple["Action", ...] = ()
    where: Where | None = _where()


MOST_PLAYERS = 12  # players at a table kitgen simulates (simulate's and tune's --players)
MOST_NAMED = 99  # the largest count `players:` may name, as a deal's {2: 10, 3: 7} (load/schema._by_players)


class PlayerCounts(NamedTuple):
    """What game.yaml's `players:` says: '2-4+' -> fewest 2, named 4, open (more may play). A value
    read from a key, not a record of the YAML (the README's reference lists the records)."""

    fewest: int
    named: int  # the largest count it names: what a deal must serve and the token sheets print for
    open: bool


def player_counts(text: str) -> PlayerCounts | None:
    """The one reading of `players:` (the simulator's range, the token sheets, the deal check). None:
    it names no number. A number of more than three digits reads as 1000, outside every bound
    (load/game refuses it at its line), never as a 5,000-digit int."""
    numbers = [int(n) if len(n) <= 3 else 1000 for n in re.findall(r"[0-9]+", text)]
    if not numbers:
        return None
    return PlayerCounts(min(numbers), max(numbers), text.rstrip().endswith("+"))


@dataclass(frozen=True, eq=False, repr=False)
class Game(Record):
    """The whole game as loaded: what every later stage reads."""

    id: str
    title: str
    short_name: str
    players: str
    # Optional in the data (absent: none; load/game.py fills in ()), positional here for the
    # records made in code: a field can have no default before the required ones that follow.
    attributes: tuple[Attribute, ...] = field(metadata={"optional": True})
    card_types: tuple[CardType, ...]
    decks: tuple[Deck, ...]
    phases: tuple[Phase, ...]
    description: str = ""
    source: str = ""  # the seed document the game was transcribed from
    attribution: str = ""  # who made the source, and its licence, printed in the rules summary
    disclaimer: str = ""  # the source's own disclaimer, printed word for word
    components: tuple[str, ...] = ()
    factions_title: str = "Factions"
    factions: tuple[Faction, ...] = ()
    setup: tuple[str, ...] = ()
    turn_text: str = ""
    conditions: tuple[Condition, ...] = ()
    victory_paths: tuple[VictoryPath, ...] = ()
    hand_limit: HandLimit | None = None
    tables: tuple[DiceTable, ...] = ()
    notation: tuple[Notation, ...] = ()
    rules: tuple[RuleSection, ...] = ()
    errata: tuple[Erratum, ...] = ()
    kit_choices: tuple[KitChoice, ...] = ()
    formulas: tuple[Formula, ...] = ()
    limits: tuple[Limit, ...] = ()
    tracks: tuple[Track, ...] = ()
    counters: tuple[Counter, ...] = ()
    tokens: tuple[Token, ...] = ()  # punch-out pieces printed in tokens.pdf
    also_need: tuple[Supply, ...] = ()  # what the kit does not print (dice are also read from the tables)
    fields: tuple[CardField, ...] = ()  # fields every card of the game may carry
    sheet_notes: tuple[str, ...] = ()
    turns: int = 20
    turn_label: str = "Turn"
    min_text_size: Length = Length(7)  # legibility policy (DESIGN.md: body text >= 7 pt): card text shrunk below this is reported
    fonts: GameFonts = GameFonts()
    look: str = ""  # a look's name: templates/looks/<look>/ in the game's folder, else kitgen's
    print: PrintSettings = PrintSettings()
    language: Language = ENGLISH  # kitgen's own words in the kit (load/language.py); card text stays as written
    turn_structure: Literal["player-turns", "phase-by-phase"] = "player-turns"  # who takes the phases when
    simulate: SimulateSettings = SimulateSettings()  # what the balance lab reads besides the rules (turns, tune, approximated)
    game_end: GameEnd | None = None  # the game ends early when this holds (else after `turns`)
    zones: tuple[Zone, ...] = ()  # in play, market and attached zones (the rules vocabulary)
    scoring: tuple[Scoring, ...] = ()  # scoring schedules: points by rank at given turns
    turn_order: TurnOrder | None = None  # the order of play by ranking (else seat order)
    eliminate: Elimination | None = None  # when a player is out
    every_phase: EveryPhase | None = None  # steps taken at the start and the end of every phase
    setup_steps: tuple[Action, ...] = ()  # the steps of `setup:` (each a step with its printed `text`)
    rounds: Rounds | None = None  # a game of several rounds (the card model)
    triggers: tuple[OnEvent, ...] = ()  # game-wide triggers
    worth: tuple[Action, ...] = ()  # score steps the greedy player values a position by (added to no counter)
    strategies: tuple[Strategy, ...] = ()  # ways to play a seat, as data (kitgen simulate --policy NAME)
    where: Where | None = _where()

    def card_type(self, name: str) -> CardType | None:
        return next((t for t in self.card_types if t.name == name), None)

    def played_in(self, type_name: str) -> tuple[str, ...]:
        """The phases a card of this type is played in: its type's `played_in`, else every phase
        with an action that plays the type (`do: play, types: [...]`). Empty: the type is never
        played from the hand (`not_played`) or no phase says when (validate warns)."""
        card_type = self.card_type(type_name)
        if card_type is None or card_type.not_played:
            return ()
        if card_type.played_in:
            return card_type.played_in
        return tuple(p.name for p in self.phases if any(a.do == "play" and type_name in a.types for a in p.actions))

    def plays(self) -> tuple[int, int] | None:
        """The player counts `players:` declares, fewest and most: '2-4' -> (2, 4), '2' -> (2, 2); an
        open end ('2+', '2-4+') goes to MOST_PLAYERS, the most kitgen simulates. None: it names no number."""
        counts = player_counts(self.players)
        if counts is None:
            return None
        return counts.fewest, MOST_PLAYERS if counts.open else counts.named

    def counter(self, name: str) -> Counter | None:
        """Find a counter by its name or an alias, in any case: costs say {credits: 10}."""
        folded = name.casefold()
        return next((c for c in self.counters if folded in (c.name.casefold(), *(a.casefold() for a in c.aliases))),
                    None)

    def attribute(self, name: str) -> Attribute | None:
        """Find an attribute by its name, one of its aliases or its code (abbreviation)."""
        return next((a for a in self.attributes if name in (a.name, a.abbreviation) or name in a.aliases), None)


def for_players(game: Game) -> Game:
    """The game as its kit prints it for players: the tables, formulas, card fields, kit choices,
    counters, zones and rule sections marked for the designers or the simulator (`audience:`) left out. The designer's
    notes and the balance lab read the whole game."""
    def kept(records):
        return tuple(r for r in records if r.audience == "players")

    types = tuple(replace(t, fields=kept(t.fields)) if len(kept(t.fields)) < len(t.fields) else t
                  for t in game.card_types)
    return replace(game, tables=kept(game.tables), formulas=kept(game.formulas), fields=kept(game.fields),
                   kit_choices=kept(game.kit_choices), rules=kept(game.rules), card_types=types,
                   counters=kept(game.counters), zones=kept(game.zones))


# --- Card templates: geometry is data, text is Jinja (templates/card-*.yaml) ---

BoxKind = Literal["rect", "circle", "line", "text", "effects", "art", "icon", "pattern", "shape"]


@dataclass(frozen=True, eq=False, repr=False)
class Box(Record):
    """A named box of a card template. Lengths in points (YAML: '3mm'); strings are Jinja templates."""

    kind: BoxKind
    x: Length
    y: Length
    w: Length
    h: Length
    name: str = ""
    when: str = ""
    content: str = ""
    font: Literal["body", "bold", "italic", "title"] = "body"  # a font role (render/fonts.py ROLES)
    size: Length = Length(9.0)
    min_size: Length = Length(6.5)
    max_lines: int = 0
    color: ColorTemplate = ColorTemplate("#000000")
    fill: ColorTemplate = ColorTemplate("")
    stroke: ColorTemplate = ColorTemplate("")
    stroke_width: Length = Length(0.5)
    radius: Length = Length(0.0)
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    fine_print: bool = False  # sorting codes and the like: left out of the legibility report
    fit: Literal["cover", "contain"] = "cover"  # art: fill the box (cropping) or fit inside it
    turned: bool = False  # drawn upside down, turned 180 degrees about the box centre (card backs)
    shape: ShapeName = "chamfer"  # a shape box's outline; its `radius` is a chamfer's cut
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class Place(Record):
    """Where a template puts a field shown as a badge or a mark (`places:` of a card template)."""

    name: PlaceName
    x: Length
    y: Length
    w: Length
    h: Length
    where: Where | None = _where()


@dataclass(frozen=True, eq=False, repr=False)
class CardTemplate(Record):
    """A card design (templates/card-*.yaml): its size and boxes, and the template it extends.
    A template that extends another may leave out its size (0: the parent's, taken at load)."""

    width: Length = Length(0.0)
    height: Length = Length(0.0)
    boxes: tuple[Box, ...] = ()
    extends: str = ""  # another template file: its boxes, with these replacing those of the same name
    places: tuple[Place, ...] = ()  # where fields shown as badges and marks go (merged by name on extends)
    where: Where | None = _where()
