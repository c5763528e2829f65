"""What each merchant card is worth to the player holding it, in points, fitted to games.

`benchmarks/fit_cards.py` fits the points a seat still scored after a position to its
cubes, the deck cards it held and the turns left, over the planner's own games: each
card's worth is a common scale times its hand-made rate (`heuristics.card_rate`) plus an
offset of its own, shrunk by a ridge. The worths below are its fit to 600 games (300 the
hard bot against itself, 300 against the frozen baseline, 8,000 nodes a move, engine
seeds 20000-20149: 89,232 positions; docs/BOT_TUNING.md). They are what holding a card
went with, not only what it caused (a bot buys a card where it serves), so counted fully
they overvalue cards; the hard bot counts them times `Weights.learned` instead of its
hand-made rates when that is above 0.
"""

from __future__ import annotations

from functools import lru_cache

from century_tui.engine import MARKET_CARDS, cards_of

DECK = len(MARKET_CARDS)
"""Merchant cards below this are the deck's; the starting cards (from it up) every player holds."""
CARD_WORTH: tuple[float, ...] = (
    2.85, -0.70, 2.52, 1.01, 1.99, 2.10, 4.17, 5.04, 4.25, 2.00, 1.69, 0.10, 1.19, 3.02, -0.19, 2.33, 4.58, 2.20,
    3.00, 3.58, 2.85, 2.62, 4.56, 3.13, 3.68, 2.25, 4.20, 4.04, 2.83, 2.75, 2.61, 1.14, 3.64, 3.58, 4.31, 1.90,
    2.69, 2.61, 3.59, 2.99, 3.81, 1.42, 2.02,
)
HELD_SQUARED = -0.1073
"""Per card held, squared: a long hand cycles slowly, so each further card counts less."""


@lru_cache(maxsize=1 << 16)
def worth(cards: int) -> float:
    """The deck cards in bitmask `cards`, together."""
    held = [c for c in cards_of(cards) if c < DECK]
    return sum(CARD_WORTH[c] for c in held) + HELD_SQUARED * len(held) ** 2
