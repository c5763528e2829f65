"""Moves as data: each says everything the player chose, and nothing else.

The same frozen values are produced by `State.legal_moves`, sent by the UI and bots,
stored in save files and checked again by `State.apply`. Indices (`index`) are
0-based positions in a row; players read them as slot `index + 1`.

Moves hold only ints and tuples of ints, so they are kept out of the cycle collector
(`gc=False`): the engine caches legal moves by caravan (some 16,000 after a few bot
games), and every full collection walked them all, in the middle of a bot's move.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Union

from msgspec import Struct

from .cards import MERCHANT_CARDS
from .cubes import LETTERS, Cubes, fmt, scale


class MoveKind(StrEnum):
    """What a move does; its value is the "kind" a save file names. A card played is a
    move of the card's own kind ("spice", "upgrade" or "trade")."""

    SPICE = "spice"
    UPGRADE = "upgrade"
    TRADE = "trade"
    ACQUIRE = "acquire"
    REST = "rest"
    CLAIM = "claim"
    DISCARD = "discard"


# Short names for the kinds (the members themselves): the hot path reads these, a module
# name being read several times faster than `MoveKind.SPICE` (through the enum's class).
SPICE = MoveKind.SPICE
UPGRADE = MoveKind.UPGRADE
TRADE = MoveKind.TRADE
ACQUIRE = MoveKind.ACQUIRE
REST = MoveKind.REST
CLAIM = MoveKind.CLAIM
DISCARD = MoveKind.DISCARD
KINDS = tuple(MoveKind)
"""Every kind of move, in the order legal moves are listed."""


class PlaySpice(Struct, frozen=True, gc=False):
    """Play a spice card from hand: gain its cubes (R-PLAY-1)."""

    card: int
    kind: ClassVar[MoveKind] = MoveKind.SPICE

    def describe(self) -> str:
        c = MERCHANT_CARDS[self.card]
        return f"play {c.code}: gain {fmt(c.gain)}"


class PlayUpgrade(Struct, frozen=True, gc=False):
    """Play an upgrade card; `steps` holds the tier each step raises from (R-PLAY-2).

    Steps are a multiset: (0, 1) raises a tier-0 cube and a tier-1 cube, or one cube
    twice. Ascending order is always the most permissive, so legal moves list them sorted.
    """

    card: int
    steps: tuple[int, ...] = ()
    kind: ClassVar[MoveKind] = MoveKind.UPGRADE

    def describe(self) -> str:
        code = MERCHANT_CARDS[self.card].code
        if not self.steps:
            return f"play {code}: upgrade nothing"
        return f"play {code}: upgrade " + ", ".join(
            f"{LETTERS[t]}→{LETTERS[t + 1]}" for t in self.steps
        )


class PlayTrade(Struct, frozen=True, gc=False):
    """Play a trade card, repeating its exchange `times` times (R-PLAY-3)."""

    card: int
    times: int = 1
    kind: ClassVar[MoveKind] = MoveKind.TRADE

    def describe(self) -> str:
        c = MERCHANT_CARDS[self.card]
        return f"play {c.code}: trade {fmt(scale(c.pay, self.times))} → {fmt(scale(c.gain, self.times))}"


class Acquire(Struct, frozen=True, gc=False):
    """Take merchant card `index`, placing `payment[i]` (a tier) on card i to its left (R-ACQ-1)."""

    index: int
    payment: tuple[int, ...] = ()
    kind: ClassVar[MoveKind] = MoveKind.ACQUIRE

    def describe(self) -> str:
        placed = " placing " + " ".join(LETTERS[t] for t in self.payment) if self.payment else ""
        return f"acquire merchant slot {self.index + 1}{placed}"


class Rest(Struct, frozen=True, gc=False):
    """Take every played card back into hand (R-REST-1)."""

    kind: ClassVar[MoveKind] = MoveKind.REST

    def describe(self) -> str:
        return "rest"


class Claim(Struct, frozen=True, gc=False):
    """Claim point card `index`, paying exactly its cost (R-CLM-1)."""

    index: int
    kind: ClassVar[MoveKind] = MoveKind.CLAIM

    def describe(self) -> str:
        return f"claim point slot {self.index + 1}"


class Discard(Struct, frozen=True, gc=False):
    """Return these cubes at the end of a turn over the caravan limit (R-LIM-1)."""

    cubes: Cubes
    kind: ClassVar[MoveKind] = MoveKind.DISCARD

    def describe(self) -> str:
        return f"discard {fmt(self.cubes)}"


Move = Union[PlaySpice, PlayUpgrade, PlayTrade, Acquire, Rest, Claim, Discard]
MOVE_TYPES: dict[MoveKind, type] = {
    cls.kind: cls for cls in (PlaySpice, PlayUpgrade, PlayTrade, Acquire, Rest, Claim, Discard)
}
