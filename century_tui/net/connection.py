"""A client's line to the host (`century join`, `century watch`): opening it (a hello, the
host's welcome), reading what the host sends, in order, sending requests, noticing a request
the host leaves unanswered, and saying why the line went. What the messages mean is the
table's (`client.RemoteTable`); this module knows only that they come and go.

Everything runs on the event loop of its owner (the app's, or a test's).
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Any, Callable

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from century_tui.text import t

from . import protocol as p
from .words import unreachable, worded

KEEPALIVE = (5.0, 10.0, 2.0)
"""Seconds between the pings websockets sends the host, how long it waits for the pong
before it calls the line lost, and for the host's part of the close after that: a host
that hangs is noticed within a quarter of a minute or so."""
SILENT_AFTER = 3.0
"""Seconds without an answer to a request before the board says it waits for the host."""


class JoinError(Exception):
    """The host could not be reached, or would not let this client in: `reason` says why."""

    def __init__(self, reason: str, *, unreachable: bool = False) -> None:
        self.unreachable = unreachable
        """The host was never reached (nothing listening, no such machine, no answer): no
        code was tried."""
        self.code = p.CLOSE_CODES.get(reason)
        """The reason's code (`protocol.CLOSE_REASONS`), None for one this version does not know."""
        reason = worded(reason)
        super().__init__(reason)
        self.reason = reason


def normal_code(code: str | None) -> str | None:
    """A code as the host issued it: codes are lower-case letters and digits, so one typed
    or read out in capitals is the same code (a token's case is its own: it is never typed)."""
    return None if code is None else code.strip().lower()


def url_of(address: str) -> str:
    """'HOST:PORT' (or a ws:// or wss:// URL) as the URL to connect to."""
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}"


async def welcomed(url: str, code: str | None, token: str | None, timeout: float, watch: bool = False,
                   tls: ssl.SSLContext | None = None) -> tuple[ClientConnection, p.Welcome]:
    """A connection to the host at `url` that said hello with an invite `code` or a `token`
    and was welcomed, within `timeout` seconds in all; JoinError if not. `tls` checks a
    wss:// host's certificate."""
    end = asyncio.get_running_loop().time() + timeout
    try:
        ws = await asyncio.wait_for(connect(url, max_size=4 * 1024 * 1024, open_timeout=timeout,
                                            additional_headers={p.FEATURES_HEADER: p.SEATS_FEATURE},
                                            ping_interval=KEEPALIVE[0], ping_timeout=KEEPALIVE[1],
                                            close_timeout=KEEPALIVE[2],
                                            **({} if tls is None else {"ssl": tls})), timeout)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as e:
        raise JoinError(unreachable(url, e, timeout), unreachable=True) from None
    try:
        hello = p.Hello(code=code, token=token, watch=watch)
    except ValidationError:  # not a code the host could have issued: refused as an unknown one is
        await ws.close()
        raise JoinError(p.CLOSE_REASONS["used_code"]) from None
    try:
        await ws.send(p.encode(hello))
        left = max(0.0, end - asyncio.get_running_loop().time())
        first = p.host_message.validate_json(await asyncio.wait_for(ws.recv(), left))
    except (ConnectionClosed, TimeoutError, ValidationError) as e:
        await ws.close()
        reason = e.rcvd.reason if isinstance(e, ConnectionClosed) and e.rcvd else str(e)
        raise JoinError(reason or p.CLOSE_REASONS["host_closed"]) from None
    if isinstance(first, p.Closing):
        await ws.close()
        raise JoinError(first.reason)
    if not isinstance(first, p.Welcome):
        await ws.close()
        raise JoinError(p.CLOSE_REASONS["not_welcomed"])
    return ws, first


