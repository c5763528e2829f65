"""The easy bot: sensible-looking moves with no plan, beatable by a newcomer.

It claims whenever it can, otherwise plays a random card in a sensible way
(trades to the maximum, upgrades using every step), rests when its hand runs dry
and now and then takes the free merchant card. It never aims at a point card.
"""

from __future__ import annotations

import random

from century_tui.engine import ACQUIRE, REST, Move, State

from .heuristics import candidate_moves, obvious_move


class EasyBot:
    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        obvious = obvious_move(state)
        if obvious is not None:
            return obvious
        moves = candidate_moves(state)
        plays = [m for m in moves if m.kind not in (ACQUIRE, REST)]
        rests = [m for m in moves if m.kind == REST]
        p = state.players[state.seat]
        rand = self.rng.random()
        if len(p.hand_cards) + len(p.played_cards) < 6 and rand < 0.15:
            free = [m for m in moves if m.kind == ACQUIRE and m.index == 0]
            if free:
                return free[0]
        if rests and (not plays or rand > 0.75):
            return rests[0]
        if plays:
            return plays[self.rng.randrange(len(plays))]
        free = [m for m in moves if m.kind == ACQUIRE]
        return free[0] if free else state.legal_moves(REST)[0]
