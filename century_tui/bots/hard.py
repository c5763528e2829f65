"""The hard bot: beam searches over its own next turns, on an imagined deck order.

Century is a race, so the bot plans its own turns (play, rest, acquire, claim) several
turns deep, and lets each opponent claim the best card it can already pay for in
between, so it sees the cards it is about to lose and an end an opponent can trigger.
It searches a determinized copy of the game: both face-down decks are shuffled from
its own seed, so it never knows the real order.

Tempo: a line's points count less the later they come (`Weights.discount` per own
turn), so a claim now beats the same claim put off; the game's end is foreseen from the
leader's cards (`turns_left`), and merchant cards count less as it nears, so the bot
stops buying cards it would not play often enough. Trade repetitions are the search's
choice: the most that fit without a discard, the most, or a count that pays a card.

Anytime: ever wider and deeper searches run until the budget's clock share is spent
(`SCHEDULE`); the deepest finished level decides. A node cap makes it reproducible:
the same seed, position and node count give the same move.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from century_tui.engine import Move, State
from century_tui.engine.cubes import Cubes, covers
from century_tui.engine.state import cards_of, trigger_cards

from .heuristics import (
    COST,
    POINTS,
    RATES,
    best_claim,
    claim_value,
    deficit,
    discard_move,
    search_moves,
    value,
)

DEFAULT_BUDGET_MS = 1000
CLOCK_SHARE = 0.75
"""Share of the budget the search may use: the rest covers garbage collection and a busy CPU."""
CLOCK_MARGIN_MS = 30
"""Time always left over, for small budgets: a collection or a preempted thread costs about
as much at 100 ms as at 1000 ms."""
SCHEDULE = ((48, 6), (96, 7), (192, 8), (384, 9), (768, 10), (1536, 12))
"""(beam, depth) of the successive searches, each wider and deeper than the last, until
the budget is spent. Each search deepens one own turn at a time; the bot plays the move
of the deepest level any search finished (the wider search on a tie). Wide first: at a
few hundred nodes, 48 positions three turns deep beat 8 positions four turns deep."""


@dataclass(frozen=True)
class Weights:
    """Evaluation weights, tuned by games against the frozen baseline and the medium bot."""

    matched: float = 0.9
    """Worth per tier point of cubes that pay part of the best target card."""
    spare: float = 0.7
    """Worth per tier point of the other cubes: they still need trades or a fitting card."""
    target: float = 0.3
    """Share of the best target's surplus (its worth less steps missing) counted now."""
    discount: float = 0.93
    """Worth of a point one own turn later: claims now beat the same claims later."""
    engine: float = 0.5
    """Share of the merchant cards' production per play counted, early in the game."""
    engine_decay: float = 0.8
    """Each further merchant card counts this much less: a long hand cycles slowly."""
    reach: float = 0.3
    """Near the end, worth lost per upgrade step missing to the nearest point card."""
    payback: float = 10.0
    """Own turns left below which cards count less and less: a card bought near the end
    is not played often enough to pay for the turn it cost."""
    ready: float = 0.3
    """Extra worth of a card in hand over one in the played pile (no rest needed)."""
    pace: float = 4.0
    """Own turns a claim takes in a well-played game."""
    patience: int = 35
    """Own turns after which the bot plays as if the end were near, so no game stalls."""


WIN_BONUS = 1000.0


def turns_left(state: State, me: int, w: Weights) -> float:
    """Own turns the game probably has left: the leader's missing cards times a claim's pace,
    one card fewer when the leader can pay for a row card now.

    Past `patience` turns the estimate shrinks to zero: cubes and cards then count only
    for their score, which makes claiming the best move and ends stalled games.
    """
    if state.end_triggered is not None:
        return 0.0
    most = max(len(p.claimed) for p in state.players)
    costs = [COST[c] for c in state.point_row]
    if any(len(p.claimed) == most and any(covers(p.cubes, c) for c in costs) for p in state.players):
        most += 1
    left = max(0.0, (trigger_cards(state.n) - most) * w.pace - 1)
    late = state.players[me].turns - w.patience
    if late > 0:
        left *= max(0.0, 1 - late / 15)
    return left


_TARGETS: dict[tuple, tuple[int, float, int]] = {}


