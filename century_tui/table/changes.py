"""What a table tells the views that watch it: one small record per change, in order.

Views draw from the table's state; a change says what happened so that a view can say it
(a log line, a toast, a pass screen) and redraw only what it must. The records carry no
Textual and no secrets (never the seed), so the same ones can travel to another terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from century_tui.engine import Move
from century_tui.engine.events import Event


@dataclass(frozen=True, slots=True)
class Moved:
    """`seat` made `move`; the engine's `events` say what it did."""

    move: Move
    seat: int
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Rewound:
    """The history changed under the views: undo (`undo=True`) or redo. `by` asked for it
    (None: not known); `owner` made the first move taken back (or brought back)."""

    undo: bool
    by: int | None
    owner: int
    point: int
    """Index of the first move taken back (undo) or of the first move brought back (redo)."""


@dataclass(frozen=True, slots=True)
class Thinking:
    """A bot began to choose a move for `seat`."""

    seat: int


@dataclass(frozen=True, slots=True)
class SaveChanged:
    """Saving began to fail (`error` says why) or works again (`error` is None)."""

    error: str | None


Change = Moved | Rewound | Thinking | SaveChanged
