"""Players that choose moves through the engine's legal moves."""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

LEVELS = ("random", "easy", "medium", "hard")


def make_bot(level: str, seed: int | None = None, budget_ms: int | None = None, max_nodes: int | None = None) -> Bot:
    """A bot by level name; ValueError for an unknown level. `budget_ms` and `max_nodes`
    cap search bots (a node cap makes the hard bot's move the same on any machine)."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed, budget_ms, max_nodes)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["Bot", "EasyBot", "HardBot", "LEVELS", "MediumBot", "RandomBot", "make_bot"]
