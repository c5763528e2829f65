"""`century host`: games served over WebSockets to players at other terminals.

The host is the game's only truth. It owns one `LocalTable` per game (bots, autosave and
undo as in a local game) and checks every request against the current position and the
sender's seats with the engine; a client only ever asks. Clients get views (`view.py`),
never the seed or the decks' order.

A stranger on the port gets nothing: an invite code (from `secrets`, one use) or the token
it was exchanged for is asked within a few seconds (`door.py`, where connections wait to be
admitted, in a budget of their own); messages are capped in size and rate; anything
malformed or out of place closes that one connection with the reason and changes nothing
in any game.
"""

from __future__ import annotations

import asyncio
import functools
import ssl
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from century_tui import storage
from century_tui.engine import Game
from century_tui.storage.autosaver import Saver
from century_tui.table import LocalTable
from century_tui.table.bot_processes import BotProcesses
from century_tui.text import t

from . import protocol as p

from .clients import GOING_AWAY, POLICY, Client, Closed, Limits, close_with, public_address, said_goodbye
from .door import Arrival, Door
from .hosted import HostedTable


ACCEPT_FAILED = "socket.accept() out of system resource"
"""asyncio's words for a connection it could not accept (EMFILE, ENFILE, ENOBUFS, ENOMEM)."""
CUT_AFTER = 2.0
"""Seconds a connection being closed has to take the close in before it is cut."""
HELD_PING = 2.0
"""Seconds the connection holding a seat has to answer a ping when its token comes again."""


