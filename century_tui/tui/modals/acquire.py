"""Acquire: which cube goes on each card to the left of the one taken (R-ACQ-1)."""

from __future__ import annotations

from string import ascii_lowercase

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from century_tui.engine import Acquire, Cubes, Move, cheapest_payment, from_tiers
from century_tui.text import cube_code, t, tier_word, words
from century_tui.tui import render
from century_tui.tui.keys import offered
from century_tui.tui.modals.base import ModalButton, MoveModal


class AcquireModal(MoveModal):
    BINDINGS = [
        Binding("up", "slot(-1)", "key.prev_slot", show=False),
        Binding("down,tab", "slot(1)", "key.next_slot"),
        Binding("left", "cycle(-1)", "key.left", show=False),
        Binding("right", "cycle(1)", "key.tier"),
        # A tier's number 1–4 places that cube on this slot, in every cube code; so does its
        # letter (Y, R, G, B in the spice skin) while cubes show letters: keys that mean a
        # tier whatever the skin and language, and no letter a player cannot see. Bindings,
        # not a key handler: a key typed in the burst that opened the dialog (m 4 ⏎ 3) never
        # passes the dialog, only its bindings (a letter outside a–z: `on_key`).
        *[Binding(str(tier + 1), f"place({tier})", show=False) for tier in range(4)],
        *[Binding(f"{c},{c.upper()}", f"letter('{c.upper()}')", show=False) for c in ascii_lowercase],
    ]

    def __init__(self, index: int, cubes: Cubes, row: list[int], taken: Cubes) -> None:
        super().__init__(cubes)
        self.index = index
        self.row = row
        self.taken = taken
        self.payment = list(cheapest_payment(cubes, index))
        """The tier placed on each card to the left: the least valuable cubes at first."""
        self.at = 0
        self.moved: str | None = None
        """What the last key moved besides its own slot (a cube taken from another slot)."""

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
        yield Static(classes="status")

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
        self.query_one(".status", Static).update(Text(self.refused or self.moved or "", "bold"))

    def set_tier(self, slot: int, tier: int) -> bool:
        """Place `tier` on `slot`; if every such cube is already placed, swap with a later
        slot (else an earlier one) holding it, so the choice always goes through, and say so
        on the status line (a cube that changed colour unsaid looks like a slip)."""
        self.moved = None
        if not self.available(slot, tier):
            others = [j for j in range(self.index) if j != slot and self.payment[j] == tier]
            if self.cubes[tier] == 0 or not others:
                self.refuse(t("modal.acquire_none_held", tier=tier_word(tier)))
                return False
            later = [j for j in others if j > slot]
            j = (later or others)[0]
            self.payment[j] = self.payment[slot]
            self.moved = t("modal.acquire_moved", tier=tier_word(tier), slot=j + 1, here=slot + 1,
                           other=tier_word(self.payment[j]))
        self.payment[slot] = tier
        self.refused = None
        self.changed()
        return True

    def action_slot(self, delta: int) -> None:
        if self.index:
            self.at = (self.at + delta) % self.index
            self.refused = self.moved = None
            self.changed()

    def action_cycle(self, delta: int) -> None:
        """The next colour the caravan holds, for this slot (swapping if need be)."""
        held = [x for x in range(4) if self.cubes[x]]
        if len(held) == 1:
            self.refuse(t("modal.acquire_one_colour", tier=tier_word(held[0])))
        elif held:
            tier = self.payment[self.at]
            later = [x for x in held if (x - tier) * delta > 0]
            nxt = (min(later) if delta > 0 else max(later)) if later else (min(held) if delta > 0 else max(held))
            self.set_tier(self.at, nxt)

    @offered("letter")
    def letter_offered(self, letter: object) -> bool:
        """Not a cube's letter now: the key is someone else's (s: skin)."""
        return cube_code() == "letters" and letter in words().letters

    def action_letter(self, letter: str) -> None:
        self.action_place(words().letters.index(letter))

    def action_place(self, tier: int) -> None:
        if self.set_tier(self.at, tier) and self.at < self.index - 1:
            self.at += 1
            self.changed()

    def on_key(self, event: events.Key) -> None:
        """A cube's letter outside a–z (Japanese 黄), which no binding names."""
        char = (event.character or "").upper()
        if not char.isascii() and cube_code() == "letters" and char in words().letters:
            event.stop()
            self.action_place(words().letters.index(char))

    def button(self, name: str) -> None:
        if name.startswith("pay-"):
            slot, tier = (int(x) for x in name.removeprefix("pay-").split("-"))
            self.at = slot
            self.set_tier(slot, tier)
