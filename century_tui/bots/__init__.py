"""Players that choose moves through the engine's legal moves."""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot

LEVELS = ("random",)


def make_bot(level: str, seed: int | None = None, budget_ms: int | None = None) -> Bot:
    """A bot by level name; ValueError for an unknown level. `budget_ms` caps search bots."""
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["Bot", "LEVELS", "RandomBot", "make_bot"]