class Host:
    """A WebSocket server on one port, serving any number of tables."""

    def __init__(self, *, bind: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 bot_delay: float = 0.0, bot_budget_ms: int | None = None,
                 on_lobby: Callable[[HostedTable], None] | None = None,
                 tls: ssl.SSLContext | None = None, skin: str | None = None,
                 bot_processes: BotProcesses | None = None) -> None:
        """`tls`: serve wss:// with this context (`--tls-cert/--tls-key`); `skin`: the look
        the joins take unless they choose their own; `bot_processes`: the bots think there,
        not on the host's threads (`century host`: its connections never wait for a bot)."""
        self.bind = bind
        self.tls = tls
        self.skin = skin
        self.requested_port = port
        self.limits = limits or Limits()
        self.tables: list[HostedTable] = []
        self.invites: dict[str, HostedTable] = {}
        """Every live code (seat or spectator) → its table."""
        self.tokens: dict[str, HostedTable] = {}
        self.door = Door(self.limits)
        self.on_lobby = on_lobby
        self._pace = (bot_delay, bot_budget_ms)
        self._server: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writers: set[asyncio.Task] = set()
        self.hands_over = False
        """A person can hand a seat to a bot here (the lobby on a terminal): clients say so."""
        self.on_notice: Callable[[HostedTable | None, str], None] | None = None
        """Told what the host's person should know (a bot that failed, accepts that fail):
        the lobby shows it."""
        self.accept_failures = 0
        self._loop_handler: Any = None
        self.bot_processes = bot_processes

    # ------------------------------------------------------------ the tables
    def register(self, code: str, hosted: HostedTable) -> str:
        self.invites[code] = hosted
        return code

    def unregister(self, code: str) -> None:
        self.invites.pop(code, None)

    def add(self, game: Game, *, save_path: Path | None = None, lock: storage.SaveLock | None = None,
            autosave: bool = True) -> HostedTable:
        """Serve `game` (bots and autosave as in a local game); call from the host's loop."""
        loop = asyncio.get_running_loop()

        def spawn(task) -> None:
            loop.run_in_executor(None, task)

        saver = Saver.for_game(save_path, lock, enabled=autosave, spawn=spawn, call_soon=loop.call_soon_threadsafe)
        think = self.bot_processes.thinker(game) if self.bot_processes is not None else None
        table = LocalTable(game, saver=saver, spawn=spawn, call_soon=loop.call_soon_threadsafe,
                           pace=lambda: self._pace, think=think, durable=True)  # on disk before any client sees it
        hosted = HostedTable(self, table)
        self.tables.append(hosted)
        table.start()
        return hosted

    def notice(self, hosted: HostedTable | None, line: str) -> None:
        """Say `line` (about `hosted`, or the whole host) to the host's person."""
        if self.on_notice is not None:
            self.on_notice(hosted, line)

    def lobby_changed(self, hosted: HostedTable) -> None:
        hosted.tell_seats()
        if self.on_lobby is not None:
            self.on_lobby(hosted)

    # ------------------------------------------------------------ the server
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the host has not started"
        return self._loop

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop_handler = self._loop.get_exception_handler()
        self._loop.set_exception_handler(self._loop_error)
        self._server = await serve(self._serve, self.bind, self.requested_port, max_size=p.MAX_MESSAGE,
                                   ssl=self.tls, max_queue=16, ping_interval=20, ping_timeout=20, close_timeout=1,
                                   compression=None, open_timeout=self.limits.handshake,
                                   create_connection=functools.partial(Arrival, door=self.door))

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    @property
    def address(self) -> str:
        """What the others type to reach this host: the machine's name when it listens
        everywhere, and wss:// before it when it speaks TLS."""
        address = public_address(self.bind, self.port)
        return f"wss://{address}" if self.tls is not None else address

    async def close(self) -> None:
        """Say goodbye to every client (the host stopped: not a lost line), stop serving and
        close every table (the last saves, the files let go)."""
        clients = [c for hosted in self.tables for c in hosted.clients]
        if clients:
            farewell = p.CLOSE_REASONS[p.FAREWELL]
            await asyncio.wait([asyncio.ensure_future(close_with(c.ws, farewell, GOING_AWAY)) for c in clients],
                               timeout=2)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for hosted in self.tables:
            hosted.table.close()
        if self.bot_processes is not None:
            self.bot_processes.close()
        for task in list(self._writers):
            task.cancel()
        if self._loop is not None and self._loop.get_exception_handler() == self._loop_error:
            self._loop.set_exception_handler(self._loop_handler)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A connection the system would not let the host accept (its open files ran out,
        say: asyncio tries again each second) is said once, not with a traceback a try;
        anything else goes where it went before."""
        if context.get("message") == ACCEPT_FAILED:
            self.accept_failures += 1
            if self.accept_failures == 1:
                error = context.get("exception")
                reason = storage.os_reason(error) if isinstance(error, OSError) else str(error)
                self.notice(None, t("cli.host_accept_failed", reason=reason))
        elif self._loop_handler is not None:
            self._loop_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    def send(self, client: Client, text: str | bytes) -> None:
        """Queue a message (bytes: already UTF-8, as a message for every client is encoded once)."""
        data = text if isinstance(text, bytes) else text.encode()
        if not client.dropped and not client.send(data, self.limits.outbox):
            self.drop(client, p.CLOSE_REASONS["too_slow"])

    def drop(self, client: Client, reason: str) -> None:
        """Close a client's connection from outside its own handler."""
        client.dropped = True
        asyncio.ensure_future(self._drop(client.ws, reason[:120]))

    @staticmethod
    async def _drop(ws: ServerConnection, reason: str) -> None:
        """Close `ws`; one that reads nothing never takes the close in, so past the close's
        own time it is cut."""
        try:
            await asyncio.wait_for(ws.close(POLICY, reason), CUT_AFTER)
        except TimeoutError:
            ws.transport.abort()

    async def _serve(self, ws: ServerConnection) -> None:
        client: Client | None = None
        hosted: HostedTable | None = None
        goodbye = False
        try:
            hosted, client = await self._hello(ws)
            await self._not_held(hosted, client)
            writer = asyncio.create_task(self._write(client))
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
            hosted.welcome(client)
            self.lobby_changed(hosted)
            while True:
                raw = await ws.recv()
                if not client.spend(self.limits.rate, self.limits.burst):
                    self._too_fast(hosted, client)
                    continue
                hosted.request(client, self._parse(raw))
        except Closed as e:
            await close_with(ws, e.reason)
        except ConnectionClosed as e:
            goodbye = said_goodbye(e)
        finally:
            self.door.left(ws)
            if hosted is not None and client is not None:
                hosted.left(client, goodbye=goodbye)
                client.outbox.put_nowait(None)
                self.lobby_changed(hosted)

    async def _not_held(self, hosted: HostedTable, client: Client) -> None:
        """A seat's token said again while a connection holds the seat: that one is asked
        for a pong. It answers: the seat is in use, this one is refused. It does not: its line
        is dead (a laptop closed, a kill -9 whose close never came), and the new one takes over."""
        holder = hosted.holder(client.token)
        if holder is None:
            return
        try:
            await asyncio.wait_for(await holder.ws.ping(), HELD_PING)
        except (TimeoutError, ConnectionClosed):
            return
        raise Closed(p.CLOSE_REASONS["seat_held"])

    def _too_fast(self, hosted: HostedTable, client: Client) -> None:
        """A message past the rate: a player's is refused (a key held down), until a burst's
        worth of them piled up (`Client.over`) closes it as a flood; a spectator's closes at once."""
        client.over += 1
        if not client.seats or client.over > self.limits.burst:
            raise Closed(p.CLOSE_REASONS["too_fast"])
        hosted.refuse_host(client, p.HostRefusal.RATE_LIMITED)

    async def _hello(self, ws: ServerConnection) -> tuple[HostedTable, Client]:
        hello = self._parse(await ws.recv())  # the door closes it when its time is up
        if not isinstance(hello, p.Hello) or (hello.code is None) == (hello.token is None):
            raise Closed("expected a hello with a code or a token")
        if hello.code is not None:  # codes are lower case: one typed in capitals is the same
            hello = hello.model_copy(update={"code": hello.code.lower()})
        hosted = self.invites.get(hello.code) if hello.code else self.tokens.get(hello.token or "")
        if hosted is None:
            raise Closed(p.CLOSE_REASONS["used_code"] if hello.code else p.CLOSE_REASONS["unknown_token"])
        seats, token = hosted.admit(hello)
        self.door.admitted(ws)
        named = ws.request.headers.get(p.FEATURES_HEADER, "") if ws.request is not None else ""
        return hosted, Client(ws, seats, token, allowance=float(self.limits.burst),
                              features=frozenset(named.split()[:8]))

    @staticmethod
    def _parse(raw: str | bytes) -> Any:
        if isinstance(raw, bytes):
            raise Closed("binary message")
        try:
            return p.client_message.validate_json(raw)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise Closed(f"malformed message: {where} {first['type']}"[:120]) from None

    async def _write(self, client: Client) -> None:
        while True:
            data = await client.outbox.get()
            if data is None:
                return
            try:
                await client.ws.send(data, text=True)
            except ConnectionClosed:
                return
            finally:
                client.sent(data)
