"""Asked before undo takes back another person's move: in hot-seat, one key must not let
Bob take back Ann's claim. Enter (or y) takes it back, Esc (or n) keeps it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui.lifecycle import OnTop
from century_tui.tui.follow import FollowsWords


class ConfirmUndo(OnTop, FollowsWords, ModalScreen[bool]):
    BINDINGS = [
        Binding("enter,y", "answer(True)", "key.take_back"),
        Binding("escape,n", "answer(False)", "key.keep"),
    ]

    def __init__(self, owner: str, asking: str | None) -> None:
        """`owner` made the move; `asking` is the person at the keyboard (None: unknown)."""
        super().__init__()
        self.owner = owner
        self.asking = asking

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog confirm-undo"):
            yield Static(self.title_text(), classes="title")
            yield Static(self.body_text(), classes="help")
            yield Static(Text(t("confirm_undo.keys"), "dim"), classes="keys")

    def title_text(self) -> Text:
        return Text(t("confirm_undo.title", name=self.owner), "bold")

    def body_text(self) -> Text:
        if self.asking is None:
            return Text(t("confirm_undo.body_any", name=self.owner))
        return Text(t("confirm_undo.body", name=self.owner, asking=self.asking))

    def words_changed(self) -> None:
        self.query_one(".title", Static).update(self.title_text())
        self.query_one(".help", Static).update(self.body_text())
        self.query_one(".keys", Static).update(Text(t("confirm_undo.keys"), "dim"))

    def action_answer(self, take_back: bool) -> None:
        self.dismiss(take_back)

    def on_click(self, event) -> None:
        """A click outside the box keeps the move (as Esc); inside it, nothing."""
        if event.widget is self:
            self.dismiss(False)
