"""The hand of the player to act, every card in its own place, and a Rest button.

A card keeps its number for as long as the player owns it: a played card stays where it
is, marked as played, until the rest; a card acquired goes at the end. Pressing a digit
from memory never plays a different card than last turn."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.keys import Localized, digits, refresh_bindings_soon


@dataclass(frozen=True, slots=True)
class HandItem:
    card: int
    played: bool
    ok: bool


CHIP_WIDTH = 13
"""Cells per card chip: a digit, a space, the widest effect (9) and padding; more when the
language's cube letters are two cells wide (the widest effect then measured, counted)."""


class HandCard(Widget):
    """One chip of the hand: a card, in hand or played.

    Chips are reused from move to move (mounting widgets costs a relayout each time).
    """

    class Pressed(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.position = -2  # shows nothing yet: the first set() draws
        self.item: HandItem | None = None

    def set(self, position: int, item: HandItem) -> None:
        """Show card `item` at `position` (0-based)."""
        if self.display and (position, item) == (self.position, self.item):
            return
        self.position = position
        self.item = item
        self.update_classes({  # one style update, not one per class
            "-played": item.played,
            "-ok": item.ok,
            "-no": not item.ok,
        })
        if not self.display:
            self.display = True
        self.refresh()

    def render(self) -> Text:
        if self.item is None:
            return Text("")
        out = Text(str(self.position + 1) if self.position < 9 else " ", "bold")
        if self.has_class("-cursor"):
            out.append(t("board.cursor"), "bold")
        else:
            out.append(t("card.played_mark") if self.item.played else " ", "bold")
        effect = render.merchant_effect(self.item.card, fit=max(1, self.size.width - 2))
        if self.item.played:  # used until the rest: struck through, so it reads without colour
            effect.stylize("strike")
        out.append_text(effect)
        return out

    def on_click(self, event) -> None:
        event.stop()
        if self.item is not None:
            self.post_message(self.Pressed(self.position))


class RestButton(Static):
    """Rest by mouse (the r key does the same)."""

    class Pressed(Message):
        pass

    def render(self) -> Text:
        return Text(t("board.rest_button"), "bold")

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Pressed())


class HandView(Localized, Widget, can_focus=True):
    BINDINGS = [
        *digits("pick", 9, show=False),
        Binding("left", "move(-1)", "key.left", show=False),
        Binding("right", "move(1)", "key.right", show=False),
        Binding("home", "home", show=False),
        Binding("end", "end", show=False),
        Binding("enter", "act", "key.play"),
    ]

    cursor: reactive[int] = reactive(0, repaint=False)
    active: reactive[bool] = reactive(True, repaint=False)

    class Chosen(Message):
        """The player asked to play this card (Enter or a click)."""

        def __init__(self, hand: HandView, card: int) -> None:
            super().__init__()
            self.hand = hand
            self.card = card

        @property
        def control(self) -> HandView:
            return self.hand

    class Moved(Message):
        def __init__(self, hand: HandView) -> None:
            super().__init__()
            self.hand = hand

    class RestChosen(Message):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.localize_bindings()
        self.items: list[HandItem] = []
        self.owner = ""
        self._shown: tuple = ()
        self.rest = RestButton(classes="rest")
        self.chips = Container(self.rest, id="chips")

    def compose(self):
        yield self.chips

    def show(self, owner: str, items: list[HandItem]) -> None:
        self.owner = owner
        self.items = items
        self.border_title = Text(t("board.hand_title", name=owner))
        key = tuple(items)
        if key != self._shown:
            self._shown = key
            self._rebuild()
        if self.cursor >= len(items):
            self.cursor = max(0, len(items) - 1)
        self._mark_cursor()

    def _rebuild(self) -> None:
        """Lay the items out on the pooled chips, each card in its place."""
        entries = list(enumerate(self.items))
        chips = [c for c in self.chips.children if isinstance(c, HandCard)]
        grew = len(chips) < len(entries)
        if grew:
            new = [HandCard(classes="chip") for _ in range(len(entries) - len(chips))]
            self.chips.mount_all(new, before=self.rest)
            chips += new
        for chip, (position, item) in zip(chips, entries):
            chip.set(position, item)
        for chip in chips[len(entries):]:
            if chip.display:
                chip.display = False
        self._fit()
        if grew:
            self.call_after_refresh(self._mark_cursor)

    def _fit(self) -> None:
        width = self.chips.size.width or self.size.width or 80
        chip = max(CHIP_WIDTH, render.widest_effect(CHIP_WIDTH - 4) + 4)
        chip += 4 if self.screen.has_class("-tall") else 0
        columns = max(1, width // chip)
        if self.chips.styles.grid_size_columns != columns:
            self.chips.styles.grid_size_columns = columns

    def on_resize(self) -> None:
        self._fit()

    def skin_changed(self) -> None:
        self.localize_bindings()
        self.border_title = Text(t("board.hand_title", name=self.owner))
        self._fit()
        for chip in self.chips.children:
            chip.refresh()

    def to_first_playable(self) -> None:
        """A turn starts: the cursor goes to the first card that can be played (never to a
        played one; the first card in hand when none can)."""
        for wanted in (lambda i: i.ok, lambda i: not i.played):
            index = next((n for n, item in enumerate(self.items) if wanted(item)), None)
            if index is not None:
                self.cursor = index
                return

    @property
    def selected(self) -> HandItem | None:
        return self.items[self.cursor] if 0 <= self.cursor < len(self.items) else None

    def watch_cursor(self, old: int, new: int) -> None:
        self._mark_cursor()
        was = self.items[old].ok if 0 <= old < len(self.items) else None
        now = self.items[new].ok if 0 <= new < len(self.items) else None
        if was != now:  # the Enter key's state changed
            refresh_bindings_soon(self)
        self.post_message(self.Moved(self))

    def watch_has_focus(self, focused: bool) -> None:
        super().watch_has_focus(focused)  # Textual restyles :focus here
        self._mark_cursor()
        if focused:
            self.post_message(self.Moved(self))

    def _mark_cursor(self) -> None:
        for chip in self.chips.children:
            if isinstance(chip, HandCard):
                on = self.has_focus and chip.position == self.cursor
                if chip.has_class("-cursor") != on:
                    chip.set_class(on, "-cursor")
                    chip.refresh()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.cursor = index

    def action_move(self, delta: int) -> None:
        if self.items:
            self.cursor = (self.cursor + delta) % len(self.items)

    def action_home(self) -> None:
        self.cursor = 0

    def action_end(self) -> None:
        self.cursor = max(0, len(self.items) - 1)

    def action_act(self) -> None:
        if self.selected is not None:
            self.post_message(self.Chosen(self, self.selected.card))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":
            item = self.selected
            if not self.active:
                return False
            return True if (item is not None and item.ok) else None
        return True

    def on_hand_card_pressed(self, message: HandCard.Pressed) -> None:
        message.stop()
        self.cursor = message.position
        self.focus()
        if self.selected is not None:
            self.post_message(self.Chosen(self, self.selected.card))

    def on_rest_button_pressed(self, message: RestButton.Pressed) -> None:
        message.stop()
        self.post_message(self.RestChosen())
