"""Trade: how many times to repeat the exchange, 1 to the most the caravan can pay."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from century_tui.engine import MERCHANT_CARDS, Cubes, Move, PlayTrade, scale, traded
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.modals.base import ModalButton, MoveModal


class TradeModal(MoveModal):
    key_prefix = "modal.trade"

    BINDINGS = [
        Binding("left,minus", "less", "key.less"),
        Binding("right,plus,equals_sign", "more", "key.more"),
        *[Binding(str(n), f"times({n})", show=False) for n in range(10)],  # 0 and past the most: said why not
    ]

    def __init__(self, card: int, cubes: Cubes, most: int) -> None:
        super().__init__(cubes)
        self.card = card
        self.most = most
        self.times = most

    def title_text(self) -> Text:
        c = MERCHANT_CARDS[self.card]
        title = render.rt("modal.trade_title", pay=c.pay, gain=c.gain)
        title.stylize("bold")
        return title

    def help_text(self) -> Text:
        return Text(t("modal.trade_help", max=self.most))

    def body(self) -> ComposeResult:
        with Horizontal(classes="choices"):
            yield ModalButton(t("modal.less"), id="less")
            yield Static(classes="count")
            yield ModalButton(t("modal.more"), id="more")
        yield Static(classes="status")

    def after(self) -> Cubes:
        c = MERCHANT_CARDS[self.card]
        return traded(self.cubes, c.pay, c.gain, self.times)

    def move(self) -> Move | None:
        return PlayTrade(self.card, self.times) if 1 <= self.times <= self.most else None

    def update_body(self) -> None:
        c = MERCHANT_CARDS[self.card]
        self.query_one(".count", Static).update(Text(t("modal.trade_times", times=self.times), "bold"))
        total = render.rt("modal.trade_total", pay=scale(c.pay, self.times), gain=scale(c.gain, self.times))
        self.query_one(".status", Static).update(Text(self.refused, "bold") if self.refused else total)
        self.query_one("#less", ModalButton).disabled = self.times <= 1
        self.query_one("#more", ModalButton).disabled = self.times >= self.most

    def action_less(self) -> None:
        self.action_times(self.times - 1)

    def action_more(self) -> None:
        self.action_times(self.times + 1)

    def action_times(self, n: int) -> None:
        if n < 1:
            self.refuse(t("modal.trade_at_least"))
        elif n > self.most:
            self.refuse(t("modal.trade_at_most", max=self.most))
        else:
            self.refused = None
            self.times = n
            self.changed()

    def button(self, name: str) -> None:
        if name == "less":
            self.action_less()
        elif name == "more":
            self.action_more()
