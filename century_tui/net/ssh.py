"""`century host --ssh PORT`: a seat with nothing but `ssh` (asyncssh), no account here.

The SSH user name is the seat's code: `ssh -p PORT CODE@HOST` is one line to paste, from any
SSH client, with nothing to type after it, and a wrong code is refused before anything
starts. No password, no system account: the code admits its holder, and `--ssh-keys FILE`
(authorized_keys) may demand one of those keys as well. The host key is made at first use,
kept in the data folder, and its fingerprint printed, so players can check it.

Each session runs the usual `century join` (as a browser tab does, `web.join_args`) in a
process of its own on a pseudo-terminal (`pty_child`): one player's crash, slow line or huge
paste reaches no one else. The session's TERM, its window size and every resize, and the
LANG/LC_*/NO_COLOR it sends reach the game. The join keeps its seat's token (`seat_tokens`),
so the very same line brings a player back after any drop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from century_tui import storage
from century_tui.text import language_from_env, t

from . import seat_tokens
from .clients import CODE_LETTERS, public_address
from .protocol import CLOSE_REASONS
from .pty_child import PtyChild
from .web import join_args, reach
from .words import worded

if TYPE_CHECKING:
    from .host import Host

SESSIONS = 16
"""SSH connections at once, in all: each seat is a process (about 60 MB)."""
PER_ADDRESS = 6
"""SSH connections at once from one address (a LAN behind one router shares one). Not for
this machine's own (its users, and whoever comes through a tunnel): `SESSIONS` bounds those."""
LOGIN_WITHIN = 10.0
"""Seconds a connection has to authenticate."""
SEAT_WITHIN = 20.0
"""Seconds after the connection within which it must ask for its seat (a session on a
terminal): a connection that never does is closed."""
GOODBYE_WAIT = 3.0
"""Seconds the seats' joins have to end on the host's goodbye when it stops."""
KEY_FILE = "ssh_host_ed25519_key"
CODE = re.compile(f"^[{CODE_LETTERS}]{{12}}$")
PASSED = re.compile(r"^(LANG|LC_[A-Z]+|NO_COLOR|COLORTERM)$")
"""The client's variables that reach the game (OpenSSH sends LANG and LC_* by default)."""
NOT_INHERITED = re.compile(r"^(TERM|COLORTERM|NO_COLOR|LANG|LC_[A-Z]+|COLUMNS|LINES|TEXTUAL_.*)$")


def host_key(folder: Path | None = None) -> asyncssh.SSHKey:
    """This host's SSH key: read from the data folder, or made there at first use (readable
    by this user only)."""
    path = (folder or storage.data_home()) / KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="century host")
    storage.write_atomic(path, key.export_private_key())  # mkstemp's file: mode 0600
    return key


class SshSeats:
    """The SSH server beside a game host, in its process and on its event loop."""

    def __init__(self, host: Host, bind: str, port: int, *, language: str, keys: str | None = None) -> None:
        self.host = host
        self.bind = bind
        self.requested_port = port
        self.language = language
        self.keys = keys
        """An authorized_keys file: only those keys get in (with a code). None: a code suffices."""
        self.sessions = SESSIONS
        self.per_address = PER_ADDRESS
        self.seat_within = SEAT_WITHIN
        self.connections: set[Door] = set()
        self.addresses: Counter[str] = Counter()
        self.key = host_key()
        self.game_address = reach(host.bind, host.port)
        """Where the seats' processes reach the game host, on this machine."""
        self._server: asyncssh.SSHAcceptor | None = None

    async def start(self) -> None:
        """Listen (OSError if the address is taken; ValueError for an unreadable --ssh-keys)."""
        keys = asyncssh.read_authorized_keys(self.keys) if self.keys else None
        self._server = await asyncssh.create_server(
            lambda: Door(self), self.bind, self.requested_port, server_host_keys=[self.key],
            authorized_client_keys=keys, login_timeout=LOGIN_WITHIN, keepalive_interval=15, keepalive_count_max=3,
            encoding=None, line_editor=False, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            gss_host=None, kbdint_auth=False, password_auth=False, host_based_auth=False,
            public_key_auth=keys is not None)

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    @property
    def fingerprint(self) -> str:
        """As `ssh` shows it when it first meets this host ("SHA256:…")."""
        return self.key.get_fingerprint("sha256")

    def line(self, code: str) -> str:
        """The ready-to-paste `ssh` line for `code`."""
        name = public_address(self.bind, self.port).rsplit(":", 1)[0].strip("[]")
        port = "" if self.port == 22 else f"-p {self.port} "
        return f"ssh {port}{code}@{name}"

    async def close(self) -> None:
        """Stop listening; give each seat's join `GOODBYE_WAIT` seconds to end on its own
        (the host said goodbye: its words go to its screen), then hang up what is left."""
        if self._server is not None:
            self._server.close()
        ending = [door.session.child.ended for door in self.connections
                  if door.session is not None and door.session.child is not None]
        if ending:
            await asyncio.wait(ending, timeout=GOODBYE_WAIT)
        await asyncio.gather(*(door.hang_up() for door in list(self.connections)))
        if self._server is not None:
            await self._server.wait_closed()

    # ------------------------------------------------------------ who may sit
    def refusal(self, code: str) -> str | None:
        """Why `code` gives no seat now (in words), or None: it is a live invite (a seat's
        or the watch code), or the code of a seat a join here came to before, which it
        takes again with the token kept for it (`seat_tokens`; the host refuses it while a
        live connection holds the seat, and the join says so)."""
        if not CODE.match(code):
            return t("ssh.not_a_code", line=self.line("CODE"))
        if code in self.host.invites:
            return None
        token = seat_tokens.kept(self.game_address, code)
        hosted = self.host.tokens.get(token or "")
        if hosted is None or token not in hosted.tokens:
            return worded(CLOSE_REASONS["used_code"])
        return None

    def command(self, code: str, env: dict[str, str]) -> list[str]:
        """The join (or watch) that `code` starts, in the language the client asks for."""
        language = language_from_env(env) or self.language
        watching = any(code == hosted.watch_code for hosted in self.host.tables)
        return join_args(self.game_address, language, "--code", code, verb="watch" if watching else "join")


