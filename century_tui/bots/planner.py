"""The planner's search core: beams of the bot's own turns, as table lookups.

A node of the search is a tuple (worth, first move, caravan number, hand, played pile,
points, cards claimed, world, line's own worth, parent, step): the bot's own facts as
small ints, and the `World` it shares with other lines (rows, coins, the other players'
progress, the end). A child costs a few table reads: the caravan after a card's play, a
payment or a claim (`caravan_tables`), the world after the bot's claim or acquire and
the other players' turns (`World`, kept once worked out), and the worth (`evaluation`).

`Beam.levels` is a beam search one own turn deeper at each step: every child of the kept
positions, the best `width` of them kept, positions met along two move orders (the same
caravan, cards, points and world) kept once, the better one. It stops when every line
has reached the game's end, when the depth asked for is reached, or when its work runs
out (a node cap or the clock, looked at after each position expanded: a search the clock
stopped after N nodes chose what a cap of N nodes chooses).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import itemgetter

from century_tui.engine import COST, KIND, cards_of, cheapest_discard

from .caravan_tables import (
    AFTER_CLAIM, COLUMNS, CUBES, EMPTY, HELD, INDEX, PAYABLE, PAY_CODE, PAY_SLOT, STATES, added, plays
)
from .evaluation import Evaluator
from .heuristics import POINTS, deficit, needed_cubes
from .world import World

PLAY, REST = ("play", -1), ("rest", -1)
ACQUIRE_STEP = tuple(("acquire", c) for c in range(len(KIND)))
CLAIM_STEP = tuple(("claim", c) for c in range(len(COST)))
"""One shared (kind, card) step per card: a line records its steps without allocating."""
_FIRST = itemgetter(0)


class _Steps(dict):
    def __missing__(self, key):
        got = self[key] = key
        return got


STEPS = _Steps()
"""One shared (kind, card) tuple per step a line records (no allocation per node)."""


class Work:
    """What a search may spend: a node cap and a deadline on a clock, looked at together."""

    __slots__ = ("nodes", "max_nodes", "deadline", "clock", "spent")

    def __init__(self, max_nodes: int | None, deadline: float, clock: Callable[[], float]) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.clock = clock
        self.spent = False

    def out(self) -> bool:
        if self.nodes >= self.max_nodes or self.clock() > self.deadline:
            self.spent = True
        return self.spent


_SPILLS: dict[tuple[int, tuple[int, ...]], int] = {}


def within_limit(r: int, prow: tuple[int, ...]) -> int:
    """Caravan `r` (over the limit) after the overflow discard the bots make
    (`heuristics.discard_move`): keep what the nearest row card needs, return the
    cheapest of the rest."""
    key = (r, prow)
    got = _SPILLS.get(key)
    if got is None:
        cubes = CUBES[r]
        keep = (0, 0, 0, 0)
        if prow:
            near = min(prow, key=lambda c: (deficit(cubes, COST[c]), -POINTS[c], prow.index(c)))
            keep = needed_cubes(cubes, COST[near])
        out = cheapest_discard(cubes, sum(cubes) - 10, keep)
        if len(_SPILLS) > 100_000:
            _SPILLS.clear()
        got = _SPILLS[key] = INDEX[tuple(cubes[t] - out[t] for t in range(4))]  # type: ignore[index]
    return got


class Beam:
    """One search's expansion and evaluation (`levels`); `work` is shared by every beam of
    a move, so the node count is the move's."""

    def __init__(self, evaluator: Evaluator, trigger: int, work: Work, claims_first: bool = False) -> None:
        self.ev = evaluator
        self.claims_first = claims_first
        """Only claims when one can be made (another player's plan: it claims what it can)."""
        self.trigger = trigger
        self.work = work
        w = evaluator.w
        self.funnel = w.funnel
        self.spill = w.line_spill
        self.delay = [1 - w.discount ** d for d in range(128)]
        """Share of a claim's points lost `d` own turns into a line (`Weights.discount`)."""
        self.bonus = [w.claim_bonus * w.discount ** d for d in range(128)]
        """Points a claim `d` own turns into a line counts beyond its own (`Weights.claim_bonus`)."""

    def child(self, out: list, first: int, cv: int, hand: int, played: int, pts: int, ncl: int, world: World,
              acc: float, prev: tuple | None, step: tuple) -> None:
        """Evaluate one position and add it to `out` (cold path: the root's children)."""
        if world.over:
            v = self.ev.final(world, pts, cv, world.depth) + acc
        else:
            ctx, rival = self.ev.frame(world, ncl)
            v = pts + acc + ctx.cube_worth(cv) + ctx.cards_worth(hand | played, hand) - rival
        out.append((v, first, cv, hand, played, pts, ncl, world, acc, prev, step))

    def expand(self, node: tuple, out: list) -> None:
        """Every child of `node` (the bot's next turn, then the others'), evaluated, into `out`.
        The hot path of the search: written out flat, every table read local."""
        _, first, cv, hand, played, pts, ncl, world, acc, _, _ = node
        ev, append = self.ev, out.append
        frame, final = ev.frame, ev.final
        prow = world.prow
        payable = PAYABLE[cv]
        if payable:
            before = len(out)
            claimed, trigger = world.claimed, ncl + 1 >= self.trigger
            a0 = acc + self.bonus[world.depth]
            loss = self.delay[world.depth]
            for j, card in enumerate(prow):
                if payable >> card & 1:
                    got = claimed.get(2 * j + trigger)
                    w2, gain = got if got is not None else world.take(j, trigger)
                    r, a, p2 = AFTER_CLAIM[card][cv], a0 - loss * POINTS[card], pts + gain
                    if w2.over:
                        v = final(w2, p2, r, w2.depth) + a
                    else:
                        ctx, rival = w2.memo.get(ncl + 1) or frame(w2, ncl + 1)
                        c = ctx.cubes[r]
                        v = p2 + a + (c if c is not None else ctx.cube_worth(r)) + ctx.cards_worth(hand | played, hand) - rival
                    append((v, first, r, hand, played, p2, ncl + 1, w2, a, node, CLAIM_STEP[card]))
            if self.claims_first and len(out) > before:
                return
        nxt = world.turn()
        if nxt.over:
            ctx = None
        else:
            ctx, rival = nxt.memo.get(ncl) or frame(nxt, ncl)
            cube_worth, cards_worth, cubes = ctx.cube_worth, ctx.cards_worth, ctx.cubes
        spill = self.spill
        # cards of the hand: every distinct result
        for card in cards_of(hand):
            column = COLUMNS[card] or plays(card)
            options = column[cv]
            if not options:
                continue
            h, p = hand ^ (1 << card), played | (1 << card)
            if ctx is not None:
                base = pts + acc + cards_worth(h | p, h) - rival
            for r, _ in options:
                a = acc
                if r >= STATES:
                    r = within_limit(r, prow)
                    a -= spill
                if ctx is None:
                    v = final(nxt, pts, r, nxt.depth) + a
                else:
                    c = cubes[r]
                    v = base + (a - acc) + (c if c is not None else cube_worth(r))
                append((v, first, r, h, p, pts, ncl, nxt, a, node, PLAY))
        if played:
            h = hand | played
            if ctx is None:
                v = final(nxt, pts, cv, nxt.depth) + acc
            else:
                v = pts + acc + cube_worth(cv) + cards_worth(h, h) - rival
            append((v, first, cv, h, 0, pts, ncl, nxt, acc, node, REST))
        # merchant cards, paying the cheapest cubes
        bought = world.bought
        for i in range(min(len(world.mrow), HELD[cv] + 1)):
            code = PAY_CODE[i][cv]
            got = bought.get(code)
            w2, card, on = got if got is not None else world.buy(code, i, PAY_SLOT[i][cv][1])  # type: ignore[index]
            r, a = PAY_SLOT[i][cv][0], acc  # type: ignore[index]
            if on != EMPTY:
                r = added(r, on)
                if r >= STATES:
                    r = within_limit(r, prow)
                    a -= spill
            h = hand | (1 << card)
            if w2.over:
                v = final(w2, pts, r, w2.depth) + a
            else:
                ctx2, rival2 = w2.memo.get(ncl) or frame(w2, ncl)
                c = ctx2.cubes[r]
                v = pts + a + (c if c is not None else ctx2.cube_worth(r)) + ctx2.cards_worth(h | played, h) - rival2
            append((v, first, r, h, played, pts, ncl, w2, a, node, ACQUIRE_STEP[card]))

    def levels(self, roots: list[tuple], width: int, depth: int) -> Iterator[tuple[int, list[tuple]]]:
        """After each level finished, (its depth, its positions sorted best first, each met
        once): the roots as level 1, then one own turn deeper at a time, keeping `width`,
        until `depth`, the game's end on every line, or the work is spent."""
        level = _unique(sorted(roots, key=_FIRST, reverse=True), len(roots))
        yield 1, level
        work = self.work
        for d in range(2, depth + 1):
            if work.spent:
                return
            kept = level[:max(width, int(width * self.funnel / d))]
            out: list[tuple] = []
            ended = True
            for node in kept:
                if node[7].over:
                    out.append(node)
                    continue
                ended = False
                before = len(out)
                self.expand(node, out)
                work.nodes += len(out) - before
                if work.out():
                    return
            if ended:
                return
            out.sort(key=_FIRST, reverse=True)
            level = _unique(out, max(width, int(width * self.funnel / (d + 1))))
            yield d, level


def _unique(ranked: list[tuple], width: int) -> list[tuple]:
    """The first `width` positions of `ranked` that no better one dominates: the same
    cards and world (rows, coins, the other players), at least the points and every cube
    (the same position reached another way, or one with less, is dropped)."""
    kept: dict[tuple, list[tuple[tuple[int, int, int, int], int]]] = {}
    out = []
    for node in ranked:
        key = (node[3], node[4], node[7])
        cubes, pts = CUBES[node[2]], node[5]
        same = kept.get(key)
        if same is None:
            kept[key] = [(cubes, pts)]
        else:
            y, r, g, b = cubes
            if any(p >= pts and c[0] >= y and c[1] >= r and c[2] >= g and c[3] >= b for c, p in same):
                continue
            same.append((cubes, pts))
        out.append(node)
        if len(out) == width:
            break
    return out


def line_of(node: tuple) -> list[tuple]:
    """The nodes of `node`'s line, first move first."""
    out = []
    while node is not None:
        out.append(node)
        node = node[9]
    out.reverse()
    return out


def own_index(cubes: tuple[int, int, int, int]) -> int:
    """A caravan's number (a caravan in the game is always within the limit)."""
    return INDEX[cubes]
