"""Check the rules vocabulary's conditions (`when:`, `game_end:`) and expressions: every name a
counter, attribute or deck the game has, every expression parsed, no derived total made of itself.
Stdlib only; the names are resolved here once for the validator and the simulator alike.
"""
from __future__ import annotations

from collections.abc import Iterator

from kitgen.check.dice import die_range
from kitgen.check.formula import NAME, FormulaError, expression_names, whole_number
from kitgen.errors import Problem, did_you_mean, error
from kitgen.language import ENGLISH, N_, Language
from kitgen.model import Counter, Expr, Game, TurnOrder, When, Zone

SPECIAL_NAMES = ("turn", "round", "players", "alive", "seat", "attacking", "defending", "lost")  # besides counters;
# a battle's three (vocabulary/battles.py): 1 for the attacking / defending side, what the loser lost


def fold(name: str) -> str:
    """How a name is looked up: in any case, a space written as _ ("Victory_Points")."""
    return name.strip().casefold().replace(" ", "_")


def value_names(game: Game) -> dict[str, str]:
    """Every name a condition or expression may use -> the attribute's or counter's own name:
    names, aliases and abbreviations, folded (attributes first: a counter never hides one)."""
    names: dict[str, str] = {}
    for counter in game.counters:
        for name in (counter.name, *counter.aliases):
            names.setdefault(fold(name), counter.name)
    for attribute in game.attributes:
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                names[fold(name)] = attribute.name
    return names


def conditions_of(game: Game) -> Iterator[tuple[str, When]]:
    """(owner, condition) of every `when:` in the game, nested ones too."""
    def walk(owner: str, when: When) -> Iterator[tuple[str, When]]:
        yield owner, when
        for part in (*when.all, *when.any, *when.none, *((when.target,) if when.target is not None else ())):
            yield from walk(owner, part)

    from kitgen.check.actions import action_owners, steps_of

    for phase in game.phases:
        if phase.when is not None:
            yield from walk(f"phase '{phase.name}'", phase.when)
    for owner, actions in action_owners(game):
        for action in steps_of(actions):
            if action.when is not None:
                yield from walk(owner, action.when)
            if action.units is not None and action.units.all_guards is not None:  # battle's units: all_guards
                yield from walk(owner, action.units.all_guards)
            for when in (action.protected, *(rule.when for rule in action.only)):  # who may not be chosen; a play's only:
                if when is not None:
                    yield from walk(owner, when)
            for answer in action.answers:  # answers: each one's works
                if answer.works is not None:
                    yield from walk(f"{owner} answer '{answer.name}'", answer.works)
    for path in game.victory_paths:
        if path.when is not None:
            yield from walk(f"victory path '{path.name}'", path.when)
    for table in game.tables:
        for row in table.rows:
            if row.when is not None:
                yield from walk(f"table '{table.id}' row '{row.roll}'", row.when)
    if game.game_end is not None:
        yield from walk("game_end", game.game_end.when)
    for when in ((game.rounds.until, game.rounds.end) if game.rounds is not None else ()):
        if when is not None:
            yield from walk("rounds", when)
    if game.eliminate is not None:
        yield from walk("eliminate", game.eliminate.when)
    for deck in game.decks:
        for card in deck.cards:
            if card.wild is not None and card.wild.when is not None:
                yield from walk(f"card '{card.name}' wild", card.wild.when)
    for strategy in game.strategies:
        for preference in strategy.prefer:
            if preference.when is not None:
                yield from walk(f"strategy '{strategy.name}'", preference.when)


class Names:
    """Checks names and expressions against the game's counters and attributes, collecting problems."""

    def __init__(self, game: Game):
        self.names = value_names(game)
        self.shown = sorted({*self.names.values(), *SPECIAL_NAMES})
        self.problems: list[Problem] = []

    def name(self, owner: str, where, word: str) -> None:
        if not NAME.fullmatch(word.strip().replace(" ", "_")):  # highest: ["max(hand.value)"]: an expression
            self.expression(owner, where, Expr(word))
            return
        if fold(word) not in self.names and fold(word) not in SPECIAL_NAMES:
            self.problems.append(error(where, f"{owner}: unknown counter or attribute '{word}'"
                                       + did_you_mean(word, self.shown)))

    def expression(self, owner: str, where, text: Expr) -> None:
        try:
            used = expression_names(text)
        except FormulaError as exc:
            self.problems.append(error(where, f"{owner}: '{text[:40]}' {exc}"))
            return
        for word in used:
            if word not in SPECIAL_NAMES:
                self.name(owner, where, word)


