"""A game in play, outside any screen: the views watch a table and ask it for moves."""

from .base import Listener, Table, needs_consent
from .changes import (
    AWAY, REDRAWN, Change, HostSilent, Moved, Presence, Refused, Resynced, Rewound, SaveChanged, SeatsChanged, Thinking,
    UndoAsked,
)
from .inline import Inline
from .local import LocalTable, bot_seed
from .replay import ReplayTable

__all__ = [
    "AWAY", "REDRAWN", "Change", "HostSilent", "Inline", "Listener", "LocalTable", "Moved", "Presence", "Refused", "ReplayTable",
    "Resynced", "Rewound",
    "SaveChanged", "SeatsChanged", "Table", "Thinking", "UndoAsked", "bot_seed", "needs_consent",
]
