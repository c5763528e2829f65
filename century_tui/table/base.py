"""What every table offers its views, wherever the game really is.

A view (the board, a replay, a script, a test) draws from `state` and `seats`, asks for
moves with `play`, `undo` and `redo`, and hears of every change through `subscribe`. A
local table plays the game in this process; a table on another machine implements the
same methods over the network, which is why its `game` is a `GameRecord` (no seed) and
nothing here hands out the decks' order beyond what `state` shows. (What needs the seed, a
game's log and its running scores, a view asks of `tui.chronicle`.)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Callable

from century_tui.engine import GameRecord, Move, Seat, State

from .changes import Change, Presence

Listener = Callable[[Change], None]


def needs_consent(owner: int | None, at_keyboard: int | None, people: int) -> bool:
    """The undo rule: a person takes back their own last move at once (until the next
    person moves, whose move is then the last); another person's only once they agree, so
    one key never lets Bob undo Ann's claim. Alone with bots, every move is one's own."""
    return owner is not None and people >= 2 and owner != at_keyboard


class Table(ABC):
    """One game in play, seen by any number of views."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    # ------------------------------------------------------------ what views read
    @property
    @abstractmethod
    def game(self) -> GameRecord:
        """The game as far as it has gone, as far as this process knows it: seats, the
        position, the moves made and taken back."""

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def seats(self) -> list[Seat]:
        return self.game.seats

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.game.seats]

    epoch: int = 0
    """Bumped whenever the game changes (a move, an undo, a redo): an answer to an older
    position (a modal's, a bot's) is dropped."""
    save_path: Path | None = None
    """The file the game is saved to (None: not saved here, or not yet created)."""
    thinking: bool = False
    """A bot is choosing the move to come."""
    save_error: str | None = None
    """Why the last save failed (None: saved, or nothing to save)."""
    at_keyboard: int | None = None
    """The seat of the person at the keyboard (None before the first is seated)."""
    played_here: bool = True
    """The game is played, and saved, in this process: a new game, a rematch and the review
    start here. False on a table whose game a host plays (its seed never leaves the host)."""

    # ------------------------------------------------------------ listening
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(change)` after every change; returns the way to stop."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def emit(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)

    # ------------------------------------------------------------ what views ask
    def start(self) -> None:
        """The views are ready: whatever the position calls for begins (a bot's move)."""

    @abstractmethod
    def play(self, move: Move) -> None:
        """Make `move` for the seat to act; IllegalMove (nothing changed) if it is not legal."""

    def plays_here(self, seat: int) -> bool:
        """A person at this terminal plays `seat` (not a bot, nor someone at another terminal)."""
        return self.game.seats[seat].is_human

    def away(self, seat: int) -> Presence | None:
        """Why `seat`'s person, at another terminal, is not at the table now (`AWAY`: they
        came and went, or have not joined yet); None: there, or not known."""
        return None

    silent: bool = False
    """A request went to the game's host a while ago and no answer has come (a host that
    hangs; a line that went without a word)."""
    hands_over: bool = False
    """Whoever runs the game can hand an absent person's seat to a bot (a host's lobby)."""

    def seated(self, seat: int) -> None:
        """`seat`'s person now has the keyboard (their pass screen was answered)."""
        self.at_keyboard = seat

    def undo_owner(self) -> int | None:
        """The seat whose move undo would take back; None when there is nothing to undo."""
        return None

    def undo_needs_consent(self) -> bool:
        """Undo would take back a move of someone other than the person at the keyboard."""
        return False

    def undo(self) -> bool:
        return False

    def answer_undo(self, question: int, yes: bool) -> None:
        """This terminal's person answers `UndoAsked(question)`: may their move be taken back?"""

    def hand_seat(self) -> int:
        """Whose hand the board shows: the seat to act's (a hot-seat game, a replay, a watcher)."""
        return self.state.seat

    def redo(self) -> bool:
        return False

    def retry_save(self) -> str | None:
        """One more try at a save that failed; why it failed again, or None."""
        return None

    def close(self) -> None:
        """The views are gone: stop bots, make the final save, let go of the file."""