def check_conditions(game: Game) -> list[Problem]:
    known = Names(game)
    name, expression, problems, names = known.name, known.expression, known.problems, known.names
    flags = flags_set(game)  # once: each condition's flags are looked up in it
    for owner, when in conditions_of(game):
        for word in (*when.highest, *when.lowest, *(w for w in when.tie_break if die_range(w) is None)):
            name(owner, when.where, word)  # a tie break may be dice too: a roll-off (1D6)
        for rolled in (die_range(w) for w in when.tie_break):
            if rolled is not None and rolled[0] == rolled[1]:  # every roll ties: the roll-off breaks nothing
                problems.append(error(when.where, f"{owner}: tie_break: dice that always give {rolled[0]} never "
                                      "break a tie: give dice of two sides or more, such as 1D6"))
        expression(owner, when.where, when.by)
        for amount in (*when.at_least, *when.more_than, *when.at_most, *when.less_than):
            name(owner, amount.where, amount.counter)
            expression(owner, amount.where, amount.value)
        if when.test is not None:
            expression(owner, when.where, when.test)
        places = zone_names(game)
        problems += [error(when.where, f"{owner}: unknown deck or zone '{deck}'" + did_you_mean(deck, places))
                     for deck in when.empty if deck not in places]
        problems += _states(game, owner, when, flags)
    for counter in game.counters:
        if counter.total is not None:
            expression(f"counter '{counter.name}'", counter.where, counter.total)
    problems += _worths_and_starts(game, known)
    steps = check_vocabulary(game, known)  # its unknown names go to known.problems too
    return problems + steps + _cycles(game, names) + _reserved(game)


def _reserved(game: Game) -> list[Problem]:
    """A counter or attribute named like what every expression reads (turn, seat ...) would be read
    as that instead, silently: its name is refused where it is declared."""
    problems = []
    for kind, items in (("counter", game.counters), ("attribute", game.attributes)):
        for item in items:
            for name in (item.name, *getattr(item, "aliases", ()), getattr(item, "abbreviation", "")):
                if name and fold(name) in SPECIAL_NAMES:
                    problems.append(error(item.where, f"{kind} '{item.name}': '{name}' is a name every expression "
                                          f"reads already ({', '.join(SPECIAL_NAMES)}): call it something else"))
    return problems


def _cycles(game: Game, names: dict[str, str]) -> list[Problem]:
    """A derived total that counts itself, directly or through others, has no value."""
    totals = {c.name: c for c in game.counters if c.total is not None}
    problems = []
    for start in totals.values():
        seen, todo = set(), [start.name]
        while todo:
            current = totals.get(todo.pop())
            if current is None or current.name in seen or current.total is None:
                continue
            seen.add(current.name)
            try:
                used = [names.get(fold(w), "") for w in expression_names(current.total)]
            except FormulaError:
                break
            if start.name in used:
                problems.append(error(start.where, f"counter '{start.name}': its total counts itself "
                                      f"(through {', '.join(sorted(seen))})"))
                break
            todo += used
    return problems


def derived(game: Game) -> dict[str, Counter]:
    """The counters that are totals of others, by name."""
    return {c.name: c for c in game.counters if c.total is not None}


COMPARED = {"at_least": N_("{counter} at least {value}"), "more_than": N_("{counter} more than {value}"),
            "at_most": N_("{counter} at most {value}"), "less_than": N_("{counter} less than {value}")}
TIES = {"nobody": N_("nobody"), "share": N_("share")}  # model.TieRule, in words


