"""Player names and other outside text: checked where they come in (command line,
new-game form, save file: all three ask `checked_name` and `duplicate`) and made
harmless where they go out (a terminal: `printable`, `clipped`).

A name reaches a terminal through Rich, Textual and plain print(); a control character
in it (ESC, BEL, a newline) would be obeyed by the terminal instead of shown, and a
bidirectional override would reorder the line around it. An invisible character (a
zero-width space, a Hangul filler, a tag) would make two players look alike, and a byte
that was not UTF-8 (a Latin-1 terminal) cannot be shown at all. Such names are refused.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable

from msgspec import Struct

MAX_NAME = 24

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_IGNORABLE = (  # Default_Ignorable_Code_Point, Unicode 15.1 DerivedCoreProperties.txt (stable since 2012)
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
"""Characters a font draws as nothing: zero-width spaces and joiners, fillers, variation
selectors, tags. Python's unicodedata does not carry the property, so here is its list."""


def is_unsafe(ch: str) -> bool:
    """A character a terminal would act on rather than show: C0/C1 controls, DEL, line and
    paragraph separators, bidirectional controls; and a lone surrogate (a byte that was not
    UTF-8, which no terminal encoding can carry)."""
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") or ch in _BIDI_CONTROLS


def is_invisible(ch: str) -> bool:
    """A default-ignorable character: shown as nothing, so "Ann" and "Ann" + U+200B look alike."""
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def has_unsafe(text: str) -> bool:
    return any(is_unsafe(ch) for ch in text)


def printable(text: str) -> str:
    """`text` with every unsafe character shown as an escape ("\\x1b"), safe to print; a
    byte that was not UTF-8 (Python's surrogate escape) is shown as that byte ("\\xeb")."""
    if not has_unsafe(text):
        return text
    return "".join(_escape(ch) if is_unsafe(ch) else ch for ch in text)


def _escape(ch: str) -> str:
    if 0xDC80 <= ord(ch) <= 0xDCFF:  # how os.fsdecode and sys.argv carry an undecodable byte
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ch.encode("unicode_escape").decode("ascii")


def clipped(text: str, limit: int = 40) -> str:
    """`text` cut to about `limit` characters (its start and end kept, "…" between), so a
    mistyped argument of 100 KB is not echoed back at the player whole."""
    if len(text) <= limit:
        return text
    head = (limit - 1) * 2 // 3
    return text[:head] + "…" + text[len(text) - (limit - 1 - head):]


def shown(text: str, limit: int = 40) -> str:
    """Outside text (an argument, a path) for a message: clipped, then made printable."""
    return printable(clipped(text, limit))


class NameRefused(ValueError):
    """A name that cannot be a player's, by `code`: "not_text" (a byte that was not UTF-8),
    "control", "invisible" (`char` names the character), "empty", "long" (`max`)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def checked_name(raw: str) -> str:
    """`raw` as a player's name, runs of spaces made one; NameRefused if it cannot be one.
    The characters are looked at before the spaces are, so no newline is collapsed away."""
    for ch in raw:
        if unicodedata.category(ch) == "Cs":
            raise NameRefused("not_text", char=printable(ch))
        if is_unsafe(ch):
            raise NameRefused("control", char=printable(ch))
        if is_invisible(ch):
            raise NameRefused("invisible", char=f"U+{ord(ch):04X}")
    name = " ".join(raw.split())
    if not name:
        raise NameRefused("empty")
    if len(name) > MAX_NAME:
        raise NameRefused("long", max=MAX_NAME)
    return name


def name_key(name: str) -> str:
    """What two names that read the same share: "ＡＮＮ", "ann " and "Ann" are one name
    (Unicode compatibility normalisation, NFKC, case folding, and runs of spaces made one)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def duplicate(names: Iterable[str]) -> str | None:
    """The first name that reads the same as one before it, or None."""
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            return name
        seen.add(key)
    return None


class Seat(Struct, frozen=True):
    """A player: a display name, and the bot level playing it (None for a person)."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None
