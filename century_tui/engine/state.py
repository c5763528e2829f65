"""The game state: set-up, legal moves, applying a move, the end and the scores.

One mutable `State` per game (OpenSpiel style): `legal_moves()`, `apply()`, `clone()`.
All randomness is spent at set-up from one `random.Random(seed)`, so a game is fully
given by (players, seed, moves). The hot path uses 4-tuples of cube counts, int card
ids and move objects cached per position, so bots can search many positions a second.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from . import events as ev
from .cards import (
    MARKET_IDS,
    MERCHANT_CARDS,
    POINT_CARDS,
    STARTING_SPICE_IDS,
    STARTING_UPGRADE_IDS,
)
from .cubes import NO_CUBES, UNIT, Cubes, covers, from_tiers, scale
from .errors import IllegalMove
from .moves import (
    ACQUIRE,
    CLAIM,
    DISCARD,
    KINDS,
    REST,
    SPICE,
    TRADE,
    UPGRADE,
    Acquire,
    Claim,
    Discard,
    Move,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
CARAVAN_LIMIT = 10
POINT_ROW_SIZE = 5
MERCHANT_ROW_SIZE = 6

ACTION, DISCARDING, OVER = "action", "discard", "over"
"""Phases: a normal action; the same turn's pending discard (R-LIM-1); the game is over."""

# Card effects as flat tuples indexed by card id (the hot path reads these).
_KIND = tuple(c.kind for c in MERCHANT_CARDS)
_GAIN = tuple(c.gain for c in MERCHANT_CARDS)
_PAY = tuple(c.pay for c in MERCHANT_CARDS)
_STEPS = tuple(c.steps for c in MERCHANT_CARDS)
_COST = tuple(c.cost for c in POINT_CARDS)
_CODE = tuple(c.code for c in MERCHANT_CARDS)
_N_MERCHANT = len(MERCHANT_CARDS)

# Cached move objects: moves are immutable values, so one instance per value will do.
_SPICE_MOVES = tuple(PlaySpice(i) for i in range(len(MERCHANT_CARDS)))
_REST = Rest()
_CLAIM_MOVES = tuple(Claim(i) for i in range(POINT_ROW_SIZE))
_UPGRADE_CACHE: dict[tuple[int, Cubes], tuple[PlayUpgrade, ...]] = {}
_TRADE_CACHE: dict[tuple[int, int], tuple[PlayTrade, ...]] = {}
_ACQUIRE_CACHE: dict[tuple[int, Cubes], tuple[Acquire, ...]] = {}
_DISCARD_CACHE: dict[tuple[Cubes, int], tuple[Discard, ...]] = {}
_PAYMENT_COUNTS: dict[tuple[int, ...], Cubes] = {
    pay: from_tiers(pay) for pay in itertools.chain.from_iterable(
        itertools.product(range(4), repeat=n) for n in range(MERCHANT_ROW_SIZE)
    )
}
"""Every possible acquire payment (tiers placed) with its counts: validation by lookup."""
_AFFORD_CACHE: dict[Cubes, tuple[int, int, tuple[int, ...]]] = {}


