"""The hand of the player to act, every card in its own place, and a Rest button.

A card keeps its number for as long as the player owns it: a played card stays where it
is, marked as played, until the rest; a card acquired goes at the end. Pressing a digit
from memory never plays a different card than last turn."""

from __future__ import annotations

from msgspec import Struct
from rich.text import Text
from textual.containers import Container
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.keys import digit_key
from century_tui.tui.widgets.cursor_row import CursorRow, RowMessage, cursor_keys


class HandItem(Struct, frozen=True):
    card: int
    played: bool
    ok: bool


CHIP_WIDTH = 13
"""Cells per card chip: a digit, a space, the widest effect (9) and padding; more when the
language's cube letters are two cells wide (the widest effect then measured, counted)."""


SPARE_CHIPS = 3
"""Hidden chips kept mounted beyond the cards in hand (`HandView._add_spares`)."""


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
        out = Text(digit_key(self.position) or " ", "bold")  # the key that picks it
        cursor = self.has_class("-cursor")
        if cursor:
            out.append(t("board.cursor"), "bold")
        if self.item.played or not cursor:  # under the cursor a played card keeps its ✗ too
            out.append(t("card.played_mark") if self.item.played else " ", "bold")
        effect = render.merchant_effect(self.item.card, fit=max(1, self.size.width - out.cell_len))
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


class HandTitle(Widget):
    """The rule over the hand, saying whose hand it is (in its top border), lit (`-lit`)
    while the hand has the focus. A line of its own: the hand's focus restyles this line
    alone, where a title in the hand's own border repainted the hand and every chip in it."""


class HandView(CursorRow):
    BINDINGS = cursor_keys(10, "key.play", show_digits=False)  # 1–9, 0: the 10th card

    class Chosen(RowMessage):
        """The player asked to play this card (Enter or a click)."""

        def __init__(self, hand: HandView, card: int) -> None:
            super().__init__(hand)
            self.card = card

    class RestChosen(Message):
        pass

    def __init__(self, chips: int = 0, **kwargs) -> None:
        """`chips`: the cards its first `show` will hold, mounted with the hand: chips
        mounted by that `show` would lay the board out again after its first frame."""
        super().__init__(**kwargs)
        self.items: list[HandItem] = []
        self.owner = ""
        self._shown: tuple = ()
        self.heading = HandTitle()
        self.rest = RestButton(classes="rest")
        self.chips = Container(*(HandCard(classes="chip") for _ in range(chips)), self.rest, id="chips")
        self._laid_out = True
        """False while items shown before the hand was mounted wait to be laid out."""

    def compose(self):
        yield self.heading
        yield self.chips

    def on_mount(self) -> None:
        if not self._laid_out:  # its chips are mounted with it
            self._rebuild()

    def show(self, owner: str, items: list[HandItem]) -> None:
        self.owner = owner
        self.items = items
        self.heading.border_title = Text(t("board.hand_title", name=owner))
        key = tuple(items)
        if key != self._shown:
            self._shown = key
            self._rebuild()
        if self.cursor >= len(items):
            self.cursor = max(0, len(items) - 1)
        self.mark_cursor()

    def _rebuild(self) -> None:
        """Lay the items out on the pooled chips, each card in its place. Chips for more
        cards than were mounted with the hand wait for the hand to be mounted (a remote
        game's position may grow between the board's making and its showing): its mount
        lays them out, never a callback that asks again (the hand of a board closed before
        its mount was never mounted, and its callbacks went round for ever)."""
        if not self.chips.is_mounted:
            self._laid_out = False
            return
        self._laid_out = True
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
            self.call_after_refresh(self.mark_cursor)
        if len(chips) - len(entries) < SPARE_CHIPS:
            self.call_after_refresh(self._add_spares)

    def _add_spares(self) -> None:
        """Hidden chips ready for the next cards, mounted after the frame that needed them
        not: a chip mounted as a card comes costs that move a layout and two more frames."""
        if not self.is_attached:
            return
        chips = sum(isinstance(c, HandCard) for c in self.chips.children)
        spares = [HandCard(classes="chip") for _ in range(len(self.items) + SPARE_CHIPS - chips)]
        for chip in spares:
            chip.display = False
        if spares:
            self.chips.mount_all(spares, before=self.rest)

    def _fit(self) -> None:
        width = self.chips.size.width or self.size.width or 80
        chip = max(CHIP_WIDTH, render.widest_effect(CHIP_WIDTH - 4) + 4)
        chip += 4 if self.screen.has_class("-tall") else 0
        columns = max(1, width // chip)
        if self.chips.styles.grid_size_columns != columns:
            self.chips.styles.grid_size_columns = columns

    def on_resize(self) -> None:
        self._fit()

    def words_changed(self) -> None:
        self.heading.border_title = Text(t("board.hand_title", name=self.owner))
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

    def no_place(self, index: int) -> None:
        """9 with two cards in hand: there is no such card, said (a key that does nothing looks broken)."""
        self.app.bell()
        number, count = digit_key(index), len(self.items)
        self.notify(t("notify.no_such_card", number=number, count=count), severity="warning", timeout=4)

    @property
    def selected(self) -> HandItem | None:
        return self.items[self.cursor] if 0 <= self.cursor < len(self.items) else None

    def places(self) -> int:
        return len(self.items)

    def takeable(self, index: int) -> bool | None:
        return self.items[index].ok if 0 <= index < len(self.items) else None

    def mark_cursor(self) -> None:
        self.heading.set_class(self.lit, "-lit")
        for chip in self.chips.children:
            if isinstance(chip, HandCard):
                on = self.lit and chip.position == self.cursor
                if chip.has_class("-cursor") != on:
                    chip.set_class(on, "-cursor")
                    chip.refresh()

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.send(self.Chosen(self, self.items[index].card))

    def on_hand_card_pressed(self, message: HandCard.Pressed) -> None:
        message.stop()
        self.press(message.position)

    def on_rest_button_pressed(self, message: RestButton.Pressed) -> None:
        message.stop()
        self.post_message(self.RestChosen())
