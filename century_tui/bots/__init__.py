"""Players that choose moves through the engine's legal moves. Which bots there are and how
one is made: `registry`. The bot classes load on first use, so reading the registry (the
settings do, for a default) does not load the search."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .registry import BUDGET_RANGE_MS, DEFAULT_BUDGET_MS, LEVELS, SEARCHING, make_bot

if TYPE_CHECKING:
    from .base import Bot
    from .easy import EasyBot
    from .hard import HardBot
    from .medium import MediumBot
    from .random_bot import RandomBot

_CLASSES = {"Bot": "base", "EasyBot": "easy", "HardBot": "hard", "MediumBot": "medium", "RandomBot": "random_bot"}


def __getattr__(name: str) -> object:
    if name in _CLASSES:
        return getattr(import_module(f".{_CLASSES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BUDGET_RANGE_MS", "Bot", "DEFAULT_BUDGET_MS", "EasyBot", "HardBot", "LEVELS", "MediumBot", "RandomBot",
           "SEARCHING", "make_bot"]
