"""Alpha Centauri (data/alpha-centauri) as the balance lab plays it: its 16-phase turn, Credits,
Bases and Units, the Council that elects a Planetary Governor, Conflict with Force Totals, the
Probe, Exploration and Research tables, and the four victories exactly as the seed states them
(Diplomatic: Population > 30 and Governor 3 turns in a row; Economic: Economics > 50; Conquest:
capture 1+ Bases and Military > 40; Transcendence: Research > 40 or Ecology > 20), each Factor the
total of its Sub-factors. Data is not enough: the rules count tokens (Credits, Bases, Units), elect
a Governor by votes and bids, fight battles between two players and keep streaks, which the data's
phase actions cannot say. compile() reads the data (alpha_centauri_read); play() is in
alpha_centauri_play. Stdlib only.
"""
from __future__ import annotations


from kitgen.check.formula import FormulaError
from kitgen.errors import KitgenError, error
from kitgen.model import Game, Numbers
from kitgen.simulate.compile.plan import CardKind, CardPlan, FactionPlan, PathPlan, Plan
from kitgen.simulate.rules.alpha_centauri_cover import coverage
from kitgen.simulate.rules.alpha_centauri_play import formula_function
from kitgen.simulate.rules.alpha_centauri_tables import read_tables, table_row
from kitgen.simulate.rules.alpha_centauri_turn import play
from kitgen.simulate.compile.numbers import DICE, STEP, SWITCH, read_numbers, refuse_numbers
from kitgen.simulate.rules.alpha_centauri_read import (BASES, KINDS, Rules, attribute_index, card_categories,
                                                       formula_variables, read_faction, read_path, roll)

POLICIES = ("random", "greedy")
SIMULATED_SHEETS = 5  # a game runs until a Victory; the lab stops one after 5 player sheets of turns (coverage)

__all__ = ["POLICIES", "compile", "play"]


def phase(game: Game, name: str):
    found = next((p for p in game.phases if p.name == name), None)
    if found is None:
        raise KitgenError(error(game.where, f"simulate.rules alpha-centauri: no phase named '{name}'"))
    return found


def compile(game: Game, without: tuple[str, ...]) -> Plan:  # noqa: A001 - the rule-module contract's name
    codes, group = attribute_index(game)
    decks = [d for d in game.decks if d.id not in without]
    cards = [card for deck in decks for card in deck.cards]
    phases = _phase_numbers(game)
    refuse_numbers("alpha-centauri", game, ("use",))  # no card use carries a number it reads
    attacks = (phases["Conflict Phase"]["attacks"], phases["Conflict Phase"]["aggressive_attacks"])
    rules = Rules(group, codes, **_cards(game, cards, codes, group), **_counts(game), factions=tuple(
        read_faction(f, codes, attacks) for f in game.factions), paths=tuple(read_path(p, codes) for p in game.victory_paths),
        numbers=_numbers(game, phases), dice=_dice(game, phases), formulas=_formulas(game, codes),
        income=_income(game, codes), **read_tables(game, codes, _sides), bases_quantity=BASES)
    plan = Plan(tuple(a.name for a in game.attributes), tuple(0 for _ in game.attributes), rules.hand_limit,
                game.turns * SIMULATED_SHEETS, decks[0].id if decks else "", turn_structure=game.turn_structure,
                optional_rules=tuple(d.id for d in game.decks if d.optional), without=tuple(sorted(without)))
    plan.factions = tuple(FactionPlan(f.name, ()) for f in rules.factions)
    plan.paths = tuple(PathPlan(p.name, None, None, (), (), 0, False, (), False) for p in rules.paths)
    plan.types = tuple(CardKind(t.name, t.name, "effects", (), ()) for t in game.card_types)
    type_index = {t.name: i for i, t in enumerate(game.card_types)}
    plan.cards = tuple(CardPlan(c.name, type_index[c.type], (), (), ()) for c in cards)
    first = 0
    for deck in decks:
        copies: list[int] = []
        for offset, card in enumerate(deck.cards):
            copies += [first + offset] * card.copies
        plan.decks[deck.id] = tuple(copies)
        first += len(deck.cards)
    plan.coverage = coverage(game, rules)
    plan.extra = rules
    return plan


