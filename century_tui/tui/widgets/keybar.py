"""The key bar at the bottom: every key that does something now, disabled ones dimmed.

Textual's Footer rebuilds a widget per key whenever the bindings change, which is on
every focus change and most moves; this bar draws the same information as one line of
text, so keeping it current costs a repaint. A click on a key presses it. The bindings'
descriptions are text keys, read in the current language as the bar draws.

Every key shown keeps its label. Where they do not all fit (80 columns, a long language,
Redo and Hint offered), the bar shows as many as fit in their order (the focused row's,
the screen's, the app's), and last the help key as "? More": help lists the rest.
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


Entry = tuple[str, str, str, bool]
"""(key to press, key shown, description, enabled)."""
HELP_ACTION = "help"
"""The binding whose key stands for the keys left out: help lists every key."""


def entries_width(entries: list[Entry]) -> int:
    return sum(cell_len(f" {shown} ") + (cell_len(d) + 1 if d else 0) for _k, shown, d, _e in entries)


def fitted(left: list[Entry], room: int, help_key: str | None) -> list[Entry]:
    """`left` as it fits in `room` cells: all of it, else the longest run from its start
    that fits before the help entry, shown last as "? More"; where there is no help
    key (a screen without one), the rightmost keys lose their words instead."""
    if entries_width(left) <= room:
        return left
    helps = [e for e in left if e[0] == help_key]
    if not helps:
        out = list(left)
        for i in reversed(range(len(out))):
            if entries_width(out) <= room:
                break
            out[i] = (out[i][0], out[i][1], "", out[i][3])
        return out
    rest_of_keys = (helps[0][0], "?", words_of("key.all_keys"), True)
    kept: list[Entry] = []
    for entry in left:
        if entry[0] == help_key:
            continue
        if entries_width([*kept, entry, rest_of_keys]) > room:
            break
        kept.append(entry)
    return [*kept, rest_of_keys]


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
        self._help_key: str | None = None
        self._drawn: tuple | None = None
        """The entries last drawn: bindings are updated at every focus change and move, and
        mostly the same keys come back (a repaint is one more frame)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen) -> None:
        """Drawn again if its keys changed; not asked before its first drawing, which is
        to come (the form's start asked twice, each time every key's check)."""
        if self._drawn is None or self._entries() != self._drawn:
            self.refresh()

    def _entries(self) -> tuple[list[Entry], list[Entry]]:
        """(key to press, key shown, description, enabled) for the left side (grouped keys
        merged, one entry per action) and for the right side (the command palette)."""
        app = self.app
        self._help_key = None
        left: list[Entry] = []
        right: list[Entry] = []
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
                if b.action == HELP_ACTION:
                    self._help_key = entry[0]
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

        left = fitted(left, self.size.width - (entries_width(right) + 1 if right else 0), self._help_key)

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

