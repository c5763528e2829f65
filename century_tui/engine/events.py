"""What a move did, for the game log, animations and tests.

`State.apply` returns these in the order they happened. Seats are 0-based indices.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cubes import Cubes


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CubesGained:
    seat: int
    cubes: Cubes


@dataclass(frozen=True, slots=True)
class Upgraded:
    seat: int
    steps: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Traded:
    seat: int
    card: int
    times: int
    paid: Cubes
    gained: Cubes


@dataclass(frozen=True, slots=True)
class CubesPlaced:
    """Cubes put on merchant cards to the left of the one taken: payment[i] on slot i."""

    seat: int
    payment: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MerchantAcquired:
    seat: int
    card: int
    index: int
    cubes: Cubes
    """Cubes lying on the card, now in the caravan (R-ACQ-3)."""


@dataclass(frozen=True, slots=True)
class Rested:
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PointClaimed:
    seat: int
    card: int
    index: int
    paid: Cubes


@dataclass(frozen=True, slots=True)
class CoinTaken:
    seat: int
    upper: bool
    """True for gold/copper (3 points), False for silver (1 point)."""


@dataclass(frozen=True, slots=True)
class SilverMoved:
    """The last upper coin is gone; the lower-coin stack now lies on slot 1 (R-CLM-4)."""

    remaining: int


@dataclass(frozen=True, slots=True)
class RowRefilled:
    row: str  # "point" | "merchant"
    card: int | None
    """The card dealt into the rightmost slot, or None when the deck is empty."""


@dataclass(frozen=True, slots=True)
class DiscardRequired:
    seat: int
    excess: int


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    cubes: Cubes


@dataclass(frozen=True, slots=True)
class EndTriggered:
    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int
    next_seat: int | None


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int


Event = (
    CardPlayed | CubesGained | Upgraded | Traded | CubesPlaced | MerchantAcquired
    | Rested | PointClaimed | CoinTaken | SilverMoved | RowRefilled | DiscardRequired
    | Discarded | EndTriggered | TurnEnded | GameOver
)
