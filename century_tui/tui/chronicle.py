"""What a board shows of its game's past: the log and the running scores of the results' chart.

Both are replays from the seed (`journal`, `timeline`), and a table that holds its whole game
(local, replay) hands it over as an engine `Game`. A game played on a host keeps its seed
there: its table is told them (`PlayedElsewhere`, net.client.RemoteTable). The tables
themselves do not answer for the log: the simulator plays on them, and the log is words.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from century_tui import journal, timeline
from century_tui.engine import Game
from century_tui.journal import Entry
from century_tui.table import Moved, Table
from century_tui.timeline import Running


@runtime_checkable
class PlayedElsewhere(Protocol):
    """A table whose game is played on another machine: the log and the running scores come
    from there, with the views of the game."""

    def history(self, resumed: bool = False) -> list[Entry]:
        """The game's log so far (`resumed`: and the line that it goes on now)."""

    def log_lines(self, change: Moved) -> list[Entry]:
        """The log lines of the move `change` tells of, just made."""

    def running_scores(self) -> list[Running]:
        """Everyone's score round by round, once the game is over."""


def history(table: Table, resumed: bool = False) -> list[Entry]:
    """The log of `table`'s game so far (`resumed`: and the line that it goes on now)."""
    if isinstance(table, PlayedElsewhere):
        return table.history(resumed)
    return journal.history(whole(table), resumed)


def log_lines(table: Table, change: Moved) -> list[Entry]:
    """The log lines of the move `change` tells of, just made on `table`."""
    if isinstance(table, PlayedElsewhere):
        return table.log_lines(change)
    return journal.describe(change.events, whole(table))


def running_scores(table: Table) -> list[Running]:
    """Everyone's score round by round in `table`'s game (the results' chart)."""
    if isinstance(table, PlayedElsewhere):
        return table.running_scores()
    return timeline.running_scores(whole(table))


def whole(table: Table) -> Game:
    """The whole game of a table that holds it (seed and moves)."""
    game = table.game
    if not isinstance(game, Game):
        raise TypeError(f"{type(table).__name__} holds no whole game")
    return game
