"""The terminal goes (SIGHUP: the window closed, the SSH connection dropped) or the process is
asked to end (SIGTERM): the game in play makes the last save attempt Ctrl+Q makes before
going, else the moves made while "Not saved" showed would be lost."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Callable

from textual.app import App


def catch_hangup(app: App, last_save: Callable[[], object], let_go: Callable[[], None]) -> None:
    """From now on, SIGHUP and SIGTERM run `last_save()` in the app's own event loop, between
    two messages, then end the app: SIGTERM as Ctrl+Q does, giving the terminal back; after
    SIGHUP there is no terminal to give back (writing to it could block), so once `let_go()`
    has released the save file, the signal ends the process as it would have."""

    def hung_up(sig: int) -> None:
        last_save()  # no one is left to ask "quit anyway?"
        if sig == signal.SIGTERM:
            app.exit()
            return
        let_go()
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)

    try:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            loop.add_signal_handler(sig, hung_up, sig)
    except (AttributeError, NotImplementedError, RuntimeError, ValueError):
        pass  # no such signals (Windows), or not the main thread: the default applies
