"""Which language, skin and cube code the player reads now: module state the app sets
(`set_language`, `set_skin`, `set_cube_code`) and every lookup reads."""

from __future__ import annotations

from century_tui.skins import DEFAULT_SKIN, SKINS
from century_tui.text.catalog import DEFAULT_LANGUAGE, SkinWords, load_language

CUBE_CODES = ("letters", "digits", "shapes")
"""How a cube reads: its colour's letter in this language and skin (the default), or the
same glyph per tier in every skin and language: its tier 1–4, or a shape."""
_DIGITS = ("1", "2", "3", "4")
_SHAPES = ("▲", "■", "◆", "★")
"""One shape per tier, told apart without colour and from the coins (● ○): a triangle, a
square, a diamond, a star, each worth more than the last."""

_state = {"language": DEFAULT_LANGUAGE, "skin": DEFAULT_SKIN, "cube_code": CUBE_CODES[0]}


def set_language(code: str) -> None:
    load_language(code)  # validate before switching
    _state["language"] = code


def set_skin(name: str) -> None:
    if name not in SKINS:
        raise ValueError(f"unknown skin {name!r}")
    _state["skin"] = name


def set_cube_code(code: str) -> None:
    if code not in CUBE_CODES:
        raise ValueError(f"unknown cube code {code!r}")
    _state["cube_code"] = code


def cube_code() -> str:
    return _state["cube_code"]


def cube_glyphs() -> tuple[str, str, str, str]:
    """What each tier's cube shows in the current cube code, cheapest first."""
    code = _state["cube_code"]
    if code == "digits":
        return _DIGITS
    if code == "shapes":
        return _SHAPES
    return words().letters


def language() -> str:
    return _state["language"]


def skin() -> str:
    return _state["skin"]


def words(skin_name: str | None = None) -> SkinWords:
    """The current (or named) skin's words in the current language."""
    return load_language(_state["language"]).skins[skin_name or _state["skin"]]
