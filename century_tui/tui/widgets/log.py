"""The game log: plain-words lines with player names, scrollable.

A move adds a line or two. Textual's RichLog draws its whole window again for that, and
again a frame later when it scrolls and its scroll bar follows; here the new lines alone are
drawn while the log is not full, and when it is, the log scrolls and its scroll bar
follows in the move's own frame (a layout comes only when the scroll bar appears or goes).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from century_tui.journal import Entry
from century_tui.tui import render
from century_tui.tui.follow import FollowsWords

MAX_LINES = 400
"""Lines kept: the oldest go (a long game's first rounds)."""


class GameLog(FollowsWords, ScrollView, can_focus=True):
    """Keeps the entries as data and draws them again on a skin switch or a resize."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list[Entry] = []
        self.lines: list[Strip] = []
        """The entries wrapped to the log's width (the newest `MAX_LINES`)."""
        self._width = 0
        self.following = True
        """The newest line is in view, and stays so as lines come, until the player scrolls
        up (and again once they scroll back to the end). Set by the player's scrolls alone,
        not worked out from the scroll's position as lines come: that position lags a
        layout (the scroll bar coming, the text rewrapped one cell narrower), and a line
        that came meanwhile took the log for scrolled up: it stopped following (a replay
        stepped quickly was left rounds behind)."""
        self._own_scroll = False

    def reset(self, entries: list[Entry]) -> None:
        """Show exactly these entries (after an undo or a replay jump)."""
        self.entries = list(entries)
        self.following = True
        self.redraw()

    def add(self, entries: list[Entry]) -> None:
        self.entries.extend(entries)
        if not self._width:
            return  # wrapped once the log has a size
        at_end = self.following
        first = len(self.lines)
        for entry in entries:
            self.lines.extend(self._wrap(entry))
        dropped = max(0, len(self.lines) - MAX_LINES)
        del self.lines[:dropped]
        self._grown(first - dropped, at_end, bool(dropped))

    def _grown(self, first: int, at_end: bool, shifted: bool) -> None:
        """Lines from `first` on are new: draw them, and keep the newest in view if it was."""
        shown = self.scrollable_content_region.height
        size = Size(self._width, len(self.lines))
        if (size.height > shown) != (self.virtual_size.height > shown):  # a scroll bar appears or goes
            self.virtual_size = size  # a layout: the text is narrower or wider by the bar
            if at_end:
                self.call_after_refresh(self.follow)
            return
        self.set_reactive(ScrollView.virtual_size, size)
        if size.height > shown:  # the bar's extent follows now, not in the next layout's frame
            self.vertical_scrollbar.window_virtual_size = size.height
            self.vertical_scrollbar.window_size = shown
        if at_end and size.height > shown:
            self._scroll(lambda: self.scroll_to(y=size.height - shown, animate=False, immediate=True))
            self.refresh()
        elif shifted:
            self.refresh()
        else:
            top = first - self.scroll_offset.y
            if top < shown:
                self.refresh_lines(max(0, top), len(self.lines) - first)

    def _wrap(self, entry: Entry) -> list[Strip]:
        return self.wrap(self._line(entry))

    def wrap(self, text: Text) -> list[Strip]:
        """`text` in lines of the log's width."""
        console = self.app.console
        options = console.options.update_width(max(1, self._width))
        return [Strip(line) for line in Segment.split_lines(console.render(text, options))] or [Strip.blank(0)]

    def _line(self, entry: Entry) -> Text:
        """An entry as one line of text (unwrapped)."""
        line = render.rt(entry.key, **entry.params)
        if entry.key == "log.round":
            line.stylize("bold dim")
        elif entry.key in ("log.end_triggered", "log.game_over"):
            line.stylize("bold")
        return line

    def redraw(self) -> None:
        self.lines = [strip for entry in self.entries for strip in self._wrap(entry)][-MAX_LINES:]
        self.virtual_size = Size(self._width, len(self.lines))
        self.refresh()
        self.call_after_refresh(self.follow)

    def follow(self) -> None:
        """Show the newest line, if the log follows them."""
        if self.following:
            self._scroll(lambda: self.scroll_end(animate=False, immediate=True))

    def _scroll(self, scroll) -> None:
        """The log's own scroll: it does not say where the player wants to read."""
        self._own_scroll = True
        try:
            scroll()
        finally:
            self._own_scroll = False

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(0, width, style).apply_style(style)

    def words_changed(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.refresh()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if not self._own_scroll:  # the player's: up leaves the newest line, down to the end comes back
            self.following = new >= self.max_scroll_y

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The scroll bar came or went: the text is one cell narrower or wider."""
        self.call_after_refresh(self.fit)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """A new width rewraps every line; a new height (a row above grew, as Japanese
        does) keeps the newest line in view if the log follows them."""
        width, old_width = self.scrollable_content_region.width, self._width
        self._width = width
        if width != old_width:
            self.redraw()
        else:
            self.follow()
