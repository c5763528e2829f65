"""Issue 17's hard bot, frozen for comparison (issue 41 replaced it with the planner).

Century is mostly a race of engines, so the bot plans its own turns (play, rest, acquire,
claim) several turns deep, and lets each opponent claim the best card it can already pay
for in between, so it sees cards it is about to lose; it values a position by its own
worth less part of the best other player's. It searches a determinized copy of the game
(both face-down decks shuffled from its own seed). Leaves are scored by `evaluate`.

Strong players' habits come from the move pruning (trades repeated to the maximum,
cheapest acquire payments, one overflow discard), the evaluation (productive merchant
cards are worth most early, cubes count by tier and fit with the row) and a cost for every
overflow along a line (trades go only as far as the caravan holds, unless a spill pays).

Anytime: beam searches one own turn deeper, then wider (`SCHEDULE`), until the budget's
clock share is spent; the deepest finished level decides, the widest of equals. A node
cap makes it reproducible (a clock-stopped search chose what a cap of its nodes chooses).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from functools import lru_cache

from msgspec import Struct

from century_tui.engine import ACQUIRE, CLAIM, DISCARDING, KIND, TRADE, Cubes, Move, State, cards_of, trigger_cards

from century_tui.bots.gc_pause import no_cycle_collection
from century_tui.bots.heuristics import COST, POINTS, RATES, candidate_moves, claim_value, deficit, discard_move, value
from hard_issue17_model import opponents_move, threatened
from century_tui.bots.budget import DEFAULT_BUDGET_MS

CLOCK_SHARE = 0.75
"""Share of the budget the search may use: the rest covers garbage collection and a busy CPU."""
CLOCK_MARGIN_MS = 30
"""Time always left over, for small budgets: a collection or a preempted thread costs about
as much at 100 ms as at 1000 ms."""
SCHEDULE = ((48, 6), (48, 12), (96, 12), (192, 12), (384, 12))
"""(beam, depth) of the successive searches, until the budget is spent: 48 positions kept
at each of six own turns (a play-play-rest-play-claim cycle and a half), then the same
beam deeper, paying only for the new levels, to twelve turns; then wider searches, each
afresh, never deeper: past twelve turns its other players (who only claim what they can
already pay for) leave it a game alone to plan. Going on to the game's end at 1000 ms won
no more games and left budget unused (docs/BOT_TUNING.md)."""


class Weights(Struct, frozen=True):
    """Evaluation weights, tuned by games against the medium bot and older versions
    (`benchmarks/fit_eval.py` fits `worth`'s to game outcomes: docs/BOT_TUNING.md, the fit and screens)."""

    matched: float = 0.9
    """Worth per tier point of cubes that pay part of the best target card."""
    spare: float = 0.7
    """Worth per tier point of the other cubes: they still need trades or a fitting card."""
    target: float = 0.3
    """Share of the best target's surplus (its worth less steps missing) counted now."""
    engine: float = 0.5
    """Share of the merchant cards' production per play counted, early in the game."""
    engine_decay: float = 0.8
    """Each further merchant card counts this much less: a long hand cycles slowly."""
    ready: float = 0.3
    """Extra worth of a card in hand over one in the played pile (no rest needed)."""
    turns_per_claim: float = 4.0
    patience: int = 35
    """Own turns after which the bot plays as if the end were near, so no game stalls."""
    rival: float = 0.7
    """Share of the best other player's worth taken off its own (`evaluate`; docs/BOT_TUNING.md: why 0.7)."""
    build: float = 0.0
    """Above 0, the other players in the search play the card that brings them nearest a
    point card instead of resting (`model.opponents_move`): a claim put off is no longer free."""
    claim_now: float = 0.0
    """Points a claim is worth more as the move played now than later along a line: in the
    search nobody else takes a card the bot can pay for, so putting a claim off looked free."""
    spill: float = 0.0
    """Points a move played now costs when it overflows the caravan (the cubes thrown back
    were paid for)."""
    trade_buy: float = 0.0
    """Points a trade card bought now costs: the cards the bot bought and never played were
    trade cards, mostly the free one."""
    line_spill: float = 2.0
    """Points each overflow along a line costs, at any depth (`spill`: only the move now):
    the cubes thrown back were paid for. Discards fell from 1.8 a game to 0.3 at the same
    strength (docs/BOT_TUNING.md)."""
    threat: float = 0.0
    """Share of a row card's points the bot's target loses when another player can pay for
    it within a play (`model.threatened`): waiting on it risks losing it."""


WIN_BONUS = 1000.0
WIN_DELAY = 20.0
"""A win found one own turn later counts this much less. Without it a winning bot that
sees a bigger win next turn (its model opponents only claim) puts it off for ever."""


def _leader_turns_left(state: State, w: Weights) -> float:
    """Own turns the game probably has left: the leader's missing cards times a claim's
    pace (the same for every seat: worked out once a position; `_own_turns_left` then
    applies a seat's patience)."""
    if state.end_triggered is not None:
        return 0.0
    most = max(len(p.claimed) for p in state.players)
    return max(0.0, (trigger_cards(state.n) - most) * w.turns_per_claim - 1)


def _own_turns_left(left: float, turns: int, w: Weights) -> float:
    """Past `patience` own turns the estimate shrinks to zero: cubes and cards then count
    only for their score, which makes claiming the best move and ends stalled games."""
    late = turns - w.patience
    if late > 0:
        left *= max(0.0, 1 - late / 15)
    return left


_TARGETS: dict[tuple, tuple[int, float, int]] = {}


def _target(
    state: State, cubes: Cubes, w: Weights, row: tuple | None = None, threats: int = 0
) -> tuple[int, float, int]:
    """The row card to aim at (index, surplus, tier worth of the cubes that pay part of it):
    most worth for the steps still missing, cards in bitmask `threats` worth `w.threat`
    less. Cached by what it depends on: searches meet the same caravan and row again and
    again."""
    key = (cubes, row or _row_key(state), w.matched, threats)
    got = _TARGETS.get(key)
    if got is None:
        if len(_TARGETS) > 200_000:
            _TARGETS.clear()
        got = _TARGETS[key] = _find_target(state, cubes, w, threats)
    return got


def _row_key(state: State) -> tuple:
    """What the target card depends on besides the cubes: the row and which coins are left."""
    return (tuple(state.point_row), state.upper_coins > 0, state.lower_coins > 0)


def _find_target(state: State, cubes: Cubes, w: Weights, threats: int) -> tuple[int, float, int]:
    best, surplus = -1, float("-inf")
    row = state.point_row
    for i in range(len(row)):
        cost = COST[row[i]]
        worth = claim_value(state, i) * (1 - w.threat if threats >> i & 1 else 1)
        worth -= value(cost) * w.matched + deficit(cubes, cost)
        if worth > surplus:
            best, surplus = i, worth
    matched = 0
    if best >= 0:
        cost = COST[row[best]]
        matched = value(tuple(min(cubes[t], cost[t]) for t in range(4)))  # type: ignore[arg-type]
    return best, max(0.0, surplus), matched


@lru_cache(maxsize=1 << 17)
def _engine(cards: int, decay: float) -> float:
    """Production per play of the merchant cards in bitmask `cards`, best first, each
    further card `decay` times less (cached: a player's cards change seldom)."""
    got, k = 0.0, 1.0
    for r in sorted((RATES[c] for c in cards_of(cards)), reverse=True):
        got += r * k
        k *= decay
    return got


@lru_cache(maxsize=1 << 17)
def _hand_rate(hand: int) -> float:
    """What the cards in bitmask `hand` make per play, together."""
    return sum(RATES[c] for c in cards_of(hand))


def evaluate(state: State, me: int, w: Weights = Weights(), depth: int = 0) -> float:
    """Worth of a position for seat `me`, in points, less `rival` times the best other
    player's (`worth`). Other players count because Century is a race: a card they are
    about to claim is worth taking first, and ending the game while ahead is worth doing.
    A finished game counts true scores the same way, with a large bonus for winning, the
    larger the sooner (`depth` own turns from now).
    """
    if state.is_over:
        won = state.winner() == me
        own = state.score(me).total + (WIN_BONUS - WIN_DELAY * depth if won else 0.0)
        if w.rival:
            own -= w.rival * max(state.score(o).total for o in range(state.n) if o != me)
        return own
    left, row = _leader_turns_left(state, w), _row_key(state)
    own = worth(state, me, w, left, row, threatened(state, me) if w.threat else 0)
    if w.rival:
        own -= w.rival * max(worth(state, o, w, left, row) for o in range(state.n) if o != me)
    return own


def worth(
    state: State, me: int, w: Weights, leader_left: float | None = None, row: tuple | None = None,
    threats: int = 0,
) -> float:
    """Worth of an unfinished position for seat `me` alone, in points.

    Realised points and coins count fully. Cubes count by tier: fully when they pay
    part of the best target card, less when spare (a caravan of ten browns facing a
    row of red cards is not worth forty), plus a bonus for nearing a good card.
    Merchant cards count for what they will make in the turns left (best cards
    first, each further card less), cards in hand a little more as they need no rest.
    Near the end, cubes count only their score. (`leader_left` and `row`, the same for
    every seat, spare working them out again: `_leader_turns_left`, `_row_key`; `threats`:
    `_target`.)
    """
    p = state.players[me]
    realised = sum(POINTS[c] for c in p.claimed) + 3 * p.upper + p.lower
    cubes = p.cubes
    if leader_left is None:
        leader_left = _leader_turns_left(state, w)
    left = _own_turns_left(leader_left, p.turns, w)
    late = min(1.0, left / 8.0)
    _, surplus, matched = _target(state, cubes, w, row, threats)
    planned = w.matched * matched + w.spare * (value(cubes) - matched) + w.target * surplus
    cube_part = late * planned + (1 - late) * (cubes[1] + cubes[2] + cubes[3])
    engine = _engine(p.hand | p.played, w.engine_decay) * (w.engine * min(1.0, left / 10.0))
    ready = w.ready * late * _hand_rate(p.hand)
    return realised + cube_part + engine + ready


def _play_turn(state: State, move: Move, me: int, build: bool) -> bool:
    """Our move, our discard if any, then the opponents' replies (`model.opponents_move`);
    whether we discarded."""
    state.advance(move)
    spilt = state.phase == DISCARDING
    if spilt:
        state.advance(discard_move(state))
    opponents_move(state, me, build)
    return spilt


def _now_worth(state: State, move: Move, spilt: bool, w: Weights) -> float:
    """What playing `move` now is worth beyond the position its lines lead to (tempo knobs,
    `Weights.claim_now`, `spill`, `trade_buy`; `state` is the position before it)."""
    got = -w.spill if spilt else 0.0
    if move.kind == CLAIM:
        return got + w.claim_now
    if move.kind == ACQUIRE and KIND[state.merchant_row[move.index]] == TRADE:
        return got - w.trade_buy
    return got


def _key(state: State, me: int) -> tuple:
    """Positions reached by different move orders are the same node."""
    p = state.players[me]
    return (p.cubes, p.hand, p.played, len(p.claimed), tuple(state.point_row), tuple(state.merchant_row))


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
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.clock = clock
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.max_nodes = max_nodes
        """Node cap: None searches until the clock share is spent (for tests: a cap)."""
        self.schedule = schedule
        self.weights = weights
        self.nodes = 0
        """Nodes searched by the last `choose` (for tests and benchmarks)."""
        self.reached = (0, 0)
        """(beam, depth) of the search whose move the last `choose` played."""

    def choose(self, state: State) -> Move:
        if state.phase == DISCARDING:
            self.nodes = 0
            self.reached = (0, 0)
            return discard_move(state)
        moves = candidate_moves(state)
        if not moves:
            raise ValueError("no move to choose: the game is over")
        if len(moves) == 1:
            self.nodes = 0
            self.reached = (0, 0)
            return moves[0]
        return self.appraise(state, moves)[0]

    def appraise(self, state: State, moves: list[Move] | None = None) -> tuple[Move, dict[Move, float]]:
        """The move `choose` would play among `moves` (default: the pruned candidates) and
        the worth the deciding search found for each: its best line's value, in points (for
        the coach and the post-game review, which also weigh moves the pruning drops)."""
        search_ms = max(self.budget_ms / 2, min(self.budget_ms * CLOCK_SHARE, self.budget_ms - CLOCK_MARGIN_MS))
        deadline = self.clock() + search_ms / 1000
        me = state.seat
        self.nodes = 0
        self.reached = (0, 0)
        with no_cycle_collection():  # from the first allocation: a collection costs more than a small budget
            moves = candidate_moves(state) if moves is None else moves
            root = imagined(state, self.seed)
            chosen, best, worth = 0, (0, 0), [0.0] * len(moves)
            levels, at_beam, reached = iter(()), 0, 0
            for beam, depth in self.schedule:
                if beam != at_beam:  # a wider search starts afresh; the same beam goes deeper
                    levels, at_beam, reached = self._levels(root, moves, me, deadline, beam), beam, 0
                for found, reached, scores in levels:
                    if (reached, beam) > best:
                        chosen, best, worth = found, (reached, beam), scores
                    if reached >= depth:
                        break
                if reached < depth:
                    break
            self.reached = (best[1], best[0])
            return moves[chosen], dict(zip(moves, worth))

    def _out_of_work(self, deadline: float) -> bool:
        return (self.max_nodes is not None and self.nodes >= self.max_nodes) or self.clock() > deadline

    def _levels(
        self, root: State, moves: list[Move], me: int, deadline: float, beam: int
    ) -> Iterator[tuple[int, int, list[float]]]:
        """A beam search going one own turn deeper at each step, for as long as it is asked
        to and work is left: after each level it finished, (index in `moves` of the first
        move of the best line, the level, the worth of the best line after each first move
        at that level). A first level cut short still yields its best so far, as level 0.
        Its levels do not depend on how deep it will go: going one level deeper costs only
        that level."""
        w = self.weights
        best_at_depth: list[float] = [float("-inf")] * len(moves)
        build = w.build > 0
        layer: list[tuple[float, int, State, float]] = []  # (worth, first move, position, line's own worth)
        seen: set = set()
        for i, m in enumerate(moves):
            if self._out_of_work(deadline):
                yield max(range(len(moves)), key=lambda j: (best_at_depth[j], -j)), 0, best_at_depth
                return
            s = root.clone()
            spilt = _play_turn(s, m, me, build)
            own = _now_worth(root, m, spilt, w) - w.line_spill * spilt  # tempo knobs, the overflow's cost
            self.nodes += 1
            v = evaluate(s, me, w, 1) + own
            best_at_depth[i] = v
            key = _key(s, me)
            if key not in seen:
                seen.add(key)
                layer.append((v, i, s, own))
        yield max(range(len(moves)), key=lambda i: (best_at_depth[i], -i)), 1, best_at_depth
        d = 1
        while True:
            d += 1
            layer.sort(key=lambda x: (-x[0], x[1]))
            layer = layer[:beam]
            scores = [float("-inf")] * len(moves)
            nxt: list[tuple[float, int, State, float]] = []
            seen = set()
            for v0, i, s, own in layer:
                if s.is_over:  # its worth already holds its line's own worth
                    scores[i] = max(scores[i], v0)
                    nxt.append((v0, i, s, own))
                    continue
                for m in candidate_moves(s):
                    if self._out_of_work(deadline):
                        return
                    c = s.clone()
                    spilt = _play_turn(c, m, me, build)
                    self.nodes += 1
                    key = _key(c, me)
                    if key in seen:
                        continue
                    seen.add(key)
                    line = own - w.line_spill * spilt
                    v = evaluate(c, me, w, d) + line
                    if v > scores[i]:
                        scores[i] = v
                    nxt.append((v, i, c, line))
            yield max(range(len(moves)), key=lambda i: (scores[i], -i)), d, scores
            layer = nxt
