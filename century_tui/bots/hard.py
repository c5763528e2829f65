"""The hard bot: a beam search over its own next turns, on an imagined deck order.

Century is mostly a race of engines, so the bot plans its own turns (play, rest,
acquire, claim) several turns deep, and lets each opponent claim the best card it
can already pay for in between, so it sees cards it is about to lose. It searches a
determinized copy of the game: both face-down decks are shuffled from its own seed,
so it never knows the real order. Leaves are scored by `evaluate`.

Work is limited twice: a node count (deterministic, so a seed gives one move) and a
wall-clock budget it never exceeds (the node count is set to finish well inside it).
"""

from __future__ import annotations

import random
import time

from century_tui.engine import CLAIM, DISCARD, Move, State
from century_tui.engine.state import cards_of, trigger_cards

from .heuristics import (
    COST,
    POINTS,
    RATES,
    best_claim,
    candidate_moves,
    claim_value,
    deficit,
    discard_move,
    value,
)

DEFAULT_BUDGET_MS = 1000
NODES_PER_MS = 6
"""Search nodes per millisecond of budget: about half what this code manages on one
core of the reference machine, so the deterministic node limit ends the search first."""
BEAM = 24
DEPTH = 4

# Evaluation weights (tuned by `benchmarks/bots.py` games against the medium bot).
CUBE_WEIGHT = 0.75
TARGET_WEIGHT = 0.3
ENGINE_WEIGHT = 0.5
ENGINE_DECAY = 0.8
READY_WEIGHT = 0.3
TURNS_PER_CLAIM = 4.0
WIN_BONUS = 1000.0


def turns_left(state: State) -> float:
    """Own turns the game probably has left: the leader's missing cards times a claim's pace."""
    most = max(len(p.claimed) for p in state.players)
    if state.end_triggered is not None:
        return 0.0
    return max(0.0, (trigger_cards(state.n) - most) * TURNS_PER_CLAIM - 1)


def evaluate(state: State, me: int) -> float:
    """Worth of a position for seat `me`, in points.

    Realised points and coins count fully; cubes count by tier, less than fully as
    they still need a claim, plus a bonus for nearing a good card of the row; merchant
    cards count for what they will make in the turns left (best cards first, each
    further card less), and cards in hand a little more, as they need no rest.
    A finished game counts its true score, with a large bonus for winning.
    """
    p = state.players[me]
    if state.is_over:
        won = state.winner() == me
        return state.score(me).total + (WIN_BONUS if won else 0.0)
    realised = sum(POINTS[c] for c in p.claimed) + 3 * p.upper + p.lower
    cubes = p.cubes
    left = turns_left(state)
    late = min(1.0, left / 8.0)
    # Near the end a cube is worth its score (1 unless yellow); early, its tier.
    cube_score = cubes[1] + cubes[2] + cubes[3]
    cube_part = late * CUBE_WEIGHT * value(cubes) + (1 - late) * cube_score
    target = 0.0
    row = state.point_row
    for i in range(len(row)):
        gap = deficit(cubes, COST[row[i]])
        worth = claim_value(state, i) - value(COST[row[i]]) * CUBE_WEIGHT - gap
        if worth > target:
            target = worth
    rates = sorted((RATES[c] for c in cards_of(p.hand | p.played)), reverse=True)
    engine, w = 0.0, 1.0
    for r in rates:
        engine += r * w
        w *= ENGINE_DECAY
    engine *= ENGINE_WEIGHT * min(1.0, left / 10.0)
    ready = READY_WEIGHT * late * sum(RATES[c] for c in cards_of(p.hand))
    return realised + cube_part + TARGET_WEIGHT * late * target + engine + ready


def _opponents_move(state: State, me: int) -> None:
    """Play the other seats until `me` acts again: each claims its best card, else rests."""
    while state.seat != me and not state.is_over:
        if state.phase == "discard":
            state.advance(discard_move(state))
            continue
        claim = best_claim(state)
        state.advance(claim if claim is not None else state.legal_moves("rest")[0])


