"""Acquire: which cube goes on each card to the left of the one taken (R-ACQ-1)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from century_tui.engine import Acquire, Cubes, Move, cheapest_payment, from_tiers
from century_tui.text import MerchantRef, cube_code, t, words
from century_tui.tui import render
from century_tui.tui.modals.base import ModalButton, MoveModal


class AcquireModal(MoveModal):
    BINDINGS = [
        Binding("up", "slot(-1)", "key.prev_slot", show=False),
        Binding("down,tab", "slot(1)", "key.next_slot"),
        Binding("left", "cycle(-1)", "key.left", show=False),
        Binding("right", "cycle(1)", "key.tier"),
    ]

    def __init__(self, index: int, cubes: Cubes, row: list[int], taken: Cubes) -> None:
        super().__init__(cubes)
        self.index = index
        self.row = row
        self.taken = taken
        self.payment = list(cheapest_payment(cubes, index))
        """The tier placed on each card to the left: the least valuable cubes at first."""
        self.at = 0

    def title_text(self) -> Text:
        return Text(t("modal.acquire_title", slot=self.index + 1), "bold")

    def help_text(self) -> Text:
        out = Text(t("modal.acquire_help"))
        out.append("\n")
        bonus = render.rt("modal.acquire_bonus", cubes_on=self.taken) if any(self.taken) else Text("")
        out.append_text(render.rt("modal.acquire_gets", card=render.merchant_effect(self.row[self.index]), bonus=bonus))
        return out

    def keys_text(self) -> str:
        return t("modal.acquire_keys" if cube_code() == "letters" else "modal.acquire_keys_digits")

    def body(self) -> ComposeResult:
        for slot in range(self.index):
            with Horizontal(classes="pay-line", id=f"line-{slot}"):
                yield Static(classes="pay-label", id=f"label-{slot}")
                for tier in range(4):
                    yield ModalButton(render.cube(tier), id=f"pay-{slot}-{tier}", classes="tier")

    def available(self, slot: int, tier: int) -> bool:
        """Can `tier` go on `slot` without moving the cubes placed on the other slots?"""
        used = sum(1 for i, x in enumerate(self.payment) if x == tier and i != slot)
        return self.cubes[tier] - used > 0

    def after(self) -> Cubes:
        paid = from_tiers(self.payment)
        return tuple(h - p + g for h, p, g in zip(self.cubes, paid, self.taken))  # type: ignore[return-value]

    def move(self) -> Move | None:
        paid = from_tiers(self.payment)
        if len(self.payment) == self.index and all(h >= p for h, p in zip(self.cubes, paid)):
            return Acquire(self.index, tuple(self.payment))
        return None

    def update_body(self) -> None:
        for slot in range(self.index):
            self.query_one(f"#line-{slot}").set_class(slot == self.at, "-at")
            label = Text(t("board.cursor") if slot == self.at else " ", "bold")
            label.append_text(render.rt("modal.acquire_slot", slot=slot + 1))
            label.append("  ")
            label.append_text(render.merchant_effect(self.row[slot]))
            self.query_one(f"#label-{slot}", Static).update(label)
            for tier in range(4):
                button = self.query_one(f"#pay-{slot}-{tier}", ModalButton)
                chosen = self.payment[slot] == tier
                face = Text("[" if chosen else " ", "bold")
                face.append_text(render.cube(tier))
                face.append("]" if chosen else " ", "bold")
                button.label = face
                button.set_class(self.payment[slot] == tier, "-chosen")
                button.disabled = self.cubes[tier] == 0

    def set_tier(self, slot: int, tier: int) -> bool:
        """Place `tier` on `slot`; if every such cube is already placed, swap with a later
        slot (else an earlier one) holding it, so the choice always goes through."""
        if not self.available(slot, tier):
            others = [j for j in range(self.index) if j != slot and self.payment[j] == tier]
            if self.cubes[tier] == 0 or not others:
                self.app.bell()
                return False
            later = [j for j in others if j > slot]
            j = (later or others)[0]
            self.payment[j] = self.payment[slot]
        self.payment[slot] = tier
        self.changed()
        return True

    def action_slot(self, delta: int) -> None:
        if self.index:
            self.at = (self.at + delta) % self.index
            self.changed()

    def action_cycle(self, delta: int) -> None:
        """The next colour the caravan holds, for this slot (swapping if need be)."""
        held = [t for t in range(4) if self.cubes[t]]
        if len(held) > 1:
            tier = self.payment[self.at]
            later = [t for t in held if (t - tier) * delta > 0]
            nxt = (min(later) if delta > 0 else max(later)) if later else (min(held) if delta > 0 else max(held))
            self.set_tier(self.at, nxt)

    def on_key(self, event: events.Key) -> None:
        """A tier's number 1–4 places that cube on this slot, in every cube code; so does
        its letter (Y, R, G, B in the spice skin) while cubes show letters (keys that mean
        a tier whatever the skin and language, and no letter a player cannot see)."""
        char = (event.character or "").upper()
        if char in ("1", "2", "3", "4"):
            tier = int(char) - 1
        elif char and cube_code() == "letters" and char in words().letters:
            tier = words().letters.index(char)
        else:
            return
        event.stop()
        if self.set_tier(self.at, tier) and self.at < self.index - 1:
            self.at += 1
            self.changed()

    def button(self, name: str) -> None:
        if name.startswith("pay-"):
            slot, tier = (int(x) for x in name.removeprefix("pay-").split("-"))
            self.at = slot
            self.set_tier(slot, tier)
