"""What the screens and widgets ask of the app they run in, and nothing more.

A screen reaches the game's app through `window(self)`, typed by the protocol `Window`,
never through the app's class: the app (`tui/app.py`) imports the screens, no screen or
widget imports the app, so each can be read on its own and tried in a bare Textual app.
The lobby reads the host the same way (`tui/lobby.py`: `Hosting`, `Served`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from century_tui.engine import Game, GameRecord
    from century_tui.storage import SaveLock
    from century_tui.table import Table
    from century_tui.timeline import Running


@runtime_checkable
class Window(Protocol):
    """The game's app, as its screens see it: the switches in force (each one assigned is
    switched live and remembered, `tui/switches.py`), the game in play, and the doors to
    another game."""

    skin: str
    language: str
    cube_code: str
    handoff: bool
    """The pass screen shows between two people."""
    bot_delay_ms: int
    """How long a bot's move lasts at least (the palette's bot speed)."""
    hints_ticked: bool
    """`--hints`: the new-game form offers hints ticked."""
    table: Table | None
    """The game in play (None on the new-game form)."""

    def start_game(self, game: Game, path: Path | None = None, *, resumed: bool = False,
                   lock: SaveLock | None = None) -> None:
        """Show the board of `game`, saved to `path` (None: a new file of its own)."""

    def open_new_game(self) -> None:
        """The new-game form, in place of the game in play."""

    def show_results(self, game: GameRecord, running: list[Running]) -> None:
        """The results of `game` over the screen on show (not twice), `running` its chart."""

    def unsaved_warning(self, key: str) -> bool:
        """True (and the player told, in words `key`) when leaving the game now would lose moves."""

    def set_bot_speed(self, speed: str) -> None:
        """How long a bot's move lasts at least, by name (`storage.BOT_SPEEDS`)."""

    def action_help(self) -> None:
        """The help screen."""


def window(node: DOMNode) -> Window:
    """The game's app `node` runs in; TypeError in any other app (a widget tried alone)."""
    app = node.app
    if not isinstance(app, Window):
        raise TypeError(f"{node!r} runs in {type(app).__name__}, not in the game's app")
    return app
