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


# ------------------------------------------------------------ the rules' cube arithmetic
# The one home of each: the engine applies moves with these, the bots weigh moves with
# them and the move dialogs show what a choice leads to.


class StepRefused(ValueError):
    """An upgrade step that cannot be made: `code` is "bad_tier", "top_tier" or
    "no_cube_to_upgrade" (the engine's refusal codes), `tier` the step asked for."""

    def __init__(self, code: str, tier: object) -> None:
        super().__init__(code)
        self.code = code
        self.tier = tier


_UPGRADED: dict[tuple[Cubes, tuple[int, ...]], Cubes] = {}


def upgraded(cubes: Cubes, steps: tuple[int, ...] | list[int]) -> Cubes:
    """The caravan after raising one cube of tier t to t + 1 for each t in `steps`, lowest
    first (R-PLAY-2); StepRefused for a step that cannot be made. Cached for tuples of steps:
    the hot path asks for the same few caravans again and again."""
    key = (cubes, steps)
    try:
        return _UPGRADED[key]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    c = list(cubes)
    for t in sorted(steps):
        if type(t) is not int or not 0 <= t <= 3:
            raise StepRefused("bad_tier", t)
        if t == 3:
            raise StepRefused("top_tier", 3)
        if not c[t]:
            raise StepRefused("no_cube_to_upgrade", t)
        c[t] -= 1
        c[t + 1] += 1
    result = (c[0], c[1], c[2], c[3])
    if type(steps) is tuple:
        _UPGRADED[key] = result  # type: ignore[index]
    return result


def traded(cubes: Cubes, pay: Cubes, gain: Cubes, times: int = 1) -> Cubes:
    """The caravan after giving `pay` for `gain`, `times` times over (R-PLAY-3); unchecked."""
    return (
        cubes[0] + (gain[0] - pay[0]) * times,
        cubes[1] + (gain[1] - pay[1]) * times,
        cubes[2] + (gain[2] - pay[2]) * times,
        cubes[3] + (gain[3] - pay[3]) * times,
    )


def cheapest_payment(cubes: Cubes, count: int) -> tuple[int, ...]:
    """The tiers to place on the `count` cards left of a merchant card, least valuable
    first (R-ACQ-1): what a bot pays and what the acquire dialog proposes. Shorter than
    `count` if the caravan holds fewer cubes."""
    out: list[int] = []
    for t in range(TIERS):
        take = min(cubes[t], count - len(out))
        out.extend([t] * take)
        if len(out) == count:
            break
    return tuple(out)


def cheapest_discard(cubes: Cubes, excess: int, keep: Cubes = NO_CUBES) -> Cubes:
    """The `excess` least valuable cubes to return (R-LIM-1), lowest tier first; cubes
    beyond `keep` go first, and only then, again lowest first, the ones in `keep` (a bot
    keeps what it saves for a point card; the discard dialog keeps nothing)."""
    out = [0, 0, 0, 0]
    left = excess
    for spare in (True, False):
        for t in range(TIERS):
            room = cubes[t] - out[t] - (min(keep[t], cubes[t]) if spare else 0)
            take = min(room, left)
            if take > 0:
                out[t] += take
                left -= take
    return (out[0], out[1], out[2], out[3])
