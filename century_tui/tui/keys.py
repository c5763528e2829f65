"""Key bindings whose descriptions are keys of the `[key]` text table.

`BINDINGS` in this app hold text keys ("key.rest") instead of words. The key bar looks
them up with `words_of` each time it draws, so a language switch needs nothing but a
redraw, and nothing here touches Textual's private bindings maps.
"""

from __future__ import annotations

from textual.binding import Binding

from century_tui.text import t

TEXT_KEY = "key."
"""How this app's binding descriptions start; Textual's own widgets' are words already."""


def words_of(description: str) -> str:
    """What a binding's description reads as now: ours looked up in the current language,
    Textual's own widgets' (never shown here today) as they are."""
    return t(description) if description.startswith(TEXT_KEY) else description


def digit_key(index: int) -> str:
    """The digit that picks place `index` (0-based) of a row: 1–9, then 0 for the 10th, as
    on the keyboard's top row; the places after it have none ("")."""
    return str((index + 1) % 10) if index < 10 else ""


def digits(action: str, count: int, description: str = "key.slot", show: bool = True) -> list[Binding]:
    """Bindings 1..count (0 for a 10th) → action(i) with i 0-based, grouped as one footer entry."""
    group = Binding.Group(description, compact=True)
    return [
        Binding(digit_key(i), f"{action}({i})", description, show=show and i < count, group=group)
        for i in range(min(count, 10))
    ]
