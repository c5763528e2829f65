"""Card data: loaded from data/cards.toml, served as tuples by card id. A file as shipped was
checked by the tests and is read as it is; any other is checked first (`card_file`, pydantic).

Card ids are small ints (positions in these tuples) so the hot path indexes them.
Merchant ids 0..42 are the market deck (M01..M43), 43..52 the starting cards (S01..S10).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct

from century_tui.resources import data_dir, read_data

from .cubes import COLOURS, Cubes
from .errors import CardDataError


class PointCard(Struct, frozen=True):
    code: str
    cost: Cubes
    points: int


class MerchantCard(Struct, frozen=True):
    code: str
    kind: str  # "spice" | "upgrade" | "trade"
    gain: Cubes = (0, 0, 0, 0)
    pay: Cubes = (0, 0, 0, 0)
    steps: int = 0


CardTables = tuple[tuple[PointCard, ...], tuple[MerchantCard, ...], tuple[MerchantCard, ...]]


def load_cards(path: Path | None = None) -> CardTables:
    """The point cards, the market deck and the starting cards of a card file (the game's by
    default); CardDataError naming the card if a file not as shipped breaks a rule."""
    raw, shipped = read_data(path or data_dir() / "cards.toml", CardDataError)
    if not shipped:
        from .card_file import parse_cards

        raw = parse_cards(raw).model_dump()
    return (tuple(PointCard(p["id"], _cubes(p["cost"]), p["points"]) for p in raw["point"]),
            tuple(_merchant(m) for m in raw["merchant"]), tuple(_merchant(m) for m in raw["starting"]))


def _cubes(counts: dict[str, int]) -> Cubes:
    return tuple(counts.get(colour, 0) for colour in COLOURS)  # type: ignore[return-value]


def _merchant(card: dict[str, Any]) -> MerchantCard:
    kind = card["kind"]
    if kind == "upgrade":
        return MerchantCard(card["id"], kind, steps=card["steps"])
    return MerchantCard(card["id"], kind, gain=_cubes(card["gain"]),
                        pay=_cubes(card["pay"]) if kind == "trade" else (0, 0, 0, 0))


POINT_CARDS, MARKET_CARDS, STARTING_CARDS = load_cards()
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
]
