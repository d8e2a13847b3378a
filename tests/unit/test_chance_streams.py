"""A stream seeded when first used (engine/table.Unseeded) draws what Stream(seed) draws, by every
way a game draws: the same play, whether a stream is seeded when made or when first drawn from."""
from __future__ import annotations

import pickle

import pytest

from kitgen.simulate.engine.table import Stream, Unseeded

SEED = 987654321987  # a game's seeds are large (engine/table.stream): more than one 32-bit word


def _draws(chance, way: str) -> list:
    out: list = []
    for _ in range(3):
        if way == "random":
            out.append(chance.random())
        elif way == "getrandbits":
            out.append(chance.getrandbits(32))
        elif way == "die":
            out.append(chance.randrange(1, 7))
        elif way == "shuffle":  # Stream.shuffle binds random() before its first draw
            cards = list(range(12))
            chance.shuffle(cards)
            out += [cards, chance.random()]
        elif way == "choice":
            out.append(chance.choice("abcdefg"))
        elif way == "sample":
            out.append(chance.sample(range(20), 4))
        elif way == "state":
            out += [chance.getstate(), chance.random()]
        elif way == "pickled":
            chance = pickle.loads(pickle.dumps(chance))
            out.append(chance.random())
        elif way == "set state":
            chance.setstate(Stream(5).getstate())
            out.append(chance.random())
        elif way == "seed":
            chance.seed(77)
            out.append(chance.random())
    return out


@pytest.mark.parametrize("way", ["random", "getrandbits", "die", "shuffle", "choice", "sample", "state", "pickled",
                                 "set state", "seed"])
def test_an_unseeded_stream_draws_as_the_stream_of_its_seed(way):
    late = Unseeded(SEED)
    assert _draws(late, way) == _draws(Stream(SEED), way)
    assert type(late) is Stream  # seeded once: later draws go to the generator directly


def test_an_unseeded_stream_not_drawn_from_is_not_seeded():
    late = Unseeded(SEED)
    assert type(late) is Unseeded and late.pending == SEED
