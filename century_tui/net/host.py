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
import secrets
import socket
import ssl
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from century_tui import storage
from century_tui.engine import Game, IllegalMove
from century_tui.engine.save import move_from_dict, move_to_dict
from century_tui.storage.autosaver import Saver
from century_tui.table import Change, LocalTable, Moved, Rewound, SaveChanged, Thinking

from . import protocol as p
from .consent import UndoDesk
from .view import event_to_dict, view_of

POLICY = 1008  # the WebSocket close code for a message that broke the protocol's rules


CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""No 0/o, 1/l/i: a code read aloud or copied by hand stays right; no '-' to start one
(the command line would take it for an option)."""


def new_code() -> str:
    """An invite code: 12 letters from `secrets`, about 59 bits, short enough to paste."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(12))


@dataclass
class Limits:
    """What one connection may do before the host closes it."""

    handshake: float = 5.0
    """Seconds to say hello in."""
    per_address: int = 8
    """Open connections from one address."""
    rate: float = 20.0
    """Messages a second, on average..."""
    burst: int = 40
    """...and at most this many at once."""
    outbox: int = 1000
    """Messages queued for a client that does not read them: past this it is dropped."""
    consent: float = 60.0
    """Seconds a move's owner has to answer another person's undo."""


@dataclass(eq=False)
class Client:
    """One open connection, after its hello."""

    ws: ServerConnection
    seats: tuple[int, ...]
    token: str | None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    allowance: float = 0.0
    checked: float = field(default_factory=time.monotonic)
    over: int = 0
    """Messages in a row sent past the rate: a player's are refused, then it is closed."""

    def send(self, text: str, limit: int) -> bool:
        if self.outbox.qsize() >= limit:
            return False
        self.outbox.put_nowait(text)
        return True

    def spend(self, rate: float, burst: int) -> bool:
        """A token bucket: False when the client sends faster than it may."""
        now = time.monotonic()
        self.allowance = min(burst, self.allowance + (now - self.checked) * rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class Closed(Exception):
    """Close this connection, for `reason`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class HostedTable:
    """One game served: its table, its invite codes and tokens, its connected clients."""

    def __init__(self, host: Host, table: LocalTable) -> None:
        self.host = host
        self.table = table
        self.codes: dict[str, tuple[int, ...]] = {}
        """Unused invite codes → the seats they give."""
        self.tokens: dict[str, tuple[int, ...]] = {}
        self.clients: set[Client] = set()
        self.seq = 0  # the number of the last change sent
        self.undos = UndoDesk(self)
        table.subscribe(self._changed)
        for seat, s in enumerate(table.seats):
            if s.is_human:
                self.issue(seat)
        self.watch_code = self.host.register(new_code(), self)

    @property
    def name(self) -> str:
        """What the lobby calls this table: its save file's name."""
        path = self.table.save_path
        if path is not None:
            return path.name
        tables = self.host.tables
        return f"#{tables.index(self) + 1 if self in tables else len(tables) + 1}"

    # ------------------------------------------------------------ codes
    def issue(self, seat: int) -> str:
        """A new invite code for `seat`; any code or token for it before is void, and a
        connection holding the seat is closed (a code sent to the wrong person, a player
        whose terminal was lost and who comes back with the new one)."""
        self.let_go(seat, "the host issued a new code for this seat")
        code = self.host.register(new_code(), self)
        self.codes[code] = (seat,)
        self.host.lobby_changed(self)
        return code

    def revoke(self, code: str) -> None:
        self.codes.pop(code, None)
        self.host.unregister(code)

    def let_go(self, seat: int, reason: str) -> None:
        """No code or token gives `seat` any more; whoever holds it now is let go, with `reason`."""
        for code, seats in list(self.codes.items()):
            if seat in seats:
                self.revoke(code)
        for token, seats in list(self.tokens.items()):
            if seat in seats:
                del self.tokens[token]
                self.host.tokens.pop(token, None)
        for client in [c for c in self.clients if seat in c.seats]:
            client.seats = ()  # what it sends before the close is refused
            self.clients.discard(client)
            self.host.drop(client, reason)

    def hand_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now on (its person left, or never came): its
        code and token are void, and every client sees the seat change."""
        self.let_go(seat, "the host handed this seat to a bot")
        self.table.hand_to_bot(seat, level)
        for client in list(self.clients):
            self.resync(client)
        self.host.lobby_changed(self)

    def status(self, seat: int) -> str:
        """Where `seat` stands: "bot", "connected", "disconnected" (its person came and
        went: the seat waits) or "waiting" (its code is not used yet)."""
        if not self.table.seats[seat].is_human:
            return "bot"
        if self.connected(seat):
            return "connected"
        return "disconnected" if any(seat in seats for seats in self.tokens.values()) else "waiting"

    def join_command(self, seat: int) -> str | None:
        """The ready-to-paste line for `seat`'s person (None once its code is used)."""
        code = self.code_for(seat)
        return None if code is None else f"century join {self.host.address} --code {code}"

    def watch_command(self) -> str:
        return f"century watch {self.host.address} --code {self.watch_code}"

    def code_for(self, seat: int) -> str | None:
        return next((code for code, seats in self.codes.items() if seat in seats), None)

    def admit(self, hello: p.Hello) -> tuple[tuple[int, ...], str | None]:
        """The seats (and the token) a hello gives; Closed if it gives none."""
        if hello.token is not None:
            seats = self.tokens.get(hello.token)
            if seats is None:
                raise Closed("unknown token")
            return seats, hello.token
        assert hello.code is not None
        if hello.code == self.watch_code:
            return (), None
        if hello.watch:
            raise Closed("not a watch code")
        seats = self.codes.pop(hello.code, None)
        if seats is None:
            raise Closed("unknown code")
        self.host.unregister(hello.code)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = seats
        self.host.tokens[token] = self
        return seats, token

    def connected(self, seat: int) -> bool:
        return any(seat in c.seats for c in self.clients)

    # ------------------------------------------------------------ views out
    def view(self, full: bool) -> p.View:
        t = self.table
        return view_of(t.game, epoch=t.epoch, thinking=t.thinking, save_error=t.save_error,
                       undo_owner=t.undo_owner(), full=full)

    def welcome(self, client: Client) -> None:
        for other in [c for c in self.clients if c.token is not None and c.token == client.token]:
            self.host.drop(other, "the seat was taken up by a new connection")
        self.clients.add(client)
        self.host.send(client, p.encode(p.Welcome(seats=list(client.seats), token=client.token,
                                                  seq=self.seq, view=self.view(full=True),
                                                  skin=self.host.skin)))
        self.undos.welcomed(client)

    def resync(self, client: Client) -> None:
        self.host.send(client, p.encode(p.FullView(seq=self.seq, view=self.view(full=True))))

    def _changed(self, change: Change) -> None:
        self.seq += 1
        full = isinstance(change, Rewound) or self.table.state.is_over
        text = p.encode(p.ChangeMessage(seq=self.seq, change=change_model(change), view=self.view(full)))
        for client in list(self.clients):
            self.host.send(client, text)
        self.undos.moved_on()
        self.host.lobby_changed(self)

    # ------------------------------------------------------------ requests in
    def request(self, client: Client, message: Any) -> None:
        """Carry out what a client asks, if its seats allow it; a refusal says why."""
        if isinstance(message, p.ViewRequest):
            self.resync(client)
            return
        if isinstance(message, p.Hello):
            raise Closed("hello twice")
        if not client.seats:
            raise Closed("a spectator cannot play")
        t = self.table
        s = t.state
        if isinstance(message, p.MoveRequest):
            try:
                move = move_from_dict(message.move)
            except (ValueError, TypeError) as e:
                raise Closed(f"not a move: {e}"[:100]) from None
            if s.is_over or s.seat not in client.seats:
                self.refuse(client, IllegalMove("R-TURN-1", "not_your_turn", name=t.seats[s.seat].name))
            elif message.epoch != t.epoch:
                self.refuse_host(client, "stale", "The game moved on before your move arrived.")
            else:
                t.seated(s.seat)
                try:
                    t.play(move)
                except IllegalMove as e:
                    self.refuse(client, e)
        elif isinstance(message, p.UndoRequest):
            if message.seat is not None and message.seat not in client.seats:
                raise Closed("undo asked for another client's seat")
            self.undos.request(client, message)
        elif isinstance(message, p.UndoAnswer):
            if self.undos.out_of_place(client, message):
                raise Closed("an answer to a question asked of another client")
            self.undos.answer(client, message)
        elif isinstance(message, p.RedoRequest):
            if message.epoch != t.epoch:
                self.refuse_host(client, "stale", "The game moved on before your request arrived.")
            elif not t.game.redo_moves:
                self.refuse_host(client, "nothing_to_redo", "There is no move to play again.")
            elif s.seat not in client.seats:
                name = t.seats[s.seat].name
                self.refuse_host(client, "redo_not_yours", f"That move is {name}'s: only {name} can play it again.",
                                 name=name)
            else:
                t.seated(s.seat)
                t.redo()

    def refuse(self, client: Client, error: IllegalMove) -> None:
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in error.params.items()}
        self.host.send(client, p.encode(p.Refused(rule=error.rule, code=error.code, params=params,
                                                  reason=error.reason)))

    def refuse_host(self, client: Client, code: str, reason: str, **params: Any) -> None:
        """The host's own refusal: `code` and `params` for the client's language, `reason` in English."""
        self.host.send(client, p.encode(p.Refused(rule="host", code=code, params=params, reason=reason)))


