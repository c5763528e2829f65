"""What a move did, for the game log, animations and tests.

`State.apply` returns these in the order they happened. Seats are 0-based indices.
"""

from __future__ import annotations

from msgspec import Struct

from .cubes import Cubes


class CardPlayed(Struct, frozen=True):
    seat: int
    card: int


class CubesGained(Struct, frozen=True):
    seat: int
    cubes: Cubes


class Upgraded(Struct, frozen=True):
    seat: int
    steps: tuple[int, ...]


class Traded(Struct, frozen=True):
    seat: int
    card: int
    times: int
    paid: Cubes
    gained: Cubes


class CubesPlaced(Struct, frozen=True):
    """Cubes put on merchant cards to the left of the one taken: payment[i] on slot i."""

    seat: int
    payment: tuple[int, ...]


class MerchantAcquired(Struct, frozen=True):
    seat: int
    card: int
    index: int
    cubes: Cubes
    """Cubes lying on the card, now in the caravan (R-ACQ-3)."""


class Rested(Struct, frozen=True):
    seat: int
    cards: tuple[int, ...]


class PointClaimed(Struct, frozen=True):
    seat: int
    card: int
    index: int
    paid: Cubes


class CoinTaken(Struct, frozen=True):
    seat: int
    upper: bool
    """True for gold/copper (3 points), False for silver (1 point)."""


class SilverMoved(Struct, frozen=True):
    """The last upper coin is gone; the lower-coin stack now lies on slot 1 (R-CLM-4)."""

    remaining: int


class RowRefilled(Struct, frozen=True):
    row: str  # "point" | "merchant"
    card: int | None
    """The card dealt into the rightmost slot, or None when the deck is empty."""


class DiscardRequired(Struct, frozen=True):
    seat: int
    excess: int


class Discarded(Struct, frozen=True):
    seat: int
    cubes: Cubes


class EndTriggered(Struct, frozen=True):
    seat: int
    cards: int


class TurnEnded(Struct, frozen=True):
    seat: int
    next_seat: int | None


class GameOver(Struct, frozen=True):
    winner: int


Event = (
    CardPlayed | CubesGained | Upgraded | Traded | CubesPlaced | MerchantAcquired
    | Rested | PointClaimed | CoinTaken | SilverMoved | RowRefilled | DiscardRequired
    | Discarded | EndTriggered | TurnEnded | GameOver
)
