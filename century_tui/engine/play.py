"""Making a move: one small function per kind, each checking its move before changing
anything (an illegal move raises IllegalMove and leaves the state as it was).

`State._apply` picks the function by the move's kind (`ACTION_PLAYS`, or `discard` while
a discard is due), then ends the turn or asks for the discard. `log` collects the events
of the move, or is None when nobody reads them (replays, searches).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from . import events as ev
from .cards import POINT_CARDS
from .cubes import NO_CUBES, UNIT, StepRefused, covers, scale, traded, upgraded
from .errors import IllegalMove
from .moves import SPICE, TRADE, UPGRADE, MoveKind
from .limits import CARAVAN_LIMIT
from .lookup import (
    CODE, COST, GAIN, KIND, N_MERCHANT, PAY, PAYMENT_COUNTS, STEPS, ACTION, OVER,
    affordable, cards_of, trigger_cards
)

if TYPE_CHECKING:
    from .moves import Acquire, Claim, Discard, Move, PlaySpice, PlayTrade, PlayUpgrade, Rest
    from .state import Player, State

_CARD_RULE = {SPICE: "R-PLAY-1", UPGRADE: "R-PLAY-2", TRADE: "R-PLAY-3"}


def _check_card(p: Player, card: object, kind: MoveKind) -> None:
    """Refuse a card that is not in hand, or not of the kind played (R-PLAY-1..5)."""
    if type(card) is int and 0 <= card < N_MERCHANT and p.hand >> card & 1 and KIND[card] == kind:
        return
    known = type(card) is int and 0 <= card < N_MERCHANT  # type: ignore[operator]
    code = CODE[card] if known else card  # type: ignore[index]
    if not known or not p.hand >> card & 1:  # type: ignore[operator]
        if known and p.played >> card & 1:  # type: ignore[operator]
            raise IllegalMove("R-PLAY-5", "already_played", card=code)
        raise IllegalMove("R-TURN-1", "not_in_hand", card=code)
    raise IllegalMove(_CARD_RULE[kind], "wrong_kind", card=code, kind=kind)


def _to_played(p: Player, card: int) -> None:
    bit = 1 << card
    p.hand ^= bit
    p.played |= bit


def play_spice(s: State, p: Player, move: PlaySpice, log: list[ev.Event] | None) -> None:
    """Gain the card's cubes (R-PLAY-1)."""
    card = move.card
    _check_card(p, card, SPICE)
    gain = GAIN[card]
    c = p.cubes
    p.cubes = (c[0] + gain[0], c[1] + gain[1], c[2] + gain[2], c[3] + gain[3])
    if log is not None:
        log.append(ev.CardPlayed(s.seat, card))
        log.append(ev.CubesGained(s.seat, gain))
    _to_played(p, card)


def play_upgrade(s: State, p: Player, move: PlayUpgrade, log: list[ev.Event] | None) -> None:
    """Raise up to the card's number of cubes one tier each (R-PLAY-2)."""
    card, steps = move.card, move.steps
    _check_card(p, card, UPGRADE)
    limit = STEPS[card]
    if len(steps) > limit:
        raise IllegalMove("R-PLAY-2", "too_many_steps", card=CODE[card], limit=limit, chosen=len(steps))
    try:
        p.cubes = upgraded(p.cubes, steps)
    except StepRefused as e:
        raise IllegalMove("R-PLAY-2", e.code, tier=e.tier) from None
    if log is not None:
        log.append(ev.CardPlayed(s.seat, card))
        log.append(ev.Upgraded(s.seat, tuple(sorted(steps))))
    _to_played(p, card)


def play_trade(s: State, p: Player, move: PlayTrade, log: list[ev.Event] | None) -> None:
    """Give the card's cubes for its others, `times` times over (R-PLAY-3)."""
    card, times = move.card, move.times
    _check_card(p, card, TRADE)
    if type(times) is not int or times < 1:
        raise IllegalMove("R-PLAY-3", "trade_times", times=times)
    c = p.cubes
    pay, gain = PAY[card], GAIN[card]
    if affordable(c)[2][card] < times:
        raise IllegalMove("R-PLAY-3", "trade_unaffordable", times=times, need=scale(pay, times), held=c)
    p.cubes = traded(c, pay, gain, times)
    if log is not None:
        log.append(ev.CardPlayed(s.seat, card))
        log.append(ev.Traded(s.seat, card, times, scale(pay, times), scale(gain, times)))
    _to_played(p, card)


def acquire(s: State, p: Player, move: Acquire, log: list[ev.Event] | None) -> None:
    """Take a merchant card, a cube on each card to its left, its own cubes too (R-ACQ-1..3)."""
    index, payment = move.index, move.payment
    row = s.merchant_row
    if not isinstance(index, int) or not 0 <= index < len(row):
        raise IllegalMove("R-ACQ-1", "no_slot", slot=index + 1 if isinstance(index, int) else index)
    c = p.cubes
    held = c[0] + c[1] + c[2] + c[3]
    if held < index:
        raise IllegalMove("R-ACQ-2", "slot_cost", slot=index + 1, cost=index, held=held)
    if len(payment) != index:
        raise IllegalMove("R-ACQ-1", "payment_count", slot=index + 1, cost=index, placed=len(payment))
    if index:
        paid = PAYMENT_COUNTS.get(tuple(payment))
        if paid is None:
            raise IllegalMove("R-ACQ-1", "bad_tier", tier=next(t for t in payment if t not in range(4)))
        if not covers(c, paid):
            raise IllegalMove("R-ACQ-1", "payment_missing", cubes=paid, held=c)
        c = (c[0] - paid[0], c[1] - paid[1], c[2] - paid[2], c[3] - paid[3])
        on = s.merchant_cubes
        for i, t in enumerate(payment):
            a, u = on[i], UNIT[t]
            on[i] = (a[0] + u[0], a[1] + u[1], a[2] + u[2], a[3] + u[3])
    card = row.pop(index)
    taken = s.merchant_cubes.pop(index)
    p.cubes = (c[0] + taken[0], c[1] + taken[1], c[2] + taken[2], c[3] + taken[3])
    p.hand |= 1 << card
    p.owned += (card,)
    dealt = None
    if s.merchant_deck:
        dealt = s.merchant_deck.pop()
        row.append(dealt)
        s.merchant_cubes.append(NO_CUBES)
    if log is not None:
        if index:
            log.append(ev.CubesPlaced(s.seat, tuple(payment)))
        log.append(ev.MerchantAcquired(s.seat, card, index, taken))
        log.append(ev.RowRefilled("merchant", dealt))