def when_words(when: When, _: Language = ENGLISH) -> str:
    """A condition in words: what the coverage table and the printed rules say of a `when:` (the
    rules in the game's language, `_`)."""
    parts = []
    parts += [_("after turn {turn}", turn=when.turn_after)] if when.turn_after is not None else []
    parts += [_("at the end of turn {turn}", turn=when.end_of_turn)] if when.end_of_turn is not None else []
    parts += [_("when the game ends")] if when.game_over else []
    margin = _(" by at least {margin}", margin=when.by) if when.by != "0" else ""
    then = _(", then ")
    tie = _(" (ties: {order})", order="".join(f"{name}{then}" for name in when.tie_break) + _(TIES[when.tie]))
    both = _(" and ")
    parts += [_("highest {names}", names=both.join(when.highest)) + margin + tie] if when.highest else []
    parts += [_("lowest {names}", names=both.join(when.lowest)) + margin + tie] if when.lowest else []
    parts += [_("highest in the most attributes") + tie] if when.most_highest else []
    for key, words in COMPARED.items():
        parts += [_(words, counter=a.counter, value=a.value) for a in getattr(when, key)]
    parts += [_("deck {deck} empty", deck=deck) for deck in when.empty]
    parts += [_.ngettext("at least {count} card in {zone}", "at least {count} cards in {zone}", _count(a.value),
                         count=a.value, zone=a.counter) for a in when.cards_in]
    parts += [_("holds {flag}", flag=flag) for flag in when.flag]
    parts += [_.ngettext("has held {counter} {count} turn in a row", "has held {counter} {count} turns in a row",
                         _count(a.value), counter=a.counter, count=a.value) for a in when.streak]
    parts += [_("the last player left")] if when.last_standing else []
    for name, words in (("all", N_("all of ({conditions})")), ("any", N_("any of ({conditions})")),
                        ("none", N_("none of ({conditions})"))):
        inner = getattr(when, name)
        parts += [_(words, conditions="; ".join(when_words(w, _) for w in inner))] if inner else []
    return ", ".join(parts)


PHASE_WORDS = {  # how a phase's condition is printed: in a table, beside its name, leading its text
    # (the reference leaves out a phase skipped while a flag is in play: the card that sets it says so)
    "cell": (N_("When {condition}"), N_("Unless {flags} is in play")),
    "note": (N_("when: {condition}"), N_("unless {flags} is in play")),
    "sentence": (N_("When {condition}:"), N_("Unless {flags} is in play:")),
}


def phase_when_words(when: When, form: str, _: Language = ENGLISH) -> str:
    """A phase's `when:` for players. A phase skipped while a flag holds (`none: [{flag: [Skip
    Conflict]}]`, a flag a card sets: "SCP: Skip Conflict Phase") reads "Unless Skip Conflict is in
    play", not "When none of (holds Skip Conflict)"; any other condition reads as when_words says."""
    when_form, unless_form = PHASE_WORDS[form]
    flags = unless_flags(when)
    return _(unless_form, flags=_(" or ").join(flags)) if flags else _(when_form, condition=when_words(when, _))


def unless_flags(when: When | None) -> list[str]:
    """The flags of a condition that holds unless one of them does (`none:` of flags only), else []:
    the phase is everyone's, skipped while a card's flag is in play."""
    if when is None or not when.none or when != When(none=when.none) \
            or any(inner != When(flag=inner.flag) for inner in when.none):
        return []
    return [flag for inner in when.none for flag in inner.flag]


def _worths_and_starts(game: Game, known: Names) -> list[Problem]:
    """The names an attribute's or counter's `worth:` and `cap:` read; a faction's `counters:` start
    counters of the game at whole numbers."""
    for attribute in game.attributes:
        if attribute.worth is not None:
            known.expression(f"attribute '{attribute.name}' worth", attribute.where, attribute.worth)
    for counter in game.counters:
        for key, text in (("cap", counter.cap), ("worth", counter.worth)):
            if text is not None:
                known.expression(f"counter '{counter.name}' {key}", counter.where, text)
    problems = []
    for faction in game.factions:
        for amount in faction.counters:
            if game.counter(amount.counter) is None:
                problems.append(error(amount.where or faction.where, f"faction '{faction.name}': counters: unknown "
                                      f"counter '{amount.counter}'" + did_you_mean(amount.counter, [c.name for c in game.counters])))
            elif whole_number(amount.value) is None:
                problems.append(error(amount.where or faction.where, f"faction '{faction.name}': counters: "
                                      f"{amount.counter} starts at a whole number, not '{amount.value}'"))
    return problems


