"""A game in play, outside any screen: the views watch a table and ask it for moves."""

from .base import Listener, Table, needs_consent
from .changes import REDRAWN, Change, HostSilent, Moved, Refused, Resynced, Rewound, SaveChanged, SeatsChanged, Thinking, UndoAsked
from .inline import Inline
from .local import LocalTable, bot_seed
from .replay import ReplayTable

__all__ = [
    "REDRAWN", "Change", "HostSilent", "Inline", "Listener", "LocalTable", "Moved", "Refused", "ReplayTable", "Resynced", "Rewound",
    "SaveChanged", "SeatsChanged", "Table", "Thinking", "UndoAsked", "bot_seed", "needs_consent",
]
