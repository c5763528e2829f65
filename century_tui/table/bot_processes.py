"""A host's bots think in a process of their own: a bot thinking never slows the host's
connections (issue 43: hard bots in the host's threads shared its interpreter, and an SSH
seat's key took twice as long to reach the screen).

The same bot, seeded the same way (`local.bot_seed`), chooses the same move as in a thread:
only where it runs changes. A worker that dies is replaced at the next try, and the table's
own retries (`local.BOT_RETRIES`) cover the move it was choosing.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from century_tui.engine import Game, Move, State
from century_tui.table.local import Thinker, bot_seed


def choose(level: str, seed: int, budget: int | None, state: State) -> Move:
    """In the worker: the bot of `level` for this move, as `local.fresh_bots` makes it."""
    from century_tui import bots

    return bots.make_bot(level, seed=seed, budget_ms=budget).choose(state)


NICE = 10
"""How much lower than the host the workers run: a seat's key drawn never waits for a bot."""


def _lower_priority() -> None:
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the same priority as the host
        pass


def _ready() -> bool:
    from century_tui import bots  # noqa: F401  (the worker's imports, before the first move)

    return True


class BotProcesses:
    """A pool of worker processes (one core's fewer than the machine has: the host keeps
    one), at a lower priority than the host's and its seats' (`NICE`), started when first
    asked, shared by every table of a host."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_lower_priority)
            return self._pool

    def warm_up(self) -> None:
        """Start the workers now (a second or so), not at a bot's first move."""
        self._executor().submit(_ready)

    def thinker(self, game: Game) -> Thinker:
        """What a `LocalTable` of `game` calls to choose its bots' moves (on a thread of its
        own, which waits here for the worker's answer)."""

        def think(state: State, number: int, budget: int | None) -> Move:
            level = game.seats[state.seat].bot or "random"
            pool = self._executor()
            try:
                return pool.submit(choose, level, bot_seed(game.seed, number), budget, state).result()
            except BrokenProcessPool:
                with self._lock:
                    if self._pool is pool:
                        self._pool = None  # the next try starts new workers
                raise

        return think

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
