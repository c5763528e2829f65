"""A program in a pseudo-terminal of its own, driven from the event loop: what an SSH seat
runs its `century join` in. Its output is read as it comes (and no faster than the reader
takes it: a slow line holds up only this program), keys are written to it without ever
blocking the loop (a huge paste waits in a buffer, and the sender is paused meanwhile), a
new window size reaches it, and a hang-up ends it, killed if it will not go.

The child starts a session of its own whose controlling terminal is its pseudo-terminal
(made so by `SHIM`, in the child: Python code between fork and exec is unsafe in a threaded
host), so that the kernel hangs it up if this process dies; a resize's SIGWINCH and a
hang-up's SIGHUP are also sent to it here.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
from typing import Callable

KILL_AFTER = 3.0
"""Seconds a child has after SIGHUP (its last save, its goodbye to the host) before SIGKILL."""
SHIM = "import os, sys; os.close(os.open(os.ttyname(0), os.O_RDWR)); os.execv(sys.argv[1], sys.argv[1:])"
"""Run first in the child, a session leader: opening its terminal makes it the controlling one."""
PASTE_CAP = 64 * 1024
"""Bytes of keys held for a child that does not read them: past this, its sender is paused."""


class PtyChild:
    """One program on a `cols`×`rows` pseudo-terminal. `output(data)` gets what it writes;
    `paused(True/False)` asks the sender of its keys to hold them, or to go on."""

    def __init__(self, output: Callable[[bytes], None], paused: Callable[[bool], None]) -> None:
        self._output = output
        self._paused = paused
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._keys = bytearray()
        self._reading = False
        self._drained = asyncio.Event()
        """The child's side is closed and everything it wrote was read."""
        self.ended = asyncio.get_running_loop().create_future()
        """Set to the exit status once the program is gone and its last output read."""

    async def start(self, args: list[str], env: dict[str, str], cols: int, rows: int) -> None:
        master, slave = os.openpty()
        try:
            size(slave, cols, rows)
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", SHIM, *args, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.resume_output()
        asyncio.ensure_future(self._end())

    # ------------------------------------------------------------ out of the child
    def pause_output(self) -> None:
        """The reader is behind: stop reading (the child blocks on its terminal, alone)."""
        if self._reading and self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)  # type: ignore[arg-type]
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the terminal's other side closed it (the child is gone)
            data = b""
        if not data:
            self.pause_output()
            self._drained.set()
            return
        self._output(data)

    async def _end(self) -> None:
        """The child's exit status once it is gone and what it wrote last has been read."""
        assert self.process is not None
        status = await self.process.wait()
        if self._reading:  # what it wrote before it went, unless the reader is paused (gone anyway)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._drained.wait(), 1.0)
        self.close()
        if not self.ended.done():
            self.ended.set_result(status)

    # ------------------------------------------------------------ into the child
    def write(self, data: bytes) -> None:
        """Keys for the child: written now if its terminal takes them, else held (and the
        sender paused past `PASTE_CAP`)."""
        if self.master is None:
            return
        held = bool(self._keys)
        self._keys += data
        if not held:
            self._writable()
        if len(self._keys) > PASTE_CAP:
            self._paused(True)

    def _writable(self) -> None:
        loop = asyncio.get_running_loop()
        if self.master is None:
            return
        try:
            written = os.write(self.master, self._keys[:4096])
        except BlockingIOError:
            written = 0
        except OSError:
            self._keys.clear()
            written = 0
        del self._keys[:written]
        loop.remove_writer(self.master)
        if self._keys:
            loop.add_writer(self.master, self._writable)
        elif written:
            self._paused(False)

    def resize(self, cols: int, rows: int) -> None:
        if self.master is not None and cols > 0 and rows > 0:
            size(self.master, cols, rows)
            self.signal(signal.SIGWINCH)

    # ------------------------------------------------------------ its end
    def signal(self, sig: int) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, sig)

    async def hang_up(self) -> None:
        """The person's line went: SIGHUP (the join's last words to the host), then SIGKILL
        past `KILL_AFTER` seconds; back once the child is gone."""
        if self.process is None:
            return
        self.signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(self.process.wait()), KILL_AFTER)
        except TimeoutError:
            self.signal(signal.SIGKILL)
            await self.process.wait()
        self.close()

    def close(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        loop.remove_reader(self.master)
        loop.remove_writer(self.master)
        os.close(self.master)
        self.master, self._reading = None, False


def size(fd: int, cols: int, rows: int) -> None:
    """Set the window size of the terminal `fd` is one side of."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", min(rows, 1000), min(cols, 1000), 0, 0))
