"""Below the smallest playable size, a screen shows "make me at least W×H" instead of a
broken board. Every screen of the app mixes in `SizeGuard`; resizing never crashes."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui.lifecycle import closed

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    def __init__(self, now: Size, **kwargs) -> None:
        super().__init__(**kwargs)
        self.now = now

    def render(self) -> Text:
        out = Text(t("too_small.message", width=MIN_WIDTH, height=MIN_HEIGHT), "bold")
        out.append("\n")
        out.append(t("too_small.now", width=self.now.width, height=self.now.height), "dim")
        out.justify = "center"
        return out


class SizeGuard:
    """Mixin for screens: hide the content and show `TooSmall` below the minimum size. The
    note is mounted the first time it is needed: a screen that opens big enough (most do)
    pays no widget for it."""

    _focus_before_small = None
    """The widget focused when the screen became too small (a resize may come before the mount)."""

    def on_mount(self) -> None:
        if closed(self):
            return
        self.check_size(self.app.size)  # type: ignore[attr-defined]
        self._focus_before_small = None  # at mount, the focus is Textual's first guess: not kept

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def home_focus(self):
        """Where the focus goes when a screen first shown too small grows big enough
        (None: Textual's choice)."""
        return None

    def check_size(self, size: Size) -> None:
        """Hide the content below the minimum size; back above it, the focus returns where
        it was (hiding the content had moved it away, to the first row: a wrong claim was
        then one Enter away)."""
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        was_small = self.has_class("-too-small")  # type: ignore[attr-defined]
        if small and not was_small:
            self._focus_before_small = self.focused  # type: ignore[attr-defined]
        self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        if was_small and not small:
            widget, self._focus_before_small = self._focus_before_small, None
            if widget is None or not widget.is_attached:
                widget = self.home_focus()
            if widget is not None:
                self.set_focus(widget)  # type: ignore[attr-defined]
        notes = list(self.query_children(TooSmall))  # type: ignore[attr-defined]
        if small and not notes:
            self.mount(TooSmall(size, classes="too-small"))  # type: ignore[attr-defined]
        for note in notes:
            note.now = size
            note.refresh()
