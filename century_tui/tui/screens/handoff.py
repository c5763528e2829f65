"""The pass screen between two people: "Pass to Bob", and what Bob missed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.journal import Entry
from century_tui.tui.keys import Localized
from century_tui.tui.lifecycle import OnTop
from century_tui.tui.screens.too_small import SizeGuard


class HandOffScreen(OnTop, SizeGuard, Localized, Screen[None]):
    BINDINGS = [
        Binding("enter,space", "go", "key.continue"),
        Binding("u,ctrl+z", "undo", "key.undo"),
    ]

    def __init__(self, name: str, missed: list[Entry]) -> None:
        super().__init__()
        self.localize_bindings()
        self.player = name
        self.missed = missed

    def compose(self) -> ComposeResult:
        """The words go in as the widgets are made: nothing is left to find at mount, when
        under load Textual may not have mounted the dialog's children yet."""
        title, prompt, missed = self.texts()
        with Vertical(classes="dialog handoff"):
            yield Static(title, classes="title")
            yield Static(prompt, classes="prompt")
            yield Static(missed, classes="missed")

    def texts(self) -> tuple[Text, Text, Text]:
        missed = Text()
        missed.append(t("handoff.since") if self.missed else t("handoff.nothing"), "bold dim")
        for entry in self.missed:
            missed.append("\n")
            missed.append_text(render.rt(entry.key, **entry.params))
        return Text(t("handoff.title", name=self.player), "bold"), Text(t("handoff.prompt", name=self.player)), missed

    def skin_changed(self) -> None:
        self.localize_bindings()
        for cls, text in zip(("title", "prompt", "missed"), self.texts()):
            self.query_one(f".{cls}", Static).update(text)

    def action_go(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)

    def action_undo(self) -> None:
        """Undo reaches back through this screen to the board (which closes it)."""
        for screen in reversed(self.app.screen_stack[:-1]):
            if hasattr(screen, "history_changed"):
                screen.action_undo()
                return
