"""A game in play, outside any screen: the views watch a table and ask it for moves."""

from .base import Listener, Table
from .changes import Change, Moved, Rewound, SaveChanged, Thinking
from .inline import Inline
from .local import LocalTable, bot_seed
from .replay import ReplayTable

__all__ = [
    "Change", "Inline", "Listener", "LocalTable", "Moved", "ReplayTable", "Rewound", "SaveChanged", "Table",
    "Thinking", "bot_seed",
]