def _target(state: State, cubes: Cubes, w: Weights) -> tuple[int, float, int]:
    """The row card to aim at (index, surplus): most worth for the steps still missing;
    and the steps missing to the nearest card.
    Cached by what it depends on: searches meet the same caravan and row again and again."""
    key = (cubes, tuple(state.point_row), state.upper_coins > 0, state.lower_coins > 0, w.matched)
    got = _TARGETS.get(key)
    if got is None:
        if len(_TARGETS) > 200_000:
            _TARGETS.clear()
        got = _TARGETS[key] = _find_target(state, cubes, w)
    return got


def _find_target(state: State, cubes: Cubes, w: Weights) -> tuple[int, float, int]:
    best, surplus, nearest = -1, float("-inf"), 0
    row = state.point_row
    for i in range(len(row)):
        cost = COST[row[i]]
        steps = deficit(cubes, cost)
        worth = claim_value(state, i) - value(cost) * w.matched - steps
        if worth > surplus:
            best, surplus = i, worth
        if i == 0 or steps < nearest:
            nearest = steps
    return best, max(0.0, surplus), nearest


def realised(state: State, me: int) -> float:
    """Points that are sure: claimed cards and coins; the whole score once the game is over."""
    if state.is_over:
        return float(state.score(me).total)
    p = state.players[me]
    return float(sum(POINTS[c] for c in p.claimed) + 3 * p.upper + p.lower)


def potential(state: State, me: int, w: Weights = Weights()) -> float:
    """Worth, in points, of what seat `me` holds: cubes and merchant cards.

    Cubes count by tier: fully when they pay part of the best target card, less when
    spare (a caravan of ten browns facing a row of red cards is not worth forty), plus
    a share of the best target's surplus. Merchant cards count for what they make per
    play (best cards first, each further card less), scaled down over the last
    `payback` turns; cards in hand a little more, as they need no rest. Near the end,
    cubes count only their score and cards nothing.
    """
    if state.is_over:
        return 0.0
    p = state.players[me]
    cubes = p.cubes
    left = turns_left(state, me, w)
    late = min(1.0, left / 8.0)
    target, surplus, nearest = _target(state, cubes, w)
    matched = 0
    if target >= 0:
        cost = COST[state.point_row[target]]
        matched = value(tuple(min(cubes[t], cost[t]) for t in range(4)))  # type: ignore[arg-type]
    planned = w.matched * matched + w.spare * (value(cubes) - matched) + w.target * surplus
    # Near the end cubes count for their score, and a little for nearing a card: else
    # players holding browns nobody can spend would wait for ever.
    cube_part = late * planned + (1 - late) * (cubes[1] + cubes[2] + cubes[3] - w.reach * nearest)
    engine, k = 0.0, 1.0
    for r in sorted((RATES[c] for c in cards_of(p.hand | p.played)), reverse=True):
        engine += r * k
        k *= w.engine_decay
    engine *= w.engine * min(1.0, left / w.payback) ** 2  # fewer turns left, and fewer plays in each
    ready = w.ready * late * sum(RATES[c] for c in cards_of(p.hand))
    return cube_part + engine + ready


def evaluate(state: State, me: int, w: Weights = Weights(), depth: int = 0) -> float:
    """Worth of a position for seat `me` with no path behind it: what is sure plus what it
    holds (for tests and a one-look judgement; the search discounts along its lines)."""
    won = WIN_BONUS if state.is_over and state.winner() == me else 0.0
    return realised(state, me) + potential(state, me, w) + won


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


def imagined(state: State, seed: int) -> State:
    """The copy the bot searches: decks shuffled by a seed drawn from public facts only.

    The decks are sorted before `determinized` shuffles them, so which cards remain
    may matter but their real order cannot.
    """
    canon = state.clone()
    canon.point_deck.sort()
    canon.merchant_deck.sort()
    return canon.determinized(random.Random(_public_seed(seed, state)))


_gc_lock = threading.Lock()
_gc_searches = 0
_gc_was_enabled = False


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """No cycle collection while searches run. A search makes thousands of short-lived
    copies, freed by reference counting; a collection meanwhile would walk the whole heap
    (50 ms in a long-running process) for nothing. The switch is process-wide, and a
    bot thread left running after an undo may overlap the next one: the first search in
    turns collection off, the last one out restores it."""
    global _gc_searches, _gc_was_enabled
    with _gc_lock:
        if _gc_searches == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_searches += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_searches -= 1
            if _gc_searches == 0 and _gc_was_enabled:
                gc.enable()


