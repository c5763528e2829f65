"""The one error an illegal move raises, with a rule ID and a reason in plain words, and the
error of a broken card file.

A move's reason is a template `code` plus `params`, so a UI can show it in any language
(its translation files hold the same codes); `reason` is the English text.
"""

from __future__ import annotations

from .cubes import COLOURS, fmt

REASONS: dict[str, str] = {
    "game_over": "The game is over.",
    "must_discard": "You hold {held} cubes: return {excess} before the turn ends.",
    "no_discard_due": "There is nothing to discard: cubes are returned only at the end of a turn over 10.",
    "discard_count": "Return exactly {excess} cubes to end with 10; you chose {chosen}.",
    "discard_missing": "You cannot return {cubes}: you hold {held}.",
    "not_in_hand": "Card {card} is not in your hand.",
    "already_played": "Card {card} was already played; rest to take it back.",
    "wrong_kind": "Card {card} is not a {kind} card.",
    "too_many_steps": "Card {card} allows at most {limit} upgrade steps; you chose {chosen}.",
    "bad_tier": "There is no tier {tier}.",
    "top_tier": "A {tier} cube is already the most valuable and cannot be upgraded.",
    "no_cube_to_upgrade": "No {tier} cube is left to upgrade.",
    "trade_times": "A trade is made at least once; you chose {times}.",
    "trade_unaffordable": "Trading {times}× needs {need}; you hold {held}.",
    "no_slot": "There is no card in slot {slot}.",
    "payment_count": "Slot {slot} needs one cube on each of the {cost} cards to its left; you placed {placed}.",
    "slot_cost": "Slot {slot} costs {cost} cubes to acquire; you hold {held}.",
    "payment_missing": "You cannot place {cubes}: you hold {held}.",
    "claim_cost": "Card {card} costs {cost}; you hold {held}.",
    "unknown_move": "That is not a move of this game.",
    "not_your_turn": "It is {name}'s turn, not yours.",
}


def _render(value: object, name: str) -> object:
    if name == "tier" and isinstance(value, int) and 0 <= value < len(COLOURS):
        return COLOURS[value]
    if isinstance(value, tuple) and len(value) == 4:
        return fmt(value)  # type: ignore[arg-type]
    return value


class IllegalMove(ValueError):
    """A move the rules forbid. `rule` is the RULES.md ID; `code`/`params` the reason as data,
    worded in the language files' section `error`."""

    section = "error"

    def __init__(self, rule: str, code: str, **params: object) -> None:
        self.rule = rule
        self.code = code
        self.params = params
        self.reason = REASONS[code].format(**{k: _render(v, k) for k, v in params.items()})
        super().__init__(f"{self.reason} ({rule})")


class CardDataError(ValueError):
    """The card file is broken; the message names the card."""
