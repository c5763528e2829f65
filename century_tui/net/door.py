"""The host's door: connections not yet admitted (no hello with a live code or token yet),
from their first byte. Each has `Limits.handshake` seconds (5) from its TCP connection to
its hello, its HTTP upgrade included; past it, it is closed. They have a small budget of
their own, by address and in all, apart from the admitted ones: a newcomer is never turned
away for it, the oldest waiting one is closed to make room. So a stranger who opens
connection after connection, from the address a seat's person comes from too (everyone
through one SSH tunnel comes from 127.0.0.1), never keeps that person out: their hello,
sent as soon as they connect, always finds a place."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from . import protocol as p
from .clients import POLICY, Limits, close_with


class Door:
    """The connections waiting to be admitted, in the order they came."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.waiting: dict[ServerConnection, tuple[str, asyncio.TimerHandle]] = {}
        """Each waiting connection → its address and the end of its time."""
        self._closers: set[asyncio.Task] = set()

    def arrived(self, connection: ServerConnection, address: str) -> None:
        """A TCP connection came: room is made for it (the oldest waiting from its address,
        or of all, is closed), and its time starts."""
        same = [c for c, (a, _) in self.waiting.items() if a == address]
        if len(same) >= self.limits.strangers_per_address:
            self.turn_away(same[0], p.CLOSE_REASONS["crowded"], 1013)
        elif len(self.waiting) >= self.limits.strangers:
            self.turn_away(next(iter(self.waiting)), p.CLOSE_REASONS["crowded"], 1013)
        late = asyncio.get_running_loop().call_later(self.limits.handshake, self.turn_away, connection,
                                                      "no hello in time", POLICY)
        self.waiting[connection] = (address, late)

    def admitted(self, connection: ServerConnection) -> None:
        """It said a hello that let it in (or it went): no longer waiting."""
        _, late = self.waiting.pop(connection, (None, None))
        if late is not None:
            late.cancel()

    left = admitted

    def turn_away(self, connection: ServerConnection, reason: str, code: int) -> None:
        """Close a waiting connection: with the reason if it is a WebSocket already, else
        (still in its HTTP upgrade, or silent) at once."""
        self.admitted(connection)
        if connection.protocol.state is State.OPEN:
            task = asyncio.ensure_future(close_with(connection, reason, code))
            self._closers.add(task)
            task.add_done_callback(self._closers.discard)
        else:
            connection.transport.abort()


class Arrival(ServerConnection):
    """A connection the door counts from its first moment (websockets' `create_connection`)."""

    def __init__(self, *args: Any, door: Door, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.door = door

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.door.arrived(self, str(peer[0]) if peer else "?")

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.door.left(self)
