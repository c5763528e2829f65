"""`century host`: games served over WebSockets to players at other terminals.

The host is the game's only truth. It owns one `LocalTable` per game (bots, autosave and
undo as in a local game) and checks every request against the current position and the
sender's seats with the engine; a client only ever asks. Clients get views (`view.py`),
never the seed or the decks' order.

A stranger on the port gets nothing: an invite code (from `secrets`, one use) or the token
it was exchanged for is asked within a few seconds; messages are capped in size and rate,
connections in number per address; anything malformed or out of place closes that one
connection with the reason and changes nothing in any game.
"""

from __future__ import annotations

import asyncio
import ssl
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from century_tui import storage
from century_tui.engine import Game
from century_tui.storage.autosaver import Saver
from century_tui.table import LocalTable

from . import protocol as p

from .clients import GOING_AWAY, POLICY, Client, Closed, Limits, public_address, said_goodbye
from .hosted import HostedTable


class Host:
    """A WebSocket server on one port, serving any number of tables."""

    def __init__(self, *, bind: str = "127.0.0.1", port: int = 0, limits: Limits | None = None,
                 bot_delay: float = 0.0, bot_budget_ms: int | None = None,
                 on_lobby: Callable[[HostedTable], None] | None = None,
                 tls: ssl.SSLContext | None = None, skin: str | None = None) -> None:
        """`tls`: serve wss:// with this context (`--tls-cert/--tls-key`); `skin`: the look
        the joins take unless they choose their own."""
        self.bind = bind
        self.tls = tls
        self.skin = skin
        self.requested_port = port
        self.limits = limits or Limits()
        self.tables: list[HostedTable] = []
        self.invites: dict[str, HostedTable] = {}
        """Every live code (seat or spectator) → its table."""
        self.tokens: dict[str, HostedTable] = {}
        self.per_address: Counter[str] = Counter()
        self.on_lobby = on_lobby
        self._pace = (bot_delay, bot_budget_ms)
        self._server: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writers: set[asyncio.Task] = set()
        self.hands_over = False
        """A person can hand a seat to a bot here (the lobby on a terminal): clients say so."""

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
        table = LocalTable(game, saver=saver, spawn=spawn, call_soon=loop.call_soon_threadsafe,
                           pace=lambda: self._pace)
        hosted = HostedTable(self, table)
        self.tables.append(hosted)
        table.start()
        return hosted

    def lobby_changed(self, hosted: HostedTable) -> None:
        hosted.tell_seats()
        if self.on_lobby is not None:
            self.on_lobby(hosted)

    # ------------------------------------------------------------ the server
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._server = await serve(self._serve, self.bind, self.requested_port, max_size=p.MAX_MESSAGE,
                                   ssl=self.tls, max_queue=16, ping_interval=20, ping_timeout=20, close_timeout=1,
                                   compression=None)

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
            await asyncio.wait([asyncio.ensure_future(self._goodbye(c)) for c in clients], timeout=2)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for hosted in self.tables:
            hosted.table.close()
        for task in list(self._writers):
            task.cancel()

    async def _goodbye(self, client: Client) -> None:
        reason = p.CLOSE_REASONS[p.FAREWELL]
        try:
            await client.ws.send(p.encode(p.Closing(reason=reason)))
            await client.ws.close(GOING_AWAY, reason)
        except ConnectionClosed:
            pass

    def send(self, client: Client, text: str) -> None:
        if not client.send(text, self.limits.outbox):
            self.drop(client, p.CLOSE_REASONS["too_slow"])

    def drop(self, client: Client, reason: str) -> None:
        """Close a client's connection from outside its own handler."""
        asyncio.ensure_future(client.ws.close(POLICY, reason[:120]))

    async def _serve(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.per_address[address] >= self.limits.per_address:
            await self._close(ws, p.CLOSE_REASONS["crowded"], 1013)
            return
        self.per_address[address] += 1
        client: Client | None = None
        hosted: HostedTable | None = None
        goodbye = False
        try:
            hosted, client = await self._hello(ws)
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
                client.over = 0
                hosted.request(client, self._parse(raw))
        except Closed as e:
            await self._close(ws, e.reason)
        except ConnectionClosed as e:
            goodbye = said_goodbye(e)
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            if hosted is not None and client is not None:
                hosted.left(client, goodbye=goodbye)
                client.outbox.put_nowait(None)
                self.lobby_changed(hosted)

    def _too_fast(self, hosted: HostedTable, client: Client) -> None:
        """A message past the rate: a player's is refused (a key held down), until a burst's
        worth in a row closes it as a flood would be; a spectator's closes at once."""
        client.over += 1
        if not client.seats or client.over > self.limits.burst:
            raise Closed(p.CLOSE_REASONS["too_fast"])
        hosted.refuse_host(client, p.HostRefusal.RATE_LIMITED)

    async def _hello(self, ws: ServerConnection) -> tuple[HostedTable, Client]:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.handshake)
        except TimeoutError:
            raise Closed("no hello in time") from None
        hello = self._parse(raw)
        if not isinstance(hello, p.Hello) or (hello.code is None) == (hello.token is None):
            raise Closed("expected a hello with a code or a token")
        if hello.code is not None:  # codes are lower case: one typed in capitals is the same
            hello = hello.model_copy(update={"code": hello.code.lower()})
        hosted = self.invites.get(hello.code) if hello.code else self.tokens.get(hello.token or "")
        if hosted is None:
            raise Closed(p.CLOSE_REASONS["used_code"] if hello.code else p.CLOSE_REASONS["unknown_token"])
        seats, token = hosted.admit(hello)
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
            text = await client.outbox.get()
            if text is None:
                return
            try:
                await client.ws.send(text)
            except ConnectionClosed:
                return

    async def _close(self, ws: ServerConnection, reason: str, code: int = POLICY) -> None:
        try:
            await ws.send(p.encode(p.Closing(reason=reason)))
            await ws.close(code, reason[:120])
        except ConnectionClosed:
            pass
