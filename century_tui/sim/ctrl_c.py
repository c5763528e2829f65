"""Ctrl+C during a run of bot games, caught so that it cannot be lost."""

from __future__ import annotations

import signal
import socket
import threading
from contextlib import contextmanager
from typing import Iterator


class CtrlC:
    """Ctrl+C during a run, caught as a fact that cannot be lost. Python runs the signal's
    handler in whatever code runs then, a finalizer or an at-fork hook among them, where a
    KeyboardInterrupt is only printed ("Exception ignored in ...") and the run went on for
    hours; the byte the signal writes to this socket (`signal.set_wakeup_fd`) stays there to
    be read. A parent waiting for its workers waits on this socket too, so it wakes at once."""

    def __init__(self) -> None:
        self._read, self._write = socket.socketpair()
        self._read.setblocking(False)
        self._write.setblocking(False)
        self._pressed = False

    def pressed(self) -> bool:
        """Whether Ctrl+C was pressed since the run began."""
        try:
            while chunk := self._read.recv(256):
                self._pressed = self._pressed or signal.SIGINT in chunk
        except BlockingIOError:
            pass
        return self._pressed

    def fileno(self) -> int:
        return self._read.fileno()

    @classmethod
    @contextmanager
    def caught(cls, raising: bool) -> Iterator[CtrlC]:
        """Ctrl+C caught while the run lasts: raising a KeyboardInterrupt too, to break off a
        game played on this thread, or not, when this thread only waits for workers. Only
        from the main thread (the only one Python lets handle signals) and only where Ctrl+C
        stops the program (not where it is ignored, as in a background job)."""
        ctrl_c = cls()
        catch = threading.current_thread() is threading.main_thread() and (
            signal.getsignal(signal.SIGINT) is signal.default_int_handler
        )
        if catch:
            previous = signal.signal(signal.SIGINT, signal.default_int_handler if raising else _ignore)
            wakeup = signal.set_wakeup_fd(ctrl_c._write.fileno(), warn_on_full_buffer=False)
        try:
            yield ctrl_c
        finally:
            if catch:
                signal.set_wakeup_fd(wakeup)
                signal.signal(signal.SIGINT, previous)
            ctrl_c._read.close()
            ctrl_c._write.close()


def _ignore(_signum: int, _frame: object) -> None:
    """Ctrl+C's handler while workers play: the byte it leaves on the wakeup socket is enough."""
