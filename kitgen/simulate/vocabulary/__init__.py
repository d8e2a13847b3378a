"""The rules vocabulary of the balance lab: ACTIONS, one function per `do:` name of a phase's or a
card's actions (kitgen.model.Action), in modules by family. A new kind of step is one entry and one
function, and a name in model.ActionKind. A step reads and changes the Table and prints nothing; a
step it nests is taken through table.actions (this registry, given to the table), a choice it leaves
open goes to the seat's policy: the vocabulary imports the engine, never the players.
"""
from __future__ import annotations

from kitgen.simulate.engine.table import Action
from kitgen.simulate.vocabulary.answers import act_answered
from kitgen.simulate.vocabulary.battles import act_battle, act_orders
from kitgen.simulate.vocabulary.cards import act_discard_to_limit, act_draw, act_event, act_hand_size, act_play
from kitgen.simulate.vocabulary.choices import (act_check_victory, act_choose, act_each, act_each_card, act_evaluate, act_repeat,
                                                act_when)
from kitgen.simulate.vocabulary.claims import act_claim
from kitgen.simulate.vocabulary.counters import act_change, act_exchange, act_flag, act_gain, act_pay, act_take
from kitgen.simulate.vocabulary.elections import act_agree, act_elect
from kitgen.simulate.vocabulary.hands import act_discard, act_redraw
from kitgen.simulate.vocabulary.hosts import act_detach
from kitgen.simulate.vocabulary.knowing import act_compare, act_guess, act_look, act_reveal, act_swap_hands
from kitgen.simulate.vocabulary.melds import act_meld
from kitgen.simulate.vocabulary.moves import act_deal, act_draft, act_move, act_pass, act_shuffle, act_trash
from kitgen.simulate.vocabulary.opponents import act_contest, act_look_and_take, act_steal, act_swap
from kitgen.simulate.vocabulary.order import act_lead, act_out, act_reverse, act_set, act_skip
from kitgen.simulate.vocabulary.plays import act_declare
from kitgen.simulate.vocabulary.tables import act_lookup, act_roll
from kitgen.simulate.vocabulary.tricks import act_score, act_take_trick
from kitgen.simulate.vocabulary.units import act_reattach
from kitgen.simulate.vocabulary.zones import act_attach, act_buy, act_mark

ACTIONS: dict[str, Action] = {
    "draw": act_draw, "play": act_play, "discard": act_discard, "discard-to-limit": act_discard_to_limit,
    "change": act_change, "take": act_take, "hand-size": act_hand_size, "event": act_event,
    "check-victory": act_check_victory, "evaluate": act_evaluate, "when": act_when,
    "gain": act_gain, "pay": act_pay, "exchange": act_exchange, "buy": act_buy,
    "attach": act_attach, "choose": act_choose, "flag": act_flag, "meld": act_meld, "steal": act_steal,
    "look-and-take": act_look_and_take, "swap": act_swap, "contest": act_contest, "redraw": act_redraw,
    "roll": act_roll, "lookup": act_lookup, "elect": act_elect, "agree": act_agree, "mark": act_mark,
    "battle": act_battle, "orders": act_orders,
    # the card model's (README, "The card model")
    "deal": act_deal, "move": act_move, "shuffle": act_shuffle, "set": act_set, "trash": act_trash,
    "reveal": act_reveal, "pass": act_pass, "draft": act_draft, "claim": act_claim, "declare": act_declare, "lead": act_lead,
    "reverse": act_reverse, "skip": act_skip, "take-trick": act_take_trick, "score": act_score,
    "look": act_look, "guess": act_guess, "compare": act_compare, "swap-hands": act_swap_hands, "out": act_out,
    "repeat": act_repeat, "each": act_each, "answered": act_answered, "each-card": act_each_card,  # internal: `times:` and the steps of a phase played once
    "reattach": act_reattach, "detach": act_detach,
}
