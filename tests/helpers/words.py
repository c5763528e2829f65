"""Reading the game's words in a language and skin, for the translation tests."""

from __future__ import annotations

from century_tui import text


def say(code: str, key: str, skin: str = "spice", **params) -> str:
    """`t(key, **params)` in language `code` and `skin`; English and spice again after."""
    text.set_language(code)
    text.set_skin(skin)
    try:
        return text.t(key, **params)
    finally:
        text.set_language("en")
        text.set_skin("spice")
