"""What a table tells the views that watch it: one small record per change, in order.

Views draw from the table's state; a change says what happened so that a view can say it
(a log line, a toast, a pass screen) and redraw only what it must. The records carry no
Textual and no secrets (never the seed), so the same ones can travel to another terminal.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from msgspec import Struct, field

from century_tui.engine import Move
from century_tui.engine.events import Event


class Moved(Struct, frozen=True):
    """`seat` made `move`; the engine's `events` say what it did."""

    move: Move
    seat: int
    events: tuple[Event, ...]


class Rewound(Struct, frozen=True):
    """The history changed under the views: undo (`undo=True`) or redo. `by` asked for it
    (None: not known); `owner` made the first move taken back (or brought back)."""

    undo: bool
    by: int | None
    owner: int
    point: int
    """Index of the first move taken back (undo) or of the first move brought back (redo)."""


class Thinking(Struct, frozen=True):
    """A bot began to choose a move for `seat`."""

    seat: int


class BotFailed(Struct, frozen=True):
    """The bot playing `seat` could not choose its move (`reason`) at its `tries`-th try: it
    is tried again, or (`stood_in`) after its last try a legal move at random was played
    for it."""

    seat: int
    reason: str
    stood_in: bool
    tries: int = 1


class SaveChanged(Struct, frozen=True):
    """Saving began to fail (`error` says why) or works again (`error` is None)."""

    error: str | None


class Resynced(Struct, frozen=True):
    """The whole position came again (a table on another machine, after a reconnect or a
    missed change): views redraw from it. Nothing was played or taken back by it."""


class Presence(StrEnum):
    """Where a seat's person is, as a game's host tells the terminals that play it (its
    lobby, `protocol.SeatsMessage`): one word each on the wire."""

    BOT = "bot"
    """A bot plays the seat."""
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    """Its person came and went: the seat waits for them."""
    WAITING = "waiting"
    """Its person has not joined yet (the seat's code is not used)."""


AWAY = (Presence.DISCONNECTED, Presence.WAITING)
"""A person not at the table: the game waits for them."""


class SeatsChanged(Struct, frozen=True):
    """Whose person is at the table changed (a table on another machine: the host says who
    is connected): `gone` lost their connection, `back` came back. `Table.away` says it now."""

    gone: tuple[int, ...] = ()
    back: tuple[int, ...] = ()


class HostSilent(Struct, frozen=True):
    """A request went to the game's host and no answer came for a while (`silent`), or an
    answer came at last: `Table.silent` says it now."""

    silent: bool


class Refused(Struct, frozen=True):
    """A request the table passed on was refused where the game is played (a host answers
    after the asking): the words are `section`.`code` with `params` in the language files,
    as an engine refusal's (section "error") or the host's own ("refusal"); `reason` is in
    English."""

    section: str
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    reason: str = ""


class UndoAsked(Struct, frozen=True):
    """`by` asks to take back `owner`'s move, and `owner`, at another terminal, must agree on
    their own screen (their answer: `Table.answer_undo(question, yes)`). `open` is False
    once it is settled or void."""

    question: int
    by: int
    owner: int
    open: bool = True


REDRAWN = (Thinking, SeatsChanged, HostSilent)
"""The changes that move nothing in the game: a view only redraws what it shows."""

Change = Moved | Rewound | Thinking | BotFailed | SaveChanged | Resynced | Refused | UndoAsked | SeatsChanged | HostSilent
