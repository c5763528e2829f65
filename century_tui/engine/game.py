"""A game with its history: who sits where, the seed, and every move made.

The state is always the replay of (seed, moves), which makes saves, undo and
replays exact: none of them can produce a position the rules would not.
"""

from __future__ import annotations

import random
from typing import Iterator, Protocol, Sequence

from .errors import IllegalMove
from .events import Event
from .moves import Move
from .limits import MAX_PLAYERS, MIN_PLAYERS
from .names import Seat
from .state import State


def new_seed() -> int:
    """A seed for a game nobody chose one for (from the system's entropy, not a seeded RNG)."""
    return random.SystemRandom().randrange(2**31)


class ReplayError(ValueError):
    """A recorded move is illegal from the seed: `index` is its 0-based position."""

    def __init__(self, index: int, move: Move, error: IllegalMove) -> None:
        super().__init__(f"move {index + 1} ({move.describe()}) is not legal: {error.reason}")
        self.index = index
        self.move = move
        self.error = error


class GameRecord(Protocol):
    """What a reader of a game in play may know of it without its seed: who sits where, the
    position, how many moves were made and how many undo took back, whether the coach may be
    asked. A `Game` is one; a game played on another machine, seen through what its host
    sends, is another (its moves are counted there, never read)."""

    seats: list[Seat]
    state: State
    hints: bool

    @property
    def moves(self) -> Sequence[object]: ...

    @property
    def redo_moves(self) -> Sequence[object]: ...

    @property
    def current_seat(self) -> Seat: ...


class Game:
    """Seats, seed, moves and the state they lead to; undo and redo by replay."""

    def __init__(
        self,
        seats: list[Seat],
        seed: int,
        moves: list[Move] | tuple[Move, ...] = (),
        redo: list[Move] | tuple[Move, ...] = (),
        *,
        hints: bool = False,
        hinted: set[int] | frozenset[int] = frozenset(),
    ) -> None:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ValueError(f"Century is played by 2 to 5 players, not {len(seats)}.")
        self.seats = list(seats)
        self.seed = seed
        self.moves: list[Move] = []
        self.movers: list[int] = []
        """The seat that made each move."""
        self.redo_moves: list[Move] = list(redo)
        """Moves taken back by undo, next first; cleared by any new move."""
        self.hints = hints
        """The coach may be asked (chosen when the game starts, saved with it)."""
        self.hinted: set[int] = set(hinted)
        """Indices of the moves made after a hint was shown for them (the log marks them)."""
        self._hint_at: int | None = None
        self.state = State.new(len(seats), seed)
        for i, move in enumerate(moves):
            try:
                self._record(move, events=False)
            except IllegalMove as e:
                raise ReplayError(i, move, e) from None

    def _record(self, move: Move, events: bool) -> list[Event]:
        seat = self.state.seat
        out = self.state.apply(move) if events else (self.state.advance(move) or [])
        self.moves.append(move)
        self.movers.append(seat)
        return out

    def apply(self, move: Move) -> list[Event]:
        """Apply a move for the player to act; IllegalMove leaves everything unchanged."""
        at = len(self.moves)
        events = self._record(move, events=True)
        self.redo_moves.clear()
        if self._hint_at == at:
            self.hinted.add(at)
        return events

    def hint_shown(self) -> None:
        """The coach showed a hint for the move to make now: that move will be marked."""
        self._hint_at = len(self.moves)

    def state_after(self, count: int) -> State:
        """The position after the first `count` moves (a fresh replay from the seed)."""
        state = State.new(len(self.seats), self.seed)
        for move in self.moves[:count]:
            state.advance(move)
        return state

    def positions(self) -> Iterator[State]:
        """The position at the start, then after each move, in one replay from the seed.
        The same State is advanced in place between yields: clone one to keep it."""
        state = State.new(len(self.seats), self.seed)
        yield state
        for move in self.moves:
            state.advance(move)
            yield state

    def truncate(self, count: int) -> list[Move]:
        """Keep the first `count` moves; return the ones taken off."""
        removed = self.moves[count:]
        self.hinted = {i for i in self.hinted if i < count}
        if self._hint_at is not None and self._hint_at > count:  # shown for a position now gone
            self._hint_at = None
        self.state = self.state_after(count)
        del self.moves[count:]
        del self.movers[count:]
        return removed

    # ------------------------------------------------------------- undo/redo
    def undo_point(self) -> int | None:
        """Index of the move undo would take back: the last move made by a person.

        Bot moves after it go too; once another person has moved, theirs is the last.
        """
        for i in range(len(self.moves) - 1, -1, -1):
            if self.seats[self.movers[i]].is_human:
                return i
        return None

    def undo(self) -> bool:
        """Take back the last person's move and every bot move after it."""
        point = self.undo_point()
        if point is None:
            return False
        self.redo_moves[:0] = self.truncate(point)
        return True

    def redo(self) -> bool:
        """Replay the next undone person's move and the bot moves that followed it."""
        if not self.redo_moves:
            return False
        queue = self.redo_moves
        self._record(queue.pop(0), events=False)
        while queue and not self.state.is_over and not self.seats[self.state.seat].is_human:
            self._record(queue.pop(0), events=False)
        return True

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.state.seat]
