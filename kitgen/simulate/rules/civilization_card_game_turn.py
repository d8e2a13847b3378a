"""Civilization: The Card Game, setup and a player's turn: Collect Resource Cards, Purchasing (with
the bank's trades), Combat (civilization_card_game_combat) and Draw and Discard. Stdlib only."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.simulate.rules.civilization_card_game_play import (BUILD_OFF, EXTRA_DRAW, FOOD_TIMES, FREE_POP,
                                                               HAMMERS_PER_PLOT, PER_PLOT, PLOT_OFF, POP_OFF, STEAL_CARDS,
                                                               STEAL_RESOURCES, TECH_OFF, TRADE, WONDER_OFF, Civ, Seat)
from kitgen.simulate.rules.civilization_card_game_combat import combat

if TYPE_CHECKING:
    from kitgen.simulate.rules.civilization_card_game import CardRules


# --- setup ------------------------------------------------------------------------------------

def set_up(game: Civ) -> None:
    """Technologies removed by player count, plots dealt then drafted (the second draft back the
    other way, the dealer first), the displays, a free Population each, and the starting hands."""
    removable = [c for c in game.tech_pile if not game.cards[c].article]
    for card in game.rng.sample(removable, min(len(removable), max(0, game.formula("Technologies removed", N=game.n)))):
        game.tech_pile.remove(card)
    for seat in game.seats:
        for _ in range(game.number("Plots dealt")):
            take_plot(seat, game.plot_pile.pop())
    order = list(range(game.n))
    for draft in range(game.number("Plot drafts")):
        shown = [game.plot_pile.pop() for _ in range(min(game.n, len(game.plot_pile)))]
        for s in (order if draft % 2 == 0 else order[::-1]):
            if shown:
                pick = game.decide(s, shown, lambda c: sum(game.cards[c].yields))
                shown.remove(pick)
                take_plot(game.seats[s], pick)
    game.refill()
    for s, seat in enumerate(game.seats):
        plot = game.decide(s, seat.plots, lambda p: sum(game.cards[p[0]].yields))
        plot[1] += game.number("Free Population")
        seat.res = [r + (game.plan.seat_start_bonus[s] if s < len(game.plan.seat_start_bonus) else 0)
                    for r in seat.res]
        extra = game.plan.seat_start_cards[s] if s < len(game.plan.seat_start_cards) else 0
        seat.hand += [c for c in (game.draw() for _ in range(game.formula("Starting hand", S=s + 1) + extra)) if c >= 0]
        game.refresh(seat)
    for s in range(game.n):
        discard_cards(game, s, game.number("Setup discard"))


def take_plot(seat: Seat, card: int) -> None:
    seat.plots.append([card, 0, []])


# --- the turn ---------------------------------------------------------------------------------

def take_turn(game: Civ, s: int) -> None:
    collect(game, s)
    purchase(game, s)
    if game.over:  # kit choice game-end: the rest of the turn is not played
        return
    combat(game, s)
    draw_and_discard(game, s)


def collect(game: Civ, s: int) -> None:
    """Each plot's yield (Food times a Granary's number), its buildings' yields, +1 a Population of a
    type the plot yields (the player picks the type, here one type per plot), the Technologies' yields."""
    seat, cards, res, food = game.seats[s], game.cards, game.seats[s].res, game.rules.food
    for card, pops, buildings in seat.plots:
        yields = cards[card].yields
        times = max((cards[b].fields[FOOD_TIMES] for b in buildings), default=0) or 1
        for r, amount in enumerate(yields):
            res[r] += amount * times if r == food else amount
        for building in buildings:
            for r, amount in enumerate(cards[building].yields):
                res[r] += amount
        if pops:
            kinds = [r for r, amount in enumerate(yields) if amount > 0]
            res[game.decide(s, kinds, lambda r: -res[r]) if len(kinds) > 1 else kinds[0]] += pops
    for tech in seat.techs:
        for r, amount in enumerate(cards[tech].yields):
            res[r] += amount


# --- purchasing -------------------------------------------------------------------------------

def rate(game: Civ, seat: Seat) -> int:
    """The bank's trade: this many of one resource for one of another (a card may lower it)."""
    trade = game.field(seat, TRADE)
    return min(trade, game.number("Bank trade")) if trade else game.number("Bank trade")


