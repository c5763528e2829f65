"""A table whose game is played on another machine (`century join` and `century watch`).

`RemoteTable` is a `Table` like the local one, so the usual board plays on it: it shows
the host's latest view, checks a move with the rules before it asks the host for it, and
tells its views of each change the host sends, in order. Nothing changes here until the
host says so; the host decides, and refuses what the seat may not do. The line itself (the
hello, the reading, a request left unanswered, a drop) is `connection.HostLine`'s.
"""

from __future__ import annotations

import ssl
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection

from century_tui.engine import IllegalMove, Move
from century_tui.engine.save import move_from_dict
from century_tui.engine.save_doc import move_to_dict
from century_tui.journal import Entry, move_lines, opening
from century_tui.table import (
    AWAY, Change, HostSilent, Moved, Presence, Resynced, SeatsChanged, Table, needs_consent,
)
from century_tui.timeline import Running

from . import protocol as p
from .connection import HostLine, JoinError, normal_code, url_of, welcomed
from .presence import seat_news
from .protocol import event_from_dict
from .view import RemoteGame, View, entry_of, running_of
from .words import refusal_of

__all__ = ["JoinError", "RemoteTable", "change_of", "normal_code", "url_of"]


class RemoteTable(Table):
    """The host's game, seen from here: its view, its changes, and requests to it."""

    played_here = False

    def __init__(self, ws: ClientConnection, welcome: p.Welcome, url: str, tls: ssl.SSLContext | None = None) -> None:
        super().__init__()
        self.line = HostLine(ws, url, tls, receive=self.receive, waiting=self._waiting, lost=self._lost)
        self.skin = welcome.skin
        """The host's skin (None: it has none to offer)."""
        self.mine = tuple(welcome.seats)
        """The seats played at this terminal (none: a spectator)."""
        self.token = welcome.token
        self.code: str | None = None
        """A spectator's code (it can be used again); a player comes back with the token."""
        self.seq = welcome.seq
        self.refusals: list[p.Refused] = []
        """Requests the host refused, latest last (a race the checks here could not see)."""
        self._view: View = welcome.view
        self._game = RemoteGame(welcome.view)
        self._journal: list[Entry] = self._entries(welcome.view) or []
        """The game's log: the host's whole log from a full view, and each move's lines
        written here from its events since."""
        self._copy_flags(welcome.view)
        self._on_drop: list[Callable[[str], None]] = []
        self.status: tuple[Presence, ...] | None = None
        """Where each seat's person is, as the host last said (None: it has not said)."""
        self.said_gone: set[int] = set()
        """The seats whose person is away, as this terminal was told (`presence.seat_news`)."""
        self._after_drop = False

    # ------------------------------------------------------------ the line
    @classmethod
    async def connect(cls, address: str, *, code: str | None = None, token: str | None = None,
                      watch: bool = False, timeout: float = 10.0, tls: ssl.SSLContext | None = None) -> RemoteTable:
        """Join the host at `address` with an invite code (or a token), to play or, with
        `watch`, to watch (a seat's code is then refused, and stays unspent); JoinError if
        it fails. `tls` checks a wss:// host's certificate (a self-signed one: its own)."""
        url = url_of(address)
        code = normal_code(code)
        ws, welcome = await welcomed(url, code, token, timeout, watch, tls)
        table = cls(ws, welcome, url, tls)
        table.code = code if welcome.token is None else None  # a spectator's code serves again
        table.line.start()
        return table

    async def reconnect(self, timeout: float = 10.0) -> None:
        """Come back after a drop with this seat's token (a spectator with its code):
        the whole view again, and the views hear of it as a rewind to the present."""
        if self.token is None and self.code is None:
            raise JoinError(p.CLOSE_REASONS["no_token"])
        code = None if self.token is not None else self.code
        welcome = await self.line.reopen(code, self.token, timeout, watch=not self.mine)
        self.status, self._after_drop = None, True  # who else went meanwhile: most likely the host's outage
        self.line.answered()
        self._full(welcome.seq, welcome.view)
        self.line.start()

    @property
    def ws(self) -> ClientConnection:
        return self.line.ws

    @property
    def closed(self) -> bool:
        return self.line.closed

    @property
    def dropped(self) -> str | None:
        """Why the connection went (None while it is up)."""
        return self.line.dropped

    @property
    def drop_code(self) -> str | None:
        """The code of why the line went (`protocol.CLOSE_REASONS`), if this version knows it."""
        return self.line.drop_code

    def on_drop(self, listener: Callable[[str], None]) -> None:
        """Call `listener(reason)` when the connection goes (not on `close`)."""
        self._on_drop.append(listener)

    def _lost(self, reason: str) -> None:
        for listener in list(self._on_drop):
            listener(reason)

    def _waiting(self, waiting: bool) -> None:
        """The views wait for the host (or no longer do), said when it changes."""
        if self.silent != waiting:
            self.silent = waiting
            self.emit(HostSilent(waiting))

    def close(self) -> None:
        self.line.close()

    async def aclose(self) -> None:
        await self.line.aclose()

    # ------------------------------------------------------------ what views read
    @property
    def game(self) -> RemoteGame:  # type: ignore[override]
        return self._game

    @property
    def view(self) -> View:
        return self._view

    # what needs the seed, which the host keeps: told here (`tui.chronicle.PlayedElsewhere`)
    def history(self, resumed: bool = False) -> list[Entry]:
        return self._journal + (opening(self._game, resumed=True) if resumed else [])

    def log_lines(self, change: Moved) -> list[Entry]:
        return move_lines(change.events, self._game)

    def running_scores(self) -> list[Running]:
        """As the host told them with the last whole view of a finished game (none before)."""
        return running_of(self._view) or []

    def plays_here(self, seat: int) -> bool:
        return seat in self.mine

    def undo_owner(self) -> int | None:
        """Whose move undo would take back (a watcher takes back nothing): this terminal's
        own at once, anyone else's once they agree on their own screen."""
        return self._view.undo_owner if self.mine else None

    def undo_needs_consent(self) -> bool:
        """The hot-seat rule among the people at this terminal: the board asks here. An
        owner at another terminal is asked by the host, on their own screen."""
        owner = self.undo_owner()
        return owner in self.mine and needs_consent(owner, self.at_keyboard, len(self.mine))

    def hand_seat(self) -> int:
        """This terminal's own hand: its person's, or of the people sharing it, whoever is
        to play or last played. A watcher sees the seat to act's, as at a hot-seat table."""
        seat = self.state.seat
        if not self.mine or seat in self.mine:
            return seat
        return self.at_keyboard if self.at_keyboard in self.mine else self.mine[0]

    def away(self, seat: int) -> Presence | None:
        """Why `seat`'s person is not at the table, as the host says (None: connected, a
        bot, this terminal's own, or the host has not said)."""
        if self.status is None or seat in self.mine or seat >= len(self.status):
            return None
        status = self.status[seat]
        return status if status in AWAY else None

    # ------------------------------------------------------------ what views ask
    def play(self, move: Move) -> None:
        """Ask the host for `move`; IllegalMove at once if the rules or the seat forbid it.
        The move shows when the host's change comes back."""
        s = self.state
        if self.closed or s.is_over:
            raise IllegalMove("R-END-2", "game_over")
        if s.seat not in self.mine:
            raise IllegalMove("R-TURN-1", "not_your_turn", name=self.seats[s.seat].name)
        s.clone().apply(move)  # the rules' refusal, here and now (the decks' cards are not needed)
        self._send(p.MoveRequest(epoch=self.epoch, move=move_to_dict(move)))

    def undo(self) -> bool:
        """Ask the host to take the last person's move back (as the person at the keyboard)."""
        if self.closed or self.undo_owner() is None:
            return False
        by = self.at_keyboard if self.at_keyboard in self.mine else None
        self._send(p.UndoRequest(epoch=self.epoch, seat=by))
        return True

    def answer_undo(self, question: int, yes: bool) -> None:
        self._send(p.UndoAnswer(question=question, yes=yes))

    def redo(self) -> bool:
        """Ask the host to play the next move taken back again (the host says why not: it
        is the seat to act's own move to bring back)."""
        if self.closed or not self.mine or not self._game.redo_moves:
            return False
        self._send(p.RedoRequest(epoch=self.epoch))
        return True

    def resync(self) -> None:
        self._send(p.ViewRequest())

    def _send(self, message: p.Message) -> None:
        self.line.send(message)

    # ------------------------------------------------------------ what the host says
    def receive(self, message: Any) -> None:
        """Apply one message from the host (in the order they came)."""
        if isinstance(message, p.Refused):
            self.refusals.append(message)
            self.emit(refusal_of(message))
        elif isinstance(message, p.UndoQuestion):
            if message.by in range(self.state.n) and message.owner in range(self.state.n):
                self.emit(p.record_of(message))
        elif isinstance(message, p.SeatsMessage):
            self._seats(message)
        elif isinstance(message, (p.FullView, p.Welcome)):
            self._full(message.seq, message.view)
        elif isinstance(message, p.ChangeMessage):
            if message.seq != self.seq + 1:  # one went missing: the whole view again
                self.resync()
                return
            self.seq = message.seq
            self._changed(message.change, message.view)

    def _seats(self, message: p.SeatsMessage) -> None:
        """The host says where each seat's person is: who went and who came back, said."""
        before, self.status = self.status, tuple(message.status)
        self.hands_over = message.hands_over
        gone, back, self.said_gone = seat_news(before, self.status, self.mine, self.said_gone,
                                               after_drop=self._after_drop)
        self._after_drop = False
        self.emit(SeatsChanged(gone, back))

    def _full(self, seq: int, view: View) -> None:
        """A whole view: the views redraw from it, as after an undo."""
        self.seq = seq
        self._set(view)
        self.emit(Resynced())

    def _changed(self, model: Any, view: View) -> None:
        change = change_of(model)
        self._set(view, lines=change.events if isinstance(change, Moved) else None)
        self.emit(change)

    def _set(self, view: View, lines: tuple | None = None) -> None:
        """Take `view` as the game now; a move's log lines are written from its events."""
        self._view = view
        self._game = RemoteGame(view)
        entries = self._entries(view)
        if entries is not None:
            self._journal = entries
        elif lines is not None:
            self._journal.extend(move_lines(list(lines), self._game))
        self._copy_flags(view)

    @staticmethod
    def _entries(view: View) -> list[Entry] | None:
        return None if view.log is None else [entry_of(e) for e in view.log]

    def _copy_flags(self, view: View) -> None:
        self.epoch = view.epoch
        self.thinking = view.thinking
        self.save_error = view.save_error


def change_of(model: Any) -> Change:
    """The table change record a change message carries."""
    if isinstance(model, p.MovedChange):
        events = tuple(event_from_dict(e) for e in model.events)
        return Moved(move_from_dict(model.move), model.seat, events)
    return p.record_of(model)
