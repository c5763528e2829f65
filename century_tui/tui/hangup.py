"""The terminal goes (SIGHUP: the window closed, the SSH connection dropped) or the process is
asked to end (SIGTERM): the game in play makes the last save attempt Ctrl+Q makes before
going, else the moves made while "Not saved" showed would be lost; and the process ends,
whatever its terminal does, else a ghost would hold the game's file (its lock) and keep its
player out of their own game.

A terminal that takes no more output (a stalled SSH line, a window no one reads) blocks the
app's event loop on its next frame: a handler run by that loop would never run. So the
signal is caught by Python's own handler, which runs in the main thread even then, and asks
the loop for the orderly way out; a watchdog thread takes over when the loop does not answer.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from typing import Callable

from textual.app import App

ANSWER_WITHIN = 1.0
"""Seconds the app's loop has to make the last save itself before the watchdog makes it."""
GONE_WITHIN = 1.5
"""Seconds after the last save attempt for the process to end on its own (giving the
terminal back) before the watchdog ends it."""


def catch_hangup(app: App, last_save: Callable[[], object], let_go: Callable[[], None],
                 last_resort: Callable[[], None] = lambda: None) -> Callable[[], None]:
    """From now on, SIGHUP and SIGTERM run `last_save()` then `let_go()` (the save file
    released) in the app's own loop, between two messages, then end the app: SIGTERM as
    Ctrl+Q does, giving the terminal back; after SIGHUP there is no terminal to give back
    (writing to it could block), so the signal ends the process as it would have. If the
    loop does not get to it within `ANSWER_WITHIN` seconds, `last_resort()` (callable from
    any thread) makes the last save instead; either way the process is gone `GONE_WITHIN`
    seconds after that. Returns what puts the handlers found back, for the app's end: else
    each app of a process (a test's) would stay alive in its successor's handler."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGHUP"):
        return lambda: None  # not the main thread, or no such signals (Windows): the default applies
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return lambda: None
    saved = threading.Event()
    caught: list[int] = []

    def orderly(sig: int) -> None:
        if saved.is_set():
            return
        try:
            last_save()  # no one is left to ask "quit anyway?"
            let_go()
        finally:
            saved.set()
        if sig == signal.SIGTERM:
            app.exit()
            return
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)

    def watchdog(sig: int) -> None:
        if not saved.wait(ANSWER_WITHIN):  # the loop is stuck (on its terminal, most likely)
            try:
                last_resort()
            finally:
                saved.set()
        threading.Event().wait(GONE_WITHIN)
        os._exit(128 + sig)  # still here: the terminal holds the way out; the file is saved and free

    def caught_signal(sig: int, _frame: object) -> None:
        if loop.is_closed() or not app.is_running:  # this app is over: the signal is not its to answer
            signal.signal(sig, before[sig] if before[sig] is not None else signal.SIG_DFL)
            os.kill(os.getpid(), sig)
            return
        if caught:
            return  # the first one is being answered
        caught.append(sig)
        threading.Thread(target=watchdog, args=(sig,), name="hang-up watchdog", daemon=True).start()
        try:
            loop.call_soon_threadsafe(orderly, sig)
        except RuntimeError:  # the loop is closed: the app is going anyway
            pass

    before = {sig: signal.signal(sig, caught_signal) for sig in (signal.SIGHUP, signal.SIGTERM)}

    def release() -> None:
        for sig, handler in before.items():
            if signal.getsignal(sig) is caught_signal:  # not replaced since
                signal.signal(sig, handler if handler is not None else signal.SIG_DFL)

    return release
