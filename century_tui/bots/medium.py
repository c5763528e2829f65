"""The medium bot: a one-turn greedy player.

It claims the best point card it can afford (points plus coin). Otherwise it picks
the point card of the row that is nearest for its worth (upgrade steps missing) and
makes the single move that brings its caravan closest to it; early on it also
takes a merchant card that is cheap and productive. It never looks two turns ahead.
"""

from __future__ import annotations

from century_tui.engine import ACQUIRE, DISCARDING, REST, Move, State

from .heuristics import COST, RATES, candidate_moves, claim_value, deficit, discard_move, obvious_move, value

BUILD_CARDS = 7
"""Merchant cards (starting ones included) below which it still buys productive cards."""
GOOD_BUY = 3.0
"""Card rate plus cubes on it, less the cubes paid, that makes a purchase worth a turn."""
TEMPO = 2
"""The target maximises (points + coin) / (steps missing + TEMPO): near, but worth it."""


class MediumBot:
    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the greedy choice needs no chance

    def choose(self, state: State) -> Move:
        obvious = obvious_move(state)
        if obvious is not None:
            return obvious
        me = state.seat
        p = state.players[me]
        target = min(
            range(len(state.point_row)),
            key=lambda i: (-claim_value(state, i) / (deficit(p.cubes, COST[state.point_row[i]]) + TEMPO), i),
        )
        cost = COST[state.point_row[target]]
        before = deficit(p.cubes, cost)

        moves = candidate_moves(state)
        acquires = [m for m in moves if m.kind == ACQUIRE]
        plays = [m for m in moves if m.kind not in (ACQUIRE, REST)]

        def buy_score(m) -> float:
            return RATES[state.merchant_row[m.index]] + value(state.merchant_cubes[m.index]) - m.index

        best_buy = max(acquires, key=buy_score, default=None)
        if (
            best_buy is not None
            and len(p.hand_cards) + len(p.played_cards) < BUILD_CARDS
            and buy_score(best_buy) >= GOOD_BUY
        ):
            return best_buy

        def after(m: Move) -> tuple[int, int]:
            s = state.child(m)
            if s.phase == DISCARDING:
                s.advance(discard_move(s))
            c = s.players[me].cubes
            return before - deficit(c, cost), value(c)

        here = value(p.cubes)
        scored = [(after(m), i) for i, m in enumerate(plays)]
        if scored:
            (gain, worth), i = max(scored)
            if gain > 0 or worth > here:
                return plays[i]
        if p.played:
            return state.legal_moves(REST)[0]
        if best_buy is not None:
            return best_buy
        if scored:
            return plays[max(scored)[1]]
        return state.legal_moves(REST)[0]
