"""A game's log as data: engine events become (template key, params) entries.

Entries keep their params as data (cube tuples, card references), so the log can be
drawn again in another skin or language, and sent to another terminal as it is.
"""

from __future__ import annotations

from typing import Any, Sequence

from msgspec import Struct, field

from century_tui.engine import MERCHANT_CARDS, Game, GameRecord
from century_tui.engine import events as ev
from century_tui.text import Coin, MerchantRef, Names, Steps, TierSeq


class Entry(Struct, frozen=True):
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    """The player the line is about (None for the table), for colouring and the pass screen."""
    move: int = 0
    """How many moves had been made when this line was written."""


def describe(events: Sequence[ev.Event], game: Game) -> list[Entry]:
    """Log lines for the events the last move of `game` produced, in order, and a line that
    the coach was asked before it, if it was."""
    out = move_lines(events, game)
    count = len(game.moves)
    if count - 1 in game.hinted:  # the coach was asked before this move
        names = [s.name for s in game.seats]
        out.insert(_about_the_move(out), Entry("log.hinted", {"name": names[game.movers[-1]]}, game.movers[-1], count))
    return out


def move_lines(events: Sequence[ev.Event], game: GameRecord) -> list[Entry]:
    """Log lines for the events the last move of `game` produced, in order (a game played
    on another machine, too: its position and its seats are all they read)."""
    names = [s.name for s in game.seats]
    state = game.state
    count = len(game.moves)
    out: list[Entry] = []
    played: int | None = None

    def add(key: str, seat: int | None = None, **params: Any) -> None:
        if seat is not None:
            params.setdefault("name", names[seat])
        out.append(Entry(key, params, seat, count))

    acquired_paid: tuple[int, ...] = ()
    for e in events:
        if isinstance(e, ev.CardPlayed):
            played = e.card
        elif isinstance(e, ev.CubesGained):
            add("log.spice", e.seat, card=MerchantRef(played if played is not None else 0), gained=e.cubes)
        elif isinstance(e, ev.Upgraded):
            if e.steps:
                add("log.upgraded", e.seat, steps=Steps(e.steps))
            else:
                add("log.upgraded_nothing", e.seat, card=MerchantRef(played if played is not None else 0))
        elif isinstance(e, ev.Traded):
            c = MERCHANT_CARDS[e.card]
            add("log.traded", e.seat, pay=c.pay, gain=c.gain, times=e.times)
        elif isinstance(e, ev.CubesPlaced):
            acquired_paid = e.payment
        elif isinstance(e, ev.MerchantAcquired):
            if acquired_paid:
                add("log.acquired_paid", e.seat, card=MerchantRef(e.card), slot=e.index + 1,
                    placed=TierSeq(acquired_paid))
            else:
                add("log.acquired", e.seat, card=MerchantRef(e.card), slot=e.index + 1)
            if any(e.cubes):
                add("log.acquired_cubes", e.seat, cubes=e.cubes)
        elif isinstance(e, ev.Rested):
            if e.cards:
                add("log.rested", e.seat, count=len(e.cards))
            else:
                add("log.rested_nothing", e.seat)
        elif isinstance(e, ev.PointClaimed):
            add("log.claimed", e.seat, slot=e.index + 1, paid=e.paid)
        elif isinstance(e, ev.CoinTaken):
            add("log.coin", e.seat, coin=Coin(e.upper))
        elif isinstance(e, ev.SilverMoved):
            add("log.silver_moved")
        elif isinstance(e, ev.DiscardRequired):
            add("log.discard_required", e.seat, excess=e.excess)
        elif isinstance(e, ev.Discarded):
            add("log.discarded", e.seat, cubes=e.cubes)
        elif isinstance(e, ev.EndTriggered):  # by the round's last seat: no final round
            over = any(isinstance(x, ev.GameOver) for x in events)
            add("log.end_now" if over else "log.end_triggered", e.seat, count=e.cards)
        elif isinstance(e, ev.TurnEnded):
            if e.next_seat is not None and e.next_seat == state.first:
                add("log.round", round=state.players[e.next_seat].turns + 1)
        elif isinstance(e, ev.GameOver):
            add("log.game_over", e.winner, total=state.score(e.winner).total)
    return out


def _about_the_move(entries: list[Entry]) -> int:
    """How many of a move's log lines are about the move itself (before the round, the end)."""
    for i, entry in enumerate(entries):
        if entry.key in ("log.round", "log.game_over", "log.end_triggered", "log.end_now"):
            return i
    return len(entries)


def history(game: Game, resumed: bool = False) -> list[Entry]:
    """The whole log of a game so far, by replaying its moves from the seed."""
    replay = Game(game.seats, game.seed, hinted=game.hinted)
    out = opening(replay)
    for move in game.moves:
        out += describe(replay.apply(move), replay)
    if resumed:
        out += opening(game, resumed=True)
    return out


def opening(game: GameRecord, resumed: bool = False) -> list[Entry]:
    """The first lines of the log for a game just started or resumed."""
    s = game.state
    names = [x.name for x in game.seats]
    first = names[s.first]
    if resumed:
        return [Entry("log.resumed", {"round": s.round, "name": names[s.seat]}, None, len(game.moves))]
    order = [names[(s.first + i) % s.n] for i in range(s.n)]
    return [
        Entry("log.new_game", {"names": Names(tuple(order)), "name": first}, None, 0),
        Entry("log.round", {"round": 1}, None, 0),
    ]
