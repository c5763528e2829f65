"""A focus change repaints what it restyles, nothing more: over a slow SSH line every cell
written again is felt, and Textual writes far more than changed in two places.

- `Screen.focused` is a reactive that repaints the screen: every focus change (`m`, a move
  that hands the focus back to the hand) wrote the whole terminal again, 45 KiB at 120×40,
  for a highlight moved from one row to another.
- A widget that gains or loses focus repaints all of itself, its children included: a row
  of six cards and a deck written again for one card's title.

The `:focus` rules restyle the widgets whose looks change, which repaints exactly those, so
both repaints can go. Every screen of the game is a `Screen` or a `ModalScreen` of this
module, and every focusable row mixes in `QuietFocus`.

And a screen's first showing does not style it twice: Textual styles each widget as it
mounts, then again, every one, when the pushed screen resumes (about a tenth of what the
new-game form did beyond a bare Textual app before its first frame). Textual itself does
not restyle a screen resumed as the one above it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual import events, screen
from textual.reactive import Reactive
from textual.widget import Widget

Result = TypeVar("Result")


class Screen(screen.Screen[Result]):
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown for the first time: its widgets were styled as they mounted, and a class
        changed since restyled what it touched. (Textual's own handler, which restyles when
        asked, comes after this one: handlers run from the most derived class up.)"""
        if self.stack_updates == 0:
            event.refresh_styles = False


class ModalScreen(screen.ModalScreen[Result]):
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)


if TYPE_CHECKING:
    _Widget = Widget
else:
    _Widget = object


class QuietFocus(_Widget):
    """Mixin for a focusable widget that holds others (a row of cards, the hand): gaining or
    losing the focus restyles it and its children (`has_focus`, Textual's own watcher), and
    tells its parent, as Textual's handler does; but it does not repaint the whole widget
    as that handler would (`prevent_default` keeps it from running)."""

    def on_focus(self, event: events.Focus) -> None:
        event.prevent_default()
        self.has_focus = True
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))