def _formulas(game: Game, codes: dict[str, int]) -> dict[str, tuple[str, tuple[tuple[str, int], ...]]]:
    """Each formula with the quantity each variable means; one the module cannot compute is a located error."""
    for formula in game.formulas:
        try:
            formula_function(formula.expression)
        except FormulaError as problem:
            raise KitgenError(error(formula.where, f"simulate.rules alpha-centauri: formula '{formula.name}': {problem}")) from None
    return {f.name: (f.expression, formula_variables(game, f, codes)) for f in game.formulas}


CARD_NUMBERS = {  # an Event's or a Proposal's `numbers:`: exactly one, which says what it does
    "bases": "Bases the target loses (DTB)", "units": DICE + "Units the target loses, less its MP (TPLU)",
    "skip_conflict": SWITCH + "this turn's Conflict Phase is skipped (SCP)",
    "credits": "Credits every player gets (a Proposal)", "cards": "cards every player draws (a Proposal)"}
CARD_NOTES = {"bases": "DTB", "units": "TPLU", "skip_conflict": "SCP", "credits": "get", "cards": "draw"}


def _card_numbers(card) -> tuple[str, int, tuple[int, int]]:
    """What an Event or a Proposal does, from its `numbers:` (never its printed text): the note the
    play code knows it by, its amount and its roll; any other card carries none."""
    acts = card.type in ("Event", "Proposal")
    given = read_numbers("alpha-centauri", f"card '{card.name}'", card.numbers, card.where,
                         CARD_NUMBERS if acts else {}, optional=True)
    if acts and len(given) != 1:
        raise KitgenError(error(card.where, f"simulate.rules alpha-centauri: card '{card.name}': numbers: give exactly "
                                            f"one of {', '.join(CARD_NUMBERS)} ({len(given)} given)"))
    if not given:
        return "", 0, (0, 0)
    [(name, value)] = given.items()
    return CARD_NOTES[name], 0 if name == "units" else value, value if name == "units" else (0, 0)


def _cards(game: Game, cards, codes: dict[str, int], group: tuple[int, ...]) -> dict:
    kinds = tuple(KINDS[c.type] for c in cards)
    effects = tuple(tuple((codes[e.attribute], e.delta) for e in c.effects) for c in cards)
    read = [_card_numbers(card) for card in cards]
    return dict(kinds=kinds, effects=effects, notes=tuple(r[0] for r in read), amounts=tuple(r[1] for r in read),
                card_dice=tuple(r[2] for r in read),
                atrocity=tuple("Atrocity" in c.keywords for c in cards),
                z_type=tuple(c.keywords[0] if c.type == "Social Engineering" and c.keywords else "" for c in cards),
                categories=tuple(card_categories(e, group) for e in effects),
                costs={KINDS[t.name]: next((p.amount for p in t.cost.pay if p.counter == "Credits"), 0) if t.cost else 0
                       for t in game.card_types})


GAME_NUMBERS = {"hand": "cards dealt to each player at setup"}
PHASE_NUMBERS = {  # each phase's `numbers:`: what its printed text states, as the module plays it
    "Production Phase": {"tier_1": "Credits each of a player's first 5 + EF Bases earns",
                         "tier_2": "Credits each of the next 5 + EF Bases earns", "tier_3": "Credits each further Base earns"},
    "Upkeep Phase": {"upkeep": "Credits each Unit costs"},
    "Planning Phase": {"draw": "cards each player draws", "extra_card": "Credits an extra card costs"},
    "Population Control Phase": {"riots": DICE + "Credits lost per Base over the limit (Drone Riots)"},
    "Ecological Disruption Phase": {"disruption_step": STEP + "Disruption points per loss",
                                    "disruption": DICE + "Credits lost per full step of Disruption"},
    "Probe Phase": {"espionage_step": STEP + "Espionage levels per Probe roll (rounding up)",
                    "extra_probe": "Credits an extra Probe roll costs"},
    "Council Phase": {"pact_factor": "times the Trade Pact Credits the Governor earns",
                      "prevented": "attacks the Governor may prevent in the Conflict Phase"},
    "Research Phase": {"extra_research": "Credits an extra Research Table roll costs"},
    "Conflict Phase": {"attacks": "attacks each player may make", "aggressive_attacks": "attacks an Aggressive faction may make",
                       "winner_loses": DICE + "Units the winner of a battle loses",
                       "loser_loses": DICE + "Units the loser of a battle loses"},
    "Construction Phase": {"base": "Credits a Base costs", "bases_a_turn": "Bases a player may build a turn",
                           "unit": "Credits a Unit costs"},
    "Social Engineering Phase": {"z_cards": "Social Engineering cards a player may play a turn"},
}


