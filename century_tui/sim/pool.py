"""The games of a run shared among worker processes, each with a pipe of its own: batches of
game numbers out, their results back, until they are all in or Ctrl+C is pressed."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from multiprocessing.connection import Connection, wait
from typing import Iterator

from .ctrl_c import CtrlC
from .games import Run, play_game
from .report import GameResult


def _worker(run: Run, conn: Connection, parents: list[Connection]) -> None:
    """A worker process: plays the batches of game numbers it is sent and sends back their
    results, until it is killed or its parent is gone. Ctrl+C is the parent's to handle: it
    stops the workers and says what was done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)  # the parent's, inherited with the fork
    for parent in parents:  # the parent's ends, inherited too: once the parent is gone, recv ends
        parent.close()
    try:
        while True:
            conn.send([play_game(run, g) for g in conn.recv()])
    except (EOFError, BrokenPipeError):
        pass


def batches(games: int, jobs: int) -> Iterator[range]:
    """Game numbers in batches, guided: each at most a share of what is left, so the last
    ones are single games and no worker idles long at the end while another finishes a big
    batch; and at most `games / (8 × jobs)` (128 at most), so every worker reports at
    least 8 times for the progress bar. Fewer, larger batches than equal ones of that
    size: each batch costs the parent a round trip (about a millisecond of its CPU,
    taken from the workers on a machine with as many cores as workers)."""
    cap = max(1, min(128, games // (jobs * 8)))
    start = 0
    while start < games:
        size = max(1, min(cap, (games - start) // (jobs * 2)))
        yield range(start, start + size)
        start += size


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def results_of(run: Run, games: int, jobs: int, ctrl_c: CtrlC) -> Iterator[list[GameResult]]:
    """The games' results as they come, a batch at a time (in no set order on more than
    one job), until they are all in or Ctrl+C is pressed; closing the iterator ends the
    worker processes."""
    if jobs <= 1 or games <= 1:
        for g in range(games):
            if ctrl_c.pressed():
                return
            yield [play_game(run, g)]
        return
    # The workers are forks of this process: what it holds is frozen out of their garbage
    # collector's walks, which would otherwise touch (and so copy) every inherited page.
    gc.freeze()
    todo = batches(games, jobs)
    sent: dict[Connection, int] = {}  # by worker, batches sent and not yet back: two, so that
    # a worker never waits for the parent to send it the next one
    workers: list[multiprocessing.Process] = []

    def send(conn: Connection) -> None:
        numbers = next(todo, None)
        if numbers is not None:
            conn.send(numbers)
            sent[conn] += 1

    # Each worker has its own pipe and the parent no thread: nothing is shared that a worker
    # killed at any instant could leave locked (as multiprocessing.Pool's queues can, python/
    # cpython#96995), so stopping is killing, and the parent waits on the pipes and Ctrl+C.
    try:
        for _ in range(min(jobs, games)):
            mine, theirs = multiprocessing.Pipe()
            sent[mine] = 0
            worker = multiprocessing.Process(target=_worker, args=(run, theirs, list(sent)), daemon=True)
            worker.start()
            theirs.close()
            workers.append(worker)
        for conn in list(sent) * 2:
            send(conn)
        while any(sent.values()) and not ctrl_c.pressed():
            for conn in wait([ctrl_c, *(conn for conn, n in sent.items() if n)]):
                if conn is not ctrl_c:
                    done = conn.recv()
                    sent[conn] -= 1
                    send(conn)
                    yield done
    finally:
        for worker in workers:
            worker.kill()  # games under way are dropped, not waited for
        for worker in workers:
            worker.join()
        for conn in sent:
            conn.close()
        gc.unfreeze()
