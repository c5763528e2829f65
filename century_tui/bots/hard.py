"""The hard bot: a planner that races, on an imagined deck order.

Century is a race: the game ends in the round someone takes their sixth point card (the
fifth with 4-5 players), and the points a player holds then are all that count. So the
bot plans its own turns to the end, as far as its budget lets it see, against a model of
the race (`race`): each other player's own short search says which cards it will take
and when, so the bot knows which cards will still be there, which one to take first and
when the game will end. Its search (`planner`) reads tables instead of playing the
engine's moves (`caravan_tables`, `world`), and values positions by `evaluation`.

It searches a determinized copy of the game: both face-down decks are shuffled from its
own seed and the public facts only, so it never knows the real order.

Anytime: beams of `SCHEDULE`'s widths (up to `ORDER_WIDTH` with several orders), each
to the game's end (or the schedule's depth, 40 own turns), one after another; the widest
that finished decides, or the deepest level of the first. With a budget of
`ORDERS_FROM_MS` or more, while it lasts, the work left goes to another imagined deck
order searched the same way, and each order whose search finished votes (ties to the
earlier): more time buys more imagined futures, not a wider
search of one (a wider beam finds lines that only that one deck order allows). The
clock is `time.perf_counter` unless told (the benchmark gives both sides a CPU clock);
a node cap makes it reproducible: the same seed, budget, position and node count give
the same move, and a search the clock stopped after N nodes chose
what a cap of N nodes chooses.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from century_tui.engine import Move, State

from .gc_pause import no_cycle_collection
from .evaluation import WIN_BONUS, Weights
from .race import PLAN_BEAM, PLAN_DEPTH
from .budget import DEFAULT_BUDGET_MS
from .root import Planning

__all__ = [
    "CLOCK_MARGIN_MS", "CLOCK_SHARE", "HardBot", "ORDER_WIDTH", "ORDERS_FROM_MS", "SCHEDULE", "WIN_BONUS", "Weights",
    "imagined",
]

CLOCK_SHARE = 0.75
"""Share of the budget the search may use: the rest covers garbage collection and a busy CPU."""
CLOCK_MARGIN_MS = 30
"""Time always left over, for small budgets: a collection or a preempted thread costs about
as much at 100 ms as at 1000 ms."""
SCHEDULE = ((24, 40), (48, 40), (96, 40), (192, 40), (384, 40), (768, 40), (1536, 40))
"""(beam, depth) of the successive searches, until the budget is spent (those wider than
`order_width` left out)."""
ORDER_WIDTH = 48
"""Widest search of one imagined deck order; the work left goes to further orders. At
1000 ms a move, five to eight orders voting won 24 of 30 games against the baseline where
one order searched up to 192 wide won 19 of the same 30 (docs/BOT_TUNING.md)."""
ORDERS_FROM_MS = 500
"""Budgets from this up search several imagined orders; smaller ones, one order as wide
as the budget allows. At 250 ms a move there is room for one 48-wide order, and a second
(two voters: the first one's move) only wasted what a wider search uses: with orders the
bot won 77 of 120 against the baseline, without 85 of the same 120."""


def _public_seed(seed: int, state: State) -> str:
    """A seed from the bot's seed and the public position only (never the deck order).
    Plain values only (the phase as its string): the seed is a repr, which must not change
    with the types the engine holds its facts in (the phase became a StrEnum)."""
    parts = [seed, state.seat, str(state.phase), state.upper_coins, state.lower_coins, state.end_triggered]
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


class HardBot:
    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: int | None = None,
        max_nodes: int | None = None,
        schedule: tuple[tuple[int, int], ...] = SCHEDULE,
        weights: Weights = Weights(),
        clock: Callable[[], float] | None = None,
        orders: int = 1,
        order_width: int | None = ORDER_WIDTH,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.max_nodes = max_nodes
        """Node cap: None searches until the clock share is spent (for tests: a cap)."""
        self.schedule = schedule
        self.weights = weights
        self.clock = clock or time.perf_counter
        """The clock the budget is read on: wall time for a person waiting, a CPU clock
        (`time.thread_time`) for fair matches on a shared machine."""
        self.orders = orders
        """Imagined deck orders searched, each with its share of the work, voting."""
        self.order_width = order_width
        """Each imagined order's searches stop at this width and the work left goes to
        further orders, as many as fit (each voting once its search finished), for budgets
        from `ORDERS_FROM_MS`; None, or a smaller budget: the whole schedule on `orders`
        orders, each with its share of the work."""
        self.nodes = 0
        """Positions evaluated by the last `choose` (for tests and benchmarks)."""
        self.reached = (0, 0)
        """(beam, depth) of the search whose move the last `choose` played."""
        self.voted = 0
        """Imagined orders whose move counted in the last `choose`."""

    def choose(self, state: State) -> Move:
        if state.is_over:
            raise ValueError("no move to choose: the game is over")
        return self.appraise(state)[0]

    def appraise(self, state: State, moves: list[Move] | None = None) -> tuple[Move, dict[Move, float]]:
        """The move `choose` would play among `moves` (default: every distinct move worth a
        thought) and the worth the deciding search found for each: its best line's value,
        in points (for the coach and the post-game review, which weigh any legal move).
        Each imagined deck order searched votes for its move (`order_width`, `orders`);
        ties go to the earlier order, and the worths are the first order's."""
        start = self.clock()
        search_ms = max(self.budget_ms / 2, min(self.budget_ms * CLOCK_SHARE, self.budget_ms - CLOCK_MARGIN_MS))
        self.nodes = 0
        self.reached = (0, 0)
        votes: dict[Move, int] = {}
        first: tuple[Move, dict[Move, float]] | None = None
        asked = moves is not None
        with no_cycle_collection():  # from the first allocation: a collection costs more than a small budget
            plan_size = (min(PLAN_BEAM, abs(self.schedule[0][0]) or PLAN_BEAM), min(PLAN_DEPTH, max(d for _, d in self.schedule)))
            schedule, width = self.schedule, self.order_width if self.budget_ms >= ORDERS_FROM_MS else None
            if width:
                schedule = tuple(s for s in schedule if abs(s[0]) <= width) or schedule[:1]
            k, began = 0, start
            while True:
                share = 1.0 if width else (k + 1) / self.orders
                cap = None if self.max_nodes is None else int(self.max_nodes * share)
                before = self.nodes
                planning = Planning(imagined(state, self.seed + 7919 * k), state.seat, self.weights, cap,
                                    start + search_ms * share / 1000, self.clock, plan_size, self.nodes)
                if moves is None:
                    moves = planning.moves()
                if len(moves) == 1 and not asked:  # nothing to choose (the review asks for a worth)
                    chosen, worth = moves[0], {moves[0]: 0.0}
                else:
                    chosen, worth, reached = planning.decide(moves, schedule)
                    self.reached = max(self.reached, reached)
                self.nodes = planning.work.nodes
                finished = not planning.work.spent
                planning.close()
                del planning  # freed now, by reference counts, not by the collector once it is back on
                if k == 0 or finished:  # an order the work cut short does not vote
                    votes[chosen] = votes.get(chosen, 0) + 1
                first = first or (chosen, worth)
                k += 1
                if len(moves) == 1:
                    break
                now = self._another(width, k, finished, self.nodes - before, began, start + search_ms / 1000)
                if now is None:
                    break
                began = now
        assert first is not None
        self.voted = sum(votes.values())
        best = max(votes.values())
        if votes[first[0]] == best:
            return first
        return next(m for m in votes if votes[m] == best), first[1]

    def _another(self, width: int | None, k: int, finished: bool, cost: int, began: float,
                 deadline: float) -> float | None:
        """The clock's time when another imagined order may be searched after `k`, None when
        not: a fixed number of them, or (orders `width` wide) while one as dear as the last
        (`cost` nodes, begun at `began`) still fits in the work left. The clock is looked at
        only when the node count allows one more (a look costs a tick of a test's clock)."""
        if not width:
            return 0.0 if k < self.orders else None
        if not finished or (self.max_nodes is not None and self.max_nodes - self.nodes < cost):
            return None
        now = self.clock()
        return now if 2 * now - began <= deadline else None
