"""The players of the balance lab: POLICIES, the registry (a new player is one entry), weakest first
(the skill ladder's order). `random` takes any legal answer; `greedy` what brings its nearest victory
path nearer (greedy.py, valued by standing.py); `lookahead` searches which card to play
(search.py), `mcts` which card and which move, down a tree (mcts.py); both answer the rest as greedy does. A table asks its seats' policies (table.policies);
the players read the engine and never the vocabulary.
"""
from __future__ import annotations

from kitgen.simulate.players.greedy import GREEDY
from kitgen.simulate.players.policy import RANDOM, Policy
from kitgen.simulate.players.mcts import MCTS
from kitgen.simulate.players.search import LOOKAHEAD

POLICIES: dict[str, Policy] = {"random": RANDOM, "greedy": GREEDY, "lookahead": LOOKAHEAD, "mcts": MCTS}
