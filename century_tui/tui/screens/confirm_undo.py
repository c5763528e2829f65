"""Asked before undo takes back another person's move: in hot-seat, one key must not let
Bob take back Ann's claim. Enter (or y) takes it back, Esc (or n) keeps it. Over the
network, the owner is asked on their own screen (`ApproveUndo`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from century_tui.table import UndoAsked
from century_tui.text import t
from century_tui.tui.follow import FollowsWords
from century_tui.journal import Entry
from century_tui.tui.lifecycle import OnTop
from century_tui.tui.modals.base import ModalButton
from century_tui.tui.render import rt
from century_tui.tui.repaint import ModalScreen


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


class ApproveUndo(ConfirmUndo):
    """Asked of a move's owner, on their own screen, when someone at another terminal wants
    to take it back: Enter (or y, or the button) agrees, Esc (or n, or the other) keeps it.
    Dismissed with None when the question goes void before an answer."""

    BINDINGS = [
        Binding("enter,y", "answer(True)", "key.agree"),
        Binding("escape,n", "answer(False)", "key.keep"),
    ]

    def __init__(self, question: int, owner: str, asking: str, move: list[Entry]) -> None:
        """`asking` wants to take back `owner`'s move, whose log lines are `move`."""
        super().__init__(owner, asking)
        self.question = question
        self.move = move
        self.void = False
        """Settled elsewhere (timed out, the game moved on): it closes, unanswered."""

    def on_screen_resume(self) -> None:
        if self.void:
            self.dismiss(None)

    def action_answer(self, take_back: bool) -> None:
        self.dismiss(None if self.void else take_back)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog confirm-undo approve-undo"):
            yield Static(self.title_text(), classes="title")
            yield Static(self.body_text(), classes="help")
            with Horizontal(classes="buttons"):
                yield ModalButton(t("key.agree"), id="agree", variant="primary")
                yield ModalButton(t("key.keep"), id="keep")
            yield Static(Text(t("approve_undo.keys"), "dim"), classes="keys")

    def title_text(self) -> Text:
        return Text(t("approve_undo.title", name=self.asking), "bold")

    def body_text(self) -> Text:
        move = Text(" ").join(rt(e.key, **e.params) for e in self.move)
        out = rt("approve_undo.body", move=move)
        out.append("\n")
        out.append(t("approve_undo.after"))
        return out

    def words_changed(self) -> None:
        super().words_changed()
        self.query_one("#agree", ModalButton).label = t("key.agree")
        self.query_one("#keep", ModalButton).label = t("key.keep")
        self.query_one(".keys", Static).update(Text(t("approve_undo.keys"), "dim"))

    def on_click(self, event) -> None:
        """A click outside the box does nothing: the answer is the owner's, and said on purpose."""

    def on_button_pressed(self, event: ModalButton.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "agree")


def ask_consent(screen, owner: int) -> None:
    """Undo on `screen` (the game's) would take back `owner`'s move, another person's: ask
    first; a yes takes it back only if the game has not moved on meanwhile."""
    game, table = screen.game, screen.table
    asking = None if screen.last_human is None else game.seats[screen.last_human].name
    epoch = table.epoch

    def answered(yes: bool | None) -> None:
        if yes and table.epoch == epoch:
            table.undo()

    screen.app.push_screen(ConfirmUndo(game.seats[owner].name, asking), answered)


def undo_asked(screen, change: UndoAsked) -> None:
    """A person at another terminal asks to take back a move: its owner, if they play at
    this one, is asked on this screen (their answer goes to the table); the asker is told
    the question is on its way. A question settled or void closes here unanswered."""
    app, table, names = screen.app, screen.table, screen.table.names
    if not change.open:
        for modal in app.screen_stack:
            if isinstance(modal, ApproveUndo) and modal.question == change.question:
                modal.void = True
                modal.dismiss(None)  # at once if on show, else as soon as it is again
        return
    if table.plays_here(change.owner):
        lines = [e for e in screen.log_view.entries if e.seat == change.owner]
        last = [e for e in lines if e.move == lines[-1].move] if lines else []

        def answered(yes: bool | None) -> None:
            if yes is not None:
                table.answer_undo(change.question, yes)

        app.push_screen(ApproveUndo(change.question, names[change.owner], names[change.by], last), answered)
    elif table.plays_here(change.by):
        screen.notify(t("notify.undo_asked", name=names[change.owner]), timeout=6)
