"""Below the smallest playable size, a screen shows "make me at least W×H" instead of a
broken board. Every screen of the app mixes in `SizeGuard`; resizing never crashes."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui.lifecycle import closed_early

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.now = Size(0, 0)

    def render(self) -> Text:
        out = Text(t("too_small.message", width=MIN_WIDTH, height=MIN_HEIGHT), "bold")
        out.append("\n")
        out.append(t("too_small.now", width=self.now.width, height=self.now.height), "dim")
        out.justify = "center"
        return out


class SizeGuard:
    """Mixin for screens: hide the content and show `TooSmall` below the minimum size."""

    def on_mount(self) -> None:
        if closed_early(self):
            return
        self.mount(TooSmall(classes="too-small"))  # type: ignore[attr-defined]
        self.check_size(self.app.size)  # type: ignore[attr-defined]

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def check_size(self, size: Size) -> None:
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        for note in self.query(TooSmall):  # type: ignore[attr-defined]
            note.now = size
            note.refresh()
