"""How a skin looks: tier and coin colours and glyphs, from data/skins/*.toml.

A skin's *words* (tier names and letters, coin names, card nouns) are translated, so
they live in the language files and are read through `century_tui.text`; this module
holds what is not a word. Both are validated by pydantic when first read.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from rich.color import ANSI_COLOR_NAMES
from rich.cells import cell_len

from century_tui.resources import data_dir, read_toml

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TierLook(_Strict):
    colour: str
    """Cube face in 256/true-colour terminals."""
    text: str
    """Letter on the cube face."""
    ansi: str
    """Cube face in a 16-colour terminal."""
    ansi_text: str
    glyph: str

    _c = field_validator("colour", "text")(_hex)
    _a = field_validator("ansi", "ansi_text")(_ansi)
    _g = field_validator("glyph")(_glyph)


class CoinLook(_Strict):
    colour: str
    ansi: str
    glyph: str

    _c = field_validator("colour")(_hex)
    _a = field_validator("ansi")(_ansi)
    _g = field_validator("glyph")(_glyph)


class Skin(_Strict):
    name: str
    accent: str
    ansi_accent: str
    tier: tuple[TierLook, TierLook, TierLook, TierLook] = Field(
        description="tiers 0..3, cheapest first"
    )
    upper_coin: CoinLook
    lower_coin: CoinLook

    _c = field_validator("accent")(_hex)
    _a = field_validator("ansi_accent")(_ansi)


def skin_path(name: str) -> Path:
    return data_dir() / "skins" / f"{name}.toml"


def parse_skin(name: str, raw: dict) -> Skin:
    """Validate one skin's data; SkinDataError names the faulty field."""
    try:
        return Skin.model_validate({"name": name, **raw})
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        msg = first["msg"].removeprefix("Value error, ")
        raise SkinDataError(f"skin {name!r}: {where}: {msg}") from None


@cache
def load_skin(name: str) -> Skin:
    """The skin called `name` (cached); SkinDataError if it is unknown or broken."""
    if name not in SKINS:
        raise SkinDataError(f"unknown skin {name!r} (choose from {', '.join(SKINS)})")
    raw = read_toml(skin_path(name), SkinDataError, f"skin {name!r}: ")
    return parse_skin(name, raw)


def next_skin(name: str) -> str:
    """The skin after `name` in the switch cycle."""
    return SKINS[(SKINS.index(name) + 1) % len(SKINS)] if name in SKINS else DEFAULT_SKIN
