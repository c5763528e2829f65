"""Moves as data: each says everything the player chose, and nothing else.

The same frozen values are produced by `State.legal_moves`, sent by the UI and bots,
stored in save files and checked again by `State.apply`. Indices (`index`) are
0-based positions in a row; players read them as slot `index + 1`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .cards import MERCHANT_CARDS
from .cubes import LETTERS, Cubes, fmt, scale

SPICE = "spice"
UPGRADE = "upgrade"
TRADE = "trade"
ACQUIRE = "acquire"
REST = "rest"
CLAIM = "claim"
DISCARD = "discard"
KINDS = (SPICE, UPGRADE, TRADE, ACQUIRE, REST, CLAIM, DISCARD)
"""Every kind of move, in the order legal moves are listed."""


@dataclass(frozen=True, slots=True)
class PlaySpice:
    """Play a spice card from hand: gain its cubes (R-PLAY-1)."""

    card: int
    kind: ClassVar[str] = SPICE

    def describe(self) -> str:
        c = MERCHANT_CARDS[self.card]
        return f"play {c.code}: gain {fmt(c.gain)}"


@dataclass(frozen=True, slots=True)
class PlayUpgrade:
    """Play an upgrade card; `steps` holds the tier each step raises from (R-PLAY-2).

    Steps are a multiset: (0, 1) raises a tier-0 cube and a tier-1 cube, or one cube
    twice. Ascending order is always the most permissive, so legal moves list them sorted.
    """

    card: int
    steps: tuple[int, ...] = ()
    kind: ClassVar[str] = UPGRADE

    def describe(self) -> str:
        code = MERCHANT_CARDS[self.card].code
        if not self.steps:
            return f"play {code}: upgrade nothing"
        return f"play {code}: upgrade " + ", ".join(
            f"{LETTERS[t]}→{LETTERS[t + 1]}" for t in self.steps
        )


@dataclass(frozen=True, slots=True)
class PlayTrade:
    """Play a trade card, repeating its exchange `times` times (R-PLAY-3)."""

    card: int
    times: int = 1
    kind: ClassVar[str] = TRADE

    def describe(self) -> str:
        c = MERCHANT_CARDS[self.card]
        return f"play {c.code}: trade {fmt(scale(c.pay, self.times))} → {fmt(scale(c.gain, self.times))}"


@dataclass(frozen=True, slots=True)
class Acquire:
    """Take merchant card `index`, placing `payment[i]` (a tier) on card i to its left (R-ACQ-1)."""

    index: int
    payment: tuple[int, ...] = ()
    kind: ClassVar[str] = ACQUIRE

    def describe(self) -> str:
        placed = " placing " + " ".join(LETTERS[t] for t in self.payment) if self.payment else ""
        return f"acquire merchant slot {self.index + 1}{placed}"


@dataclass(frozen=True, slots=True)
class Rest:
    """Take every played card back into hand (R-REST-1)."""

    kind: ClassVar[str] = REST

    def describe(self) -> str:
        return "rest"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim point card `index`, paying exactly its cost (R-CLM-1)."""

    index: int
    kind: ClassVar[str] = CLAIM

    def describe(self) -> str:
        return f"claim point slot {self.index + 1}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Return these cubes at the end of a turn over the caravan limit (R-LIM-1)."""

    cubes: Cubes
    kind: ClassVar[str] = DISCARD

    def describe(self) -> str:
        return f"discard {fmt(self.cubes)}"


Move = Union[PlaySpice, PlayUpgrade, PlayTrade, Acquire, Rest, Claim, Discard]
MOVE_TYPES: dict[str, type] = {
    cls.kind: cls for cls in (PlaySpice, PlayUpgrade, PlayTrade, Acquire, Rest, Claim, Discard)
}
