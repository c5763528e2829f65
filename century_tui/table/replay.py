"""A saved game watched move by move: a table where nothing is played and nothing saved."""

from __future__ import annotations

from century_tui.engine import Game, IllegalMove, Move
from century_tui.engine.events import Event

from .base import Table


class ReplayTable(Table):
    """The position is always the replay of the file's first `at` moves, so stepping back
    is as exact as stepping forward."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.all_moves: list[Move] = list(game.moves)
        self._game = Game(game.seats, game.seed)

    @property
    def game(self) -> Game:
        return self._game

    @property
    def at(self) -> int:
        return len(self._game.moves)

    def play(self, move: Move) -> None:
        raise IllegalMove("R-END-2", "game_over")  # a replay is a game already played

    def goto(self, count: int) -> list[Event] | None:
        """Show the position after `count` moves (clamped): the events of the one move made
        when it is a step forward, else None (the views redraw from the history)."""
        count = max(0, min(count, len(self.all_moves)))
        if count == self.at + 1:
            return self._game.apply(self.all_moves[self.at])
        if count != self.at:
            self._game = Game(self._game.seats, self._game.seed, self.all_moves[:count])
        return None
