"""A connection to the host: what it may do (`Limits`), what the host keeps of it
(`Client`), and the invite codes it may say."""

from __future__ import annotations

import asyncio
import secrets
import socket
import time

from msgspec import Struct, field
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol as p

NORMAL = 1000  # the WebSocket close code for an end both sides meant (a person quitting)
POLICY = 1008  # ... for a message that broke the protocol's rules
GOING_AWAY = 1001  # ... for a side that goes away (a server that stops, a browser tab closed)


CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""No 0/o, 1/l/i: a code read aloud or copied by hand stays right; no '-' to start one
(the command line would take it for an option)."""


def said_goodbye(closed: ConnectionClosed) -> bool:
    """Whether the other end ended the connection itself, as a person quitting does (a
    normal or going-away close it sent first), not a line that broke or a close of ours."""
    return bool(closed.rcvd_then_sent) and closed.rcvd is not None and closed.rcvd.code in (NORMAL, GOING_AWAY)


def public_address(bind: str, port: int) -> str:
    """HOST:PORT as others type it to reach a server bound to `bind`: the machine's name
    when it listens everywhere."""
    name = socket.gethostname() if bind in ("0.0.0.0", "::", "") else bind
    return f"[{name}]:{port}" if ":" in name else f"{name}:{port}"


def new_code() -> str:
    """An invite code: 12 letters from `secrets`, about 59 bits, short enough to paste."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(12))


class Limits(Struct):
    """What one connection may do before the host closes it."""

    handshake: float = 5.0
    """Seconds from a connection's first moment to its hello (`door.py`)."""
    strangers_per_address: int = 8
    """Connections from one address not yet admitted (no hello yet)..."""
    strangers: int = 64
    """...and from all addresses: past either, the oldest waiting one is closed."""
    rate: float = 20.0
    """Messages a second, on average..."""
    burst: int = 40
    """...and at most this many at once."""
    outbox: int = 1 << 20
    """Bytes queued for a client that does not read them (a MiB, some hundred full views):
    past this it is dropped."""
    consent: float = 60.0
    """Seconds a move's owner has to answer another person's undo."""


class Client(Struct, eq=False):
    """One open connection, after its hello."""

    ws: ServerConnection
    seats: tuple[int, ...]
    token: str | None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    queued: int = 0
    """Bytes in the outbox, and the message being written."""
    dropped: bool = False
    """Its close is under way: nothing more is queued for it."""
    allowance: float = 0.0
    checked: float = field(default_factory=time.monotonic)
    over: float = 0.0
    """Messages refused for the rate, leaking away at the rate: a player's are refused
    until a burst's worth piled up, then it is closed. A key held down refuses a few; a
    sender that stays over the rate piles them up, however many get through between."""
    features: frozenset[str] = frozenset()
    """What it understands beyond the first messages (`protocol.FEATURES_HEADER`)."""

    def send(self, data: bytes, limit: int) -> bool:
        """Queue `data` (a message, UTF-8), unless it would take the outbox past `limit` bytes."""
        if self.queued + len(data) > limit:
            return False
        self.queued += len(data)
        self.outbox.put_nowait(data)
        return True

    def sent(self, data: bytes) -> None:
        """`data` left the outbox: written, or given up with the connection."""
        self.queued -= len(data)

    def spend(self, rate: float, burst: int) -> bool:
        """A token bucket: False when the client sends faster than it may."""
        now = time.monotonic()
        elapsed = now - self.checked
        self.allowance = min(burst, self.allowance + elapsed * rate)
        self.over = max(0.0, self.over - elapsed * rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


async def close_with(ws: ServerConnection, reason: str, code: int = POLICY) -> None:
    """Say why (`Closing`), then close with `code`."""
    try:
        await ws.send(p.encode(p.Closing(reason=reason)))
        await ws.close(code, reason[:120])
    except ConnectionClosed:
        pass


class Closed(Exception):
    """Close this connection, for `reason`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
