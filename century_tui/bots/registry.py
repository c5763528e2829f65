"""The bots a seat may name: their levels, weakest first, the thinking budget a searching bot
gets, and how each is made. The one list the command line, the new-game form, the settings
and the simulator read. It imports no bot until one is made, so the settings can read their
default budget without loading the search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .budget import BUDGET_RANGE_MS, DEFAULT_BUDGET_MS

if TYPE_CHECKING:
    from collections.abc import Callable

    from century_tui.bots.base import Bot

__all__ = ["BUDGET_RANGE_MS", "DEFAULT_BUDGET_MS", "LEVELS", "SEARCHING", "make_bot"]

LEVELS = ("random", "easy", "medium", "hard")
"""Every bot level, weakest first (the order the new-game form offers them)."""
SEARCHING = frozenset({"hard"})
"""The levels that search for their whole budget. In a game window they think in a process
of their own (`table.bot_processes`): in the window's interpreter, beside the board it
draws, the hard bot got through half the positions at 250 ms it does alone
(`benchmarks/hard_in_game.py`). The others choose in a millisecond, in a thread."""


def make_bot(level: str, seed: int | None = None, budget_ms: int | None = None, max_nodes: int | None = None,
             clock: Callable[[], float] | None = None) -> Bot:
    """A bot by level name; ValueError for an unknown level. `budget_ms` and `max_nodes`
    cap search bots (a node cap makes the hard bot's move the same on any machine);
    `clock` is what a search bot reads its budget on (default the wall clock)."""
    if level == "random":
        from century_tui.bots.random_bot import RandomBot

        return RandomBot(seed)
    if level == "easy":
        from century_tui.bots.easy import EasyBot

        return EasyBot(seed)
    if level == "medium":
        from century_tui.bots.medium import MediumBot

        return MediumBot(seed)
    if level == "hard":
        from century_tui.bots.hard import HardBot

        return HardBot(seed, budget_ms, max_nodes, clock=clock)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
