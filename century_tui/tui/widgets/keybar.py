"""The key bar at the bottom: every key that does something now, disabled ones dimmed.

Textual's Footer rebuilds a widget per key whenever the bindings change, which is on
every focus change and most moves; this bar draws the same information as one line of
text, so keeping it current costs a repaint. A click on a key presses it. The bindings'
descriptions are text keys, read in the current language as the bar draws.
"""

from __future__ import annotations

from itertools import groupby

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widget import Widget

from century_tui.tui.keys import words_of


def key_run(keys: list[str]) -> str:
    """'1–6' for the digit keys 1 to 6 in a row, else the keys side by side."""
    if len(keys) > 2 and all(k.isdigit() and len(k) == 1 for k in keys):
        numbers = [int(k) for k in keys]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{keys[0]}–{keys[-1]}"
    return "".join(keys)


def entries_width(entries: list[tuple[str, str, str, bool]]) -> int:
    return sum(cell_len(f" {shown} ") + (cell_len(d) + 1 if d else 0) for _k, shown, d, _e in entries)


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._spots: list[tuple[int, int, str]] = []
        self._drawn: tuple | None = None
        """The entries last drawn: bindings are updated at every focus change and move, and
        mostly the same keys come back (a repaint is one more frame)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen) -> None:
        if self._entries() != self._drawn:
            self.refresh()

    def _entries(self) -> tuple[list[tuple[str, str, str, bool]], list[tuple[str, str, str, bool]]]:
        """(key to press, key shown, description, enabled) for the left side (grouped keys
        merged, one entry per action) and for the right side (the command palette)."""
        app = self.app
        left: list[tuple[str, str, str, bool]] = []
        right: list[tuple[str, str, str, bool]] = []
        seen: set[str] = set()
        shown = [(b, e) for (_node, b, e, _tip) in self.screen.active_bindings.values() if b.show]
        for group, items in groupby(shown, key=lambda be: be[0].group):
            items = list(items)
            if group is not None and len(items) > 1:
                keys = key_run([app.get_key_display(b) for b, _ in items])
                left.append((items[0][0].key, keys, words_of(group.description), any(e for _, e in items)))
                continue
            for b, enabled in items:
                if b.action in seen:
                    continue
                seen.add(b.action)
                entry = (b.key.split(",")[0], app.get_key_display(b), words_of(b.description), enabled)
                (right if b.action.endswith("command_palette") else left).append(entry)
        return left, right

    def render(self) -> Text:
        self._spots = []
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        left, right = self._drawn = self._entries()

        def draw(entries, out: Text) -> None:
            for key, shown, description, enabled in entries:
                start = out.cell_len
                out.append(f" {shown} ", key_style if enabled else "dim")
                if description:
                    out.append(description + " ", "" if enabled else "dim")
                self._spots.append((start, out.cell_len, key))

        # too narrow (80 columns in French, or with Redo): the rightmost keys lose their
        # words first, so every key stays visible and clickable (the help lists them all)
        room = self.size.width - entries_width(right) - 1
        left = list(left)
        for i in reversed(range(len(left))):
            if entries_width(left) <= room:
                break
            key, shown, _description, enabled = left[i]
            left[i] = (key, shown, "", enabled)

        out = Text(no_wrap=True, overflow="ellipsis")
        draw(left, out)
        tail = Text()
        draw(right, tail)
        gap = self.size.width - out.cell_len - tail.cell_len
        if right and gap >= 1:
            shift = out.cell_len + gap
            self._spots[len(self._spots) - len(right):] = [
                (a + shift, b + shift, k) for a, b, k in self._spots[len(self._spots) - len(right):]
            ]
            out.append(" " * gap)
            out.append_text(tail)
        else:
            self._spots = self._spots[: len(self._spots) - len(right)]
        return out

    COMPONENT_CLASSES = {"keybar--key"}

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spots:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return

