"""Caravans as small ints, and what every card does to one, as table lookups.

A caravan within the limit holds at most ten cubes of four tiers: one of 1,001 states.
The planner (`bots/planner.py`) numbers them 0..1000 and reads, instead of working out
cube arithmetic at every node: each merchant card's results on a caravan (the spice it
gives, every distinct upgrade, every trade repetition), the caravan after paying for a
merchant slot or a point card, and which point cards a caravan can pay for. Caravans over
the limit (a trade's or an acquire's result before the discard) get numbers above 1000
as they are met. Every table is built from the engine's card tables, so a card file of
one's own works too; a card's column is worked out the first time a search meets the card.
"""

from __future__ import annotations

from itertools import product

from century_tui.engine import CARAVAN_LIMIT, COST, GAIN, KIND, PAY, STEPS, TRADE, UPGRADE, Cubes

CUBES: list[Cubes] = [c for c in product(range(CARAVAN_LIMIT + 1), repeat=4) if sum(c) <= CARAVAN_LIMIT]
"""Caravan by number: the 1,001 within the limit first, then over-limit ones as met."""
CUBES.sort(key=lambda c: (sum(c), c))
STATES = len(CUBES)
"""How many caravans are within the limit (1,001 with ten cubes)."""
INDEX: dict[Cubes, int] = {c: i for i, c in enumerate(CUBES)}
EMPTY = INDEX[(0, 0, 0, 0)]


def within_tables(cv: int) -> int:
    """Caravan number `cv` if it is within the limit (a plan's caravans always are), else 0:
    for the tables that hold only those."""
    return cv if cv < STATES else 0


def index(c: Cubes) -> int:
    """The number of caravan `c`, given one if it is over the limit and new."""
    got = INDEX.get(c)
    if got is None:
        got = INDEX[c] = len(CUBES)
        CUBES.append(c)
    return got


TIER_VALUE: list[int] = [c[0] + 2 * c[1] + 3 * c[2] + 4 * c[3] for c in CUBES[:STATES]]
"""Worth by tier (Y=1, R=2, G=3, B=4) of each caravan within the limit."""
SCORED: list[int] = [c[1] + c[2] + c[3] for c in CUBES[:STATES]]
"""Points each caravan scores at the end (R-SCORE-1: one per cube above the first tier)."""
HELD: list[int] = [sum(c) for c in CUBES[:STATES]]

PAYABLE: list[int] = [
    sum(1 << p for p, cost in enumerate(COST) if all(c[t] >= cost[t] for t in range(4))) for c in CUBES[:STATES]
]
"""Bitmask of the point cards each caravan can pay for (R-CLM-1)."""
_CLAIMED = [[-1] * STATES for _ in COST]
for _p, _cost in enumerate(COST):
    for _i in range(STATES):
        if PAYABLE[_i] >> _p & 1:
            _c = CUBES[_i]
            _CLAIMED[_p][_i] = INDEX[(_c[0] - _cost[0], _c[1] - _cost[1], _c[2] - _cost[2], _c[3] - _cost[3])]
AFTER_CLAIM: tuple[list[int], ...] = tuple(_CLAIMED)
"""AFTER_CLAIM[point card][caravan]: the caravan once the card is paid (-1: it cannot be)."""


def _paid(c: Cubes, count: int) -> tuple[int, ...] | None:
    """The cheapest `count` cubes of `c` as tiers placed (R-ACQ-1), None if too few."""
    if sum(c) < count:
        return None
    out: list[int] = []
    for t in range(4):
        take = min(c[t], count - len(out))
        out.extend([t] * take)
    return tuple(out)


def _after_payment(i: int, count: int) -> tuple[int, tuple[int, ...]] | None:
    tiers = _paid(CUBES[i], count)
    if tiers is None:
        return None
    c = list(CUBES[i])
    for t in tiers:
        c[t] -= 1
    return INDEX[(c[0], c[1], c[2], c[3])], tiers


