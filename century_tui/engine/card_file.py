"""The card file's shape and rules (data/cards.toml), checked by pydantic: a card's cost or
gain, its kind, unique ids, no card twice. Read only when the file needs checking: the tests
check the shipped file, and the game reads that one as it is (`century_tui.resources`)."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import CardDataError
from .cubes import Cubes


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
