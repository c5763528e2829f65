"""One game as the host serves it: its codes and tokens, who is connected, the views sent,
and each request checked against the position and the sender's seats."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any


from century_tui.engine import IllegalMove
from century_tui.engine.save import move_from_dict
from century_tui.engine.save_doc import move_to_dict
from century_tui.seats import person_name
from century_tui.table import Change, LocalTable, Moved, Presence, Rewound

from . import protocol as p
from .consent import UndoDesk
from .protocol import event_to_dict
from .view import view_of
from .clients import Client, Closed, new_code

if TYPE_CHECKING:
    from .host import Host

WATCHERS_KEPT = 64
"""Watchers remembered: past this many, the first one gone is forgotten for a new one (its
token no longer brings it back), so that the watch code cannot grow the host without end."""


class HostedTable:
    """One game served: its table, its invite codes and tokens, its connected clients."""

    def __init__(self, host: Host, table: LocalTable) -> None:
        self.host = host
        self.table = table
        self.codes: dict[str, tuple[int, ...]] = {}
        """Unused invite codes → the seats they give."""
        self.tokens: dict[str, tuple[int, ...]] = {}
        self.watcher_tokens: dict[str, int] = {}
        """Each watcher's token (it comes back with it after a drop) → its number, from 1."""
        self.clients: set[Client] = set()
        self.seq = 0  # the number of the last change sent
        self.undos = UndoDesk(table, self, consent=host.limits.consent)
        self.told: p.SeatsMessage | None = None
        """Where the seats' people were when the clients were last told."""
        table.subscribe(self._changed)
        for seat, s in enumerate(table.seats):
            if s.is_human:
                self.issue(seat)
        self.watch_code = self.host.register(new_code(), self)
        self.watcher_count = 0

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
        return self._issue((seat,), p.CLOSE_REASONS["new_code"])

    def seat_together(self, seat: int) -> str | None:
        """One new code for `seat` and the person's seat above it (with any seat sharing that
        one's code): one terminal, a pass screen between them. None: no person sits above."""
        above = next((s for s in range(seat - 1, -1, -1) if self.table.seats[s].is_human), None)
        if above is None:
            return None
        code = self.code_for(above)
        group = tuple(sorted({*(self.codes[code] if code is not None else (above,)), seat}))
        return self._issue(group, p.CLOSE_REASONS["together"])

    def _issue(self, seats: tuple[int, ...], reason: str) -> str:
        for seat in seats:
            self.let_go(seat, reason)
        code = self.host.register(new_code(), self)
        self.codes[code] = seats
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

    def hand_over(self, seat: int, level: str | None) -> None:
        """A bot of `level` plays `seat` from now on (its person left, or never came): its code
        and token are void. Or (None) a person takes a bot's seat back, with a new code; a seat
        named by the game ("Easy bot") is then named as a person's ("Player 2"). Every client
        sees the seat change."""
        if level is None:
            self.table.hand_over(seat, None, person_name(self.table.seats, seat))
            self.issue(seat)
        else:
            self.let_go(seat, p.CLOSE_REASONS["to_bot"])
            self.table.hand_over(seat, level)
        for client in list(self.clients):
            self.resync(client)
        self.host.lobby_changed(self)

    def status(self, seat: int) -> Presence:
        """Where `seat`'s person is: a token given for the seat means they came."""
        if not self.table.seats[seat].is_human:
            return Presence.BOT
        if self.connected(seat):
            return Presence.CONNECTED
        came = any(seat in seats for seats in self.tokens.values())
        return Presence.DISCONNECTED if came else Presence.WAITING

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
            seats = self.tokens.get(hello.token, () if hello.token in self.watcher_tokens else None)
            if seats is None:
                raise Closed(p.CLOSE_REASONS["unknown_token"])
            return seats, hello.token
        assert hello.code is not None
        if hello.code == self.watch_code:  # it serves again; each watcher has a token of its own
            return (), self._new_watcher()
        if hello.watch:  # `century watch` with a seat's code: the code is left unspent
            raise Closed(p.CLOSE_REASONS["seat_code"])
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

    def _new_watcher(self) -> str:
        """A token for a new watcher, which it comes back with after a drop, as a player does."""
        watching = {c.token for c in self.clients}
        if len(self.watcher_tokens) >= WATCHERS_KEPT:
            gone = next((tok for tok in self.watcher_tokens if tok not in watching), None)
            if gone is not None:
                self.watcher_left(gone)
        token = secrets.token_urlsafe(24)
        self.watcher_count += 1
        self.watcher_tokens[token] = self.watcher_count
        self.host.tokens[token] = self
        return token

    def watcher_left(self, token: str) -> None:
        """Forget a watcher: it quit (its close said goodbye, unlike a line that broke), or
        the oldest gone one makes room. The lobby no longer lists it, and its token no longer
        brings it back."""
        if self.watcher_tokens.pop(token, None) is not None:
            self.host.tokens.pop(token, None)

    def watchers(self) -> list[tuple[int, bool]]:
        """Each watcher that came (its number) and whether it is connected now."""
        watching = {c.token for c in self.clients if not c.seats}
        return [(number, token in watching) for token, number in self.watcher_tokens.items()]

    def left(self, client: Client, *, goodbye: bool) -> None:
        """A connection went: its seats are free, its undo question void; a watcher that
        said goodbye is forgotten (a broken line may come back with its token)."""
        self.clients.discard(client)
        self.undos.left(client)
        if goodbye and not client.seats:
            self.watcher_left(client.token)

    # ------------------------------------------------------------ views out
    def view(self, full: bool) -> p.View:
        t = self.table
        return view_of(t.game, epoch=t.epoch, thinking=t.thinking, save_error=t.save_error,
                       undo_owner=t.undo_owner(), full=full)

    def welcome(self, client: Client) -> None:
        for other in [c for c in self.clients if c.token is not None and c.token == client.token]:
            self.host.drop(other, p.CLOSE_REASONS["taken_over"])
        self.clients.add(client)
        self.host.send(client, p.encode(p.Welcome(seats=list(client.seats), token=client.token,
                                                  seq=self.seq, view=self.view(full=True),
                                                  skin=self.host.skin)))
        self.undos.welcomed(client)
        if p.SEATS_FEATURE in client.features and self.told is not None:
            self.host.send(client, p.encode(self.told))

    def tell_seats(self) -> None:
        """Tell the clients that asked where each seat's person is, when it changed."""
        now = p.SeatsMessage(status=[self.status(seat) for seat in range(len(self.table.seats))],
                             hands_over=self.host.hands_over)
        if now == self.told:
            return
        self.told = now
        text = p.encode(now)
        for client in list(self.clients):
            if p.SEATS_FEATURE in client.features:
                self.host.send(client, text)

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
                self.refuse_host(client, p.HostRefusal.STALE)
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
                self.refuse_host(client, p.HostRefusal.STALE)
            elif not t.game.redo_moves:
                self.refuse_host(client, p.HostRefusal.NOTHING_TO_REDO)
            elif s.seat not in client.seats:
                self.refuse_host(client, p.HostRefusal.REDO_NOT_YOURS, name=t.seats[s.seat].name)
            else:
                t.seated(s.seat)
                t.redo()

    def send(self, client: Client, text: str) -> None:
        self.host.send(client, text)

    def refuse(self, client: Client, error: IllegalMove) -> None:
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in error.params.items()}
        self.host.send(client, p.encode(p.Refused(rule=error.rule, code=error.code, params=params,
                                                  reason=error.reason)))

    def refuse_host(self, client: Client, code: p.HostRefusal, **params: Any) -> None:
        """The host's own refusal: `code` and `params` for the client's language."""
        self.host.send(client, p.encode(p.host_refusal(code, **params)))


def change_model(change: Change) -> Any:
    if isinstance(change, Moved):
        return p.MovedChange(move=move_to_dict(change.move), seat=change.seat,
                             events=[event_to_dict(e) for e in change.events])
    return p.message_of(change)
