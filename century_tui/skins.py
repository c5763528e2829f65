"""How a skin looks: tier and coin colours and glyphs, from data/skins/*.toml.

A skin's *words* (tier names and letters, coin names, card nouns) are translated, so
they live in the language files and are read through `century_tui.text`; this module
holds what is not a word. Both are validated by pydantic when first read, unless the
file is as shipped (`century_tui.resources`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from rich.color import ANSI_COLOR_NAMES
from rich.cells import cell_len

from century_tui.resources import Check, DataFault, Strict, check, data_dir, read_data

SKINS = ("spice", "golem")
"""Every skin, in the order the switch cycles through them."""
DEFAULT_SKIN = "spice"

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class SkinDataError(ValueError):
    """A skin file is missing or broken; the message names the file and the field."""


def _hex(value: str) -> str:
    if not _HEX.match(value):
        raise ValueError(f"{value!r} is not a colour like #a1b2c3")
    return value.lower()


def _ansi(value: str) -> str:
    if value not in ANSI_COLOR_NAMES or ANSI_COLOR_NAMES[value] > 15:
        raise ValueError(f"{value!r} is not one of the 16 terminal colour names (red, bright_red, ...)")
    return value


def _glyph(value: str) -> str:
    if cell_len(value) != 1:
        raise ValueError(f"{value!r} must be exactly one terminal cell wide")
    return value


Hex = Annotated[str, Check(_hex)]
Ansi = Annotated[str, Check(_ansi)]
Glyph = Annotated[str, Check(_glyph)]


@dataclass(frozen=True, slots=True)
class CoinLook(Strict):
    colour: Hex
    """The face in 256/true-colour terminals."""
    ansi: Ansi
    """The face in a 16-colour terminal."""
    glyph: Glyph


@dataclass(frozen=True, slots=True)
class TierLook(CoinLook):
    """A tier's cube: a face as a coin has, and a letter on it."""

    text: Hex
    ansi_text: Ansi


@dataclass(frozen=True, slots=True)
class Skin(Strict):
    name: str
    accent: Hex
    ansi_accent: Ansi
    tier: tuple[TierLook, TierLook, TierLook, TierLook]
    """Tiers 0..3, cheapest first."""
    upper_coin: CoinLook
    lower_coin: CoinLook

    @classmethod
    def shipped(cls, name: str, raw: dict[str, Any]) -> Skin:
        """A shipped skin's data as it is: the tests checked it."""
        return cls(name, raw["accent"], raw["ansi_accent"], tuple(TierLook(**x) for x in raw["tier"]),
                   CoinLook(**raw["upper_coin"]), CoinLook(**raw["lower_coin"]))  # type: ignore[arg-type]


def skin_path(name: str) -> Path:
    return data_dir() / "skins" / f"{name}.toml"


def parse_skin(name: str, raw: dict) -> Skin:
    """Validate one skin's data; SkinDataError names the faulty field."""
    try:
        return check(Skin, {"name": name, **raw})
    except DataFault as e:
        raise SkinDataError(f"skin {name!r}: {e.where}: {e.what}") from None


@cache
def load_skin(name: str) -> Skin:
    """The skin called `name` (cached); SkinDataError if it is unknown or broken."""
    if name not in SKINS:
        raise SkinDataError(f"unknown skin {name!r} (choose from {', '.join(SKINS)})")
    raw, shipped = read_data(skin_path(name), SkinDataError, f"skin {name!r}: ")
    return Skin.shipped(name, raw) if shipped else parse_skin(name, raw)


def next_skin(name: str) -> str:
    """The skin after `name` in the switch cycle."""
    return SKINS[(SKINS.index(name) + 1) % len(SKINS)] if name in SKINS else DEFAULT_SKIN