def _affordable(cubes: Cubes) -> tuple[int, int, tuple[int, ...]]:
    """(claimable point cards, tradable merchant cards, times each trade can be made).

    The first two are bitmasks of card ids.
    Cached per caravan: the hot path asks this every turn and caravans repeat a lot.
    """
    got = _AFFORD_CACHE.get(cubes)
    if got is None:
        mask = 0
        for i, cost in enumerate(_COST):
            if covers(cubes, cost):
                mask |= 1 << i
        times = tuple(
            min(cubes[t] // pay[t] for t in range(4) if pay[t]) if k == TRADE else 0
            for k, pay in zip(_KIND, _PAY)
        )
        trades = sum(1 << i for i, n in enumerate(times) if n)
        got = _AFFORD_CACHE[cubes] = (mask, trades, times)
    return got


_CARDS_OF: dict[int, tuple[int, ...]] = {}


def cards_of(mask: int) -> tuple[int, ...]:
    """Card ids in a bitmask, ascending (cached: hands repeat across positions)."""
    got = _CARDS_OF.get(mask)
    if got is None:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        if len(_CARDS_OF) > 200_000:
            _CARDS_OF.clear()
        got = _CARDS_OF[mask] = tuple(out)
    return got


def _mask(kind: str) -> int:
    return sum(1 << i for i, k in enumerate(_KIND) if k == kind)


_SPICE_MASK = _mask(SPICE)
_KIND_SETS = tuple(
    tuple(k for k, bit in ((SPICE, 1), (UPGRADE, 2), (TRADE, 4), (ACQUIRE, 8), (REST, 0), (CLAIM, 16))
          if not bit or i & bit)
    for i in range(32)
)
"""Legal kinds by a 5-bit pattern (spice, upgrade, trade, acquire, claim); rest is always in."""
_UPGRADE_MASK = _mask(UPGRADE)


def starting_cubes(position: int) -> Cubes:
    """Cubes by turn position from the first player (R-SET-6): note 4th and 5th get a tier 1."""
    if position == 0:
        return (3, 0, 0, 0)
    if position in (1, 2):
        return (4, 0, 0, 0)
    return (3, 1, 0, 0)


def trigger_cards(players: int) -> int:
    """Point cards that trigger the end (R-END-1): 6 with 2-3 players, 5 with 4-5."""
    return 6 if players <= 3 else 5


@dataclass(slots=True)
class Player:
    cubes: Cubes
    hand: int
    """Merchant cards in hand, as a bitmask of card ids (cheap to test, copy and compare)."""
    played: int
    """Merchant cards in the played pile, as a bitmask of card ids."""
    claimed: list[int]
    upper: int = 0
    lower: int = 0
    turns: int = 0
    owned: tuple[int, ...] = ()
    """Every merchant card of the player (hand and played pile) in the order it came: the
    starting cards, then each card acquired. A hand shown in this order keeps each card in
    its place from turn to turn, so a card's number never changes under the player."""

    def clone(self) -> Player:
        return Player(
            self.cubes, self.hand, self.played, self.claimed[:], self.upper, self.lower, self.turns, self.owned
        )

    @property
    def hand_cards(self) -> tuple[int, ...]:
        return cards_of(self.hand)

    @property
    def played_cards(self) -> tuple[int, ...]:
        return cards_of(self.played)


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final score and its parts (R-SCORE-1)."""

    seat: int
    cards: int
    upper: int
    lower: int
    cubes: int
    total: int

    @property
    def upper_points(self) -> int:
        return 3 * self.upper

    @property
    def lower_points(self) -> int:
        return self.lower


def _upgrade_steps(cubes: Cubes, limit: int) -> list[tuple[int, ...]]:
    """Every distinct result of 0..limit upgrade steps, as sorted tiers raised (R-PLAY-2).

    A sorted multiset of steps gives one caravan and each caravan one multiset, so
    step orders that reach the same caravan are listed once.
    """
    out: list[tuple[int, ...]] = [()]

    def grow(c: list[int], seq: tuple[int, ...], low: int, left: int) -> None:
        for t in range(low, 3):
            if c[t]:
                c[t] -= 1
                c[t + 1] += 1
                s = seq + (t,)
                out.append(s)
                if left > 1:
                    grow(c, s, t, left - 1)
                c[t] += 1
                c[t + 1] -= 1

    grow(list(cubes), (), 0, limit)
    return out


_ACQUIRE_BY_PAYMENT: dict[tuple[int, ...], Acquire] = {}
_SLOT_CACHE: dict[tuple[int, Cubes], list[Acquire]] = {}


def _acquires_for_slot(index: int, cubes: Cubes) -> list[Acquire]:
    """Every way to take slot `index`: each sequence of `index` tiers the caravan can place.

    Only min(count, index) of each tier matters, so the cache key clips the counts.
    """
    key = (index, (min(cubes[0], index), min(cubes[1], index), min(cubes[2], index), min(cubes[3], index)))
    got = _SLOT_CACHE.get(key)
    if got is None:
        got = _SLOT_CACHE[key] = []
        c = list(key[1])

        def grow(seq: tuple[int, ...]) -> None:
            if len(seq) == index:
                move = _ACQUIRE_BY_PAYMENT.get(seq)
                if move is None:
                    move = _ACQUIRE_BY_PAYMENT[seq] = Acquire(index, seq)
                got.append(move)
                return
            for t in range(4):
                if c[t]:
                    c[t] -= 1
                    grow(seq + (t,))
                    c[t] += 1

        grow(())
    return got


_DISCARD_BY_CUBES: dict[Cubes, Discard] = {}


def _discard_move(cubes: Cubes) -> Discard:
    move = _DISCARD_BY_CUBES.get(cubes)
    if move is None:
        move = _DISCARD_BY_CUBES[cubes] = Discard(cubes)
    return move


def _discards(cubes: Cubes, excess: int) -> list[Cubes]:
    """Every multiset of `excess` cubes the caravan can return."""
    y, r, g, b = cubes
    out: list[Cubes] = []
    for dy in range(min(y, excess) + 1):
        for dr in range(min(r, excess - dy) + 1):
            for dg in range(min(g, excess - dy - dr) + 1):
                db = excess - dy - dr - dg
                if db <= b:
                    out.append((dy, dr, dg, db))
    return out


_UPGRADED_CACHE: dict[tuple[Cubes, int, object], Cubes] = {}


def _upgraded(cubes: Cubes, card: int, steps: tuple[int, ...]) -> Cubes:
    """The caravan after `steps` (tiers raised), checked (R-PLAY-2); cached per position."""
    limit = _STEPS[card]
    key = (cubes, limit, steps)
    try:
        return _UPGRADED_CACHE[key]
    except (KeyError, TypeError):
        pass
    if len(steps) > limit:
        raise IllegalMove("R-PLAY-2", "too_many_steps", card=_CODE[card], limit=limit, chosen=len(steps))
    c = list(cubes)
    for t in sorted(steps):
        if type(t) is not int or not 0 <= t <= 3:
            raise IllegalMove("R-PLAY-2", "bad_tier", tier=t)
        if t == 3:
            raise IllegalMove("R-PLAY-2", "top_tier", tier=3)
        if not c[t]:
            raise IllegalMove("R-PLAY-2", "no_cube_to_upgrade", tier=t)
        c[t] -= 1
        c[t + 1] += 1
    result = (c[0], c[1], c[2], c[3])
    if type(steps) is tuple:
        _UPGRADED_CACHE[key] = result
    return result


class State:
    """A game in progress. Mutated by `apply`; copy with `clone` before exploring."""

    __slots__ = (
        "n",
        "first",
        "seat",
        "phase",
        "players",
        "point_row",
        "point_deck",
        "merchant_row",
        "merchant_cubes",
        "merchant_deck",
        "upper_coins",
        "lower_coins",
        "end_triggered",
    )

    n: int
    first: int
    seat: int
    phase: str
    players: list[Player]
    point_row: list[int]
    point_deck: list[int]  # top of the deck is the last element
    merchant_row: list[int]
    merchant_cubes: list[Cubes]  # cubes lying on each merchant row card
    merchant_deck: list[int]
    upper_coins: int
    lower_coins: int
    end_triggered: int | None  # seat that triggered the end

    # ----------------------------------------------------------------- set-up
    @classmethod
    def new(cls, players: int, seed: int) -> State:
        """Set up a game (R-SET-1..6) from a seed; the same seed gives the same game."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Century is played by 2 to 5 players, not {players}.")
        rng = random.Random(seed)
        s = cls.__new__(cls)
        s.n = players
        points = list(range(len(POINT_CARDS)))
        rng.shuffle(points)
        s.point_row = [points.pop() for _ in range(POINT_ROW_SIZE)]
        s.point_deck = points
        market = list(MARKET_IDS)
        rng.shuffle(market)
        s.merchant_row = [market.pop() for _ in range(MERCHANT_ROW_SIZE)]
        s.merchant_cubes = [NO_CUBES] * MERCHANT_ROW_SIZE
        s.merchant_deck = market
        s.upper_coins = 2 * players
        s.lower_coins = 2 * players
        s.first = rng.randrange(players)
        s.players = [
            Player(
                starting_cubes((seat - s.first) % players),
                1 << STARTING_SPICE_IDS[seat] | 1 << STARTING_UPGRADE_IDS[seat],
                0,
                [],
                owned=(STARTING_SPICE_IDS[seat], STARTING_UPGRADE_IDS[seat]),
            )
            for seat in range(players)
        ]
        s.seat = s.first
        s.phase = ACTION
        s.end_triggered = None
        return s

    def clone(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.first = self.first
        s.seat = self.seat
        s.phase = self.phase
        s.players = [p.clone() for p in self.players]
        s.point_row = self.point_row[:]
        s.point_deck = self.point_deck[:]
        s.merchant_row = self.merchant_row[:]
        s.merchant_cubes = self.merchant_cubes[:]
        s.merchant_deck = self.merchant_deck[:]
        s.upper_coins = self.upper_coins
        s.lower_coins = self.lower_coins
        s.end_triggered = self.end_triggered
        return s

    def determinized(self, rng: random.Random) -> State:
        """A clone with both face-down decks reshuffled: what a player may imagine."""
        s = self.clone()
        rng.shuffle(s.point_deck)
        rng.shuffle(s.merchant_deck)
        return s

    # ------------------------------------------------------------- questions
    @property
    def current(self) -> Player:
        return self.players[self.seat]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def turn_order(self) -> list[int]:
        """Seats in the order they play a round, the first player first (R-SET-5)."""
        return [(self.first + k) % self.n for k in range(self.n)]

    def position(self, seat: int) -> int:
        """Turn position in a round: 0 for the first player (R-SET-5)."""
        return (seat - self.first) % self.n

    @property
    def round(self) -> int:
        """The round being played, from 1 (the acting player's turns so far + 1); once the
        game is over, the last round played (no one is acting in a next one)."""
        if self.phase == OVER:
            return max(p.turns for p in self.players)
        return self.players[self.seat].turns + 1

    def coin_on(self, index: int) -> str | None:
        """'upper', 'lower' or None: the coin a claim of point slot `index` pays (R-CLM-3/4)."""
        if index == 0:
            if self.upper_coins:
                return "upper"
            return "lower" if self.lower_coins else None
        if index == 1 and self.upper_coins and self.lower_coins:
            return "lower"
        return None

    # ----------------------------------------------------------- legal moves
    def legal_kinds(self) -> tuple[str, ...]:
        """Kinds with at least one legal move now, in `KINDS` order; cheap, no moves built."""
        if self.phase != ACTION:
            return (DISCARD,) if self.phase == DISCARDING else ()
        p = self.players[self.seat]
        mask, trades, _ = _affordable(p.cubes)
        hand = p.hand
        i = 0
        if hand & _SPICE_MASK:
            i = 1
        if hand & _UPGRADE_MASK:
            i |= 2
        if hand & trades:
            i |= 4
        if self.merchant_row:
            i |= 8
        for c in self.point_row:
            if mask >> c & 1:
                i |= 16
                break
        return _KIND_SETS[i]

    def legal_moves(self, kind: str | None = None) -> Sequence[Move]:
        """Every legal move with a distinct outcome, in a fixed order; only `kind` if given.

        The result may be a shared cached tuple: read it, do not mutate it.
        """
        if kind is None:
            out: list[Move] = []
            for k in self.legal_kinds():
                out.extend(self.legal_moves(k))
            return out
        if self.phase != ACTION:
            if self.phase == DISCARDING and kind == DISCARD:
                cubes = self.players[self.seat].cubes
                excess = sum(cubes) - CARAVAN_LIMIT
                key = (cubes, excess)
                moves = _DISCARD_CACHE.get(key)
                if moves is None:
                    moves = _DISCARD_CACHE[key] = tuple(map(_discard_move, _discards(cubes, excess)))
                return moves
            return ()
        p = self.players[self.seat]
        cubes = p.cubes
        if kind == SPICE:
            return [_SPICE_MOVES[c] for c in cards_of(p.hand & _SPICE_MASK)]
        if kind == TRADE:
            out = []
            _, trades, affordable = _affordable(cubes)
            for c in cards_of(p.hand & trades):
                key = (c, affordable[c])
                moves = _TRADE_CACHE.get(key)
                if moves is None:
                    moves = _TRADE_CACHE[key] = tuple(PlayTrade(c, k) for k in range(1, key[1] + 1))
                out += moves
            return out
        if kind == UPGRADE:
            out = []
            for c in cards_of(p.hand & _UPGRADE_MASK):
                key = (c, cubes)
                moves = _UPGRADE_CACHE.get(key)
                if moves is None:
                    moves = _UPGRADE_CACHE[key] = tuple(
                        PlayUpgrade(c, s) for s in _upgrade_steps(cubes, _STEPS[c])
                    )
                out += moves
            return out
        if kind == ACQUIRE:
            key = (len(self.merchant_row), cubes)
            moves = _ACQUIRE_CACHE.get(key)
            if moves is None:
                moves = _ACQUIRE_CACHE[key] = tuple(
                    m for i in range(key[0]) for m in _acquires_for_slot(i, cubes)
                )
            return moves
        if kind == REST:
            return (_REST,)
        if kind == CLAIM:
            mask = _affordable(cubes)[0]
            return [_CLAIM_MOVES[i] for i, c in enumerate(self.point_row) if mask >> c & 1]
        return ()

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMove:
            return False
        return True

    # --------------------------------------------------------------- applying
    def apply(self, move: Move) -> list[ev.Event]:
        """Check and apply a move; return what happened. Illegal: raise, state unchanged."""
        log: list[ev.Event] = []
        self._apply(move, log)
        return log

    def advance(self, move: Move) -> None:
        """`apply` without building events: the same checks, for simulations."""
        self._apply(move, None)

    def _check(self, move: Move) -> None:
        """Raise IllegalMove if `move` cannot be made now; never changes the state."""
        s = self.clone()
        s._apply(move, None)

    def _apply(self, move: Move, log: list[ev.Event] | None) -> None:
        seat = self.seat
        p = self.players[seat]
        try:
            kind = move.kind
        except AttributeError:
            raise IllegalMove("R-TURN-1", "unknown_move") from None
        if self.phase != ACTION:
            if self.phase == OVER:
                raise IllegalMove("R-END-2", "game_over")
            if kind != DISCARD:
                held = sum(p.cubes)
                raise IllegalMove("R-LIM-1", "must_discard", held=held, excess=held - CARAVAN_LIMIT)
            self._discard(p, move.cubes, log)  # type: ignore[union-attr]
            return
        if kind == TRADE or kind == SPICE or kind == UPGRADE:
            card = move.card  # type: ignore[union-attr]
            if not (type(card) is int and 0 <= card < _N_MERCHANT and p.hand >> card & 1 and _KIND[card] == kind):
                self._refuse_card(p, card, kind)
            c = p.cubes
            if kind == TRADE:
                times = move.times  # type: ignore[union-attr]
                if type(times) is not int or times < 1:
                    raise IllegalMove("R-PLAY-3", "trade_times", times=times)
                pay = _PAY[card]
                if _affordable(c)[2][card] < times:
                    raise IllegalMove(
                        "R-PLAY-3", "trade_unaffordable", times=times, need=scale(pay, times), held=c
                    )
                gain = _GAIN[card]
                p.cubes = (
                    c[0] + (gain[0] - pay[0]) * times,
                    c[1] + (gain[1] - pay[1]) * times,
                    c[2] + (gain[2] - pay[2]) * times,
                    c[3] + (gain[3] - pay[3]) * times,
                )
                if log is not None:
                    log.append(ev.CardPlayed(seat, card))
                    log.append(ev.Traded(seat, card, times, scale(pay, times), scale(gain, times)))
            elif kind == SPICE:
                gain = _GAIN[card]
                p.cubes = (c[0] + gain[0], c[1] + gain[1], c[2] + gain[2], c[3] + gain[3])
                if log is not None:
                    log.append(ev.CardPlayed(seat, card))
                    log.append(ev.CubesGained(seat, gain))
            else:
                steps = move.steps  # type: ignore[union-attr]
                p.cubes = _upgraded(c, card, steps)
                if log is not None:
                    log.append(ev.CardPlayed(seat, card))
                    log.append(ev.Upgraded(seat, tuple(sorted(steps))))
            bit = 1 << card
            p.hand ^= bit
            p.played |= bit
        elif kind == ACQUIRE:
            self._acquire(p, move.index, move.payment, log)  # type: ignore[union-attr]
        elif kind == REST:
            back = p.played
            p.hand |= back
            p.played = 0
            if log is not None:
                log.append(ev.Rested(seat, cards_of(back)))
        elif kind == CLAIM:
            self._claim(p, move.index, log)  # type: ignore[union-attr]
        elif kind == DISCARD:
            raise IllegalMove("R-LIM-1", "no_discard_due")
        else:
            raise IllegalMove("R-TURN-1", "unknown_move")
        held = p.cubes
        if held[0] + held[1] + held[2] + held[3] > CARAVAN_LIMIT:
            self.phase = DISCARDING
            if log is not None:
                log.append(ev.DiscardRequired(seat, sum(held) - CARAVAN_LIMIT))
        else:
            self._end_turn(log)

    @staticmethod
    def _refuse_card(p: Player, card: object, kind: str) -> None:
        """Explain why `card` cannot be played as `kind` (R-PLAY-1..5)."""
        known = type(card) is int and 0 <= card < _N_MERCHANT  # type: ignore[operator]
        code = _CODE[card] if known else card  # type: ignore[index]
        if not known or not p.hand >> card & 1:  # type: ignore[operator]
            if known and p.played >> card & 1:  # type: ignore[operator]
                raise IllegalMove("R-PLAY-5", "already_played", card=code)
            raise IllegalMove("R-TURN-1", "not_in_hand", card=code)
        rule = {SPICE: "R-PLAY-1", UPGRADE: "R-PLAY-2", TRADE: "R-PLAY-3"}[kind]
        raise IllegalMove(rule, "wrong_kind", card=code, kind=kind)

    def _acquire(self, p: Player, index: int, payment: tuple[int, ...], log: list | None) -> None:
        row = self.merchant_row
        if not isinstance(index, int) or not 0 <= index < len(row):
            raise IllegalMove("R-ACQ-1", "no_slot", slot=index + 1 if isinstance(index, int) else index)
        c = p.cubes
        held = c[0] + c[1] + c[2] + c[3]
        if held < index:
            raise IllegalMove("R-ACQ-2", "slot_cost", slot=index + 1, cost=index, held=held)
        if len(payment) != index:
            raise IllegalMove("R-ACQ-1", "payment_count", slot=index + 1, cost=index, placed=len(payment))
        if index:
            paid = _PAYMENT_COUNTS.get(tuple(payment))
            if paid is None:
                raise IllegalMove("R-ACQ-1", "bad_tier", tier=next(t for t in payment if t not in range(4)))
            if not covers(c, paid):
                raise IllegalMove("R-ACQ-1", "payment_missing", cubes=paid, held=c)
            c = (c[0] - paid[0], c[1] - paid[1], c[2] - paid[2], c[3] - paid[3])
            on = self.merchant_cubes
            for i, t in enumerate(payment):
                a, u = on[i], UNIT[t]
                on[i] = (a[0] + u[0], a[1] + u[1], a[2] + u[2], a[3] + u[3])
        card = row.pop(index)
        taken = self.merchant_cubes.pop(index)
        p.cubes = (c[0] + taken[0], c[1] + taken[1], c[2] + taken[2], c[3] + taken[3])
        p.hand |= 1 << card
        p.owned += (card,)
        dealt = None
        if self.merchant_deck:
            dealt = self.merchant_deck.pop()
            row.append(dealt)
            self.merchant_cubes.append(NO_CUBES)
        if log is not None:
            if index:
                log.append(ev.CubesPlaced(self.seat, tuple(payment)))
            log.append(ev.MerchantAcquired(self.seat, card, index, taken))
            log.append(ev.RowRefilled("merchant", dealt))

    def _claim(self, p: Player, index: int, log: list | None) -> None:
        row = self.point_row
        if not isinstance(index, int) or not 0 <= index < len(row):
            raise IllegalMove("R-CLM-1", "no_slot", slot=index + 1 if isinstance(index, int) else index)
        card = row[index]
        cost = _COST[card]
        c = p.cubes
        if not covers(c, cost):
            raise IllegalMove("R-CLM-1", "claim_cost", card=POINT_CARDS[card].code, cost=cost, held=c)
        seat = self.seat
        p.cubes = (c[0] - cost[0], c[1] - cost[1], c[2] - cost[2], c[3] - cost[3])
        p.claimed.append(card)
        row.pop(index)
        coin = self.coin_on(index)
        if log is not None:
            log.append(ev.PointClaimed(seat, card, index, cost))
        if coin == "upper":
            self.upper_coins -= 1
            p.upper += 1
            if log is not None:
                log.append(ev.CoinTaken(seat, True))
                if not self.upper_coins and self.lower_coins:
                    log.append(ev.SilverMoved(self.lower_coins))
        elif coin == "lower":
            self.lower_coins -= 1
            p.lower += 1
            if log is not None:
                log.append(ev.CoinTaken(seat, False))
        dealt = None
        if self.point_deck:
            dealt = self.point_deck.pop()
            row.append(dealt)
        if log is not None:
            log.append(ev.RowRefilled("point", dealt))
        if self.end_triggered is None and len(p.claimed) >= trigger_cards(self.n):
            self.end_triggered = seat
            if log is not None:
                log.append(ev.EndTriggered(seat, len(p.claimed)))

    def _discard(self, p: Player, cubes: Cubes, log: list | None) -> None:
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
        self.phase = ACTION
        if log is not None:
            log.append(ev.Discarded(self.seat, cubes))
        self._end_turn(log)

    def _end_turn(self, log: list | None) -> None:
        seat = self.seat
        self.players[seat].turns += 1
        nxt = seat + 1
        if nxt == self.n:
            nxt = 0
        if self.end_triggered is not None and nxt == self.first:
            self.phase = OVER
            if log is not None:
                log.append(ev.TurnEnded(seat, None))
                log.append(ev.GameOver(self.winner()))
            return
        self.seat = nxt
        if log is not None:
            log.append(ev.TurnEnded(seat, nxt))

    # ---------------------------------------------------------------- scores
    def score(self, seat: int) -> Score:
        """Score now (R-SCORE-1): card points, 3 per upper coin, 1 per lower, 1 per non-tier-0 cube."""
        p = self.players[seat]
        cards = sum(POINT_CARDS[c].points for c in p.claimed)
        cubes = p.cubes[1] + p.cubes[2] + p.cubes[3]
        return Score(seat, cards, p.upper, p.lower, cubes, cards + 3 * p.upper + p.lower + cubes)

    def scores(self) -> list[Score]:
        return [self.score(i) for i in range(self.n)]

    def winner(self) -> int:
        """Highest score; a tie goes to the tied player later in turn order (R-SCORE-2)."""
        return max(range(self.n), key=lambda i: (self.score(i).total, self.position(i)))

    def tied_with_winner(self) -> list[int]:
        """Seats sharing the winner's total (the winner included): explains a tie-break."""
        best = self.score(self.winner()).total
        return [i for i in range(self.n) if self.score(i).total == best]

    # ----------------------------------------------------------------- checks
    def all_cards(self) -> Iterable[tuple[str, int]]:
        """(place, card) for every merchant and point card in the game: for invariant tests."""
        for c in self.merchant_row:
            yield "merchant_row", c
        for c in self.merchant_deck:
            yield "merchant_deck", c
        for c in self.point_row:
            yield "point_row", c
        for c in self.point_deck:
            yield "point_deck", c
        for i, p in enumerate(self.players):
            for c in cards_of(p.hand):
                yield f"hand{i}", c
            for c in cards_of(p.played):
                yield f"played{i}", c
            for c in p.claimed:
                yield f"claimed{i}", c


__all__ = [
    "ACTION",
    "CARAVAN_LIMIT",
    "DISCARDING",
    "KINDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OVER",
    "Player",
    "Score",
    "State",
    "starting_cubes",
    "trigger_cards",
]
