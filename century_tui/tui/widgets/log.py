"""The game log: plain-words lines with player names, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from century_tui.tui import render
from century_tui.journal import Entry
from century_tui.tui.follow import FollowsWords


class GameLog(FollowsWords, RichLog):
    """Keeps the entries as data and draws them again on a skin switch or a resize."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=10, max_lines=400, **kwargs)
        self.entries: list[Entry] = []
        self._width = 0
        self._height = 0

    def reset(self, entries: list[Entry]) -> None:
        """Show exactly these entries (after an undo or a replay jump)."""
        self.entries = list(entries)
        self.redraw()

    def add(self, entries: list[Entry]) -> None:
        self.entries.extend(entries)
        for entry in entries:
            self.write(self._line(entry))

    def _line(self, entry: Entry) -> Text:
        line = render.rt(entry.key, **entry.params)
        if entry.key == "log.round":
            line.stylize("bold dim")
        elif entry.key in ("log.end_triggered", "log.game_over"):
            line.stylize("bold")
        return line

    def redraw(self) -> None:
        self.clear()
        for entry in self.entries:
            self.write(self._line(entry))
        self.scroll_end(animate=False)

    def words_changed(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        """A new width rewraps every line; a new height (a row above grew, as Japanese
        does) keeps the newest line in view if it was in view before."""
        width = self.size.width
        height = self.scrollable_content_region.height  # the lines shown, borders left out
        was_at_end = self.scroll_y >= self.virtual_size.height - self._height
        self._width, self._height, old_width = width, height, self._width
        if width != old_width:
            if self.entries:
                self.redraw()
        elif was_at_end:
            self.scroll_end(animate=False, immediate=True)
