"""What the player to act can do now, card by card, with the engine's reason when not.

The board marks claimable point cards, affordable merchant slots and playable hand
cards from this, and shows the reason for any other. Every answer comes from the engine
(`State.refusal`: the move made on a copy), so the board can never disagree with the rules.
"""

from __future__ import annotations

from msgspec import Struct

from century_tui.engine import (
    ACQUIRE,
    ACTION,
    MERCHANT_CARDS,
    Acquire,
    Claim,
    IllegalMove,
    Move,
    MoveKind,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    State,
    times_affordable,
)


class Legality(Struct, frozen=True):
    """What the player to act may do in one position, each choice the board offers with
    the engine's reason when it cannot be made (None: it can): the point slots, the
    merchant slots and the cards in hand. Built once per position and shared by the
    cards' marks, the prompt under the hand, Enter and a click, so a move asks the engine once per choice."""

    claims: tuple[IllegalMove | None, ...]
    acquires: tuple[IllegalMove | None, ...]
    """Slot i is open when the caravan holds at least i cubes (R-ACQ-2); else the reason."""
    plays: dict[int, IllegalMove | None]
    """Card → why it cannot be played now (`play_probe`), for every card the player owns."""

    @classmethod
    def of(cls, state: State) -> Legality:
        held = sum(state.current.cubes)
        acquires = tuple(
            None if state.phase == ACTION and held >= i else state.refusal(Acquire(i, ()))
            for i in range(len(state.merchant_row))
        )
        return cls(
            claims=tuple(state.refusal(Claim(i)) for i in range(len(state.point_row))),
            acquires=acquires,
            plays={card: state.refusal(play_probe(state, card)) for card in state.current.owned},
        )

    def play_refusal(self, state: State, card: int) -> IllegalMove | None:
        """Why `card` cannot be played now (None: it can): from the table for a card the
        player owns, else asked of the engine (a card not in hand is refused there)."""
        if card in self.plays:
            return self.plays[card]
        return state.refusal(play_probe(state, card))

    def hand(self, state: State) -> list[tuple[int, bool, bool]]:
        """(card, played, playable) for the player to act, each card in its own place: the
        order the cards came (`Player.owned`), a played card marked where it stands."""
        p = state.current
        return [(c, bool(p.played >> c & 1), self.plays[c] is None) for c in p.owned]


def play_probe(state: State, card: int) -> Move:
    """The simplest move that plays `card`, to ask the engine whether it can be played."""
    kind = MERCHANT_CARDS[card].kind
    if kind == MoveKind.SPICE:
        return PlaySpice(card)
    if kind == MoveKind.UPGRADE:
        return PlayUpgrade(card, ())
    return PlayTrade(card, 1)


def trade_max(state: State, card: int) -> int:
    return times_affordable(state.current.cubes, MERCHANT_CARDS[card].pay)


def upgradable(cubes: tuple[int, int, int, int]) -> bool:
    """True when at least one cube can take an upgrade step (tiers 0..2)."""
    return bool(cubes[0] or cubes[1] or cubes[2])


def acquire_payments(state: State, index: int) -> list[Acquire]:
    """Every legal way to take merchant slot `index` (distinct payments)."""
    return [m for m in state.legal_moves(ACQUIRE) if m.index == index]  # type: ignore[union-attr]
