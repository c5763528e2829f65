"""The game log: plain-words lines with player names, scrollable.

Our own scroll view rather than Textual's RichLog, which draws the same lines the same way
but loads rich.pretty (and attrs under it, where installed) on every board's way to its
first frame, for the Python objects it can print and the log never writes.
"""

from __future__ import annotations

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from century_tui.tui import render
from century_tui.tui.journal import Entry
from century_tui.tui.follow import FollowsWords


class GameLog(FollowsWords, ScrollView, can_focus=True):
    """Keeps the entries as data and draws them again on a skin switch or a resize: each
    entry wrapped to the log's width (at least `MIN_WIDTH` cells), the newest `MAX_LINES`
    lines kept, the view following the newest."""

    DEFAULT_CSS = """
    GameLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """
    MIN_WIDTH = 10
    MAX_LINES = 400

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list[Entry] = []
        self.lines: list[Strip] = []
        """The entries' lines at the log's width (none until it has one)."""
        self.widest = 0
        """Cells of the widest line."""
        self._width = 0
        self._height = 0

    def reset(self, entries: list[Entry]) -> None:
        """Show exactly these entries (after an undo or a replay jump)."""
        self.entries = list(entries)
        self.redraw()

    def add(self, entries: list[Entry]) -> None:
        self.entries.extend(entries)
        if self.size.width:  # else its first size draws them
            for entry in entries:
                self.write(self._line(entry))

    def _line(self, entry: Entry) -> Text:
        line = render.rt(entry.key, **entry.params)
        if entry.key == "log.round":
            line.stylize("bold dim")
        elif entry.key in ("log.end_triggered", "log.game_over"):
            line.stylize("bold")
        return line

    def write(self, text: Text) -> None:
        """One entry's lines at the bottom, the view scrolled to them."""
        console = self.app.console
        options = console.options
        width = measure_renderables(console, options, [text]).maximum
        width = max(min(width, self.scrollable_content_region.width), self.MIN_WIDTH)
        lines = list(Segment.split_lines(console.render(text, options.update_width(width))))
        if not lines:
            self.lines.append(Strip.blank(width))
        else:
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(width)
            self.lines.extend(strips)
            if len(self.lines) > self.MAX_LINES:
                self.lines = self.lines[-self.MAX_LINES:]
                self.refresh()
            self.widest = max(self.widest, max(sum(s.cell_length for s in line) for line in lines))
        self.virtual_size = Size(self.widest, len(self.lines))
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self) -> None:
        self.lines.clear()
        self.widest = 0
        self.virtual_size = Size(0, 0)
        self.refresh()

    def redraw(self) -> None:
        self.clear()
        if self.size.width:
            for entry in self.entries:
                self.write(self._line(entry))
        self.scroll_end(animate=False)

    def words_changed(self) -> None:
        self.redraw()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._width else container.width

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            line = Strip.blank(width, self.rich_style)
        else:
            line = self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return line.apply_style(self.rich_style)

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
