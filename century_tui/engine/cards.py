"""Card data: loaded from data/cards.toml, validated by pydantic, served as plain tables.

Card ids are small ints (positions in these tables) so the hot path indexes tuples.
Merchant ids 0..42 are the market deck (M01..M43), 43..52 the starting cards (S01..S10).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from century_tui.resources import data_dir, read_toml

from .cubes import COLOURS, Cubes


class CardDataError(ValueError):
    """The card file is broken; the message names the card."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CubeSpec(_Strict):
    """Counts by colour; an unknown colour is an error (extra='forbid')."""

    yellow: int = Field(0, ge=0)
    red: int = Field(0, ge=0)
    green: int = Field(0, ge=0)
    brown: int = Field(0, ge=0)

    def counts(self) -> Cubes:
        return (self.yellow, self.red, self.green, self.brown)

    @model_validator(mode="after")
    def _not_empty(self) -> CubeSpec:
        if not any(self.counts()):
            raise ValueError("needs at least one cube")
        return self


class PointSpec(_Strict):
    id: str
    cost: CubeSpec
    points: int = Field(gt=0)


class SpiceSpec(_Strict):
    id: str
    kind: Literal["spice"]
    gain: CubeSpec


class UpgradeSpec(_Strict):
    id: str
    kind: Literal["upgrade"]
    steps: int = Field(ge=1, le=6)


class TradeSpec(_Strict):
    id: str
    kind: Literal["trade"]
    pay: CubeSpec
    gain: CubeSpec


MerchantSpec = Annotated[Union[SpiceSpec, UpgradeSpec, TradeSpec], Field(discriminator="kind")]


class CardFile(_Strict):
    point: list[PointSpec]
    starting: list[MerchantSpec]
    merchant: list[MerchantSpec]

    @model_validator(mode="after")
    def _unique(self) -> CardFile:
        ids = Counter(c.id for c in [*self.point, *self.starting, *self.merchant])
        dup = [i for i, n in ids.items() if n > 1]
        if dup:
            raise ValueError(f"duplicate card id {dup[0]}")
        for label, cards in (("point", self.point), ("merchant", self.merchant)):
            seen: dict[object, str] = {}
            for c in cards:
                key = c.model_dump(exclude={"id"})
                frozen = repr(sorted(key.items()))
                if frozen in seen:
                    raise ValueError(f"duplicate {label} card {c.id} (same as {seen[frozen]})")
                seen[frozen] = c.id
        return self


@dataclass(frozen=True, slots=True)
class PointCard:
    code: str
    cost: Cubes
    points: int


@dataclass(frozen=True, slots=True)
class MerchantCard:
    code: str
    kind: str  # "spice" | "upgrade" | "trade"
    gain: Cubes = (0, 0, 0, 0)
    pay: Cubes = (0, 0, 0, 0)
    steps: int = 0


def _card_name(raw: object, error: ValidationError) -> str:
    """Name the card a validation error points at, e.g. 'P07' or 'merchant #3'."""
    loc = error.errors()[0]["loc"]
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(raw, dict):
        section = raw.get(loc[0])
        if isinstance(section, list) and loc[1] < len(section):
            item = section[loc[1]]
            if isinstance(item, dict) and "id" in item:
                return f"card {item['id']}"
            return f"{loc[0]} card #{loc[1] + 1}"
    return "cards"


def parse_cards(raw: dict) -> CardFile:
    """Validate raw card data; raise CardDataError naming the faulty card."""
    try:
        return CardFile.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        msg = first["msg"].removeprefix("Value error, ")
        where = ".".join(str(p) for p in first["loc"][2:] if not str(p) in {"spice", "upgrade", "trade"})
        detail = f"{where}: {msg}" if where else msg
        raise CardDataError(f"{_card_name(raw, e)}: {detail}") from None


def load_cards(path: Path | None = None) -> CardFile:
    path = path or data_dir() / "cards.toml"
    return parse_cards(read_toml(path, CardDataError))


def _merchant(spec: SpiceSpec | UpgradeSpec | TradeSpec) -> MerchantCard:
    if isinstance(spec, SpiceSpec):
        return MerchantCard(spec.id, "spice", gain=spec.gain.counts())
    if isinstance(spec, UpgradeSpec):
        return MerchantCard(spec.id, "upgrade", steps=spec.steps)
    return MerchantCard(spec.id, "trade", gain=spec.gain.counts(), pay=spec.pay.counts())


_FILE = load_cards()

POINT_CARDS: tuple[PointCard, ...] = tuple(
    PointCard(p.id, p.cost.counts(), p.points) for p in _FILE.point
)
MARKET_CARDS: tuple[MerchantCard, ...] = tuple(_merchant(m) for m in _FILE.merchant)
STARTING_CARDS: tuple[MerchantCard, ...] = tuple(_merchant(m) for m in _FILE.starting)
MERCHANT_CARDS: tuple[MerchantCard, ...] = MARKET_CARDS + STARTING_CARDS
"""Every merchant card by id: market deck first, then the starting cards."""
MARKET_IDS: tuple[int, ...] = tuple(range(len(MARKET_CARDS)))
STARTING_SPICE_IDS: tuple[int, ...] = tuple(
    len(MARKET_CARDS) + i for i, c in enumerate(STARTING_CARDS) if c.kind == "spice"
)
STARTING_UPGRADE_IDS: tuple[int, ...] = tuple(
    len(MARKET_CARDS) + i for i, c in enumerate(STARTING_CARDS) if c.kind == "upgrade"
)
CODES = {c.code: i for i, c in enumerate(MERCHANT_CARDS)} | {
    c.code: i for i, c in enumerate(POINT_CARDS)
}
"""Card code ('M12', 'P07', 'S01') to its id in its table."""

assert len(STARTING_SPICE_IDS) >= 5 and len(STARTING_UPGRADE_IDS) >= 5, "need 5 of each starting card"
__all__ = [
    "COLOURS",
    "CardDataError",
    "MerchantCard",
    "PointCard",
    "POINT_CARDS",
    "MARKET_CARDS",
    "STARTING_CARDS",
    "MERCHANT_CARDS",
    "load_cards",
    "parse_cards",
]
