"""The random bot: a uniform kind of move, then a uniform move of that kind.

Choosing the kind first keeps random games finite: claims and trades are not
drowned by the hundreds of ways to pay for an acquire.
"""

from __future__ import annotations

import random

from century_tui.engine import Move, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        rand = self.rng.random
        kinds = state.legal_kinds()
        moves = state.legal_moves(kinds[int(rand() * len(kinds))])
        return moves[int(rand() * len(moves))]
