"""SIGTERM (a service manager, `kill`) and SIGHUP (the terminal or SSH session gone) stop a
host as Ctrl+C does: the goodbye to every client, the last saves, the files let go. Left to
their default, either killed it mid-game: no last save, the clients' lines simply broken,
the lock files left behind."""

from __future__ import annotations

import asyncio
import os
import signal
from contextlib import contextmanager
from typing import Awaitable, Callable, Iterator, Protocol

STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def stopped_by_signals(stop: Callable[[int], None]) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP call `stop(signal)` on the running loop, between two
    of its callbacks; their default comes back on the way out. Where the loop cannot catch
    them (Windows, a thread other than the main one), the default stays."""
    loop = asyncio.get_running_loop()
    caught = []
    for sig in STOPPING:
        try:
            loop.add_signal_handler(sig, stop, sig)
        except (NotImplementedError, RuntimeError, ValueError):
            break
        caught.append(sig)
    try:
        yield
    finally:
        for sig in caught:
            loop.remove_signal_handler(sig)


class Exits(Protocol):
    def exit(self) -> None: ...


def stop_app(app: Exits, sig: int, close: Callable[[], Awaitable[None]]) -> asyncio.Task:
    """SIGTERM or SIGHUP with the host's lobby on show: the host closes first (its promises
    kept before the terminal is touched), then the lobby as `q` closes it. After SIGHUP
    there is no terminal to give back (writing to it could block), so once the host is
    closed the signal ends the process as it would have (as the game window does)."""

    async def stop() -> None:
        await close()
        if sig == getattr(signal, "SIGHUP", None):
            signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)
        app.exit()

    return asyncio.get_running_loop().create_task(stop())
