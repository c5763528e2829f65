"""What a hand of merchant cards makes a turn, played in cycles: the engine's worth.

Issue 17's bot counted each card for a rate of its own (a trade as if its input cubes
were always there) and summed the rates, each further card a little less: so a fifth
and a ninth card bought with an empty caravan looked like progress, though a turn plays
one card and trade cards make nothing without their inputs. Here the cards are played:
from a few yellows, each turn the card of the hand that adds most tier value (every
upgrade, every trade repetition: `caravan_tables.plays`), a rest when none adds any,
cubes over the limit sold (counted, then gone, as a claim would take them). The tier
value gained a turn, once the first cycle is over, is the engine's throughput.
"""

from __future__ import annotations

from functools import lru_cache

from century_tui.engine import CARAVAN_LIMIT, cards_of

from .caravan_tables import CUBES, INDEX, STATES, TIER_VALUE, plays

TURNS = 24
"""Own turns played out; the first `WARM` are not counted (the cycle starts from little)."""
WARM = 4
START = INDEX[(3, 0, 0, 0)]
"""The caravan the cycle starts from: a starting player's."""
SELL_FROM = 8
"""Cubes held above which the best are sold, as claims would take them."""


def _sell(cv: int, keep: int = SELL_FROM) -> tuple[int, int]:
    """(caravan kept, tier value sold): the highest cubes go until `keep` are left (a
    caravan over the limit is brought within it with `keep` 10)."""
    cubes = list(CUBES[cv])
    extra = sum(cubes) - keep
    sold = 0
    for t in (3, 2, 1, 0):
        take = min(extra, cubes[t])
        cubes[t] -= take
        sold += take * (t + 1)
        extra -= take
    return INDEX[(cubes[0], cubes[1], cubes[2], cubes[3])], sold


@lru_cache(maxsize=1 << 16)
def throughput(cards: int) -> float:
    """Tier value the merchant cards in bitmask `cards` make per own turn, played in cycles."""
    hand, played, cv = cards, 0, START
    made = 0
    counted = 0
    for turn in range(TURNS):
        best, pick, gain = -1, cv, 0
        here = TIER_VALUE[cv]
        for card in cards_of(hand):
            for r, _ in plays(card)[cv]:
                if r >= STATES:
                    r, sold = _sell(r, CARAVAN_LIMIT)
                    g = TIER_VALUE[r] + sold - here
                else:
                    g = TIER_VALUE[r] - here
                if g > gain:
                    best, pick, gain = card, r, g
        if best < 0:
            hand, played = hand | played, 0
        else:
            hand, played = hand & ~(1 << best), played | 1 << best
            cv = pick
            if sum(CUBES[cv]) > SELL_FROM:
                cv, _ = _sell(cv)
        if turn >= WARM:
            made += gain
            counted += 1
    return made / counted