def flags_set(game: Game) -> list[str]:
    from kitgen.check.actions import action_owners, steps_of

    steps = [a for _, actions in action_owners(game) for a in steps_of(actions)]
    return sorted({a.flag for a in steps if a.do in ("flag", "elect") and a.flag})  # elect: the office held


def zone_names(game: Game) -> list[str]:
    """Every zone a rule may name: the hand, each deck's draw pile (by the deck's id) and the zones
    the game declares."""
    return list(dict.fromkeys(["hand", *(d.id for d in game.decks), *(z.name for z in game.zones)]))


def _states(game: Game, owner: str, when: When, flags: list[str]) -> list[Problem]:
    """A condition's zones and flags (`flags`: those some step sets) must be the game's: a flag no
    step sets never holds."""
    zones = zone_names(game)
    problems = [error(a.where, f"{owner}: unknown zone '{a.counter}'" + did_you_mean(a.counter, zones))
                for a in when.cards_in if a.counter not in zones]
    for flag in (*when.flag, *(a.counter for a in when.streak)):
        if flag not in flags:
            problems.append(error(when.where, f"{owner}: no step sets the flag '{flag}'" + did_you_mean(flag, flags)))
    return problems


def check_vocabulary(game: Game, known: Names) -> list[Problem]:
    """The game-wide vocabulary: zones, scoring schedules, turn order, the steps' zones and counters."""
    from kitgen.check.actions import action_owners, card_game, cost_owners, steps_of, uses_card_model

    decks, zones, problems = [d.id for d in game.decks], {z.name: z for z in game.zones}, []
    card_model = card_game(game)

    def zone(where, owner: str, word: str, kinds: tuple[str, ...]) -> None:
        if word and (word not in zones or zones[word].kind not in kinds):
            known = [z for z in zones if zones[z].kind in kinds]
            problems.append(error(where, f"{owner}: '{word}' is not a zone of kind {' or '.join(kinds)}"
                                  + did_you_mean(word, known)))

    for i, z in enumerate(game.zones):
        if any(other.name == z.name for other in game.zones[:i]):  # the later one was never played
            problems.append(error(z.where, f"zone '{z.name}' is declared twice"))
        if z.kind == "attached":
            zone(z.where, f"zone '{z.name}'", z.on or "(none)", ("in-play",))
        problems += _zone_shape(z, decks) + _zone_room(z, known)
        if z.stays and any(other.reshuffle == z.name for other in game.zones):
            problems.append(error(z.where, f"zone '{z.name}': stays: a pile shuffled into another cannot stay"))
    for scoring in game.scoring:
        for word in (scoring.rank, scoring.counter):
            known.name("scoring", scoring.where, word)
        for points in scoring.points:
            known.expression("scoring", scoring.where, Expr(str(points)))
    if game.turn_order is not None:
        for word in game.turn_order.by:
            known.name("turn_order", game.turn_order.where, word)
        problems += _turn_order(game, game.turn_order)
    problems += _wilds(game)
    for owner, cost in cost_owners(game):  # a price written as an expression: its names
        for price in cost.pay if cost is not None else ():
            if price.expression:
                known.expression(owner, price.where, Expr(price.expression))
    for owner, actions in action_owners(game):
        for step in steps_of(actions):
            _step_names(known, owner, step)
            if uses_card_model(step, card_model) or step.do == "detach":  # compile/moves.py, check/combat.py check them
                continue
            zone(step.where, owner, step.zone, {"buy": ("market", "supply"), "attach": ("attached",), "reattach": ("attached",)}.get(step.do, ("in-play",)))
            zone(step.where, owner, step.to, ("in-play",))
    return problems


def _zone_room(z: Zone, known: Names) -> list[Problem]:
    """An in-play zone's `room:` (its names) and `replace:`; an attached zone's `room:` (per card:
    compile reads its `this.`); neither goes with another kind."""
    if z.room is not None and z.kind != "attached":
        known.expression(f"zone '{z.name}'", z.where, z.room)
    for word in z.yields:  # the counters its cards yield (kitgen/model.Zone.yields)
        known.name(f"zone '{z.name}': yields", z.where, word)
    if z.yields and z.kind not in ("in-play", "attached"):
        return [error(z.where, f"zone '{z.name}': yields goes with kind in-play or attached (its cards' effects "
                               f"are yields there), not {z.kind}")]
    if (z.room is not None and z.kind not in ("in-play", "attached")) or (z.replace and z.kind != "in-play"):
        return [error(z.where, f"zone '{z.name}': room goes with kind in-play or attached, replace with in-play")]
    return []


