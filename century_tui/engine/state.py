"""The game state: set-up, the questions a position answers, making a move, the scores.

One mutable `State` per game (OpenSpiel style): `legal_moves()`, `apply()`, `clone()`.
All randomness is spent at set-up from one `random.Random(seed)`, so a game is fully
given by (players, seed, moves). The rules' numbers and card facts are in `lookup`, move
generation in `legal`, what each kind of move does in `play`.
"""

from __future__ import annotations

import random
from typing import Iterable

from msgspec import Struct

from . import events as ev
from . import legal, play
from .cards import MARKET_IDS, POINT_CARDS, STARTING_SPICE_IDS, STARTING_UPGRADE_IDS
from .cubes import NO_CUBES, Cubes
from .errors import IllegalMove
from .moves import DISCARD, Move
from .limits import CARAVAN_LIMIT, MAX_PLAYERS, MERCHANT_ROW_SIZE, MIN_PLAYERS, POINT_ROW_SIZE
from .lookup import ACTION, DISCARDING, OVER, Phase, cards_of, starting_cubes


HIDDEN = -1
"""A card a player may not know: one of a face-down deck's, or a point card another player
claimed (its points are told at the end)."""


class Player(Struct):
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


class Score(Struct, frozen=True):
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
    phase: Phase
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

    @classmethod
    def with_hidden_decks(
        cls, players: list[Player], *, first: int, seat: int, phase: Phase | str, end_triggered: int | None,
        point_row: list[int], point_deck: int, merchant_row: list[int], merchant_cubes: list[Cubes],
        merchant_deck: int, upper_coins: int, lower_coins: int,
    ) -> State:
        """A position as a player knows it: every card on the table, and the two decks face
        down, `point_deck` and `merchant_deck` cards that are each `HIDDEN` (a player's claimed
        point cards may be too). The rules check a move against it as against any position;
        a card it draws is `HIDDEN` (a board whose game is played elsewhere: its host holds
        the decks and the seed, and sends what comes next)."""
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"Century is played by 2 to 5 players, not {len(players)}.")
        s = cls.__new__(cls)
        s.n = len(players)
        s.players = players
        s.first, s.seat, s.phase, s.end_triggered = first, seat, Phase(phase), end_triggered
        s.point_row = point_row
        s.point_deck = [HIDDEN] * point_deck
        s.merchant_row = merchant_row
        s.merchant_cubes = merchant_cubes
        s.merchant_deck = [HIDDEN] * merchant_deck
        s.upper_coins, s.lower_coins = upper_coins, lower_coins
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

    @property
    def last(self) -> int:
        """The seat that plays last in each round: the game ends after its turn in the round
        the end is triggered (R-END-2)."""
        return (self.first - 1) % self.n

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
    legal_kinds = legal.legal_kinds
    legal_moves = legal.legal_moves

    def is_legal(self, move: Move) -> bool:
        return self.refusal(move) is None

    def refusal(self, move: Move) -> IllegalMove | None:
        """Why `move` is illegal now, or None if it is legal (this state is not touched)."""
        try:
            self.child(move)
        except IllegalMove as e:
            return e
        return None

    def child(self, move: Move) -> State:
        """The position after `move`, as a new state (this one is not touched); IllegalMove
        if it is not legal now."""
        s = self.clone()
        s._apply(move, None)
        return s

    # --------------------------------------------------------------- applying
    def apply(self, move: Move) -> list[ev.Event]:
        """Check and apply a move; return what happened. Illegal: raise, state unchanged."""
        log: list[ev.Event] = []
        self._apply(move, log)
        return log

    def advance(self, move: Move) -> None:
        """`apply` without building events: the same checks, for simulations."""
        self._apply(move, None)

    def _apply(self, move: Move, log: list[ev.Event] | None) -> None:
        """Make `move` with the function of its kind (`play`), then end the turn, unless the
        caravan is over the limit: then the same player owes a discard (R-LIM-1)."""
        p = self.players[self.seat]
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
            play.discard(self, p, move, log)  # type: ignore[arg-type]
            return
        try:
            make = play.ACTION_PLAYS[kind]
        except (KeyError, TypeError):
            raise IllegalMove("R-TURN-1", "unknown_move") from None
        make(self, p, move, log)
        held = p.cubes
        if held[0] + held[1] + held[2] + held[3] > CARAVAN_LIMIT:
            self.phase = DISCARDING
            if log is not None:
                log.append(ev.DiscardRequired(self.seat, sum(held) - CARAVAN_LIMIT))
        else:
            play.end_turn(self, log)

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
