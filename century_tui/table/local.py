"""A game in play in this process: its bots, its save file and its undo policy.

Everything happens on one thread, the owner's (the app's event loop, or a sim's loop);
only a bot's thinking and the file's writing are handed off (by `spawn`, and by the saver),
and their results
come back by `call_soon`. A stale bot answer (the game moved on, or the table closed) is
dropped, never played.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from century_tui.engine import Game, IllegalMove, Move, Seat, State

from .base import Table, needs_consent
from .changes import BotFailed, Moved, Rewound, SaveChanged, Thinking

if TYPE_CHECKING:
    from century_tui.storage.autosaver import Saver

Task = Callable[[], None]


def bot_seed(game_seed: int, move_number: int) -> int:
    """A bot's seed for one move: the same game replays identically."""
    return (game_seed * 1_000_003 + move_number * 7_919 + 17) % (2**63)


BOT_RETRIES = (0.5, 2.0, 5.0)
"""Seconds before each new try of a bot that could not choose (a module it could not open
while the host's files ran out, say); after the last, a legal move at random stands in."""


def stand_in(state: State, seed: int) -> Move:
    """A legal move at random (the same for the same seed), from the engine alone: what a
    failing bot's seat plays rather than wedge the game."""
    return random.Random(seed).choice(list(state.legal_moves()))


def no_pause() -> tuple[float, int | None]:
    return 0.0, None


Thinker = Callable[[State, int, int | None], Move]
"""(a position, the move's number, a thinking budget in ms) → the bot's move for the seat to act."""


def bot_level(game: Game, state: State) -> str:
    """The level of the bot playing the seat to act (a bot seat with none plays at random)."""
    return game.seats[state.seat].bot or "random"


def bot_move(level: str, seed: int, budget: int | None, state: State, clock: Callable[[], float] | None = None) -> Move:
    """The move a new bot of `level`, seeded `seed`, chooses in `state` (its budget read on
    `clock`, default the wall clock): wherever it thinks, a thread or a worker process."""
    from century_tui import bots

    return bots.make_bot(level, seed=seed, budget_ms=budget, clock=clock).choose(state)


def fresh_bots(game: Game) -> Thinker:
    """A new bot for each move, seeded by the game's seed and the move's number: the same
    game replays identically, whoever saved or resumed it."""

    def think(state: State, number: int, budget: int | None) -> Move:
        return bot_move(bot_level(game, state), bot_seed(game.seed, number), budget, state)

    return think