def change_model(change: Change) -> Any:
    if isinstance(change, Moved):
        return p.MovedChange(move=move_to_dict(change.move), seat=change.seat,
                             events=[event_to_dict(e) for e in change.events])
    if isinstance(change, Rewound):
        return p.RewoundChange(undo=change.undo, by=change.by, owner=change.owner, point=change.point)
    if isinstance(change, Thinking):
        return p.ThinkingChange(seat=change.seat)
    assert isinstance(change, SaveChanged)
    return p.SaveChange(error=change.error)


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
        name = socket.gethostname() if self.bind in ("0.0.0.0", "::", "") else self.bind
        address = f"[{name}]:{self.port}" if ":" in name else f"{name}:{self.port}"
        return f"wss://{address}" if self.tls is not None else address

    async def close(self) -> None:
        """Stop serving and close every table (the last saves, the files let go)."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for hosted in self.tables:
            hosted.table.close()
        for task in list(self._writers):
            task.cancel()

    def send(self, client: Client, text: str) -> None:
        if not client.send(text, self.limits.outbox):
            self.drop(client, "too slow: messages piled up")

    def drop(self, client: Client, reason: str) -> None:
        """Close a client's connection from outside its own handler."""
        asyncio.ensure_future(client.ws.close(POLICY, reason[:120]))

    async def _serve(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.per_address[address] >= self.limits.per_address:
            await self._close(ws, "too many connections from your address", 1013)
            return
        self.per_address[address] += 1
        client: Client | None = None
        hosted: HostedTable | None = None
        try:
            hosted, client = await self._hello(ws)
            writer = asyncio.create_task(self._write(client))
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
            hosted.welcome(client)
            self.lobby_changed(hosted)
            async for raw in ws:
                if not client.spend(self.limits.rate, self.limits.burst):
                    self._too_fast(hosted, client)
                    continue
                client.over = 0
                hosted.request(client, self._parse(raw))
        except Closed as e:
            await self._close(ws, e.reason)
        except ConnectionClosed:
            pass
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            if hosted is not None and client is not None:
                hosted.clients.discard(client)
                hosted.undos.left(client)
                client.outbox.put_nowait(None)
                self.lobby_changed(hosted)

    def _too_fast(self, hosted: HostedTable, client: Client) -> None:
        """A message past the rate: a player's is refused (a key held down), until a burst's
        worth in a row closes it as a flood would be; a spectator's closes at once."""
        client.over += 1
        if not client.seats or client.over > self.limits.burst:
            raise Closed("too many messages")
        hosted.refuse_host(client, "rate_limited", "Too many requests at once: slow down.")

    async def _hello(self, ws: ServerConnection) -> tuple[HostedTable, Client]:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.handshake)
        except TimeoutError:
            raise Closed("no hello in time") from None
        hello = self._parse(raw)
        if not isinstance(hello, p.Hello) or (hello.code is None) == (hello.token is None):
            raise Closed("expected a hello with a code or a token")
        hosted = self.invites.get(hello.code) if hello.code else self.tokens.get(hello.token or "")
        if hosted is None:
            raise Closed("unknown or used code" if hello.code else "unknown token")
        seats, token = hosted.admit(hello)
        return hosted, Client(ws, seats, token, allowance=float(self.limits.burst))

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
