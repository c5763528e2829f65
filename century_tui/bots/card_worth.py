"""What each merchant card is worth to the player holding it, in points, fitted to games.

`benchmarks/fit_cards.py` fits the points a seat still scored after a position to its
cubes, the deck cards it held and the turns left, over the planner's own games: each
card's worth is a common scale times its hand-made rate (`heuristics.card_rate`) plus an
offset of its own, shrunk by a ridge. A game of more players runs fewer turns and every
card on the row has more players after it, so each player count the fit was screened for
has its own table (`FITTED`; docs/BOT_TUNING.md). They are what holding a card went
with, not only what it caused (a bot buys a card where it serves), so counted fully they
overvalue cards; the hard bot counts them times `Weights.learned` instead of its
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
"""Two players: the fit to 600 games (300 the hard bot against itself, 300 against the
frozen baseline, 8,000 nodes a move, engine seeds 20000-20149: 89,232 positions)."""
HELD_SQUARED = -0.1073
"""Per card held, squared: a long hand cycles slowly, so each further card counts less."""
CARD_WORTH_4: tuple[float, ...] = (
    2.73, 3.88, 2.44, 4.58, 4.86, 3.35, 5.01, 4.39, 4.65, 1.58, 3.93, 3.12, 2.18, 5.88, 2.95, 2.87, 3.25, 3.19,
    1.96, 2.78, 3.42, 4.43, 3.74, 1.61, 2.31, 2.73, 3.45, 2.27, 4.05, 3.56, 1.07, 2.52, 3.44, 3.24, 3.94, 4.62,
    2.90, 3.38, 4.67, 3.01, 4.71, 3.73, 2.93,
)
"""Four players: the fit to 320 games (160 the hard bot against itself, 160 against three
frozen baselines, 8,000 nodes a move, engine seeds 23000-23039: 158,768 positions)."""
HELD_SQUARED_4 = -0.1788
FITTED: dict[int, tuple[tuple[float, ...], float]] = {2: (CARD_WORTH, HELD_SQUARED), 4: (CARD_WORTH_4, HELD_SQUARED_4)}
"""(worths, held squared) by the player count of the games they were fitted to and count
in. Three players have none: a fit to 300 three-player games screened even with the
hand-made rates (32 of 60 games against 35), as the two-player table played there (11 of
30 against 12 at 1000 ms), and the four-player table played worse (32 of 60 against 38);
five players have no fit."""


@lru_cache(maxsize=1 << 16)
def worth(cards: int, players: int = 2) -> float:
    """The deck cards in bitmask `cards`, together, in a game of `players` (a key of `FITTED`)."""
    table, squared = FITTED[players]
    held = [c for c in cards_of(cards) if c < DECK]
    return sum(table[c] for c in held) + squared * len(held) ** 2
