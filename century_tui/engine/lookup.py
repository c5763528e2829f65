"""What the hot path looks up: the turn's phases, the rules' numbers, and each card's facts
by card id.

Card effects are flat tuples indexed by card id, hands are bitmasks of card ids, and the
questions asked of a caravan every turn are cached per caravan, so bots can search many
positions a second.
"""

from __future__ import annotations

import itertools
from enum import StrEnum

from .cards import MERCHANT_CARDS, POINT_CARDS
from .cubes import Cubes, covers, from_tiers, times_affordable
from .limits import MERCHANT_ROW_SIZE
from .moves import SPICE, TRADE, UPGRADE, MoveKind


class Phase(StrEnum):
    """Where the turn of the player to act stands."""

    ACTION = "action"
    """A normal action (R-TURN-1)."""
    DISCARD = "discard"
    """The same turn's pending discard, over the caravan limit (R-LIM-1)."""
    OVER = "over"
    """The game is over (R-END-2)."""


ACTION, DISCARDING, OVER = Phase.ACTION, Phase.DISCARD, Phase.OVER
"""Short names for the phases (the members themselves). The hot path reads these: a module
name is read several times faster than `Phase.ACTION`, which goes through the enum's class."""


# Card columns, by card id: what the hot paths (and the bots) read instead of the card records.
KIND = tuple(c.kind for c in MERCHANT_CARDS)
GAIN = tuple(c.gain for c in MERCHANT_CARDS)
PAY = tuple(c.pay for c in MERCHANT_CARDS)
STEPS = tuple(c.steps for c in MERCHANT_CARDS)
CODE = tuple(c.code for c in MERCHANT_CARDS)
COST = tuple(c.cost for c in POINT_CARDS)
N_MERCHANT = len(MERCHANT_CARDS)

PAYMENT_COUNTS: dict[tuple[int, ...], Cubes] = {
    pay: from_tiers(pay) for pay in itertools.chain.from_iterable(
        itertools.product(range(4), repeat=n) for n in range(MERCHANT_ROW_SIZE)
    )
}
"""Every possible acquire payment (tiers placed) with its counts: validation by lookup."""


def starting_cubes(position: int) -> Cubes:
    """Cubes by turn position from the first player (R-SET-6): note 4th and 5th get a tier 1."""
    if position == 0:
        return (3, 0, 0, 0)
    if position in (1, 2):
        return (4, 0, 0, 0)
    return (3, 1, 0, 0)


def trigger_cards(players: int) -> int:
    """Point cards that trigger the end (R-END-1): 6 with 2-3 players, 5 with 4-5."""
    return 6 if players <= 3 else 5


_AFFORD_CACHE: dict[Cubes, tuple[int, int, tuple[int, ...]]] = {}


def affordable(cubes: Cubes) -> tuple[int, int, tuple[int, ...]]:
    """(claimable point cards, tradable merchant cards, times each trade can be made).

    The first two are bitmasks of card ids.
    Cached per caravan: the hot path asks this every turn and caravans repeat a lot.
    """
    got = _AFFORD_CACHE.get(cubes)
    if got is None:
        mask = 0
        for i, cost in enumerate(COST):
            if covers(cubes, cost):
                mask |= 1 << i
        times = tuple(
            times_affordable(cubes, pay) if k == TRADE else 0 for k, pay in zip(KIND, PAY)
        )
        trades = sum(1 << i for i, n in enumerate(times) if n)
        got = _AFFORD_CACHE[cubes] = (mask, trades, times)
    return got


_CARDS_OF: dict[int, tuple[int, ...]] = {}


def cards_of(mask: int) -> tuple[int, ...]:
    """Card ids in a bitmask, ascending (cached: hands repeat across positions)."""
    got = _CARDS_OF.get(mask)
    if got is None:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        if len(_CARDS_OF) > 200_000:
            _CARDS_OF.clear()
        got = _CARDS_OF[mask] = tuple(out)
    return got


def kind_mask(kind: MoveKind) -> int:
    """The merchant cards played as `kind`, as a bitmask of card ids."""
    return sum(1 << i for i, k in enumerate(KIND) if k == kind)


SPICE_MASK = kind_mask(SPICE)
UPGRADE_MASK = kind_mask(UPGRADE)
