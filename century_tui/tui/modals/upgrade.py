"""Upgrade: raise cubes step by step, up to the card's N steps, the same cube again allowed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from century_tui.engine import MERCHANT_CARDS, Cubes, Move, PlayUpgrade, upgraded
from century_tui.text import Steps, t, tier_word
from century_tui.tui import render
from century_tui.tui.modals.base import ModalButton, MoveModal


class UpgradeModal(MoveModal):
    key_prefix = "modal.upgrade"

    BINDINGS = [
        Binding("1", "raise_tier(0)", "key.raise_tier", show=False),
        Binding("2", "raise_tier(1)", "key.raise_tier", show=False),
        Binding("3", "raise_tier(2)", "key.raise_tier", show=False),
        Binding("backspace", "undo", "key.undo_step"),
    ]

    def __init__(self, card: int, cubes: Cubes) -> None:
        super().__init__(cubes)
        self.card = card
        self.limit = MERCHANT_CARDS[card].steps
        self.steps: list[int] = []
        self.warned = False
        """Enter with no step chosen warns once: a wasted card is rarely meant."""

    def title_text(self) -> Text:
        return Text(t("modal.upgrade_title", steps=self.limit), "bold")

    def body(self) -> ComposeResult:
        yield Static(classes="status")
        with Horizontal(classes="choices"):
            for tier in range(3):
                yield ModalButton(self._label(tier), id=f"raise-{tier}")
            yield ModalButton(t("modal.undo"), id="undo")

    def _label(self, tier: int) -> Text:
        return render.rt("modal.upgrade_button", key=str(tier + 1), before=render.cube(tier), after=render.cube(tier + 1))

    def after(self) -> Cubes:
        return upgraded(self.cubes, self.steps)

    def move(self) -> Move | None:
        return PlayUpgrade(self.card, tuple(sorted(self.steps)))

    def can_raise(self, tier: int) -> bool:
        return self.why_not(tier) is None

    def why_not(self, tier: int) -> str | None:
        """Why a step on `tier` cannot be taken now (no steps left, no cube of it), or None."""
        if len(self.steps) >= self.limit:
            return t("modal.upgrade_no_steps", steps=self.limit)
        if self.after()[tier] == 0:
            return t("error.no_cube_to_upgrade", tier=tier_word(tier))
        return None

    def update_body(self) -> None:
        left = self.limit - len(self.steps)
        status = Text(t("modal.upgrade_left", left=left, steps=self.limit), "bold")
        if self.steps:
            status.append("   ")
            status.append(str(Steps(tuple(self.steps))))
        elif self.warned:
            status = Text(t("modal.upgrade_none"), "bold")
        if self.refused:
            status = Text(self.refused, "bold")
        self.query_one(".status", Static).update(status)
        for tier in range(3):
            button = self.query_one(f"#raise-{tier}", ModalButton)
            button.label = self._label(tier)
            button.disabled = not self.can_raise(tier)
        self.query_one("#undo", ModalButton).disabled = not self.steps

    def action_confirm(self) -> None:
        if not self.steps and not self.warned and any(self.can_raise(tier) for tier in range(3)):
            self.warned = True
            self.refused = None
            self.app.bell()
            self.changed()
            return
        super().action_confirm()

    def action_raise_tier(self, tier: int) -> None:
        reason = self.why_not(tier)
        if reason is not None:
            self.refuse(reason)
            return
        self.refused = None
        self.steps.append(tier)
        self.warned = False
        self.changed()

    def action_undo(self) -> None:
        if self.steps:
            self.steps.pop()
            self.refused = None
            self.changed()

    def button(self, name: str) -> None:
        if name.startswith("raise-"):
            self.action_raise_tier(int(name.removeprefix("raise-")))
        elif name == "undo":
            self.action_undo()
