"""Discard: which cubes go back when the caravan ends the turn above 10 (R-LIM-1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from century_tui.engine import Cubes, Discard, Move, cheapest_discard
from century_tui.text import t, tier_letter, tier_name, tier_word
from century_tui.tui import render
from century_tui.tui.keys import offered
from century_tui.tui.modals.base import ModalButton, MoveModal


class DiscardModal(MoveModal):
    key_prefix = "modal.discard"
    warns_over_limit = False  # here the player is choosing what goes back: the status line counts

    BINDINGS = [
        Binding("up", "row(-1)", "key.prev_slot", show=False),
        Binding("down,tab", "row(1)", "key.next_slot", show=False),
        Binding("left,minus", "less", "key.less"),
        Binding("right,plus,equals_sign", "more", "key.more"),
        # a key bound here takes the place of its base class's bindings: Enter again, then
        # the hidden one Enter falls through to while too few are chosen, which says so
        Binding("enter", "confirm", "key.confirm"),
        Binding("enter", "why_not_confirm", show=False),
    ]

    def __init__(self, cubes: Cubes, excess: int) -> None:
        super().__init__(cubes)
        self.excess = excess
        self.chosen = list(cheapest_discard(cubes, excess))
        """Cubes to return by tier: the least valuable at first."""
        self.at = next((i for i in range(4) if cubes[i]), 0)

    def title_text(self) -> Text:
        return Text(t("modal.discard_title", excess=self.excess), "bold")

    def body(self) -> ComposeResult:
        for tier in range(4):
            with Horizontal(classes="pay-line", id=f"line-{tier}"):
                yield Static(classes="pay-label", id=f"label-{tier}")
                yield ModalButton(t("modal.less"), id=f"minus-{tier}")
                yield Static(classes="count", id=f"count-{tier}")
                yield ModalButton(t("modal.more"), id=f"plus-{tier}")
        yield Static(classes="status")

    def after(self) -> Cubes:
        return tuple(h - c for h, c in zip(self.cubes, self.chosen))  # type: ignore[return-value]

    def move(self) -> Move | None:
        if sum(self.chosen) == self.excess and all(0 <= c <= h for c, h in zip(self.chosen, self.cubes)):
            return Discard(tuple(self.chosen))  # type: ignore[arg-type]
        return None

    def update_body(self) -> None:
        for tier in range(4):
            label = Text(t("board.cursor") if tier == self.at else " ", "bold")
            label.append_text(render.cube(tier))
            name = tier_name(tier)
            if tier_letter(tier) == name:  # Japanese 黄 is yellow's name: not "黄 黄（12個）"
                label.append(t("modal.discard_held", tier="", held=self.cubes[tier]))
            else:
                label.append(" " + t("modal.discard_held", tier=name, held=self.cubes[tier]))
            self.query_one(f"#label-{tier}", Static).update(label)
            self.query_one(f"#count-{tier}", Static).update(Text(t("modal.discard_count", count=self.chosen[tier]), "bold"))
            self.query_one(f"#line-{tier}").set_class(tier == self.at, "-at")
            self.query_one(f"#minus-{tier}", ModalButton).disabled = self.chosen[tier] <= 0
            self.query_one(f"#plus-{tier}", ModalButton).disabled = (
                self.chosen[tier] >= self.cubes[tier] or sum(self.chosen) >= self.excess
            )
        status = self.refused or t("modal.discard_chosen", chosen=sum(self.chosen), excess=self.excess)
        self.query_one(".status", Static).update(Text(status, "bold"))

    def action_row(self, delta: int) -> None:
        self.at = (self.at + delta) % 4
        self.refused = None
        self.changed()

    def why_not(self, tier: int, delta: int) -> str | None:
        """Why one cube of `tier` more (`delta` 1) or fewer (-1) cannot be chosen, or None;
        the tier named as every refusal names it (`tier_word`: "green (◆)" with shapes)."""
        name = tier_word(tier)
        if delta < 0:
            return t("modal.discard_none_chosen", tier=name) if self.chosen[tier] <= 0 else None
        if self.cubes[tier] == 0:
            return t("modal.discard_none_held", tier=name)
        if self.chosen[tier] >= self.cubes[tier]:
            return t("modal.discard_all_chosen", tier=name, held=self.cubes[tier])
        if sum(self.chosen) >= self.excess:
            return t("modal.discard_enough", excess=self.excess)
        return None

    def change(self, tier: int, delta: int) -> None:
        reason = self.why_not(tier, delta)
        if reason is not None:
            self.refuse(reason)
            return
        self.chosen[tier] += delta
        self.refused = None
        self.changed()

    @offered("why_not_confirm")
    def why_not_confirm_offered(self) -> bool:
        return self.move() is None

    def action_why_not_confirm(self) -> None:
        chosen = sum(self.chosen)
        self.refuse(t("modal.discard_more", missing=self.excess - chosen, chosen=chosen, excess=self.excess))

    def action_less(self) -> None:
        self.change(self.at, -1)

    def action_more(self) -> None:
        self.change(self.at, 1)

    def button(self, name: str) -> None:
        kind, _, tier = name.partition("-")
        if kind in ("minus", "plus") and tier.isdigit():
            self.at = int(tier)
            self.change(self.at, -1 if kind == "minus" else 1)
