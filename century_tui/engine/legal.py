"""Move generation: which kinds of move are legal now, and every legal move of a kind.

`State.legal_kinds` and `State.legal_moves` are these functions. Moves are immutable
values, so each is built once and the lists of them are cached per caravan (or per card
and caravan): the same few positions come back again and again in a search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .cubes import Cubes
from .moves import (
    ACQUIRE, CLAIM, DISCARD, REST, SPICE, TRADE, UPGRADE, Acquire, Claim, Discard, Move, MoveKind,
    PlaySpice, PlayTrade, PlayUpgrade, Rest
)
from .limits import CARAVAN_LIMIT, POINT_ROW_SIZE
from .lookup import (
    N_MERCHANT, SPICE_MASK, STEPS, UPGRADE_MASK, ACTION, DISCARDING,
    affordable, cards_of
)

if TYPE_CHECKING:
    from .state import State

_SPICE_MOVES = tuple(PlaySpice(i) for i in range(N_MERCHANT))
_REST = Rest()
_CLAIM_MOVES = tuple(Claim(i) for i in range(POINT_ROW_SIZE))
_UPGRADE_CACHE: dict[tuple[int, Cubes], tuple[PlayUpgrade, ...]] = {}
_TRADE_CACHE: dict[tuple[int, int], tuple[PlayTrade, ...]] = {}
_ACQUIRE_CACHE: dict[tuple[int, Cubes], tuple[Acquire, ...]] = {}
_DISCARD_CACHE: dict[tuple[Cubes, int], tuple[Discard, ...]] = {}

_KIND_SETS = tuple(
    tuple(k for k, bit in ((SPICE, 1), (UPGRADE, 2), (TRADE, 4), (ACQUIRE, 8), (REST, 0), (CLAIM, 16))
          if not bit or i & bit)
    for i in range(32)
)
"""Legal kinds by a 5-bit pattern (spice, upgrade, trade, acquire, claim); rest is always in."""


def legal_kinds(state: State) -> tuple[MoveKind, ...]:
    """Kinds with at least one legal move now, in `KINDS` order; cheap, no moves built."""
    if state.phase != ACTION:
        return (DISCARD,) if state.phase == DISCARDING else ()
    p = state.players[state.seat]
    mask, trades, _ = affordable(p.cubes)
    hand = p.hand
    i = 0
    if hand & SPICE_MASK:
        i = 1
    if hand & UPGRADE_MASK:
        i |= 2
    if hand & trades:
        i |= 4
    if state.merchant_row:
        i |= 8
    for c in state.point_row:
        if mask >> c & 1:
            i |= 16
            break
    return _KIND_SETS[i]


def legal_moves(state: State, kind: MoveKind | None = None) -> Sequence[Move]:
    """Every legal move with a distinct outcome, in a fixed order; only `kind` if given.

    The result may be a shared cached tuple: read it, do not mutate it.
    """
    if kind is None:
        out: list[Move] = []
        for k in legal_kinds(state):
            out.extend(legal_moves(state, k))
        return out
    if state.phase != ACTION:
        if state.phase == DISCARDING and kind == DISCARD:
            cubes = state.players[state.seat].cubes
            excess = sum(cubes) - CARAVAN_LIMIT
            key = (cubes, excess)
            moves = _DISCARD_CACHE.get(key)
            if moves is None:
                moves = _DISCARD_CACHE[key] = tuple(map(_discard_move, _discards(cubes, excess)))
            return moves
        return ()
    p = state.players[state.seat]
    cubes = p.cubes
    if kind == SPICE:
        return [_SPICE_MOVES[c] for c in cards_of(p.hand & SPICE_MASK)]
    if kind == TRADE:
        out = []
        _, trades, times = affordable(cubes)
        for c in cards_of(p.hand & trades):
            key = (c, times[c])
            moves = _TRADE_CACHE.get(key)
            if moves is None:
                moves = _TRADE_CACHE[key] = tuple(PlayTrade(c, k) for k in range(1, key[1] + 1))
            out += moves
        return out
    if kind == UPGRADE:
        out = []
        for c in cards_of(p.hand & UPGRADE_MASK):
            key = (c, cubes)
            moves = _UPGRADE_CACHE.get(key)
            if moves is None:
                moves = _UPGRADE_CACHE[key] = tuple(
                    PlayUpgrade(c, s) for s in _upgrade_steps(cubes, STEPS[c])
                )
            out += moves
        return out
    if kind == ACQUIRE:
        key = (len(state.merchant_row), cubes)
        moves = _ACQUIRE_CACHE.get(key)
        if moves is None:
            moves = _ACQUIRE_CACHE[key] = tuple(
                m for i in range(key[0]) for m in _acquires_for_slot(i, cubes)
            )
        return moves
    if kind == REST:
        return (_REST,)
    if kind == CLAIM:
        mask = affordable(cubes)[0]
        return [_CLAIM_MOVES[i] for i, c in enumerate(state.point_row) if mask >> c & 1]
    return ()


def _upgrade_steps(cubes: Cubes, limit: int) -> list[tuple[int, ...]]:
    """Every distinct result of 0..limit upgrade steps, as sorted tiers raised (R-PLAY-2).

    A sorted multiset of steps gives one caravan and each caravan one multiset, so
    step orders that reach the same caravan are listed once.
    """
    out: list[tuple[int, ...]] = [()]

    def grow(c: list[int], seq: tuple[int, ...], low: int, left: int) -> None:
        for t in range(low, 3):
            if c[t]:
                c[t] -= 1
                c[t + 1] += 1
                s = seq + (t,)
                out.append(s)
                if left > 1:
                    grow(c, s, t, left - 1)
                c[t] += 1
                c[t + 1] -= 1

    grow(list(cubes), (), 0, limit)
    return out


_ACQUIRE_BY_PAYMENT: dict[tuple[int, ...], Acquire] = {}
_SLOT_CACHE: dict[tuple[int, Cubes], list[Acquire]] = {}


def _acquires_for_slot(index: int, cubes: Cubes) -> list[Acquire]:
    """Every way to take slot `index`: each sequence of `index` tiers the caravan can place.

    Only min(count, index) of each tier matters, so the cache key clips the counts.
    """
    key = (index, (min(cubes[0], index), min(cubes[1], index), min(cubes[2], index), min(cubes[3], index)))
    got = _SLOT_CACHE.get(key)
    if got is None:
        got = _SLOT_CACHE[key] = []
        c = list(key[1])

        def grow(seq: tuple[int, ...]) -> None:
            if len(seq) == index:
                move = _ACQUIRE_BY_PAYMENT.get(seq)
                if move is None:
                    move = _ACQUIRE_BY_PAYMENT[seq] = Acquire(index, seq)
                got.append(move)
                return
            for t in range(4):
                if c[t]:
                    c[t] -= 1
                    grow(seq + (t,))
                    c[t] += 1

        grow(())
    return got


_DISCARD_BY_CUBES: dict[Cubes, Discard] = {}


def _discard_move(cubes: Cubes) -> Discard:
    move = _DISCARD_BY_CUBES.get(cubes)
    if move is None:
        move = _DISCARD_BY_CUBES[cubes] = Discard(cubes)
    return move


def _discards(cubes: Cubes, excess: int) -> list[Cubes]:
    """Every multiset of `excess` cubes the caravan can return."""
    y, r, g, b = cubes
    out: list[Cubes] = []
    for dy in range(min(y, excess) + 1):
        for dr in range(min(r, excess - dy) + 1):
            for dg in range(min(g, excess - dy - dr) + 1):
                db = excess - dy - dr - dg
                if db <= b:
                    out.append((dy, dr, dg, db))
    return out