def _play_turn(state: State, move: Move, me: int) -> None:
    """Our move, our discard if any, then the opponents' replies."""
    state.advance(move)
    if state.phase == "discard":
        state.advance(discard_move(state))
    _opponents_move(state, me)


def _key(state: State, me: int) -> tuple:
    """Positions reached by different move orders are the same node."""
    p = state.players[me]
    return (p.cubes, p.hand, p.played, len(p.claimed), tuple(state.point_row), tuple(state.merchant_row))


def _public_seed(seed: int, state: State) -> str:
    """A seed from the bot's seed and the public position only (never the deck order)."""
    parts = [seed, state.seat, state.phase, state.upper_coins, state.lower_coins, state.end_triggered]
    parts += [(p.cubes, p.hand, p.played, p.claimed, p.upper, p.lower, p.turns) for p in state.players]
    parts += [state.point_row, state.merchant_row, state.merchant_cubes]
    return repr(parts)


class HardBot:
    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: int | None = None,
        max_nodes: int | None = None,
        beam: int = BEAM,
        depth: int = DEPTH,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.max_nodes = max_nodes if max_nodes is not None else max(50, self.budget_ms * NODES_PER_MS)
        self.beam = beam
        self.depth = depth
        self.nodes = 0
        """Nodes searched by the last `choose` (for tests and benchmarks)."""

    def choose(self, state: State) -> Move:
        deadline = time.perf_counter() + self.budget_ms / 1000 * 0.9
        me = state.seat
        self.nodes = 0
        if state.phase == "discard":
            return self._discard(state, me)
        moves = candidate_moves(state)
        if len(moves) == 1:
            return moves[0]
        rng = random.Random(_public_seed(self.seed, state))
        root = state.determinized(rng)
        return moves[self._search(root, moves, me, deadline)]

    def _discard(self, state: State, me: int) -> Move:
        """The overflow discard that leaves the best-valued caravan (R-LIM-1)."""
        best, best_v = None, None
        for m in state.legal_moves(DISCARD):
            s = state.clone()
            s.advance(m)
            v = evaluate(s, me)
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best if best is not None else discard_move(state)

    def _search(self, root: State, moves: list[Move], me: int, deadline: float) -> int:
        """Index in `moves` of the first move of the best line found."""
        clock = time.perf_counter
        best_at_depth: list[float] = [float("-inf")] * len(moves)
        layer: list[tuple[float, int, State]] = []
        seen: set = set()
        for i, m in enumerate(moves):
            s = root.clone()
            _play_turn(s, m, me)
            self.nodes += 1
            v = evaluate(s, me)
            best_at_depth[i] = v
            key = _key(s, me)
            if key not in seen:
                seen.add(key)
                layer.append((v, i, s))
        chosen = max(range(len(moves)), key=lambda i: (best_at_depth[i], -i))
        for _ in range(1, self.depth):
            layer.sort(key=lambda x: (-x[0], x[1]))
            layer = layer[: self.beam]
            scores = [float("-inf")] * len(moves)
            nxt: list[tuple[float, int, State]] = []
            seen = set()
            finished = True
            for v0, i, s in layer:
                if s.is_over:
                    scores[i] = max(scores[i], v0)
                    nxt.append((v0, i, s))
                    continue
                for m in candidate_moves(s):
                    if self.nodes >= self.max_nodes or clock() > deadline:
                        finished = False
                        break
                    c = s.clone()
                    _play_turn(c, m, me)
                    self.nodes += 1
                    key = _key(c, me)
                    if key in seen:
                        continue
                    seen.add(key)
                    v = evaluate(c, me)
                    if v > scores[i]:
                        scores[i] = v
                    nxt.append((v, i, c))
                if not finished:
                    break
            if not finished:
                break
            chosen = max(range(len(moves)), key=lambda i: (scores[i], -i))
            layer = nxt
        return chosen
