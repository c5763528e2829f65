"""The point row and the merchant row: cards in slots, a deck pile, a cursor.

State flows down: the game screen calls `show(...)` with what each slot holds and
whether it can be taken now. Intent flows up: Enter or a click sends `Chosen(index)`;
the screen turns it into a move. Digits and arrows move the cursor.
"""

from __future__ import annotations

from msgspec import Struct
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from century_tui.engine import MERCHANT_CARDS, POINT_CARDS, Cubes
from century_tui.text import t, words
from century_tui.tui import render
from century_tui.tui.follow import FollowsWords
from century_tui.tui.widgets.cursor_row import CursorRow, RowMessage, cursor_keys


class SlotView(Struct, frozen=True):
    """What one slot shows: the card (None: empty slot), whether it can be taken now,
    and, for points, the coin a claim pays (kind, stack size); for merchants, the cubes on it."""

    card: int | None
    ok: bool = False
    coin: str | None = None
    coins: int = 0
    cubes: Cubes = (0, 0, 0, 0)


class CardView(FollowsWords, Widget):
    """One slot of a row. A click asks the row to act on it."""

    class Pressed(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.index = index
        self.slot: SlotView | None = None  # nothing shown yet: the first show() draws

    def show(self, slot: SlotView, force: bool = False) -> None:
        if slot == self.slot and not force:
            return  # unchanged: no repaint (most slots, most moves)
        self.slot = slot
        self.update_classes({  # one style update, not one per class
            "-empty": slot.card is None,
            "-ok": slot.card is not None and slot.ok,
            "-no": slot.card is not None and not slot.ok,
        })
        self.border_title = self.title()
        self.border_subtitle = self.subtitle()
        self.refresh()

    def words_changed(self) -> None:
        if self.slot is not None:
            self.show(self.slot, force=True)

    def title(self) -> Text:
        out = Text(t("board.cursor") if self.has_class("-cursor") else "", "bold")
        out.append(t("card.slot", slot=self.index + 1), "bold")
        if self.slot is not None and self.slot.card is not None and self.slot.ok:
            mark = t("board.mark_ok")
            if mark:
                out.append(" " + mark)
        return out

    def subtitle(self) -> Text | None:
        return None

    def on_resize(self) -> None:
        """The bottom border follows the card's size; a card that has none and gets none is
        not drawn again (Textual repaints a widget whose border text is set): most cards, as
        the board's first frame is laid out."""
        subtitle = self.subtitle()
        if subtitle is not None or self.border_subtitle is not None:
            self.border_subtitle = subtitle

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Pressed(self.index))

    def render(self) -> Text:
        card = self.slot.card if self.slot is not None else None
        return Text("") if card is None else self.draw(card, self.size.width, self.size.height)

    def draw(self, card: int, width: int, height: int) -> Text:
        """The card in the slot, in `width` × `height` cells."""
        raise NotImplementedError


def _spread(left: Text, right: Text, width: int) -> Text:
    """`left` at the left edge and `right` at the right edge of `width` cells."""
    gap = width - left.cell_len - right.cell_len
    if gap < 1:
        out = left.copy()
        out.append(" ")
        out.append_text(right)
        out.truncate(width, overflow="ellipsis")
        return out
    out = left.copy()
    out.append(" " * gap)
    out.append_text(right)
    return out


