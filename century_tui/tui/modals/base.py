"""What every move modal shares: a title, a live preview of the caravan before → after,
Enter to confirm, Esc to go back, and the same two buttons.

A modal is given plain data (cubes, a card) and dismisses with a Move, or None when the
player backs out. It never sees or changes the game.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from century_tui.engine import CARAVAN_LIMIT, Cubes, Move
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.keys import OffersKeys, offered
from century_tui.tui.lifecycle import OnTop, closed
from century_tui.tui.follow import FollowsWords
from century_tui.tui.repaint import ModalScreen
from century_tui.tui.widgets.word_button import WordButton


class ModalButton(WordButton, can_focus=False):
    """A button for the mouse; the keyboard uses the keys the modal shows."""

    def __init__(self, label: Text | str, **kwargs) -> None:
        super().__init__(label, compact=True, **kwargs)
        self.active_effect_duration = 0  # steppers take quick repeated clicks


class Preview(Static):
    """'Now YYYR → After YYRG': the caravan before and after the move, and a warning
    when the move leaves more than 10, so the discard that follows is no surprise."""

    def show(self, before: Cubes, after: Cubes, warn: bool = True) -> None:
        """`warn` False: no warning over 10 (the discard itself, where a choice is under way)."""
        out = Text()
        out.append(t("modal.before") + " ", "bold")
        out.append_text(render.cubes(before, slots=max(CARAVAN_LIMIT, sum(before))))
        out.append("  →  ", "bold")
        out.append(t("modal.after") + " ", "bold")  # the caravan's ten places, no more: a place shown is one there is
        out.append_text(render.cubes(after, slots=max(CARAVAN_LIMIT, sum(after))))
        if warn and sum(after) > CARAVAN_LIMIT:
            out.append("\n")
            out.append(t("modal.over_limit", excess=sum(after) - CARAVAN_LIMIT), "bold")
        self.update(out)


class MoveModal(OffersKeys, OnTop, FollowsWords, ModalScreen[Move | None]):
    """Subclasses compose `body()`, and implement `after()` and `move()`."""

    BINDINGS = [
        Binding("enter", "confirm", "key.confirm"),
        Binding("escape", "cancel", "key.cancel"),
    ]

    warns_over_limit = True
    """The preview warns when the move leaves more than 10 (a discard will follow)."""

    key_prefix = ""
    """Its words in the language files: `{key_prefix}_help` and `{key_prefix}_keys` (none: no lines)."""

    send: Callable[[Move], None] | None = None
    """Who plays the move confirmed, the dialog staying up meanwhile (set by the board of a
    host's game: the dialog closes when the host answers); None: it closes with the move."""

    def __init__(self, cubes: Cubes) -> None:
        super().__init__()
        self.cubes = cubes
        self.preview = Preview(classes="preview")
        self.refused: str | None = None
        """Why the last key did nothing, shown in the dialog's status line until the next change."""

    # -- for subclasses
    def title_text(self) -> Text:
        raise NotImplementedError

    def help_text(self) -> Text:
        return Text(t(f"{self.key_prefix}_help") if self.key_prefix else "")

    def keys_text(self) -> str:
        return t(f"{self.key_prefix}_keys") if self.key_prefix else ""

    def body(self) -> ComposeResult:
        yield from ()

    def after(self) -> Cubes:
        raise NotImplementedError

    def move(self) -> Move | None:
        """The move as chosen so far, or None while it is not complete."""
        raise NotImplementedError

    def update_body(self) -> None:
        """Redraw the body after a change."""

    # -- shared
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text(), classes="title")
            yield Static(self.help_text(), classes="help")
            yield from self.body()
            yield self.preview
            with Horizontal(classes="buttons"):
                yield ModalButton(t("modal.confirm"), id="confirm", variant="primary")
                yield ModalButton(t("modal.cancel"), id="cancel")
            yield Static(Text(self.keys_text() + "\n" + t("modal.keys"), "dim"), classes="keys")

    def on_mount(self) -> None:
        if closed(self):
            return
        self.changed()

    def changed(self) -> None:
        if not self.preview.is_attached:  # a key of a burst came as it was pushed: on_mount draws
            return
        self.update_body()
        self.preview.show(self.cubes, self.after(), self.warns_over_limit)
        self.query_one("#confirm", Button).disabled = self.move() is None
        self.refresh_bindings()

    def words_changed(self) -> None:
        self.query_one(".title", Static).update(self.title_text())
        self.query_one(".help", Static).update(self.help_text())
        self.query_one(".keys", Static).update(Text(self.keys_text() + "\n" + t("modal.keys"), "dim"))
        self.changed()

    @offered("confirm")
    def confirm_offered(self) -> bool | None:
        return True if self.move() is not None else None

    def refuse(self, reason: str) -> None:
        """A key that cannot do what it means says why, in the dialog (never silently)."""
        self.refused = reason
        self.app.bell()
        self.changed()

    def action_confirm(self) -> None:
        move = self.move()
        if move is None:
            return
        if self.send is None:
            self.dismiss(move)
        else:
            self.send(move)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.action_confirm()
        elif event.button.id == "cancel":
            self.action_cancel()
        else:
            self.button(event.button.id or "")

    def button(self, name: str) -> None:
        """A subclass's own button was pressed."""