def _step_names(known: Names, owner: str, step) -> None:
    """The counters and expressions a step names (its unknown ones go to known.problems)."""
    for amount in (*step.gain, *step.lose, *step.winner_loses, *step.discount):
        if amount.counter != "any" or amount not in step.discount:  # discount's any: the mix (vocabulary/prices)
            known.name(owner, amount.where or step.where, amount.counter)
        known.expression(owner, amount.where or step.where, amount.value)
    for text in (step.strength, step.min, step.count, step.delta, step.times, step.modifier, step.reroll_at, step.votes,
                 step.units and step.units.bonus):
        if text is not None:
            known.expression(owner, step.where, Expr(str(text)))
    if step.trade is not None:  # trade: the rate an expression, the counters named
        known.expression(owner, step.trade.where or step.where, step.trade.rate)
        rate = whole_number(step.trade.rate)
        if rate is not None and rate < 1:  # the simulator would take 1: a rule guessed
            known.problems.append(error(step.trade.where or step.where, f"{owner}: trade: rate {rate}: how many "
                                        "of another counter buy one at the bank, at least 1"))
        for word in step.trade.of:
            known.name(owner, step.trade.where or step.where, word)
    for word in (step.bonus, *step.raises):
        if word:
            known.name(owner, step.where, word)


def _zone_shape(z: Zone, decks: list[str]) -> list[Problem]:
    """A declared zone's own keys: a market's deck and size, sizes not below 0, a pile's deck, the hand."""
    problems = []
    if z.kind == "market" and (z.deck not in decks or z.size < 1):
        problems.append(error(z.where, f"zone '{z.name}': a market needs a deck of the game and a size of 1 or more"
                              + ("" if z.deck in decks else did_you_mean(z.deck, decks))))
    if z.size < 0 or z.limit < 0 or z.keep < 0:
        problems.append(error(z.where, f"zone '{z.name}': size, limit and keep are 0 or more"))
    owner = z.owner or ("player" if z.kind in ("in-play", "attached") or z.name == "hand" else "table")
    if z.sees == "owner" and owner == "table":  # play read it as nobody: a rule guessed
        problems.append(error(z.where, f"zone '{z.name}': sees: owner goes with owner: player (a zone of the table "
                                       "has no owner): give nobody or everyone"))
    if z.kind in ("pile", "supply") and (z.deck or z.kind == "supply") and z.deck not in decks:
        problems.append(error(z.where, f"zone '{z.name}': deck: unknown deck '{z.deck}'" + did_you_mean(z.deck, decks)))
    if z.name == "hand" and (z.kind != "pile" or z.owner == "table" or z.deck or z.reshuffle):
        problems.append(error(z.where, "zone 'hand': each player's hand; it may only say who sees it"))
    elif z.stays and (z.kind != "pile" or z.deck or z.name == "hand"):
        problems.append(error(z.where, f"zone '{z.name}': stays: goes with a pile no deck starts in (the cards set "
                              "aside for the rest of the game)"))
    return problems


def _turn_order(game: Game, order: TurnOrder) -> list[Problem]:
    """A turn order's roll is dice; the phase that prints it is the game's and rewards the highest
    of `by`'s first (else the printed phase and the order played would say two things)."""
    problems = []
    rolled = die_range(order.roll) if order.roll else (0, 1)
    if rolled is None:
        problems.append(error(order.where, f"turn_order: roll '{order.roll[:20]}' is not dice notation like 1D6"))
    elif rolled[0] == rolled[1]:  # a die of one side: every roll ties, and a roll-off would never end
        problems.append(error(order.where, f"turn_order: roll '{order.roll}' always gives {rolled[0]}, so a tie "
                              "never breaks: give dice of two sides or more, such as 1D6"))
    if not order.phase:
        return problems
    phases = {p.name: p for p in game.phases}
    found = phases.get(order.phase)
    if found is None:
        return problems + [error(order.where, f"turn_order: unknown phase '{order.phase}'"
                                 + did_you_mean(order.phase, list(phases)))]
    first = found.rewards
    if order.by and (first is None or first.kind != "highest" or first.attribute != order.by[0]):
        problems.append(error(order.where, f"turn_order: phase '{order.phase}' must reward the highest "
                              f"{order.by[0]} (its trigger), as the order it prints"))
    return problems