def _phase_numbers(game: Game) -> dict[str, dict]:
    """Every phase's `numbers:`, read against PHASE_NUMBERS (a phase the module reads none of has none)."""
    def own(p) -> Numbers:  # a phase's numbers but the Production Phase's earn_ switches (_income)
        return Numbers(n for n in p.numbers if not (p.name == "Production Phase" and n.name.startswith(EARN)))

    for other in game.phases:
        read_numbers("alpha-centauri", other.name, own(other), other.where, PHASE_NUMBERS.get(other.name, {}))
    return {name: read_numbers("alpha-centauri", name, own(phase(game, name)), phase(game, name).where, declared)
            for name, declared in PHASE_NUMBERS.items()}


def _counts(game: Game) -> dict:
    start = {c.name: c.start for c in game.counters}
    given = read_numbers("alpha-centauri", "simulate", game.simulate.numbers, game.simulate.where or game.where,
                         GAME_NUMBERS)
    if not game.hand_limit:
        raise KitgenError(error(game.where, "simulate.rules alpha-centauri: the game has no hand_limit"))
    return dict(start=start, hand_start=given["hand"], hand_limit=game.hand_limit.base)


def _numbers(game: Game, phases: dict[str, dict]) -> dict[str, int]:
    """Every rule number the phases state, from their `numbers:` (the play code's names have spaces)."""
    numbers = {name.replace("_", " "): value for named in phases.values() for name, value in named.items()
               if isinstance(value, int)}
    numbers["atrocity turns"] = table_row(game, "conflict", "turns")[1]
    return numbers


def _dice(game: Game, phases: dict[str, dict]) -> dict[str, tuple[int, int]]:
    table = {t.id: t for t in game.tables}
    return {"riots": phases["Population Control Phase"]["riots"], "disruption": phases["Ecological Disruption Phase"]["disruption"],
            "winner loses": phases["Conflict Phase"]["winner_loses"], "loser loses": phases["Conflict Phase"]["loser_loses"],
            "fog": table_row(game, "conflict", "roll")[1], "table": roll(table["research"].die, table["research"].where, "")}


def _sides(table) -> int:
    return roll(table.die, table.where, f"{table.name} die")[1]


EARN = "earn_"  # a Production Phase number earn_<code>: 1 earns Credits equal to that Score


def _income(game: Game, codes: dict[str, int]) -> tuple[int, ...]:
    """The Scores the Production Phase pays in Credits: its `earn_<code>` switches (earn_EI: 1)."""
    production = phase(game, "Production Phase")
    declared = {f"{EARN}{a.abbreviation}": SWITCH + f"earn Credits equal to the {a.name} Score"
                for a in game.attributes if a.abbreviation}
    earns = read_numbers("alpha-centauri", production.name, Numbers(n for n in production.numbers if n.name.startswith(EARN)),
                         production.where, declared, optional=True)
    if not earns:
        raise KitgenError(error(production.where, "simulate.rules alpha-centauri: Production Phase: numbers: no "
                                                  f"{EARN}<code>: 1 names a Score earned in Credits"))
    return tuple(codes[name.removeprefix(EARN)] for name in earns)


