"""Help: the rules in short, what each cube stands for, and every key, reachable at any
time (? or F1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from century_tui.text import t, words
from century_tui.tui import render
from century_tui.tui.keys import Localized
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import OnTop, closed


class HelpScreen(OnTop, SizeGuard, Localized, ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", "key.close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog helpbox"):
            yield Static(classes="body")

    def on_mount(self) -> None:
        if closed(self):
            return
        self.localize_bindings()
        self.draw()
        self.query_one(VerticalScroll).focus()

    def draw(self) -> None:
        out = Text()
        out.append(t("help.title") + " · " + t("app.title"), "bold")
        out.append("\n\n")
        out.append(t("help.rules_title"), "bold underline")
        out.append("\n")
        out.append(t("help.rules", trigger=6).strip())
        out.append("\n\n")
        out.append(t("help.cubes_title"), "bold underline")
        out.append("\n")
        for tier, (colour, good) in enumerate(zip(words().tiers, words().goods)):
            out.append_text(render.cube(tier))
            out.append(" " + (good if colour in good else t("help.tier_good", tier=colour, good=good)) + "\n")
        out.append(t("help.cube_code"))
        out.append("\n\n")
        out.append(t("help.keys_title"), "bold underline")
        out.append("\n")
        out.append(t("help.keys").strip("\n"))
        out.append("\n\n")
        out.append(t("help.mouse_title"), "bold underline")
        out.append("\n")
        out.append(t("help.mouse"))
        out.append("\n\n")
        out.append(t("help.close"), "dim")
        self.query_one(".body", Static).update(out)

    def skin_changed(self) -> None:
        self.localize_bindings()
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)