class HardBot:
    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: int | None = None,
        max_nodes: int | None = None,
        schedule: tuple[tuple[int, int], ...] = SCHEDULE,
        weights: Weights = Weights(),
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.max_nodes = max_nodes
        """Node cap: None searches until the clock share is spent. With a cap, the same
        seed and position give the same move, and a search the clock stopped after N
        nodes chose what a cap of N nodes chooses."""
        self.schedule = schedule
        self.weights = weights
        self.nodes = 0
        """Nodes searched by the last `choose` (for tests and benchmarks)."""
        self.reached = (0, 0)
        """(beam, depth) of the search whose move the last `choose` played."""

    def choose(self, state: State) -> Move:
        search_ms = max(self.budget_ms / 2, min(self.budget_ms * CLOCK_SHARE, self.budget_ms - CLOCK_MARGIN_MS))
        deadline = time.perf_counter() + search_ms / 1000
        me = state.seat
        self.nodes = 0
        self.reached = (0, 0)
        if state.phase == "discard":
            return discard_move(state)
        with no_cycle_collection():  # from the first allocation: a collection costs more than a small budget
            moves = search_moves(state)
            if not moves:
                raise ValueError("no move to choose: the game is over")
            if len(moves) == 1:
                return moves[0]
            root = imagined(state, self.seed)
            chosen, best = 0, (0, 0)
            for beam, depth in self.schedule:
                found, reached = self._search(root, moves, me, deadline, beam, depth)
                if (reached, beam) > best:
                    chosen, best = found, (reached, beam)
                if reached < depth:
                    break
            self.reached = (best[1], best[0])
            return moves[chosen]

    def _out_of_work(self, deadline: float) -> bool:
        return (self.max_nodes is not None and self.nodes >= self.max_nodes) or time.perf_counter() > deadline

    def _search(self, root: State, moves: list[Move], me: int, deadline: float, beam: int, depth: int) -> tuple[int, int]:
        """One beam search up to `depth` own turns deep: (index in `moves` of the first move
        of the best line, the depth it finished; 0 if not even one). A line's worth is its points discounted by
        the own turn they came on, plus the discounted potential of where it ends."""
        w = self.weights
        g = w.discount
        base = realised(root, me)
        best_at_depth: list[float] = [float("-inf")] * len(moves)
        # a node: (worth, first move, state, discounted points so far)
        layer: list[tuple[float, int, State, float]] = []
        seen: set = set()
        for i, m in enumerate(moves):
            if self._out_of_work(deadline):
                return max(range(len(moves)), key=lambda j: (best_at_depth[j], -j)), 0
            s = root.clone()
            _play_turn(s, m, me)
            self.nodes += 1
            gained = realised(s, me) - base
            v = self._worth(s, me, gained, 1)
            best_at_depth[i] = v
            key = _key(s, me)
            if key not in seen:
                seen.add(key)
                layer.append((v, i, s, gained))
        chosen = max(range(len(moves)), key=lambda i: (best_at_depth[i], -i))
        for d in range(2, depth + 1):
            layer.sort(key=lambda x: (-x[0], x[1]))
            layer = layer[:beam]
            scores = [float("-inf")] * len(moves)
            nxt: list[tuple[float, int, State, float]] = []
            seen = set()
            weight = g ** (d - 1)
            for v0, i, s, got in layer:
                if s.is_over:
                    scores[i] = max(scores[i], v0)
                    nxt.append((v0, i, s, got))
                    continue
                before = realised(s, me)
                for m in search_moves(s):
                    if self._out_of_work(deadline):
                        return chosen, d - 1
                    c = s.clone()
                    _play_turn(c, m, me)
                    self.nodes += 1
                    key = _key(c, me)
                    if key in seen:
                        continue
                    seen.add(key)
                    gained = got + weight * (realised(c, me) - before)
                    v = self._worth(c, me, gained, d)
                    if v > scores[i]:
                        scores[i] = v
                    nxt.append((v, i, c, gained))
            chosen = max(range(len(moves)), key=lambda i: (scores[i], -i))
            layer = nxt
        return chosen, depth

    def _worth(self, state: State, me: int, gained: float, depth: int) -> float:
        """A line's worth after `depth` own turns: discounted points won on the way, the
        discounted potential of its end, a win the larger the sooner."""
        g = self.weights.discount ** depth
        if state.is_over:
            return gained + (WIN_BONUS * g if state.winner() == me else 0.0)
        return gained + g * potential(state, me, self.weights)
