"""A focusable row of items with a cursor: the hand, the point row, the merchant row.

Digits pick an item, ←/→ move (wrapping), Home/End go to the ends, Enter or a click acts
on the item under the cursor. Enter shows as available only while that item can be taken
now, and not at all while nobody may act here. The game screen follows the cursor by
watching the `cursor` reactive (to say what Enter would do).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from century_tui.tui.follow import FollowsWords
from century_tui.tui.keys import OffersKeys, digits, offered
from century_tui.tui.repaint import QuietFocus


def cursor_keys(count: int, enter: str, show_digits: bool = True) -> list[Binding]:
    """The row's keys: digits 1..count, the arrows, Home, End, and Enter (`enter`: its words)."""
    return [
        *digits("pick", count, show=show_digits),
        Binding("left", "move(-1)", "key.left", show=False),
        Binding("right", "move(1)", "key.right", show=False),
        Binding("home", "home", show=False),
        Binding("end", "end", show=False),
        Binding("enter", "act", enter),
    ]


class RowMessage(Message):
    """A message from a row that names it as its `control` (so `@on(..., "#id")` selects it)."""

    def __init__(self, row: CursorRow) -> None:
        super().__init__()
        self.row = row

    @property
    def control(self) -> CursorRow:
        return self.row


@runtime_checkable
class Chooser(Protocol):
    """A screen that acts on the rows' choices (the game screen): it takes each one at once."""

    def chosen(self, message: RowMessage) -> None:
        """The row's `Chosen` message: the player asked for the item it names."""


class CursorRow(OffersKeys, QuietFocus, FollowsWords, Widget, can_focus=True):
    """What the hand and the card rows share; a subclass says how many places there are,
    which can be taken now, how the cursor is drawn, and what Enter asks for."""

    cursor: reactive[int] = reactive(0, repaint=False)
    active: reactive[bool] = reactive(True, repaint=False)
    """False while nobody may act here (a bot's turn, a pending discard, the end)."""
    picks = True
    """Its digits are offered (the cursor they move says what Enter would do); not in a
    replay, where the cursor shows nothing."""

    def places(self) -> int:
        """How many places the cursor can stand on."""
        raise NotImplementedError

    def takeable(self, index: int) -> bool | None:
        """Whether the item at `index` can be taken now (None: there is no item there)."""
        raise NotImplementedError

    def mark_cursor(self) -> None:
        """Draw the cursor on the item under it, and on no other (only while `lit`): the
        `-cursor` class, which restyles those items alone."""
        raise NotImplementedError

    def choose(self, index: int) -> None:
        """Ask the screen to take the item at `index` (`send` the row's `Chosen`)."""
        raise NotImplementedError

    def send(self, message: RowMessage) -> None:
        """Hand a choice to the screen at once, if it acts on choices (else post it). A choice
        made by a key must be taken before the next key is read: posted, it waited in the
        queues while the keys typed after it in the same burst acted on the board (h 2 ⏎ 1 ⏎
        played card 1, then opened card 2's dialog)."""
        screen = self.screen
        if isinstance(screen, Chooser):
            screen.chosen(message)
        else:
            self.post_message(message)

    def watch_cursor(self, old: int, new: int) -> None:
        self.mark_cursor()
        if self.takeable(old) != self.takeable(new):  # the Enter key's state changed
            self.refresh_bindings()

    @property
    def lit(self) -> bool:
        """The row has the focus: the screen's focused widget. Known as soon as the focus
        moves, where `has_focus` waits for Textual's Focus event to reach the row, a frame
        later (the board draws the move of the focus in one frame: `BoardScreen.watch_focused`)."""
        return self.is_attached and self.screen.focused is self

    def watch_has_focus(self, focused: bool) -> None:
        """What the focus changes is drawn by classes on the items it changes (`mark_cursor`):
        no style sheet rule asks whether a row has the focus, so the row and its other items
        are not restyled (Textual's own watcher restyles the row and every item in it)."""
        self.mark_cursor()

    def action_pick(self, index: int) -> None:
        if 0 <= index < self.places():
            self.cursor = index
        else:
            self.no_place(index)

    def no_place(self, index: int) -> None:
        """A digit past the row's last place: it rings (the hand also says why)."""
        self.app.bell()

    def action_move(self, delta: int) -> None:
        if self.places():
            self.cursor = (self.cursor + delta) % self.places()

    def action_home(self) -> None:
        self.cursor = 0

    def action_end(self) -> None:
        self.cursor = max(0, self.places() - 1)

    def action_act(self) -> None:
        self.choose(self.cursor)

    def press(self, index: int) -> None:
        """A click on the item at `index`: the cursor goes there, and the item is asked for."""
        self.cursor = index
        self.screen.set_focus(self)  # not self.focus(), which repaints the whole row first
        self.choose(index)

    @offered("pick")
    def pick_offered(self, index: object) -> bool:
        """Not offered where nobody ever picks (a replay)."""
        return self.picks

    @offered("act")
    def act_offered(self) -> bool | None:
        if not self.active:
            return False
        return True if self.takeable(self.cursor) else None
