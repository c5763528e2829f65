"""Key bindings whose descriptions are looked up through `t()`.

`BINDINGS` in this app hold keys of the `[key]` table ("key.rest") instead of words.
`Localized.localize_bindings()` gives the node a copy of its bindings with the words of
the current language, so the footer, the key panel and the help screen read them in the
player's language; call it again when the language changes.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingsMap

from century_tui.text import t


def _word(key: str) -> str:
    return t(key) if key else ""


class Localized:
    """Mixin for screens and widgets whose BINDINGS descriptions are text keys."""

    _merged_bindings: BindingsMap | None
    _bindings: BindingsMap

    def localize_bindings(self) -> None:
        source = type(self)._merged_bindings
        if source is None:
            return
        groups: dict[int, Binding.Group] = {}
        keys: dict[str, list[Binding]] = {}
        for key, bindings in source.key_to_bindings.items():
            out = []
            for b in bindings:
                group = b.group
                if group is not None:
                    if id(group) not in groups:
                        groups[id(group)] = Binding.Group(_word(group.description), group.compact)
                    group = groups[id(group)]
                out.append(replace(b, description=_word(b.description), tooltip=_word(b.tooltip), group=group))
            keys[key] = out
        self._bindings = BindingsMap.from_keys(keys)


def refresh_bindings_soon(node) -> None:
    """Ask the footer to redraw once, however many widgets asked in this round.

    Every `refresh_bindings()` makes Textual's footer rebuild itself; a move changes the
    state of several widgets at once, so the requests are merged into one.
    """
    if not node.is_attached:
        return
    screen = node.screen
    if getattr(screen, "_century_bindings_pending", False):
        return
    screen._century_bindings_pending = True

    def refresh() -> None:
        screen._century_bindings_pending = False
        screen.refresh_bindings()

    screen.call_later(refresh)


def digits(action: str, count: int, description: str = "key.slot", show: bool = True) -> list[Binding]:
    """Bindings 1..count → action(i) with i 0-based, grouped as one footer entry."""
    group = Binding.Group(description, compact=True)
    return [
        Binding(str(i + 1), f"{action}({i})", description, show=show and i < count, group=group)
        for i in range(count)
    ]
