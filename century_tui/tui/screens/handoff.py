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
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import closed_early


class HandOffScreen(SizeGuard, Localized, Screen[None]):
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
        with Vertical(classes="dialog handoff"):
            yield Static(classes="title")
            yield Static(classes="prompt")
            yield Static(classes="missed")

    def on_mount(self) -> None:
        if closed_early(self):
            return
        self.draw()

    def draw(self) -> None:
        self.query_one(".title", Static).update(Text(t("handoff.title", name=self.player), "bold"))
        self.query_one(".prompt", Static).update(Text(t("handoff.prompt", name=self.player)))
        missed = Text()
        missed.append(t("handoff.since") if self.missed else t("handoff.nothing"), "bold dim")
        for entry in self.missed:
            missed.append("\n")
            missed.append_text(render.rt(entry.key, **entry.params))
        self.query_one(".missed", Static).update(missed)

    def skin_changed(self) -> None:
        self.localize_bindings()
        self.draw()

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
