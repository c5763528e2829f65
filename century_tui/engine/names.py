"""Player names and other outside text: checked where they come in (command line,
new-game form, save file) and made harmless where they go out (a terminal).

A name reaches a terminal through Rich, Textual and plain print(); a control character
in it (ESC, BEL, a newline) would be obeyed by the terminal instead of shown, and a
bidirectional override would reorder the line around it. Such names are refused.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_unsafe(ch: str) -> bool:
    """A character a terminal would act on rather than show: C0/C1 controls, DEL, line and
    paragraph separators, bidirectional controls."""
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI_CONTROLS


def has_unsafe(text: str) -> bool:
    return any(is_unsafe(ch) for ch in text)


def printable(text: str) -> str:
    """`text` with every unsafe character shown as an escape ("\\x1b"), safe to print."""
    if not has_unsafe(text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if is_unsafe(ch) else ch for ch in text)
