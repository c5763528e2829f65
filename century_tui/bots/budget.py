"""How long a searching bot thinks about a move: the default and the range a player may set.

A module of its own so that the hard bot can read its default and the registry, which
makes the hard bot, can offer it, neither importing the other."""

from __future__ import annotations

DEFAULT_BUDGET_MS = 1000
"""How long a searching (hard) bot thinks about one move unless told otherwise."""
BUDGET_RANGE_MS = (50, 60_000)
"""The thinking budgets a player may set (settings file or --budget-ms), in ms."""
