"""One move's planning: from the engine's position to the planner's, and back to a move.

`Planning` turns the (imagined) position into the planner's terms: the bot's caravan
number and cards, the first `World` (rows, coins, decks in dealing order), and a `Plan`
for every other player from a short search of its own (`race`). It lists the moves worth
a thought (every distinct play: each upgrade, each trade repetition; every merchant slot
paid with the cheapest cubes; every claim; rest), makes each the root of the bot's lines,
and runs the schedule's beams (`planner.Beam`) until the work is spent.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from century_tui.engine import (
    ACQUIRE, CLAIM, DISCARD, DISCARDING, GAIN, PAY, SPICE, TRADE, UPGRADE, Acquire, Claim, Move, PlaySpice,
    PlayTrade, PlayUpgrade, Rest, State, cards_of, trigger_cards, upgraded
)

from .caravan_tables import AFTER_CLAIM, CUBES, EMPTY, HELD, INDEX, PAYABLE, PAY_SLOT, STATES, added, index, plays
from .evaluation import Evaluator, Weights
from .heuristics import POINTS
from .planner import STEPS, Beam, Work, line_of, within_limit
from .race import PLAN_BEAM, PLAN_DEPTH, PLAN_WEIGHTS, Plan, other, plan_from_line, still
from .world import Game, World

_REST = Rest()
MAX_WIDTH = 4096
"""No search keeps more positions a turn (a budget of minutes would otherwise widen on)."""
FILL_MARGIN = 0.8
"""Share of the work left a search sized to fill it plans for (a wider beam costs a little
more than its width's share: `_fill`)."""


def _realised(state: State, seat: int) -> int:
    p = state.players[seat]
    return sum(POINTS[c] for c in p.claimed) + 3 * p.upper + p.lower


def _first_world(state: State, game: Game, others: tuple, end: int | None) -> World:
    return game.world(0, tuple(state.point_row), 0, state.upper_coins, state.lower_coins,
                      tuple(state.merchant_row), tuple(index(c) for c in state.merchant_cubes), 0, others, end)


class Planning:
    """The planner's view of one position, for the player to act (`me`)."""

    def __init__(self, state: State, me: int, weights: Weights, max_nodes: int | None, deadline: float,
                 clock: Callable[[], float], plan_size: tuple[int, int] = (PLAN_BEAM, PLAN_DEPTH),
                 spent: int = 0) -> None:
        self.state = state
        self.plan_size = plan_size
        """(beam, depth) of the other players' searches."""
        self.me = me
        self.weights = weights.for_players(state.n)
        """The weights this game's player count is played with (`Weights.for_players`)."""
        self.work = Work(max_nodes, deadline, clock)
        self.work.nodes = spent
        n = state.n
        self.trigger = trigger_cards(n)
        point_deck, merchant_deck = state.point_deck[::-1], state.merchant_deck[::-1]
        self.end = 0 if state.end_triggered is not None else None
        order = [(me + k) % n for k in range(1, n)]
        position = [(s - state.first) % n for s in range(n)]
        late = [int(position[o] < position[me]) for o in order]
        self.games: list[Game] = []
        plans = [self._plan(o, late[i], point_deck, merchant_deck) for i, o in enumerate(order)]
        scores = [state.score(s).total for s in range(n)]
        bars = tuple(max(v for s, v in enumerate(scores) if s != o) for o in order)
        self.game = Game(point_deck, merchant_deck, [other(p, lt) for p, lt in zip(plans, late)], n, bars)
        self.games.append(self.game)
        others = tuple((0, _realised(state, o), len(state.players[o].claimed), 0) for o in order)
        self.world = _first_world(state, self.game, others, self.end)
        self.evaluator = Evaluator(self.weights, self.trigger, position[me], [position[o] for o in order])
        p = state.players[me]
        self.root = (INDEX[p.cubes], p.hand, p.played, _realised(state, me), len(p.claimed))

    def close(self) -> None:
        """Forget the worlds (they and their game point at each other): what the search
        made is freed at once by reference counts, not left for the cycle collector."""
        for game in self.games:
            game.worlds.clear()

    def _plan(self, seat: int, late: int, point_deck: list[int], merchant_deck: list[int]) -> Plan:
        """Another player's plan: its best line in a search of its own, the others still."""
        state, p = self.state, self.state.players[seat]
        start = (INDEX[p.cubes], p.hand | p.played, p.hand)
        if (self.end is not None and late) or self.work.spent:
            return still(p.cubes, p.hand | p.played, p.hand)
        game = Game(point_deck, merchant_deck, [], state.n)
        self.games.append(game)
        world = _first_world(state, game, (), self.end)
        position = (seat - state.first) % state.n
        weights = replace(self.weights, rival=0.0, **PLAN_WEIGHTS)
        beam = Beam(Evaluator(weights, self.trigger, position, []), self.trigger, self.work, claims_first=True)
        node = (0.0, 0, start[0], p.hand, p.played, _realised(state, seat), len(p.claimed), world, 0.0, None, None)
        roots: list[tuple] = []
        beam.expand(node, roots)
        self.work.nodes += len(roots)
        best = None
        for _, level in beam.levels([(*r[:9], None, r[10]) for r in roots], *self.plan_size):
            best = level[0] if level else best
        if best is None:
            return still(p.cubes, p.hand | p.played, p.hand)
        return plan_from_line(start, line_of(best))

    # ---------------------------------------------------------------- moves
    def moves(self) -> list[Move]:
        """Every distinct move worth a thought, in a fixed order."""
        state = self.state
        if state.phase == DISCARDING:
            return list(state.legal_moves(DISCARD))
        cv, hand, played = self.root[0], self.root[1], self.root[2]
        out: list[Move] = []
        for card in cards_of(hand):
            for _, param in plays(card)[cv]:
                if param is None:
                    out.append(PlaySpice(card))
                elif isinstance(param, tuple):
                    out.append(PlayUpgrade(card, param))
                else:
                    out.append(PlayTrade(card, param))
        for i in range(min(len(state.merchant_row), HELD[cv] + 1)):
            out.append(Acquire(i, PAY_SLOT[i][cv][1]))  # type: ignore[index]
        payable = PAYABLE[cv]
        out += [Claim(j) for j, c in enumerate(state.point_row) if payable >> c & 1]
        if played or not out:
            out.append(_REST)
        return out

    def child(self, beam: Beam, i: int, move: Move, out: list) -> None:
        """The root of the bot's lines that start with `move` (the `i`-th), into `out`."""
        cv, hand, played, pts, ncl = self.root
        world, acc, kind = self.world, 0.0, move.kind
        cubes = CUBES[cv]
        step: tuple = STEPS[("play", -1)]
        if kind == DISCARD:
            r = INDEX[tuple(cubes[t] - move.cubes[t] for t in range(4))]  # type: ignore[union-attr]
            step = STEPS[("rest", -1)]
        elif kind == SPICE:
            g = GAIN[move.card]  # type: ignore[union-attr]
            r, hand, played = index(tuple(cubes[t] + g[t] for t in range(4))), *_played(hand, played, move)
        elif kind == UPGRADE:
            r, hand, played = INDEX[upgraded(cubes, move.steps)], *_played(hand, played, move)  # type: ignore[union-attr]
        elif kind == TRADE:
            pay, gain, k = PAY[move.card], GAIN[move.card], move.times  # type: ignore[union-attr]
            r = index(tuple(cubes[t] + (gain[t] - pay[t]) * k for t in range(4)))
            hand, played = _played(hand, played, move)
        elif kind == ACQUIRE:
            paid = [0, 0, 0, 0]
            for t in move.payment:  # type: ignore[union-attr]
                paid[t] += 1
            after = INDEX[tuple(cubes[t] - paid[t] for t in range(4))]
            world, card, on = world.acquire(move.index, tuple(move.payment))  # type: ignore[union-attr]
            r, hand = (added(after, on) if on != EMPTY else after), hand | 1 << card
            step = STEPS[("acquire", card)]
        elif kind == CLAIM:
            card = world.prow[move.index]  # type: ignore[union-attr]
            world, gain = world.claim(move.index, ncl + 1 >= self.trigger)  # type: ignore[union-attr]
            r, pts, ncl = AFTER_CLAIM[card][cv], pts + gain, ncl + 1
            step = STEPS[("claim", card)]
        else:
            r, hand, played = cv, hand | played, 0
            step = STEPS[("rest", -1)]
        if r >= STATES:
            r, acc = within_limit(r, world.prow), acc - self.weights.line_spill
        beam.child(out, i, r, hand, played, pts, ncl, world.turn(), acc, None, step)

    # ---------------------------------------------------------------- deciding
    def decide(self, moves: list[Move], schedule) -> tuple[Move, dict[Move, float], tuple[int, int]]:
        """The move the schedule's searches choose, each move's worth at the deciding level
        (its best line's), and (beam, depth) of the deciding search."""
        beam = Beam(self.evaluator, self.trigger, self.work)
        roots: list[tuple] = []
        for i, m in enumerate(moves):
            self.child(beam, i, m, roots)
        self.work.nodes += len(roots)
        decided: list[tuple] = roots
        reached = (0, 0)
        work = self.work
        fills = any(width == 0 for width, _ in schedule)
        start, began, previous = work.nodes, work.clock() if fills else 0.0, None
        for n, (width, depth) in enumerate(schedule):
            if width < 0:  # each first move its own search, the better half going on wider
                got = self._halve(beam, roots, -width, depth)
                if got is not None:
                    decided, reached = got
                continue
            if width == 0:  # as wide as the work left allows, from what the last search cost
                width = self._fill(previous, start, began)
                if width <= previous[0]:  # type: ignore[index]
                    break
            last: tuple | None = None
            before = work.nodes
            for at, level in beam.levels(roots, width, depth):
                last = (level, (width, at))
                if n == 0:  # the first search decides even unfinished
                    decided, reached = last
            if self.work.spent:
                break  # a wider search the work cut short does not decide
            previous = (width, work.nodes - before)
            if last is not None:
                decided, reached = last
        worth: dict[Move, float] = {}
        for node in decided:
            m = moves[node[1]]
            if m not in worth:
                worth[m] = node[0]
        for m in moves:
            worth.setdefault(m, float("-inf"))
        return moves[decided[0][1]], worth, reached


    def _halve(self, beam: Beam, roots: list[tuple], width: int, depth: int) -> tuple[list[tuple], tuple[int, int]] | None:
        """Sequential halving over the first moves: each first move gets a search of its
        own, `width` wide, to `depth` or the game's end; the better half (at least two)
        goes on with searches twice as wide, until the work is spent. So every first move
        is judged by where its own best line ends (in one shared beam, the lines of one
        first move fill it some eight turns in, and the deeper turns decide nothing).
        The last round finished decides: (the first moves' best lines, best first; the
        width and depth of that round)."""
        alive = sorted(roots, key=lambda r: -r[0])
        result = None
        best: dict[int, tuple] = {}
        while alive:
            ends = []
            for root in alive:
                last = None
                for _, level in beam.levels([root], width, depth):
                    last = level
                if self.work.spent:  # the first round cut short: the best of the moves it judged
                    if result is None and best:
                        result = (sorted(best.values(), key=lambda e: -e[0]), (width, depth))
                    return result
                end = last[0] if last else root
                ends.append(end)
                best[root[1]] = end
            ranked = sorted(range(len(alive)), key=lambda i: -ends[i][0])
            result = (sorted(best.values(), key=lambda e: -e[0]), (width, depth))
            if len(alive) == 1 or width >= MAX_WIDTH:
                return result
            alive = [alive[i] for i in ranked[:max(2, (len(alive) + 1) // 2)]]
            width *= 2
        return result

    def _fill(self, previous: tuple[int, int] | None, start: int, began: float) -> int:
        """The width of a search that should just finish with the work left: the last
        search's width times the nodes left over what it cost, less a margin (a node
        cap's nodes left, or the clock's time left at the rate searched so far)."""
        if previous is None or previous[1] <= 0:
            return 0
        work = self.work
        left = work.max_nodes - work.nodes
        now = work.clock()
        if now > began and work.deadline != float("inf"):
            left = min(left, int((work.deadline - now) * (work.nodes - start) / (now - began)))
        return int(previous[0] * FILL_MARGIN * left / previous[1])


def _played(hand: int, played: int, move) -> tuple[int, int]:
    bit = 1 << move.card
    return hand & ~bit, played | bit
