"""A move in the player's words, and one line of why a bot's move is good.

Shared by the coach (a hint at the table) and the post-game review. Pure Python: the
words are `Phrase`s (a text key and its params), so the command line prints them with
`t()` and the board colours their cubes with `render.rt`. No Textual here.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from century_tui.bots.heuristics import claim_value, deficit
from century_tui.engine import (
    ACQUIRE, CLAIM, DISCARD, MERCHANT_CARDS, POINT_CARDS, REST, SPICE, TRADE, Move, State, covers
)
from century_tui.text import Coin, MerchantRef, Steps, TierSeq, t


class Phrase(Struct, frozen=True):
    """Words to be shown: `t(key, **params)`; a param may be a Phrase itself."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return t(self.key, **self.params)


def move_words(state: State, move: Move) -> Phrase:
    """`move`, made in `state`, as a player says it: "claim the 14 in slot 2"."""
    kind = move.kind
    if kind == CLAIM:
        card = POINT_CARDS[state.point_row[move.index]]  # type: ignore[union-attr]
        return Phrase("advice.move_claim", {"points": card.points, "slot": move.index + 1})  # type: ignore[union-attr]
    if kind == ACQUIRE:
        card = state.merchant_row[move.index]  # type: ignore[union-attr]
        params = {"card": MerchantRef(card), "slot": move.index + 1}  # type: ignore[union-attr]
        if move.payment:  # type: ignore[union-attr]
            return Phrase("advice.move_acquire_paid", {**params, "placed": TierSeq(move.payment)})  # type: ignore[union-attr]
        return Phrase("advice.move_acquire", params)
    if kind == SPICE:
        return Phrase("advice.move_spice", {"card": MerchantRef(move.card)})  # type: ignore[union-attr]
    if kind == TRADE:
        c = MERCHANT_CARDS[move.card]  # type: ignore[union-attr]
        key = "advice.move_trade" if move.times > 1 else "advice.move_trade_once"  # type: ignore[union-attr]
        return Phrase(key, {"pay": c.pay, "gain": c.gain, "times": move.times})  # type: ignore[union-attr]
    if kind == REST:
        return Phrase("advice.move_rest")
    if kind == DISCARD:
        return Phrase("advice.move_discard", {"cubes": move.cubes})  # type: ignore[union-attr]
    if move.steps:  # type: ignore[union-attr]
        return Phrase("advice.move_upgrade", {"steps": Steps(move.steps)})  # type: ignore[union-attr]
    return Phrase("advice.move_upgrade_nothing", {"card": MerchantRef(move.card)})  # type: ignore[union-attr]


def after(state: State, move: Move) -> State:
    s = state.clone()
    s.advance(move)
    return s


def target(state: State, cubes: tuple[int, int, int, int]) -> int | None:
    """The point card on the row the caravan `cubes` is nearest to, the better first:
    the one a player would name ("the 18")."""
    row = state.point_row
    if not row:
        return None
    return max(range(len(row)), key=lambda i: (claim_value(state, i) - 2 * deficit(cubes, POINT_CARDS[row[i]].cost), -i))


def missing(cubes: tuple[int, int, int, int], cost: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return tuple(max(0, cost[k] - cubes[k]) for k in range(4))  # type: ignore[return-value]


def rivals_who_can_pay(state: State, index: int) -> list[int]:
    """Seats other than the one to play whose caravan already pays point slot `index`."""
    cost = POINT_CARDS[state.point_row[index]].cost
    return [i for i in range(state.n) if i != state.seat and covers(state.players[i].cubes, cost)]


def why(state: State, move: Move, names: list[str]) -> Phrase:
    """Why `move` is good for the player to act in `state`, as a clause ("Bob can pay for
    it next turn", "the 18 still needs GG"): what a strong player would point at."""
    me = state.players[state.seat]
    kind = move.kind
    if kind == CLAIM:
        index = move.index  # type: ignore[union-attr]
        points = POINT_CARDS[state.point_row[index]].points
        rivals = rivals_who_can_pay(state, index)
        if rivals:
            return Phrase("advice.why_claim_rival", {"points": points, "name": names[rivals[0]]})
        coin = state.coin_on(index)
        if coin is not None:
            return Phrase("advice.why_claim_coin", {"points": points, "coin": Coin(coin == "upper")})
        return Phrase("advice.why_claim", {"points": points})
    if kind == REST:
        return Phrase("advice.why_rest", {"count": len(me.played_cards)})
    if kind == DISCARD:
        return Phrase("advice.why_discard", {"cubes": move.cubes})  # type: ignore[union-attr]
    if kind == ACQUIRE:
        card = state.merchant_row[move.index]  # type: ignore[union-attr]
        lying = state.merchant_cubes[move.index]  # type: ignore[union-attr]
        if any(lying):
            return Phrase("advice.why_acquire_cubes", {"card": MerchantRef(card), "cubes": lying})
        return Phrase("advice.why_acquire", {"card": MerchantRef(card)})
    # playing a card: which point card it brings nearer, and what that card still needs
    then = after(state, move).players[state.seat].cubes
    aim = target(state, then)
    if aim is None:
        return Phrase("advice.why_cubes")
    cost = POINT_CARDS[state.point_row[aim]].cost
    points = POINT_CARDS[state.point_row[aim]].points
    need = missing(then, cost)
    if not any(need):
        return Phrase("advice.why_ready", {"points": points})
    return Phrase("advice.why_need", {"points": points, "need": need})


def hint(state: State, move: Move, names: list[str]) -> Phrase:
    """The coach's line: the move, then why ("Hint: claim the 14 in slot 2 — Bob can pay for
    it next turn.")."""
    return Phrase("advice.hint", {"move": move_words(state, move), "why": why(state, move, names)})
