"""What the player to act can do now, card by card, with the engine's reason when not.

The board marks claimable point cards, affordable merchant slots and playable hand
cards from this, and shows the reason for any other. Every answer comes from the engine
(`State.refusal`: the move made on a copy), so the board can never disagree with the rules.
Pure Python: no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass

from century_tui.engine import (
    ACQUIRE,
    MERCHANT_CARDS,
    Acquire,
    Claim,
    IllegalMove,
    Move,
    MoveKind,
    Phase,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    State,
    times_affordable,
)


def refusal(state: State, move: Move) -> IllegalMove | None:
    """`state.refusal(move)`, for the game screen until it asks the state itself."""
    return state.refusal(move)


@dataclass(frozen=True, slots=True)
class Option:
    ok: bool


def claim_options(state: State) -> list[Option]:
    return [_option(state, Claim(i)) for i in range(len(state.point_row))]


def acquire_options(state: State) -> list[Option]:
    """Slot i is open when the caravan holds at least i cubes (R-ACQ-2)."""
    held = sum(state.current.cubes)
    out = []
    for i in range(len(state.merchant_row)):
        if state.phase == Phase.ACTION and held >= i:
            out.append(Option(True))
        else:
            out.append(_option(state, Acquire(i, ())))
    return out


def play_probe(state: State, card: int) -> Move:
    """The simplest move that plays `card`, to ask the engine whether it can be played."""
    kind = MERCHANT_CARDS[card].kind
    if kind == MoveKind.SPICE:
        return PlaySpice(card)
    if kind == MoveKind.UPGRADE:
        return PlayUpgrade(card, ())
    return PlayTrade(card, 1)


def hand_options(state: State) -> list[tuple[int, bool, Option]]:
    """(card, played, option) for the player to act, each card in its own place: the order
    the cards came (`Player.owned`), a played card marked where it stands."""
    p = state.current
    return [(c, bool(p.played >> c & 1), _option(state, play_probe(state, c))) for c in p.owned]


def trade_max(state: State, card: int) -> int:
    return times_affordable(state.current.cubes, MERCHANT_CARDS[card].pay)


def upgradable(cubes: tuple[int, int, int, int]) -> bool:
    """True when at least one cube can take an upgrade step (tiers 0..2)."""
    return bool(cubes[0] or cubes[1] or cubes[2])


def acquire_payments(state: State, index: int) -> list[Acquire]:
    """Every legal way to take merchant slot `index` (distinct payments)."""
    return [m for m in state.legal_moves(ACQUIRE) if m.index == index]  # type: ignore[union-attr]


def _option(state: State, move: Move) -> Option:
    return Option(state.refusal(move) is None)