class PointCardView(CardView):
    def draw(self, card: int, width: int, height: int) -> Text:
        c = POINT_CARDS[card]
        coin = self._coin_text()
        if height <= 2:
            cost, points = self._cost_line()
            line = _spread(cost, points, width) if points is not None else cost
            return line if height <= 1 else Text("\n").join([line, coin])
        lines = [Text("") for _ in range(height)]
        lines[0] = render.cubes(c.cost, gap=True, fit=width)
        lines[(height - 1) // 2] = render.rt("card.points_long", points=Text(str(c.points), "bold"))
        lines[-1] = coin
        for line in lines:
            line.align("center", width)
        return Text("\n").join(lines)

    points_below = False
    """Set by the row: the points of every card sit in the bottom border, because on one
    card of the row they do not fit beside the cost (wide letters, 黄赤緑茶). Then they sit
    in the same place on every card."""

    def fits_beside(self) -> bool:
        """Cost and points fit on one line of this card."""
        if self.slot is None or self.slot.card is None or not self.size.width:
            return True
        c = POINT_CARDS[self.slot.card]
        points = Text(t("card.points", points=c.points), "bold")
        cost = render.cubes(c.cost, fit=self.size.width - points.cell_len - 1)
        return cost.cell_len + 1 + points.cell_len <= self.size.width

    def _cost_line(self) -> tuple[Text, Text | None]:
        """Cost and points for one line; points None when they sit in the bottom border."""
        c = POINT_CARDS[self.slot.card]
        width = self.size.width
        points = Text(t("card.points", points=c.points), "bold")
        if not self.points_below:
            cost = render.cubes(c.cost, fit=width - points.cell_len - 1)
            if cost.cell_len + 1 + points.cell_len <= width:
                return cost, points
        return render.cubes(c.cost, fit=width), None

    def subtitle(self) -> Text | None:
        if self.slot is None or self.slot.card is None or self.size.height > 2 or not self.size.width:
            return None
        if self._cost_line()[1] is None:
            return Text(t("card.points", points=POINT_CARDS[self.slot.card].points), "bold")
        return None

    def _coin_text(self) -> Text:
        if self.slot.coin is None or not self.slot.coins:
            return Text("")
        upper = self.slot.coin == "upper"
        word = words().upper_short if upper else words().lower_short
        full = t("card.coins_on", count=self.slot.coins, coin=word)
        for gap, label in ((" ", full), ("", full), (" ", str(self.slot.coins))):
            out = render.coin(upper)
            out.append(gap)
            out.append(label)
            if out.cell_len <= self.size.width:  # "○ 10 silver", "○10 silver", or "○ 10" where it would be cut
                break
        out.truncate(self.size.width, overflow="ellipsis")
        return out


class MerchantCardView(CardView):
    def draw(self, card: int, width: int, height: int) -> Text:
        if height <= 1:
            effect = render.merchant_effect(card, fit=width)
            effect.align("center", width)
            return effect
        effect_lines = render.merchant_lines(card, width)
        on = render.cubes(self.slot.cubes, empty=" ") if any(self.slot.cubes) else Text("")
        if height == 2:
            lines = effect_lines if len(effect_lines) == 2 else [*effect_lines, on]
        elif height == 3 and len(effect_lines) == 2:
            lines = [*effect_lines, on]
        else:
            kind = Text(t(f"kind.{MERCHANT_CARDS[card].kind}"), "italic dim")
            lines = [kind, *effect_lines] + [Text("") for _ in range(height - 2 - len(effect_lines))] + [on]
        for line in lines:
            line.align("center", width)
        return Text("\n").join(lines)

    def subtitle(self) -> Text | None:
        """The cubes lying on the card, in the bottom border when the card has no line for them."""
        if self.slot is None or self.slot.card is None or not any(self.slot.cubes):
            return None
        height = self.size.height
        if height <= 1 or (height == 2 and len(render.merchant_lines(self.slot.card, self.size.width)) == 2):
            return render.cubes(self.slot.cubes)
        return None


class DeckPile(FollowsWords, Widget):
    """The face-down deck beside a row: only how many cards are left (never their order).
    Drawn in place (not a Static, whose update lays the board out again for a new count).

    Its word on the border, the count inside; where the word is longer than the border
    has room for (French "pioche" at 80 columns), the count on the border and the word
    inside, whole, rather than "pio…"."""

    TITLE_EDGES = 6
    """The border's cells around a title: a corner, a dash and a space on each side."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.count = -1
        self.inside = Text("")

    def render(self) -> Text:
        return self.inside

    def show(self, count: int, force: bool = False) -> None:
        if count == self.count and not force:
            return
        self.count = count
        word = Text(t("card.deck"))
        number = Text(t("card.deck_count", count=count) if count else t("card.deck_empty"), "bold")
        self.set_class(count == 0, "-empty")
        if self.outer_size.width and word.cell_len > self.outer_size.width - self.TITLE_EDGES:
            word, number = number, word
        self.border_title = word
        if number != self.inside:
            self.inside = number
            self.refresh()

    def words_changed(self) -> None:
        self.show(self.count, force=True)

    def on_resize(self) -> None:
        self.show(self.count, force=True)


class CardRow(CursorRow):
    """A row of card slots with a cursor; subclasses say how many and which card view."""

    SLOTS = 5
    VIEW: type[CardView] = CardView
    CARD_CLASS = ""

    class Chosen(RowMessage):
        """The player asked to take the card in slot `index` (Enter or a click)."""

        def __init__(self, row: CardRow, index: int) -> None:
            super().__init__(row)
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.slots: list[SlotView] = [SlotView(None)] * self.SLOTS
        self.views = [self.VIEW(i, classes=f"card {self.CARD_CLASS}") for i in range(self.SLOTS)]
        self.deck = DeckPile(classes="deck")

    def compose(self):
        yield from self.views
        yield self.deck

    def show(self, slots: list[SlotView], deck: int) -> None:
        padded = list(slots) + [SlotView(None)] * (self.SLOTS - len(slots))
        self.slots = padded[: self.SLOTS]
        for view, slot in zip(self.views, self.slots):
            view.show(slot)
        self.deck.show(deck)
        self.mark_cursor()

    @property
    def selected(self) -> SlotView:
        return self.slots[self.cursor]

    def places(self) -> int:
        return self.SLOTS

    def takeable(self, index: int) -> bool | None:
        return self.slots[index].ok if 0 <= index < self.SLOTS else None

    def mark_cursor(self) -> None:
        for i, view in enumerate(self.views):
            on = self.lit and i == self.cursor
            if view.has_class("-cursor") != on:
                view.set_class(on, "-cursor")
                view.border_title = view.title()

    def choose(self, index: int) -> None:
        self.send(self.Chosen(self, index))

    def on_card_view_pressed(self, message: CardView.Pressed) -> None:
        message.stop()
        self.press(message.index)


class PointRow(CardRow):
    SLOTS = 5
    VIEW = PointCardView
    BINDINGS = cursor_keys(5, "key.claim")

    class Chosen(CardRow.Chosen):
        pass

    def show(self, slots: list[SlotView], deck: int) -> None:
        super().show(slots, deck)
        self.place_points()

    def on_resize(self) -> None:
        self.call_after_refresh(self.place_points)  # the cards have their new widths then

    def words_changed(self) -> None:
        self.place_points()

    def place_points(self) -> None:
        """Points beside the cost on every card, or below it on every card: never some of
        each, so a player finds the points in one place."""
        views = [v for v in self.views if isinstance(v, PointCardView)]
        below = self.size.height <= 4 and not all(v.fits_beside() for v in views)
        for view in views:
            if view.points_below != below:
                view.points_below = below
                view.border_subtitle = view.subtitle()
                view.refresh()


class MerchantRow(CardRow):
    SLOTS = 6
    VIEW = MerchantCardView
    CARD_CLASS = "merchant"
    BINDINGS = cursor_keys(6, "key.acquire")

    class Chosen(CardRow.Chosen):
        pass
