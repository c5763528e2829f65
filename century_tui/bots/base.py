"""What every bot is: a name and `choose(state) -> move`, through the engine's legal moves."""

from __future__ import annotations

from typing import Protocol

from century_tui.engine import Move, State


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Move:
        """A legal move for `state.seat`. Must not read the face-down decks' order."""
        ...