def this_machine(address: str) -> bool:
    """A connection from this machine (a loopback address)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def child_env(term: str, sent: dict[str, str]) -> dict[str, str]:
    """A seat's environment: this process's (the data folder, the paths), less everything
    about a terminal, plus the session's terminal type and the client's language and colour
    wishes."""
    env = {k: v for k, v in os.environ.items() if not NOT_INHERITED.match(k)}
    env.update({k: v for k, v in sent.items() if PASSED.match(k) and "\0" not in v and len(v) < 200})
    env["TERM"] = term or "xterm-256color"
    env.setdefault("LANG", "C.UTF-8")
    return env


class Door(asyncssh.SSHServer):
    """One SSH connection: counted against the limits, given a few seconds to authenticate
    (asyncssh's login timeout) and `SEAT_WITHIN` to ask for its seat, then one seat."""

    def __init__(self, seats: SshSeats) -> None:
        self.seats = seats
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.code = ""
        self.session: SeatSession | None = None
        self.turned_away: str | None = None
        """Why this connection gets no seat (past a limit): told as it begins to authenticate."""
        self._idle: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        seats = self.seats
        if len(seats.connections) >= seats.sessions:
            self.turned_away = t("ssh.busy")  # said once the line is up (the login timeout meanwhile)
            return
        if seats.addresses[self.address] >= seats.per_address and not this_machine(self.address):
            self.turned_away = t("ssh.crowded")
            return
        seats.connections.add(self)
        seats.addresses[self.address] += 1
        self._idle = asyncio.get_running_loop().call_later(seats.seat_within, self._no_seat)

    def _no_seat(self) -> None:
        if self.session is None and self.conn is not None:
            seconds = self.seats.seat_within
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, t("ssh.no_seat", seconds=f"{seconds:g}"))

    def connection_lost(self, exc: Exception | None) -> None:
        if self._idle is not None:
            self._idle.cancel()
        if self in self.seats.connections:
            self.seats.connections.discard(self)
            self.seats.addresses[self.address] -= 1
            if self.seats.addresses[self.address] <= 0:
                del self.seats.addresses[self.address]

    def begin_auth(self, username: str) -> bool:
        """No account: the user name is the code. With --ssh-keys a listed key is asked too."""
        self.code = username.strip().lower()
        if self.turned_away is not None and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.turned_away)
        return self.seats.keys is not None

    def session_requested(self) -> SeatSession | bool:
        """The connection's one seat (a second session on it is refused)."""
        if self.session is not None:
            return False
        self.session = SeatSession(self)
        return self.session

    async def hang_up(self) -> None:
        """End the seat's process, let its exit status reach the client, close the line."""
        if self.session is not None:
            await self.session.hang_up()
            if self.session.chan is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.session.chan.wait_closed(), 1.0)
        if self.conn is not None:
            self.conn.close()


class SeatSession(asyncssh.SSHServerSession):
    """The one session of a connection: its terminal, then its seat's process."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.seats = door.seats
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.child: PtyChild | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes) -> bool:
        self.term = term_type
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # refused in words once the session starts
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        asyncio.ensure_future(self._seat())

    async def _seat(self) -> None:
        chan, door = self.chan, self.door
        assert chan is not None
        if self.term is None or self.command is not None:
            return self._refuse(t("ssh.needs_terminal", line=self.seats.line(door.code or "CODE")))
        refusal = self.seats.refusal(door.code)
        if refusal is not None:
            return self._refuse(refusal)
        sent = dict(chan.get_environment())
        self.child = PtyChild(chan.write, self._hold_keys)
        try:
            await self.child.start(self.seats.command(door.code, sent), child_env(self.term, sent), *self.size)
        except OSError as e:
            return self._refuse(storage.os_reason(e))
        status = await self.child.ended
        if not chan.is_closing():
            chan.exit(status if status >= 0 else 128 - status)

    def _refuse(self, words: str) -> None:
        assert self.chan is not None
        self.chan.write(f"century: {words}\r\n".encode())
        self.chan.exit(1)

    def _hold_keys(self, hold: bool) -> None:
        if self.chan is not None:
            (self.chan.pause_reading if hold else self.chan.resume_reading)()

    def data_received(self, data: bytes, datatype) -> None:
        if self.child is not None:
            self.child.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.child is not None:
            self.child.resize(*self.size)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    def eof_received(self) -> bool:
        return False  # the channel closes: a hang-up

    def connection_lost(self, exc: Exception | None) -> None:
        asyncio.ensure_future(self.hang_up())

    async def hang_up(self) -> None:
        if self.child is not None:
            await self.child.hang_up()
