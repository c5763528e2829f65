"""Today's hard bot (issue 17's starting point), frozen as the benchmark's baseline.

A self-contained copy of `century_tui/bots/hard.py` and the parts of
`century_tui/bots/heuristics.py` it uses, as they stood before issue 17, so that later
changes to the bot or its heuristics cannot move the yardstick. It depends only on the
engine's public API (`century_tui.engine`). Do not improve it: compare against it.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Sequence

from century_tui.engine import (
    ACQUIRE,
    CLAIM,
    MERCHANT_CARDS,
    POINT_CARDS,
    REST,
    SPICE,
    TRADE,
    UPGRADE,
    Acquire,
    Claim,
    Cubes,
    Discard,
    Move,
    PlayTrade,
    PlayUpgrade,
    State,
)


def covers(have: Cubes, need: Cubes) -> bool:
    return have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2] and have[3] >= need[3]


_CARDS_OF: dict[int, tuple[int, ...]] = {}


def cards_of(mask: int) -> tuple[int, ...]:
    """Card ids in a bitmask, ascending (cached, as the engine's is)."""
    got = _CARDS_OF.get(mask)
    if got is None:
        out, rest = [], mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        if len(_CARDS_OF) > 200_000:
            _CARDS_OF.clear()
        got = _CARDS_OF[mask] = tuple(out)
    return got


def trigger_cards(players: int) -> int:
    return 6 if players <= 3 else 5


COIN_VALUE = {"upper": 3, "lower": 1, None: 0}

COST = tuple(c.cost for c in POINT_CARDS)
POINTS = tuple(c.points for c in POINT_CARDS)
KIND = tuple(c.kind for c in MERCHANT_CARDS)
GAIN = tuple(c.gain for c in MERCHANT_CARDS)
PAY = tuple(c.pay for c in MERCHANT_CARDS)
STEPS = tuple(c.steps for c in MERCHANT_CARDS)


def value(c: Cubes) -> int:
    """Cube worth by tier (Y=1, R=2, G=3, B=4): point cards are priced almost exactly so."""
    return c[0] + 2 * c[1] + 3 * c[2] + 4 * c[3]


def claim_value(state: State, index: int) -> int:
    """Points plus the coin a claim of point slot `index` would bring now."""
    return POINTS[state.point_row[index]] + COIN_VALUE[state.coin_on(index)]


def deficit(have: Cubes, need: Cubes) -> int:
    """Upgrade steps still missing to pay `need` from `have`; a new cube of tier t counts t + 1.

    Exact matches are kept first; spare lower cubes then fill the highest shortfalls.
    A cheap estimate of how far a point card is, not an exact plan.
    """
    spare = [max(0, have[t] - need[t]) for t in range(4)]
    short = [max(0, need[t] - have[t]) for t in range(4)]
    steps = 0
    for t in (3, 2, 1):
        s = short[t]
        if not s:
            continue
        for low in range(t - 1, -1, -1):
            use = min(s, spare[low])
            if use:
                spare[low] -= use
                steps += use * (t - low)
                s -= use
                if not s:
                    break
        steps += s * (t + 1)
    return steps + short[0]


def card_rate(card: int) -> float:
    """Cube worth a merchant card adds per play, assuming a typical caravan.

    Trades count two repetitions when the pay is small (the strong players' habit
    of repeating trades to the maximum), one when it is four cubes or more.
    """
    kind = KIND[card]
    if kind == SPICE:
        return float(value(GAIN[card]))
    if kind == UPGRADE:
        return float(STEPS[card])
    pay = PAY[card]
    reps = 2.0 if sum(pay) <= 2 else 1.5 if sum(pay) == 3 else 1.0
    return (value(GAIN[card]) - value(pay)) * reps


RATES = tuple(card_rate(c) for c in range(len(MERCHANT_CARDS)))


# ------------------------------------------------------------- sub-choices
def cheapest_payment(cubes: Cubes, index: int) -> tuple[int, ...]:
    """Tiers to place on the `index` cards left of a merchant card: cheapest colours first."""
    out: list[int] = []
    for t in range(4):
        take = min(cubes[t], index - len(out))
        out.extend([t] * take)
        if len(out) == index:
            break
    return tuple(out)


def cheapest_acquires(state: State) -> list[Acquire]:
    """One acquire per affordable slot, paying with the cheapest cubes (R-ACQ-1)."""
    cubes = state.players[state.seat].cubes
    held = sum(cubes)
    return [Acquire(i, cheapest_payment(cubes, i)) for i in range(min(held + 1, len(state.merchant_row)))]


def least_valuable_discard(cubes: Cubes, excess: int, keep: Cubes = (0, 0, 0, 0)) -> Discard:
    """Return the `excess` least valuable cubes (R-LIM-1).

    Cubes beyond `keep` (what the bot is saving for a point card) go first,
    cheapest tier first; only then, again cheapest first, the ones it was saving.
    Without the saving rule a caravan of browns facing a card that needs yellows
    would throw away every yellow it makes, and the game would never end.
    """
    out = [0, 0, 0, 0]
    left = excess
    for spare in (True, False):
        for t in range(4):
            room = cubes[t] - out[t] - (min(keep[t], cubes[t]) if spare else 0)
            take = min(room, left)
            if take > 0:
                out[t] += take
                left -= take
    return Discard((out[0], out[1], out[2], out[3]))


def nearest_card(state: State, cubes: Cubes) -> int | None:
    """Point row index with the fewest steps missing (then most points), None if the row is empty."""
    row = state.point_row
    if not row:
        return None
    return min(range(len(row)), key=lambda i: (deficit(cubes, COST[row[i]]), -POINTS[row[i]], i))


def needed_cubes(have: Cubes, need: Cubes) -> Cubes:
    """The cubes of `have` that `deficit` would use for `need`: exact matches, then the
    spare lower cubes it plans to upgrade into the missing higher ones."""
    used = [min(have[t], need[t]) for t in range(4)]
    spare = [have[t] - used[t] for t in range(4)]
    for t in (3, 2, 1):
        s = need[t] - used[t]
        for low in range(t - 1, -1, -1):
            if s <= 0:
                break
            take = min(s, spare[low])
            spare[low] -= take
            used[low] += take
            s -= take
    return (used[0], used[1], used[2], used[3])


def discard_move(state: State) -> Discard:
    """The overflow discard: keep what the nearest point card needs, return the cheapest rest.

    What it needs includes the lower cubes it will upgrade: ten browns and two new
    yellows facing a card of greens keep the yellows (the only way to greens).
    """
    cubes = state.players[state.seat].cubes
    near = nearest_card(state, cubes)
    keep = needed_cubes(cubes, COST[state.point_row[near]]) if near is not None else (0, 0, 0, 0)
    return least_valuable_discard(cubes, sum(cubes) - 10, keep)


def best_claim(state: State) -> Claim | None:
    """The claimable point card worth most (points + coin), or None."""
    claims = state.legal_moves(CLAIM)
    if not claims:
        return None
    return max(claims, key=lambda m: (claim_value(state, m.index), -m.index))


def claim_enablers(state: State, cubes_after: Sequence[Cubes]) -> set[int]:
    """Indices of caravans in `cubes_after` that could pay some card of the point row."""
    costs = [COST[c] for c in state.point_row]
    return {i for i, c in enumerate(cubes_after) if any(covers(c, k) for k in costs)}


def upgrade_after(cubes: Cubes, steps: tuple[int, ...]) -> Cubes:
    c = list(cubes)
    for t in steps:
        c[t] -= 1
        c[t + 1] += 1
    return (c[0], c[1], c[2], c[3])


def pruned_upgrades(state: State) -> list[PlayUpgrade]:
    """Upgrades using every step they can, plus shorter ones that make a claim possible."""
    moves = state.legal_moves(UPGRADE)
    if not moves:
        return []
    cubes = state.players[state.seat].cubes
    most: dict[int, int] = {}
    for m in moves:
        if len(m.steps) > most.get(m.card, -1):
            most[m.card] = len(m.steps)
    full = [m for m in moves if len(m.steps) == most[m.card] and m.steps]
    short = [m for m in moves if len(m.steps) < most[m.card] and m.steps]
    if short:
        ok = claim_enablers(state, [upgrade_after(cubes, m.steps) for m in short])
        full += [short[i] for i in sorted(ok)]
    return full


def pruned_trades(state: State) -> list[PlayTrade]:
    """Each trade repeated to the maximum, plus fewer repetitions that make a claim possible."""
    moves = state.legal_moves(TRADE)
    if not moves:
        return []
    best: dict[int, PlayTrade] = {}
    for m in moves:
        if m.card not in best or m.times > best[m.card].times:
            best[m.card] = m
    out = list(best.values())
    short = [m for m in moves if m.times < best[m.card].times]
    if short:
        cubes = state.players[state.seat].cubes
        after = []
        for m in short:
            pay, gain, k = PAY[m.card], GAIN[m.card], m.times
            after.append(tuple(cubes[t] + (gain[t] - pay[t]) * k for t in range(4)))
        ok = claim_enablers(state, after)
        out += [short[i] for i in sorted(ok)]
    return out


def candidate_moves(state: State) -> list[Move]:
    """The legal moves worth thinking about, in a fixed order.

    Acquires collapse to the cheapest payment per slot, trades to the maximum
    repetitions, upgrades to full use of their steps (shorter variants kept when
    they enable a claim); rest only when a card is waiting in the played pile.
    """
    if state.phase == "discard":
        return [discard_move(state)]
    kinds = state.legal_kinds()
    out: list[Move] = []
    for kind in kinds:
        if kind == CLAIM:
            out += state.legal_moves(CLAIM)
        elif kind == SPICE:
            out += state.legal_moves(SPICE)
        elif kind == TRADE:
            out += pruned_trades(state)
        elif kind == UPGRADE:
            out += pruned_upgrades(state)
        elif kind == ACQUIRE:
            out += cheapest_acquires(state)
        elif kind == REST and (state.players[state.seat].played or not out):
            out.append(state.legal_moves(REST)[0])
    return out


DEFAULT_BUDGET_MS = 1000
NODES_PER_MS = 6
"""Search nodes per millisecond of budget: about half what this code manages on one
core of the reference machine, so the deterministic node limit ends the search first."""
CLOCK_SHARE = 0.75
"""Share of the budget the search may use: the rest covers garbage collection and a busy CPU."""
CLOCK_MARGIN_MS = 30
"""Time always left over, for small budgets: a collection or a preempted thread costs about
as much at 100 ms as at 1000 ms."""
BEAM = 48
"""Positions kept at each depth (48 won 70 of 100 games against 24 at depth 4)."""
DEPTH = 6
"""Own turns searched: about a play-play-rest-play-claim cycle and a half."""


@dataclass(frozen=True)
class Weights:
    """Evaluation weights, tuned by games against the medium bot and older versions."""

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


WIN_BONUS = 1000.0
WIN_DELAY = 20.0
"""A win found one own turn later counts this much less. Without it a winning bot that
sees a bigger win next turn (its model opponents only claim) puts it off for ever."""


def turns_left(state: State, me: int, w: Weights) -> float:
    """Own turns the game probably has left: the leader's missing cards times a claim's pace.

    Past `patience` turns the estimate shrinks to zero: cubes and cards then count only
    for their score, which makes claiming the best move and ends stalled games.
    """
    if state.end_triggered is not None:
        return 0.0
    most = max(len(p.claimed) for p in state.players)
    left = max(0.0, (trigger_cards(state.n) - most) * w.turns_per_claim - 1)
    late = state.players[me].turns - w.patience
    if late > 0:
        left *= max(0.0, 1 - late / 15)
    return left


def _target(state: State, cubes: Cubes, w: Weights) -> tuple[int, float]:
    """The row card to aim at (index, surplus): most worth for the steps still missing."""
    best, surplus = -1, float("-inf")
    row = state.point_row
    for i in range(len(row)):
        cost = COST[row[i]]
        worth = claim_value(state, i) - value(cost) * w.matched - deficit(cubes, cost)
        if worth > surplus:
            best, surplus = i, worth
    return best, max(0.0, surplus)


def evaluate(state: State, me: int, w: Weights = Weights(), depth: int = 0) -> float:
    """Worth of a position for seat `me`, in points.

    Realised points and coins count fully. Cubes count by tier: fully when they pay
    part of the best target card, less when spare (a caravan of ten browns facing a
    row of red cards is not worth forty), plus a bonus for nearing a good card.
    Merchant cards count for what they will make in the turns left (best cards
    first, each further card less), cards in hand a little more as they need no rest.
    Near the end, cubes count only their score. A finished game counts its true score,
    with a large bonus for winning, the larger the sooner (`depth` own turns from now).
    """
    p = state.players[me]
    if state.is_over:
        won = state.winner() == me
        return state.score(me).total + (WIN_BONUS - WIN_DELAY * depth if won else 0.0)
    realised = sum(POINTS[c] for c in p.claimed) + 3 * p.upper + p.lower
    cubes = p.cubes
    left = turns_left(state, me, w)
    late = min(1.0, left / 8.0)
    target, surplus = _target(state, cubes, w)
    matched = 0
    if target >= 0:
        cost = COST[state.point_row[target]]
        matched = value(tuple(min(cubes[t], cost[t]) for t in range(4)))  # type: ignore[arg-type]
    planned = w.matched * matched + w.spare * (value(cubes) - matched) + w.target * surplus
    cube_part = late * planned + (1 - late) * (cubes[1] + cubes[2] + cubes[3])
    engine, k = 0.0, 1.0
    for r in sorted((RATES[c] for c in cards_of(p.hand | p.played)), reverse=True):
        engine += r * k
        k *= w.engine_decay
    engine *= w.engine * min(1.0, left / 10.0)
    ready = w.ready * late * sum(RATES[c] for c in cards_of(p.hand))
    return realised + cube_part + engine + ready


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


class BaselineHardBot:
    name = "baseline"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: int | None = None,
        max_nodes: int | None = None,
        beam: int = BEAM,
        depth: int = DEPTH,
        weights: Weights = Weights(),
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.clock = clock
        """The clock its budget is read on (issue 41: the benchmark gives every bot a CPU clock)."""
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.max_nodes = max_nodes if max_nodes is not None else max(50, self.budget_ms * NODES_PER_MS)
        self.beam = beam
        self.depth = depth
        self.weights = weights
        self.nodes = 0
        """Nodes searched by the last `choose` (for tests and benchmarks)."""

    def choose(self, state: State) -> Move:
        search_ms = max(self.budget_ms / 2, min(self.budget_ms * CLOCK_SHARE, self.budget_ms - CLOCK_MARGIN_MS))
        deadline = self.clock() + search_ms / 1000
        me = state.seat
        self.nodes = 0
        if state.phase == "discard":
            return discard_move(state)
        with no_cycle_collection():  # from the first allocation: a collection costs more than a small budget
            moves = candidate_moves(state)
            if not moves:
                raise ValueError("no move to choose: the game is over")
            if len(moves) == 1:
                return moves[0]
            return moves[self._search(imagined(state, self.seed), moves, me, deadline)]

    def _search(self, root: State, moves: list[Move], me: int, deadline: float) -> int:
        """Index in `moves` of the first move of the best line found."""
        clock = self.clock
        best_at_depth: list[float] = [float("-inf")] * len(moves)
        layer: list[tuple[float, int, State]] = []
        seen: set = set()
        for i, m in enumerate(moves):
            if i and clock() > deadline:
                break
            s = root.clone()
            _play_turn(s, m, me)
            self.nodes += 1
            v = evaluate(s, me, self.weights, 1)
            best_at_depth[i] = v
            key = _key(s, me)
            if key not in seen:
                seen.add(key)
                layer.append((v, i, s))
        chosen = max(range(len(moves)), key=lambda i: (best_at_depth[i], -i))
        for depth in range(2, self.depth + 1):
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
                    v = evaluate(c, me, self.weights, depth)
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
