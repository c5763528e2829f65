"""Bots think in a process of their own: a bot thinking never slows the host's connections
(issue 43: hard bots in the host's threads shared its interpreter, and an SSH seat's key
took twice as long to reach the screen), nor a game window's board, nor is slowed by it
(the window's searching bots, `bots.SEARCHING`: in the window's interpreter the hard bot
got through half the positions at 250 ms it does alone).

The same bot, seeded the same way (`local.bot_seed`), chooses the same move as in a thread:
only where it runs changes. A worker that dies is replaced at the next try, and the table's
own retries (`local.BOT_RETRIES`) cover the move it was choosing.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Collection
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from century_tui.engine import Game, Move, State
from century_tui.table.local import Thinker, bot_level, bot_move, bot_seed


def choose(level: str, seed: int, budget: int | None, state: State, asked: int | None = None) -> Move:
    """In the worker: the move the bot of `level` chooses (`local.bot_move`). `asked`: the
    number of this question in a pool that keeps only its newest (`newest_only`): a newer
    one stops this search at once."""
    clock = None if asked is None or _newest is None else _until_asked_again(_newest, asked)
    return bot_move(level, seed, budget, state, clock)


_newest = None
"""In a worker of a pool that keeps only its newest question: that question's number,
shared with the pool's owner."""


def _until_asked_again(newest, asked: int) -> Callable[[], float]:
    """The wall clock, until a question newer than `asked` comes: then past any deadline,
    so the search stops at its next look (its answer, to a position the game has left, is
    dropped by the table)."""
    def clock() -> float:
        return time.perf_counter() if newest.value == asked else math.inf

    return clock


NICE = 10
"""How much lower than the host the workers run: a seat's key drawn never waits for a bot."""


def _start(quiet: bool, newest) -> None:
    """A worker's start: a lower priority (`NICE`), and with `quiet` nothing it might print
    (a warning) written over a game window's screen, which its stdout and stderr are."""
    global _newest
    _newest = newest
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the same priority as the host
        pass
    if quiet:
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, 1)
        os.dup2(nowhere, 2)
        os.close(nowhere)


def _tracker_started() -> None:
    """multiprocessing's resource tracker, started before the pool's first semaphore wants
    it. It hands its child the descriptor of `sys.stderr`, which in a game window is
    Textual's capture, with none (-1: the start failed); it gets the null device instead."""
    from multiprocessing import resource_tracker

    if sys.stderr is not None and _has_descriptor(sys.stderr):
        return resource_tracker.ensure_running()
    captured = sys.stderr
    with open(os.devnull, "w") as nowhere:
        sys.stderr = nowhere
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = captured


def _has_descriptor(stream) -> bool:
    try:
        return stream.fileno() >= 0
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return False


def _ready() -> bool:
    from century_tui import bots  # noqa: F401  (the worker's imports, before the first move)

    return True


class BotProcesses:
    """A pool of worker processes (one core's fewer than the machine has: the host keeps
    one), at a lower priority than the host's and its seats' (`NICE`), started when first
    asked, shared by every table of a host (or a window's games). `quiet`: the workers
    write nothing to the terminal they started on (a game window's)."""

    def __init__(self, workers: int | None = None, quiet: bool = False, newest_only: bool = False) -> None:
        """`newest_only`: each question stops the search of any before it, as in a game
        window, where a bot asked again means the position it thought about was taken
        back (an undo): the new search does not wait for the old one to use up its budget."""
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.quiet = quiet
        self.newest_only = newest_only
        self.unavailable: str | None = None
        """Why this machine cannot start a pool (no working semaphores, as on Android's
        Termux), once it failed to: the bots then think in the asking thread."""
        self._spawn_context = multiprocessing.get_context("spawn")
        self._newest = None
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor | None:
        """The pool, started if need be; None where none can start (`unavailable`)."""
        with self._lock:
            if self._pool is None and self.unavailable is None:
                try:
                    _tracker_started()
                    if self.newest_only and self._newest is None:
                        self._newest = self._spawn_context.RawValue("q", 0)
                    self._pool = ProcessPoolExecutor(self.workers, mp_context=self._spawn_context,
                                                     initializer=_start, initargs=(self.quiet, self._newest))
                except (ImportError, NotImplementedError, OSError) as e:
                    self.unavailable = str(e) or type(e).__name__
            return self._pool

    def _ask(self) -> int | None:
        """The number of a new question (None: every question runs to its end)."""
        if self._newest is None:
            return None
        with self._lock:
            self._newest.value += 1
            return self._newest.value

    def warm_up(self) -> None:
        """Start the workers now (a second or so), not at a bot's first move."""
        pool = self._executor()
        if pool is not None:
            pool.submit(_ready)

    def thinker(self, game: Game, levels: Collection[str] | None = None) -> Thinker:
        """What a `LocalTable` of `game` calls to choose its bots' moves (on a thread of its
        own, which waits here for the worker's answer). `levels`: only these think in a
        worker, the others in the calling thread (None: every level)."""

        def think(state: State, number: int, budget: int | None) -> Move:
            level = bot_level(game, state)
            pool = self._executor() if levels is None or level in levels else None
            if pool is None:
                return bot_move(level, bot_seed(game.seed, number), budget, state)
            try:
                return pool.submit(choose, level, bot_seed(game.seed, number), budget, state, self._ask()).result()
            except BrokenProcessPool:
                with self._lock:
                    if self._pool is pool:
                        self._pool = None  # the next try starts new workers
                raise

        return think

    def close(self) -> None:
        """Stop the workers now, a search under way included: a window closing, or a host
        stopping, does not wait out a bot's budget (up to a minute). The move it was
        choosing fails (`BrokenProcessPool`), and its closed table plays none."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut `pool` down and end its workers, a task running or not. Python 3.14 says so
    (`terminate_workers`); before it, `ProcessPoolExecutor` keeps its workers in
    `_processes` (since 3.2), the one private name read here (tests/table/test_bot_processes.py
    fails if it goes)."""
    stop = getattr(pool, "terminate_workers", None)
    if stop is not None:
        stop()
        return
    workers = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
