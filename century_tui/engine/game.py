"""A game with its history: who sits where, the seed, and every move made.

The state is always the replay of (seed, moves), which makes saves, undo and
replays exact: none of them can produce a position the rules would not.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalMove
from .events import Event
from .moves import Move
from .state import MAX_PLAYERS, MIN_PLAYERS, State


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: a display name, and the bot level playing it (None for a person)."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


class ReplayError(ValueError):
    """A recorded move is illegal from the seed: `index` is its 0-based position."""

    def __init__(self, index: int, move: Move, error: IllegalMove) -> None:
        super().__init__(f"move {index + 1} ({move.describe()}) is not legal: {error.reason}")
        self.index = index
        self.move = move
        self.error = error


class Game:
    def __init__(self, seats: list[Seat], seed: int, moves: list[Move] | tuple[Move, ...] = ()) -> None:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ValueError(f"Century is played by 2 to 5 players, not {len(seats)}.")
        self.seats = list(seats)
        self.seed = seed
        self.moves: list[Move] = []
        self.state = State.new(len(seats), seed)
        for i, move in enumerate(moves):
            try:
                self.state.advance(move)
            except IllegalMove as e:
                raise ReplayError(i, move, e) from None
            self.moves.append(move)

    def apply(self, move: Move) -> list[Event]:
        """Apply a move for the player to act; IllegalMove leaves everything unchanged."""
        events = self.state.apply(move)
        self.moves.append(move)
        return events

    def state_after(self, count: int) -> State:
        """The position after the first `count` moves (a fresh replay from the seed)."""
        state = State.new(len(self.seats), self.seed)
        for move in self.moves[:count]:
            state.advance(move)
        return state

    def truncate(self, count: int) -> list[Move]:
        """Keep the first `count` moves; return the ones taken off (for redo)."""
        removed = self.moves[count:]
        self.state = self.state_after(count)
        del self.moves[count:]
        return removed

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.state.seat]