PAY_SLOT: tuple[list[tuple[int, tuple[int, ...]] | None], ...] = tuple(
    [_after_payment(i, slot) for i in range(STATES)] for slot in range(6)
)
"""PAY_SLOT[slot][caravan]: (caravan after, tiers placed) paying the cheapest cubes for
merchant slot `slot` (R-ACQ-1), None when the caravan holds too few."""


def payment_code(slot: int, tiers: tuple[int, ...]) -> int:
    """A small int naming an acquire (the slot and the tiers placed): a cheap key."""
    code = slot
    for t in tiers:
        code = code * 4 + t
    return code * 8 + slot


PAY_CODE: tuple[list[int], ...] = tuple(
    [payment_code(slot, pay[1]) if pay else -1 for pay in PAY_SLOT[slot]] for slot in range(6)
)
"""PAY_CODE[slot][caravan]: `payment_code` of PAY_SLOT's payment."""


def _upgrades(c: Cubes, limit: int) -> dict[Cubes, tuple[int, ...]]:
    """Every distinct caravan 1..`limit` upgrade steps make (R-PLAY-2), with its steps
    (sorted tiers raised, as the engine lists them; the fewest steps for a caravan)."""
    found: dict[Cubes, tuple[int, ...]] = {}
    frontier = {c: ()}
    for _ in range(limit):
        nxt: dict[Cubes, tuple[int, ...]] = {}
        for cur, steps in frontier.items():
            for t in range(3):
                if cur[t]:
                    up = list(cur)
                    up[t] -= 1
                    up[t + 1] += 1
                    key = (up[0], up[1], up[2], up[3])
                    if key not in found and key not in nxt and key != c:
                        nxt[key] = tuple(sorted(steps + (t,)))
        found.update(nxt)
        frontier = nxt
    return found


def _column(card: int) -> list[tuple[tuple[int, object], ...]]:
    """What playing `card` does to each caravan: ((result, parameter), ...) with the
    result's number (over the limit: above 1000) and the move's parameter (an upgrade's
    steps, a trade's repetitions, None for spice); () when it cannot be played usefully."""
    kind = KIND[card]
    out: list[tuple[tuple[int, object], ...]] = []
    for i in range(STATES):
        c = CUBES[i]
        if kind == UPGRADE:
            out.append(tuple((INDEX[r], s) for r, s in _upgrades(c, STEPS[card]).items()))
        elif kind == TRADE:
            pay, gain = PAY[card], GAIN[card]
            most = min(c[t] // pay[t] for t in range(4) if pay[t])
            out.append(tuple(
                (index(tuple(c[t] + (gain[t] - pay[t]) * k for t in range(4))), k)  # type: ignore[arg-type]
                for k in range(1, most + 1)
            ))
        else:
            g = GAIN[card]
            out.append(((index((c[0] + g[0], c[1] + g[1], c[2] + g[2], c[3] + g[3])), None),))
    return out


COLUMNS: list[list[tuple[tuple[int, object], ...]] | None] = [None] * len(KIND)
"""The column of each card (`_column`), None until a search first meets the card."""


def plays(card: int) -> list[tuple[tuple[int, object], ...]]:
    """The column of `card` (`_column`), worked out once."""
    got = COLUMNS[card]
    if got is None:
        got = COLUMNS[card] = _column(card)
    return got


_ADDED: dict[tuple[int, int], int] = {}


def added(i: int, j: int) -> int:
    """The number of caravan `i` with caravan `j`'s cubes put in (an acquire's cubes)."""
    key = (i, j)
    got = _ADDED.get(key)
    if got is None:
        a, b = CUBES[i], CUBES[j]
        got = _ADDED[key] = index((a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]))
    return got


UNIT: tuple[int, ...] = tuple(INDEX[tuple(int(s == t) for s in range(4))] for t in range(4))  # type: ignore[misc]
"""The caravan of one cube of each tier: a cube placed on a merchant card is `added(on, UNIT[t])`."""
