"""A button whose words may change while it is on show (a live language switch)."""

from __future__ import annotations

from textual.widgets import Button


class WordButton(Button):
    """A Button sized by its words, again each time they change.

    Textual's Button repaints a new label in the width the old one was given, so a
    `width: auto` button switched from "Board" to "Plateau" would show "Plate"."""

    def watch_label(self) -> None:
        self.refresh(layout=True)
