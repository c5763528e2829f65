"""Cube counts: a caravan, a cost or a gain is a 4-tuple of counts by tier (0..3).

Plain tuples keep the hot path cheap; these helpers are for readability off it.
"""

from __future__ import annotations

Cubes = tuple[int, int, int, int]

TIERS = 4
NO_CUBES: Cubes = (0, 0, 0, 0)
COLOURS = ("yellow", "red", "green", "brown")
"""Canonical tier names used in the card data (the spice skin's)."""
LETTERS = "YRGB"
"""One letter per tier for engine-side text (move descriptions, debugging)."""
UNIT: tuple[Cubes, ...] = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))


def add(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def scale(a: Cubes, k: int) -> Cubes:
    return (a[0] * k, a[1] * k, a[2] * k, a[3] * k)


def covers(have: Cubes, need: Cubes) -> bool:
    """True when `have` holds at least `need` of every tier (no substitution, R-CLM-1)."""
    return have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2] and have[3] >= need[3]


def times_affordable(have: Cubes, pay: Cubes) -> int:
    """How many times `pay` can be taken out of `have` (R-PLAY-3)."""
    return min(have[t] // pay[t] for t in range(TIERS) if pay[t])


def from_tiers(tiers: tuple[int, ...] | list[int]) -> Cubes:
    """Counts of a sequence of single cubes given by tier."""
    c = [0, 0, 0, 0]
    for t in tiers:
        c[t] += 1
    return (c[0], c[1], c[2], c[3])


def fmt(c: Cubes) -> str:
    """'2Y 1G'; '-' for nothing."""
    return " ".join(f"{n}{LETTERS[t]}" for t, n in enumerate(c) if n) or "-"