def can_pay(game: Civ, seat: Seat, amount: int, kind: int) -> bool:
    res = seat.res
    if kind < 0:
        return sum(res) >= amount
    if res[kind] >= amount:
        return True
    trade = rate(game, seat)
    return res[kind] + sum(r // trade for i, r in enumerate(res) if i != kind) >= amount


def loss(game: Civ, seat: Seat, amount: int, kind: int) -> int:
    """Resources a payment loses to the bank's trades."""
    return 0 if kind < 0 else (rate(game, seat) - 1) * max(0, amount - seat.res[kind])


def pay(game: Civ, seat: Seat, amount: int, kind: int) -> None:
    """Pay in `kind` (any mix when -1), trading the largest other stock with the bank for what is short."""
    res = seat.res
    if kind < 0:
        for _ in range(amount):
            res[res.index(max(res))] -= 1
        return
    paid = min(res[kind], amount)
    res[kind] -= paid
    trade = rate(game, seat)
    for _ in range(amount - paid):
        other = max((i for i in range(len(res)) if i != kind), key=lambda i: res[i])
        res[other] -= trade


def capacity(game: Civ, seat: Seat, plot: list) -> int:
    if game.field(seat, PER_PLOT):
        return max(game.field(seat, PER_PLOT), game.number("Buildings per plot"))
    if plot[1] >= game.number("Population for two buildings"):
        return game.number("Buildings with 3 Population")
    return game.number("Buildings per plot")


def price(game: Civ, s: int, card: int) -> int:
    """A Technology's, Building's or Wonder's cost less its discounts (Highest Happiness: not Wonders)."""
    seat, rules = game.seats[s], game.cards[card]
    happy = game.number("Highest Happiness discount") if game.status(1) == s else 0
    off = {"technology": game.field(seat, TECH_OFF) + happy, "building": game.field(seat, BUILD_OFF) + happy,
           "wonder": game.field(seat, WONDER_OFF)}[rules.role]
    return max(game.lowest, rules.cost - off)


def population_price(game: Civ, seat: Seat, plot: list) -> int:
    return max(game.lowest, game.formula("Population cost", P=plot[1]) - game.field(seat, POP_OFF))


def plot_price(game: Civ, seat: Seat) -> int:
    return max(game.lowest, game.formula("Plot cost", P=len(seat.plots)) - game.field(seat, PLOT_OFF))


def options(game: Civ, s: int) -> list[tuple]:
    """Every purchase `s` can pay for now: (what, which, cost, resource); ("stop",) ends Purchasing."""
    seat, cards, found = game.seats[s], game.cards, [("stop", -1, 0, -1)]
    free = [i for i, plot in enumerate(seat.plots) if len(plot[2]) < capacity(game, seat, plot)]
    if free:
        for card in dict.fromkeys(seat.hand):
            if cards[card].role in ("building", "wonder"):
                cost = price(game, s, card)
                if can_pay(game, seat, cost, cards[card].pays):
                    found.append(("build", card, cost, cards[card].pays))
    for card in game.tech_show:
        cost = price(game, s, card)
        if can_pay(game, seat, cost, cards[card].pays):
            found.append(("tech", card, cost, cards[card].pays))
    food = game.rules.food
    for i, plot in enumerate(seat.plots):
        cost = population_price(game, seat, plot)
        if can_pay(game, seat, cost, food):
            found.append(("pop", i, cost, food))
    cost = plot_price(game, seat)
    if game.plot_show and can_pay(game, seat, cost, -1):
        found += [("plot", card, cost, -1) for card in dict.fromkeys(game.plot_show)]
    return found


def purchase(game: Civ, s: int) -> None:
    """Spend the Bonus Resources in hand, use a once-only Technology, then buy until the player stops."""
    seat = game.seats[s]
    for card in [c for c in seat.hand if game.cards[c].role == "bonus"]:
        seat.hand.remove(card)
        seat.res = [r + y for r, y in zip(seat.res, game.cards[card].yields, strict=True)]
        seat.played.append(card)
        game.discards.append(card)
    use_once(game, s)
    while not game.over:
        choice = game.decide(s, options(game, s), lambda option: score(game, s, option))
        if choice[0] == "stop":
            return
        buy(game, s, choice)


def score(game: Civ, s: int, option: tuple) -> float:
    """How much nearer a purchase brings `s` to winning: its Victory Points, what it yields or saves
    (Civ.worth), less a tenth of what the bank's trades lose; the last Technology ends the game."""
    what, which, cost, kind = option
    if what == "stop":
        return 0.0
    seat, cards = game.seats[s], game.cards
    lost = 0.1 * loss(game, seat, cost, kind)
    if what == "pop":
        return cards[game.rules.population].points + 0.4 - lost - 0.01 * cost
    if what == "plot":
        return 0.4 * sum(cards[which].yields) - lost - 0.01 * cost
    if what == "tech" and len(game.tech_show) == 1 and not game.tech_pile:
        mine = game.standing(seat)
        mine = (mine[0] + cards[which].points, mine[1] + 1, mine[2])
        return 100.0 if all(mine > game.standing(o) for o in game.seats if o is not seat) else -100.0
    return cards[which].points + game.worth(which) - lost


def buy(game: Civ, s: int, choice: tuple) -> None:
    what, which, cost, kind = choice
    seat, cards = game.seats[s], game.cards
    pay(game, seat, cost, kind)
    if what == "pop":
        seat.plots[which][1] += 1
    elif what == "plot":
        game.plot_show.remove(which)
        take_plot(seat, which)
        seat.played.append(which)
    elif what == "tech":
        game.tech_show.remove(which)
        seat.techs.append(which)
        seat.played.append(which)
        seat.res[game.hammer] += cards[which].fields[HAMMERS_PER_PLOT] * len(seat.plots)
    else:
        place(game, s, which)
    game.refresh(seat)
    game.refill()
    game.over = what == "tech" and not game.tech_show and not game.tech_pile


def place(game: Civ, s: int, card: int) -> None:
    """A Building or Wonder from the hand onto a plot with room (a Wonder's free Population too)."""
    seat, rules = game.seats[s], game.cards[card]
    room = [plot for plot in seat.plots if len(plot[2]) < capacity(game, seat, plot)]
    granary = rules.fields[FOOD_TIMES]
    plot = game.decide(s, room, lambda p: game.cards[p[0]].yields[game.rules.food] if granary else -len(p[2]))
    plot[2].append(card)
    seat.hand.remove(card)
    seat.played.append(card)
    if rules.fields[FREE_POP]:
        target = game.decide(s, seat.plots, lambda p: sum(game.cards[p[0]].yields))
        target[1] += rules.fields[FREE_POP]


def use_once(game: Civ, s: int) -> None:
    """Writing and Code of Laws, once each, on one of their owner's turns (an erratum): steal cards
    at random from an opponent's hand, or resources of the player's choice from an opponent."""
    seat = game.seats[s]
    for tech in seat.techs:
        rules = game.cards[tech]
        others = [o for o in range(game.n) if o != s]
        if tech in seat.used or not (rules.fields[STEAL_CARDS] or rules.fields[STEAL_RESOURCES]) or not others:
            continue
        if not game.decide(s, [True, False], lambda now: 1.0 if now else 0.0):
            continue
        seat.used.add(tech)
        victim = game.seats[game.decide(s, others, lambda o: game.standing(game.seats[o]))]
        for _ in range(rules.fields[STEAL_CARDS]):
            if victim.hand:
                seat.hand.append(victim.hand.pop(game.rng.randrange(len(victim.hand))))
        for _ in range(rules.fields[STEAL_RESOURCES]):
            kinds = [r for r, amount in enumerate(victim.res) if amount > 0]
            if kinds:
                kind = game.decide(s, kinds, lambda r: -seat.res[r])
                victim.res[kind] -= 1
                seat.res[kind] += 1


# --- draw and discard -------------------------------------------------------------------------

def draw_and_discard(game: Civ, s: int) -> None:
    """Draw (more with Astronomy's field and with Highest Culture), then discard (one more with Highest Culture)."""
    seat = game.seats[s]
    culture = game.number("Highest Culture draws") if game.status(0) == s else 0
    for _ in range(game.rules.draw + game.field(seat, EXTRA_DRAW) + culture):
        card = game.draw()
        if card >= 0:
            seat.hand.append(card)
    discard_cards(game, s, game.rules.discard + culture)


def discard_cards(game: Civ, s: int, count: int) -> None:
    seat = game.seats[s]
    for _ in range(min(count, len(seat.hand))):
        card = game.decide(s, seat.hand, lambda c: -keep(game, c))
        seat.hand.remove(card)
        game.discards.append(card)


def keep(game: Civ, card: int) -> float:
    """What a card in hand is worth keeping: a Building or Wonder its points and worth, a unit 0.5,
    a Bonus Resource a tenth a resource."""
    rules: CardRules = game.cards[card]
    if rules.role in ("building", "wonder"):
        return rules.points + game.worth(card) - 0.05 * rules.cost
    if rules.role == "military":
        return 0.5
    return 0.1 * sum(rules.yields)