class HostLine:
    """The line to the host, once welcomed: each message the host sends goes to `receive`,
    in order; `waiting(True)` when a request has had no answer for `SILENT_AFTER` seconds
    or the line went, `waiting(False)` at the host's next word; `lost(reason)` once, when
    the line goes (not on `close`)."""

    def __init__(self, ws: ClientConnection, url: str, tls: ssl.SSLContext | None, *,
                 receive: Callable[[Any], None], waiting: Callable[[bool], None],
                 lost: Callable[[str], None]) -> None:
        self.ws = ws
        self.url = url
        self.tls = tls
        """The TLS context of a wss:// host (None: the default one, or plain ws://)."""
        self.closed = False
        self.dropped: str | None = None
        """Why the connection went (None while it is up)."""
        self.drop_code: str | None = None
        """The code of why the line went (`protocol.CLOSE_REASONS`), if this version knows it."""
        self._receive = receive
        self._waiting = waiting
        self._lost = lost
        self._reader: asyncio.Task | None = None
        self._asked: asyncio.TimerHandle | None = None
        """Set while a request waits for the host's first word after it."""

    def start(self) -> None:
        """Read what the host sends, from now on."""
        self._reader = asyncio.create_task(self._read())

    async def reopen(self, code: str | None, token: str | None, timeout: float, watch: bool) -> p.Welcome:
        """A new connection after a drop (the same host, with the seat's token or a
        spectator's code); the host's welcome (`start` reads on). JoinError if it fails."""
        if self._reader is not None:
            self._reader.cancel()
        await self.ws.close()
        self.ws, welcome = await welcomed(self.url, code, token, timeout, watch, self.tls)
        self.dropped = None
        return welcome

    def send(self, message: p.Message) -> None:
        """Send `message` (dropped while the line is down or closed); a request, which the
        host answers, starts the wait for its answer."""
        if self.dropped is None and not self.closed:
            if self._asked is None and not isinstance(message, p.UndoAnswer):  # each has an answer
                self._asked = asyncio.get_running_loop().call_later(SILENT_AFTER, self._silent)
            asyncio.ensure_future(self._send_now(p.encode(message)))

    async def _send_now(self, text: str) -> None:
        try:
            await self.ws.send(text)
        except ConnectionClosed:
            pass  # the reader hears of it and says so

    def _silent(self) -> None:
        """No word from the host since a request: its views say they wait for it."""
        self._asked = None
        if not self.closed and self.dropped is None:
            self._waiting(True)

    def _stop_waiting(self) -> None:
        if self._asked is not None:
            self._asked.cancel()
            self._asked = None

    def answered(self) -> None:
        """A word from the host: nothing is waited for."""
        self._stop_waiting()
        self._waiting(False)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._stop_waiting()
        if self._reader is not None:
            self._reader.cancel()
        asyncio.ensure_future(self.ws.close())

    async def aclose(self) -> None:
        self.close()
        if self._reader is not None:
            try:
                await self._reader
            except asyncio.CancelledError:
                pass
        await self.ws.close()

    async def _read(self) -> None:
        reason = p.CLOSE_REASONS["host_closed"]
        unsaid: str | None = None
        """Why the line went when the host said nothing of it (its close frame never came)."""
        try:
            async for raw in self.ws:
                message = p.host_message.validate_json(raw)
                self.answered()
                if isinstance(message, p.Closing):
                    reason = message.reason
                else:
                    self._receive(message)
        except ConnectionClosed as e:
            if e.rcvd is not None and e.rcvd.reason:
                reason = e.rcvd.reason
            elif e.rcvd is None and not self.closed:  # no goodbye: it hung, or the line broke
                hung = e.sent is not None and e.sent.code == 1011  # websockets' keepalive gave up
                unsaid = t("join.no_answer" if hung else "join.line_broke")
        except ValidationError:
            reason = p.CLOSE_REASONS["not_understood"]
            await self.ws.close()
        if self.closed:
            self.answered()
        else:
            self.drop_code = None if unsaid else p.CLOSE_CODES.get(reason)
            self.dropped = reason = unsaid or worded(reason)
            self._stop_waiting()
            self._waiting(True)  # until the line comes back (`reopen`)
            self._lost(reason)