def _wilds(game: Game) -> list[Problem]:
    """A wild card's melds name cards of the game; its limit is 0 or more; some step melds it (else
    its `wild:` would be read by nothing)."""
    from kitgen.check.actions import action_owners, steps_of

    names = sorted({c.name for d in game.decks for c in d.cards})
    melds = any(s.do == "meld" for _, actions in action_owners(game) for s in steps_of(actions))
    problems = []
    for card in (c for d in game.decks for c in d.cards if c.wild is not None):
        wild = card.wild
        assert wild is not None
        problems += [error(wild.where, f"card '{card.name}' wild: unknown card '{meld}' in melds" + did_you_mean(meld, names))
                     for meld in wild.melds if meld not in names]
        if wild.limit < 0:
            problems.append(error(wild.where, f"card '{card.name}' wild: limit is 0 or more"))
        if not melds:
            problems.append(error(wild.where, f"card '{card.name}' wild: no step of the game melds (do: meld)"))
    return problems


def _count(value: str) -> int:
    """A count written as a number (or an expression: counted as many)."""
    return int(value) if value.strip().isdigit() else 2


def vocabulary_lines(game: Game) -> list[str]:
    """What the rules summary says of the game-wide rules (after How to win): each record's own
    `text`, or its rule in words (the game's language) when it has none; a line a victory path's text
    already says is left out (Civilization's "The game ends when the final Technology is bought." opens
    its victory path). Empty for a game that uses none (Galactic Civ)."""
    _ = game.language
    lines = [z.text or _zone_words(z, _) for z in game.zones if z.audience != "simulator"]
    lines += [s.text or _scoring_words(s, _) for s in game.scoring]
    if game.rounds is not None:  # a game of rounds: how a round ends and scores, first
        lines[:0] = [t for t in (game.rounds.text, *(a.text for a in game.rounds.scoring)) if t]
    if game.turn_order is not None and not game.turn_order.phase:  # else the phase prints it
        lines.append(game.turn_order.text or _("Turn order: the highest {names} first",
                                               names=_(", then ").join(game.turn_order.by)))
    if game.eliminate is not None and game.eliminate.audience != "simulator":
        lines.append(game.eliminate.text or _("A player is out when {condition}",
                                              condition=when_words(game.eliminate.when, _)))
    if game.game_end is not None:
        lines.append(game.game_end.text or _("The game ends when {condition}", condition=when_words(game.game_end.when, _)))
    said = " ".join(" ".join(p.text.split()) for p in game.victory_paths)  # printed just before these lines
    return [line for line in lines if " ".join(line.split()) not in said]  # a rule a victory path says is not said again


def _zone_words(zone, _: Language) -> str:
    if zone.kind == "market":
        return _.ngettext("{zone}: a market of {count} face-up card from the {deck} deck, refilled after each buy",
                          "{zone}: a market of {count} face-up cards from the {deck} deck, refilled after each buy",
                          zone.size, zone=zone.name, deck=zone.deck)
    if not zone.limit:
        return _("{zone}: cards in play", zone=zone.name)
    if zone.kind == "attached":
        return _("{zone}: cards in play, at most {limit} under each card", zone=zone.name, limit=zone.limit)
    return _("{zone}: cards in play, at most {limit} each", zone=zone.name, limit=zone.limit)


def _scoring_words(scoring, _: Language) -> str:
    when = (_.ngettext("At the end of turn {turns}", "At the end of turns {turns}", len(scoring.turns),
                       turns=", ".join(map(str, scoring.turns))) if scoring.turns else _("At the end of every turn"))
    return _("{when}: {points} {counter} by the highest {rank} (ties: {tie})", when=when,
             points=", ".join(map(str, scoring.points)), counter=scoring.counter, rank=scoring.rank,
             tie=_(TIES[scoring.tie]))