class LocalTable(Table):
    """One game, its bots (in the background, cancellable) and its autosave."""

    def __init__(
        self,
        game: Game,
        *,
        saver: Saver | None = None,
        spawn: Callable[[Task], None],
        call_soon: Callable[[Task], None],
        pace: Callable[[], tuple[float, int | None]] = no_pause,
        think: Thinker | None = None,
        shared: bool = False,
        durable: bool = False,
    ) -> None:
        """`saver` writes the game's file after each change (None: nothing is saved).
        `spawn` runs a bot's thinking in the background, `call_soon` runs a task on the owner's
        thread. `pace()` gives (seconds a bot's move lasts
        at least, its thinking budget in ms or None) when it starts to think. `think` chooses
        bots' moves (default: `fresh_bots`); `shared` lets it read the live position instead of
        a copy, for a table whose bots run on its own thread (`Inline`). `durable`: each
        change is written and fsynced before any view hears of it (a host: the players see
        nothing a kill could take back), not in the background."""
        super().__init__()
        self._game = game
        self._call_soon = call_soon
        self._spawn_bot = spawn
        self._pace = pace
        self._think_move = think or fresh_bots(game)
        self._shared = shared
        self._durable = durable
        self.saver = saver
        if saver is not None:
            saver.report = self._saved
        self.closed = False
        self._wake = threading.Event()
        """Set on close: a bot waiting out its pause stops waiting."""

    @property
    def game(self) -> Game:
        return self._game

    @property
    def save_path(self) -> Path | None:
        return self.saver.path if self.saver else None

    # ------------------------------------------------------------ moves
    def start(self) -> None:
        if self.saver is not None and self.saver.path is None:
            self.saver.save(self._game)  # a new game's own file, resumable from the first turn
        self._next()

    def play(self, move: Move) -> None:
        if self.closed or self.state.is_over:
            raise IllegalMove("R-END-2", "game_over")
        seat = self.state.seat
        events = self._game.apply(move)  # IllegalMove: nothing changed
        self._changed(Moved(move, seat, tuple(events)))

    def _next(self) -> None:
        """A bot to move begins to think (views hear it), unless one is at it already."""
        s = self.state
        if self.closed or s.is_over or self.thinking or self._game.current_seat.is_human:
            return
        self.thinking = True
        delay, budget = self._pace()
        state = s if self._shared else s.clone()
        number, token = len(self._game.moves), self.epoch
        self.emit(Thinking(s.seat))
        try:
            self._spawn_bot(lambda: self._think(state, number, token, delay, budget))
        except Exception as e:  # no thread to think in: the game goes on without one
            self.emit(BotFailed(s.seat, _said(e), True))
            move = stand_in(state, bot_seed(self._game.seed, number))
            self._call_soon(lambda: self._bot_moved(token, move))

    def _think(self, state: State, number: int, token: int, delay: float, budget: int | None) -> None:
        """In the background: choose on a copy of the state; the owner's thread plays it.
        The thinking counts toward the pause, so a quick answer still waits `delay`. A bot
        that fails is tried again (`BOT_RETRIES`), then stood in for; the views hear each
        failure (`BotFailed`)."""
        started = time.monotonic() if delay > 0 else 0.0
        move = None
        for tries, wait in enumerate((0.0, *BOT_RETRIES), 1):
            if wait and self._wake.wait(wait):
                return  # closed meanwhile
            try:
                move = self._think_move(state, number, budget)
                break
            except Exception as e:  # whatever it was, the table must not wedge
                failed = BotFailed(state.seat, _said(e), tries > len(BOT_RETRIES), tries)
                self._call_soon(lambda failed=failed: self._bot_failed(token, failed))
        if move is None:
            move = stand_in(state, bot_seed(self._game.seed, number))
        rest = delay - (time.monotonic() - started) if delay > 0 else 0.0
        if rest > 0:
            self._wake.wait(rest)
        if not self.closed:
            self._call_soon(lambda: self._bot_moved(token, move))

    def _bot_failed(self, token: int, failed: BotFailed) -> None:
        if token == self.epoch and not self.closed:
            self.emit(failed)

    def _bot_moved(self, token: int, move: Move) -> None:
        if token != self.epoch or self.closed:
            return
        self.thinking = False
        self.play(move)

    def hand_over(self, seat: int, level: str | None, name: str | None = None) -> None:
        """A bot of `level` plays `seat` from now on, or a person (None), under the same name
        or `name` (its person left a hosted game, or one comes to take the seat back): saved
        so. A bot moves at once if the turn is its own; a bot thinking for the seat is not
        heard any more, nor an answer asked of its person before (the position's epoch)."""
        self._game.seats[seat] = Seat(name or self._game.seats[seat].name, level)
        self._changed(None)

    # ------------------------------------------------------------ undo and redo
    def humans(self) -> int:
        return sum(1 for seat in self.seats if seat.is_human)

    def undo_owner(self) -> int | None:
        point = self._game.undo_point()
        return None if point is None else self._game.movers[point]

    def undo_needs_consent(self) -> bool:
        """Another person's move is taken back only once they agree: one key must not let
        Bob undo Ann's claim. Alone with bots, every move is one's own."""
        return needs_consent(self.undo_owner(), self.at_keyboard, self.humans())

    def undo(self) -> bool:
        """Take back the last person's move and any bot moves after it."""
        point = self._game.undo_point()
        if point is None or self.closed:
            return False
        owner = self._game.movers[point]
        self._game.undo()
        self._rewound(Rewound(True, self.at_keyboard, owner, point))
        return True

    def redo(self) -> bool:
        """Bring back the next move taken back (and the bot moves that followed it)."""
        point = len(self._game.moves)
        if self.closed or not self._game.redo():
            return False
        self._rewound(Rewound(False, self.at_keyboard, self._game.movers[point], point))
        return True

    def _rewound(self, change: Rewound) -> None:
        self._changed(change)

    # ------------------------------------------------------------ the file
    def _changed(self, change: Moved | Rewound | None) -> None:
        """The game changed: a new epoch, the views told (`change`, if any) and the file
        saved, in the order `durable` asks; then whatever the position calls for."""
        self.epoch += 1
        self.thinking = False
        if self._durable and self.saver is not None:
            error = self.saver.write_now(self._game)
            if change is not None:
                self.emit(change)
            self._saved(error)
        else:
            if change is not None:
                self.emit(change)
            if self.saver is not None:
                self.saver.save(self._game)
        self._next()

    def _saved(self, error: str | None) -> None:
        """A save's outcome, on the owner's thread: news when it changes the state."""
        news = (error is None) != (self.save_error is None)
        self.save_error = error
        if news:
            self.emit(SaveChanged(error))

    def retry_save(self) -> str | None:
        if self.saver is None:
            return None
        return self.saver.flush()

    def close(self) -> None:
        """Stop the bots, make the last save, let go of the file (again is harmless)."""
        if self.closed:
            return
        self.closed = True
        self._wake.set()
        if self.saver is not None:
            self.saver.flush()
            self.saver.release()


def _said(error: BaseException) -> str:
    """An error in a line: its kind and its words."""
    return f"{type(error).__name__}: {error}"[:200]
