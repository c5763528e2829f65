"""A host's bots think in a process of their own (issue 43: bots in the host's threads
slowed every SSH seat), and a game window's searching bots (the board beside them halved
their search), and choose there exactly what they choose in a thread."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from century_tui.engine import Game, Seat
from century_tui.table.bot_processes import BotProcesses, choose
from century_tui.table.local import fresh_bots


def test_a_bot_in_a_process_chooses_what_it_chooses_in_a_thread_and_a_dead_worker_is_replaced():
    game = Game([Seat("Cog", "easy"), Seat("Rex", "random")], seed=11)
    here = fresh_bots(game)
    procs = BotProcesses(workers=1)
    try:
        think = procs.thinker(game)
        for number in range(6):  # both levels, a few positions on
            state = game.state
            move = think(state, number, None)
            assert move == here(state, number, None)
            game.apply(move)
        assert procs._executor().submit(os.getpid).result() != os.getpid()  # not this process
        procs._executor().submit(signal.raise_signal, signal.SIGKILL)  # the worker dies
        with pytest.raises(BrokenProcessPool):
            think(game.state, 6, None)  # the move it was choosing fails (the table tries again)...
        assert think(game.state, 6, None) == here(game.state, 6, None)  # ...and new workers answer
    finally:
        procs.close()


def test_only_the_levels_named_think_in_a_worker():
    """A game window sends its searching bots to a worker and keeps the others (a millisecond
    a move) in its own threads: a game of easy bots starts no process."""
    game = next(g for seed in range(50)
                if (g := Game([Seat("Cog", "easy"), Seat("Rex", "hard")], seed)).state.seat == 0)
    procs = BotProcesses(workers=1)
    try:
        think = procs.thinker(game, levels={"hard"})
        move = think(game.state, 0, None)  # Cog, easy
        assert procs._pool is None and move == fresh_bots(game)(game.state, 0, None)
        game.apply(move)
        assert game.state.is_legal(think(game.state, 1, 30))  # Rex, hard, in the worker
        assert procs._pool is not None
    finally:
        procs.close()


def test_workers_start_where_stderr_has_no_descriptor_and_write_nothing_when_quiet():
    """In a game window sys.stderr is Textual's capture, whose descriptor is -1: the resource
    tracker multiprocessing starts for the pool's first semaphore was handed it and the
    start failed (ValueError: bad value(s) in fds_to_keep). A quiet pool's workers print
    nothing on the window's terminal (their stdout and stderr are it)."""
    script = textwrap.dedent("""
        import io, os, sys
        from century_tui.table.bot_processes import BotProcesses

        class Captured(io.StringIO):
            def fileno(self):
                return -1

        sys.stderr = Captured()
        procs = BotProcesses(workers=1, quiet=True)
        for fd in (1, 2):
            procs._executor().submit(os.write, fd, b"from the worker").result()
        procs.close()
        print("done")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "done\n" and "from the worker" not in done.stderr


def test_closing_ends_a_search_under_way():
    """A window closing while the hard bot thinks (its budget up to a minute) does not wait
    for it: the worker ends now, and the move it was choosing fails."""
    procs = BotProcesses(workers=1)
    procs._executor().submit(os.getpid).result()  # the worker is up
    asked = procs._executor().submit(time.sleep, 60)
    deadline = time.monotonic() + 20
    while not asked.running():  # handed to the worker: too late to cancel, only to end
        assert time.monotonic() < deadline
        os.sched_yield()
    procs.close()
    with pytest.raises(BrokenProcessPool):  # its worker gone, not its sleep over
        asked.result(timeout=20)


def test_in_a_window_a_new_question_stops_the_search_before_it():
    """An undo while the hard bot thinks leaves its search to a position gone; with one
    worker, the next question waited for it to spend its budget (a minute at most). In a
    window's pool (`newest_only`) the new question stops it at once."""
    game = next(g for seed in range(50) if (g := Game([Seat("Ann"), Seat("Rex", "hard")], seed)).state.seat == 1)
    procs = BotProcesses(workers=1, newest_only=True)
    try:
        think = procs.thinker(game)
        stale = procs._executor().submit(choose, "hard", 1, 60_000, game.state, procs._ask())  # 45 s, if left alone
        began = time.monotonic()
        move = think(game.state, 0, 50)  # the position asked again, after an undo
        assert time.monotonic() - began < 30 and game.state.is_legal(move)
        assert game.state.is_legal(stale.result(timeout=0))  # the stale search answered first
    finally:
        procs.close()


def test_where_no_pool_can_start_the_bots_think_in_the_asking_thread(monkeypatch):
    """Some machines cannot start a process pool (Android's Termux has no working semaphores:
    ImportError). A game there is played as before, its bots in threads, not stood in for."""
    import century_tui.table.bot_processes as bot_processes

    def no_semaphores(*args, **kwargs):
        raise ImportError("This platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(bot_processes, "ProcessPoolExecutor", no_semaphores)
    game = Game([Seat("Cog", "easy"), Seat("Rex", "hard")], seed=5)
    procs = BotProcesses(workers=1, newest_only=True)
    procs.warm_up()
    think = procs.thinker(game)
    for number in range(4):
        move = think(game.state, number, 30)
        assert game.state.is_legal(move)
        game.apply(move)
    assert "sem_open" in procs.unavailable and procs._pool is None
    procs.close()
