"""Skin, language and cube-code switches reach the screens and widgets that draw words
through one Textual signal, `Switches.words_changed_signal` (tui/switches.py), the way Textual's own
widgets follow `App.theme_changed_signal`: a node subscribes as it mounts, and Textual
forgets it once it is removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

from century_tui.tui.switches import Switches

if TYPE_CHECKING:
    from textual.dom import DOMNode as _Node
else:
    _Node = object


class FollowsWords(_Node):
    """Mixin for a screen or widget that draws words, cubes or a skin's colours: its
    `words_changed()` runs whenever the player switches any of them, at once (not
    queued), so the whole screen changes language in one frame."""

    def _on_mount(self, event: events.Mount) -> None:
        app = self.app
        if isinstance(app, Switches):  # a widget tried alone, in a bare app, has no switches
            app.words_changed_signal.subscribe(self, self._follow, immediate=True)

    def _follow(self, _: None) -> None:
        self.words_changed()

    def words_changed(self) -> None:
        """Draw again in the words, skin and cube code now in force."""
