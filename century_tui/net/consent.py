"""Undo over the network, on the host: a person takes back their own last move at once
(until the next person has moved); anyone else's move only once its owner agrees, on
their own screen. The rule is the hot-seat one (`LocalTable.undo_needs_consent`, with
the asker at the keyboard); what the network adds is the asking.

One question at a time per table. It is settled by the owner's answer, and void when the
game moves on, either of the two leaves, or no answer comes in time; the asker is told
why, in codes their client words in its own language.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import TYPE_CHECKING, Any, Iterable, Protocol

from msgspec import Struct

from century_tui.table import LocalTable, UndoAsked

from . import protocol as p
from .protocol import HostRefusal

if TYPE_CHECKING:
    from .clients import Client


class Question(Struct, eq=False):
    """`by` (at `asker`'s terminal) asks to take back `owner`'s move, in the position `epoch`."""

    number: int
    epoch: int
    by: int
    owner: int
    asker: Client
    timer: asyncio.TimerHandle | None = None


class Audience(Protocol):
    """The terminals of the game the desk serves (net.hosted.HostedTable): who is connected,
    and a word to each."""

    @property
    def clients(self) -> Iterable[Client]: ...
    def connected(self, seat: int) -> bool: ...
    def send(self, client: Client, text: str) -> None: ...
    def refuse_host(self, client: Client, code: HostRefusal, **params: Any) -> None: ...


class UndoDesk:
    """A hosted table's undo requests, and the question open to a move's owner."""

    def __init__(self, table: LocalTable, audience: Audience, *, consent: float) -> None:
        """`consent`: the seconds a move's owner has to answer."""
        self.table = table
        self.audience = audience
        self.consent = consent
        self.open: Question | None = None
        self.numbers = itertools.count(1)

    def request(self, client: Client, message: p.UndoRequest) -> None:
        t = self.table
        owner = t.undo_owner()
        if message.epoch != t.epoch:
            self.audience.refuse_host(client, HostRefusal.STALE)
            return
        if owner is None:
            self.audience.refuse_host(client, HostRefusal.NOTHING_TO_UNDO)
            return
        if self.open is not None:
            self.audience.refuse_host(client, HostRefusal.UNDO_PENDING, name=t.seats[self.open.owner].name)
            return
        by = message.seat if message.seat is not None else owner if owner in client.seats else client.seats[0]
        t.seated(by)
        if not t.undo_needs_consent() or owner in client.seats:  # their own, or agreed at that terminal
            t.undo()
            return
        if not self.audience.connected(owner):
            self.audience.refuse_host(client, HostRefusal.UNDO_OWNER_AWAY, name=t.seats[owner].name)
            return
        q = Question(next(self.numbers), t.epoch, by, owner, client)
        q.timer = asyncio.get_running_loop().call_later(self.consent, self.timed_out, q)
        self.open = q
        self.tell(q, True)

    def out_of_place(self, client: Client, message: p.UndoAnswer) -> bool:
        """An answer to the open question from a client it was not asked of."""
        q = self.open
        return q is not None and q.number == message.question and q.owner not in client.seats

    def answer(self, client: Client, message: p.UndoAnswer) -> None:
        q = self.open
        if q is None or q.number != message.question or q.owner not in client.seats:
            return  # settled a moment before (a timeout, a move): nothing to do
        if q.epoch != self.table.epoch:
            self.settle(q, HostRefusal.STALE)
        elif not message.yes:
            self.settle(q, HostRefusal.UNDO_DECLINED, name=self.table.seats[q.owner].name)
        else:
            self.settle(q, None)
            self.table.seated(q.by)
            self.table.undo()

    def timed_out(self, q: Question) -> None:
        self.settle(q, HostRefusal.UNDO_NO_ANSWER, name=self.table.seats[q.owner].name)

    def moved_on(self) -> None:
        """The game changed (a move, an undo, a redo): an open question is void."""
        if self.open is not None and self.open.epoch != self.table.epoch:
            self.settle(self.open, HostRefusal.STALE)

    def left(self, client: Client) -> None:
        """`client` went: a question it asked, or that only it could answer, is void."""
        q = self.open
        if q is None:
            return
        if q.asker is client:
            self.settle(q, None)
        elif q.owner in client.seats and not self.audience.connected(q.owner):
            self.settle(q, HostRefusal.UNDO_OWNER_AWAY, name=self.table.seats[q.owner].name)

    def welcomed(self, client: Client) -> None:
        """An owner who comes back (or takes their seat over) while asked is asked again."""
        q = self.open
        if q is not None and q.owner in client.seats:
            self.audience.send(client, said(q, True))

    def settle(self, q: Question, code: HostRefusal | None, **params: Any) -> None:
        """Close question `q`: every screen showing it lets it go; the asker hears `code`
        (None: nothing to say, the undo follows or the asker is gone)."""
        if self.open is not q:
            return
        self.open = None
        if q.timer is not None:
            q.timer.cancel()
        self.tell(q, False)
        if code is not None:
            self.audience.refuse_host(q.asker, code, **params)

    def tell(self, q: Question, open_: bool) -> None:
        text = said(q, open_)
        for client in list(self.audience.clients):
            if q.owner in client.seats or client is q.asker:
                self.audience.send(client, text)


def said(q: Question, open_: bool) -> str:
    return p.encode(p.message_of(UndoAsked(q.number, q.by, q.owner, open_)))
