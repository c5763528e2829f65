"""`century host --ssh 0` in the test's own process (`SshHosted`), and a player at it through
asyncssh's own client (`SshTerm`): a session on a pseudo-terminal of the size asked, its
output drawn on a terminal emulator (pyte), keys typed, the window resized."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pyte
from century_tui.engine import Seat
from tests.helpers.hosting import Hosted

WAIT = 60.0
"""Seconds for a seat's process to start and draw (a new Python process) on a busy machine."""


class SshHosted(Hosted):
    """`century host --ssh 0 --port 0` on loopback, its printed lines in `printed`; stopped
    (as by Ctrl+C) on exit at the latest."""

    def __init__(self, seats: list[Seat], seed: int = 7, **options) -> None:
        super().__init__(seats, seed, ssh=0, **options)

    async def __aenter__(self) -> SshHosted:
        await super().__aenter__()
        self.ssh_port = int(next(re.search(r"ssh -p (\d+)", line)[1] for line in self.printed if "ssh -p" in line))
        self.join_command = self.tab_command
        return self

    async def connect(self, username: str, **options) -> asyncssh.SSHClientConnection:
        return await asyncssh.connect("127.0.0.1", self.ssh_port, username=username, known_hosts=None,
                                      client_keys=options.pop("client_keys", None), agent_path=None, **options)


class SshTerm(asyncssh.SSHClientSession):
    """One SSH session as a terminal shows it."""

    def __init__(self, cols: int, rows: int) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.status: int | None = None
        self.chan: asyncssh.SSHClientChannel | None = None
        self.raw = b""

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, cols: int = 100, rows: int = 30,
                   term: str | None = "xterm-256color", env: dict[str, str] | None = None,
                   command: str | None = None) -> SshTerm:
        """A session on `conn`: with a terminal of `term` (None: none, as `ssh -T`)."""
        chan, session = await conn.create_session(
            lambda: cls(cols, rows), command, term_type=term, term_size=(cols, rows) if term else None,
            env=env or {}, encoding=None)
        session.chan = chan
        return session

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype) -> None:
        self.raw += data
        self.stream.feed(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.status = status

    def connection_lost(self, exc) -> None:
        self.closed.set()
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, condition, timeout: float = WAIT) -> None:
        """Until `condition()` holds, looked at again as output comes and at least every 50 ms."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not condition():
            left = end - loop.time()
            assert left > 0, f"the awaited screen never came:\n{self.text()}"
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.05))
            except TimeoutError:
                pass

    def type(self, keys: str) -> None:
        assert self.chan is not None
        self.chan.write(keys.encode())

    def resize(self, cols: int, rows: int) -> None:
        assert self.chan is not None
        self.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)