def rest(s: State, p: Player, move: Rest, log: list[ev.Event] | None) -> None:
    """Take every played card back into hand (R-REST-1)."""
    back = p.played
    p.hand |= back
    p.played = 0
    if log is not None:
        log.append(ev.Rested(s.seat, cards_of(back)))


def claim(s: State, p: Player, move: Claim, log: list[ev.Event] | None) -> None:
    """Pay a point card's exact cost and take it, with the coin its slot holds (R-CLM-1..4)."""
    index = move.index
    row = s.point_row
    if not isinstance(index, int) or not 0 <= index < len(row):
        raise IllegalMove("R-CLM-1", "no_slot", slot=index + 1 if isinstance(index, int) else index)
    card = row[index]
    cost = COST[card]
    c = p.cubes
    if not covers(c, cost):
        raise IllegalMove("R-CLM-1", "claim_cost", card=POINT_CARDS[card].code, cost=cost, held=c)
    seat = s.seat
    p.cubes = (c[0] - cost[0], c[1] - cost[1], c[2] - cost[2], c[3] - cost[3])
    p.claimed.append(card)
    row.pop(index)
    coin = s.coin_on(index)
    if log is not None:
        log.append(ev.PointClaimed(seat, card, index, cost))
    if coin == "upper":
        s.upper_coins -= 1
        p.upper += 1
        if log is not None:
            log.append(ev.CoinTaken(seat, True))
            if not s.upper_coins and s.lower_coins:
                log.append(ev.SilverMoved(s.lower_coins))
    elif coin == "lower":
        s.lower_coins -= 1
        p.lower += 1
        if log is not None:
            log.append(ev.CoinTaken(seat, False))
    dealt = None
    if s.point_deck:
        dealt = s.point_deck.pop()
        row.append(dealt)
    if log is not None:
        log.append(ev.RowRefilled("point", dealt))
    if s.end_triggered is None and len(p.claimed) >= trigger_cards(s.n):
        s.end_triggered = seat
        if log is not None:
            log.append(ev.EndTriggered(seat, len(p.claimed)))


def discard_not_due(s: State, p: Player, move: Discard, log: list[ev.Event] | None) -> None:
    raise IllegalMove("R-LIM-1", "no_discard_due")


ACTION_PLAYS: dict[MoveKind, Callable[[State, Player, Move, list[ev.Event] | None], None]] = {
    MoveKind.SPICE: play_spice,  # type: ignore[dict-item]
    MoveKind.UPGRADE: play_upgrade,  # type: ignore[dict-item]
    MoveKind.TRADE: play_trade,  # type: ignore[dict-item]
    MoveKind.ACQUIRE: acquire,  # type: ignore[dict-item]
    MoveKind.REST: rest,  # type: ignore[dict-item]
    MoveKind.CLAIM: claim,  # type: ignore[dict-item]
    MoveKind.DISCARD: discard_not_due,  # type: ignore[dict-item]
}
"""The move of each kind in the action phase; a discard is only due after one (R-LIM-1)."""


def discard(s: State, p: Player, move: Discard, log: list[ev.Event] | None) -> None:
    """Return cubes down to the caravan limit, then the turn ends (R-LIM-1)."""
    cubes = move.cubes
    c = p.cubes
    excess = c[0] + c[1] + c[2] + c[3] - CARAVAN_LIMIT
    if (
        not isinstance(cubes, tuple)
        or len(cubes) != 4
        or any(not isinstance(x, int) or x < 0 for x in cubes)
    ):
        raise IllegalMove("R-LIM-1", "discard_count", excess=excess, chosen=cubes)
    if sum(cubes) != excess:
        raise IllegalMove("R-LIM-1", "discard_count", excess=excess, chosen=sum(cubes))
    if not covers(c, cubes):
        raise IllegalMove("R-LIM-1", "discard_missing", cubes=cubes, held=c)
    p.cubes = (c[0] - cubes[0], c[1] - cubes[1], c[2] - cubes[2], c[3] - cubes[3])
    s.phase = ACTION
    if log is not None:
        log.append(ev.Discarded(s.seat, cubes))
    end_turn(s, log)


def end_turn(s: State, log: list[ev.Event] | None) -> None:
    """The next player's turn, or the end once the round of the trigger is over (R-END-1/2)."""
    seat = s.seat
    s.players[seat].turns += 1
    nxt = seat + 1
    if nxt == s.n:
        nxt = 0
    if s.end_triggered is not None and nxt == s.first:
        s.phase = OVER
        if log is not None:
            log.append(ev.TurnEnded(seat, None))
            log.append(ev.GameOver(s.winner()))
        return
    s.seat = nxt
    if log is not None:
        log.append(ev.TurnEnded(seat, nxt))
