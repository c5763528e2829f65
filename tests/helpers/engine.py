"""Shared helpers for engine tests: build positions by hand and compare whole states."""

from __future__ import annotations

from century_tui.engine import CODES, State


def mid(code: str) -> int:
    """Merchant card id by code ('M10', 'S01')."""
    return CODES[code]


def pid(code: str) -> int:
    """Point card id by code ('P07')."""
    return CODES[code]


def mask(*codes: str) -> int:
    return sum(1 << mid(c) for c in codes)


def snapshot(s: State) -> tuple:
    """Everything in a state, as a comparable value."""
    return (
        s.n, s.first, s.seat, s.phase, s.end_triggered, s.upper_coins, s.lower_coins,
        tuple(s.point_row), tuple(s.point_deck), tuple(s.merchant_row), tuple(s.merchant_cubes),
        tuple(s.merchant_deck),
        tuple((p.cubes, p.hand, p.played, tuple(p.claimed), p.upper, p.lower, p.turns, p.owned) for p in s.players),
    )


def position(
    players: int = 2,
    seed: int = 1,
    cubes: tuple[int, int, int, int] | None = None,
    hand: tuple[str, ...] | None = None,
    played: tuple[str, ...] = (),
    merchant_row: tuple[str, ...] | None = None,
    point_row: tuple[str, ...] | None = None,
) -> State:
    """A fresh game, then the acting player's caravan/hand and the rows set as given."""
    s = State.new(players, seed)
    p = s.players[s.seat]
    if cubes is not None:
        p.cubes = cubes
    if hand is not None:
        p.hand = mask(*hand)
    p.played = mask(*played)
    if merchant_row is not None:
        ids = [mid(c) for c in merchant_row]
        s.merchant_deck = [c for c in s.merchant_deck + s.merchant_row if c not in ids]
        s.merchant_row = ids
        s.merchant_cubes = [(0, 0, 0, 0)] * len(ids)
    if point_row is not None:
        ids = [pid(c) for c in point_row]
        s.point_deck = [c for c in s.point_deck + s.point_row if c not in ids]
        s.point_row = ids
    return s
