"""Headless games between bots: throughput and strength figures. Never imports Textual
(nor rich: the command line draws the progress bar and words the summary).

Game g of a run is the same game however it is run: its deal comes from `seed + g` and its
bots' seeds from (seed, g), so the games can be shared among worker processes (`jobs`)
and the summary adds up to the same figures for any number of them. Only measurements
differ from run to run: seconds, games and moves per second, and think times.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import random
import signal
import socket
import statistics
import threading
import time
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from typing import Callable, Iterator

from msgspec import Struct, field

from century_tui.bots import make_bot
from century_tui.engine import Game, Move, Seat, State
from century_tui.table import Inline, LocalTable, Moved

DEFAULT_ROUND_CAP = 400
"""Rounds after which a game is abandoned as a livelock and reported as capped."""


class BotTally(Struct):
    seats: int = 0
    """Seat appearances (a bot named twice in a lineup counts twice)."""
    wins: int = 0
    score: int = 0
    think: list[float] = field(default_factory=list)
    """Seconds per decision, kept only when asked for."""

    def as_dict(self, games: int) -> dict:
        d = {
            "win_share": self.wins / games if games else 0.0,
            "mean_score": self.score / self.seats if self.seats else 0.0,
            "seats": self.seats,
        }
        if self.think:
            d["median_ms"] = statistics.median(self.think) * 1000
            d["max_ms"] = max(self.think) * 1000
        return d


class GameResult(Struct, frozen=True):
    """What one game adds to the summary."""

    number: int
    names: tuple[str, ...]
    """The bot level in each seat."""
    moves: int
    turns: int
    scores: tuple[int, ...] | None
    """Final totals by seat; None for a game stopped at the round cap."""
    winner: int | None
    think: tuple[tuple[float, ...], ...] = ()
    """Seconds per decision, by seat (when asked for)."""


class SimReport(Struct):
    players: int
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    turns: int = 0
    capped: int = 0
    by_bot: dict[str, BotTally] = field(default_factory=dict)
    seat_wins: list[int] = field(default_factory=list)
    seat_scores: list[int] = field(default_factory=list)
    asked: int = 0
    """Games asked for: more than `games` when the run was stopped (Ctrl+C)."""
    jobs: int = 1

    @classmethod
    def start(cls, bots: list[str], players: int, games: int, jobs: int = 1) -> SimReport:
        """The report of a run of `games` games before any is played."""
        report = cls(players, seat_wins=[0] * players, seat_scores=[0] * players, asked=games, jobs=jobs)
        for name in bots:
            report.by_bot.setdefault(name, BotTally())
        return report

    @property
    def interrupted(self) -> bool:
        return self.games < self.asked

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.moves += result.moves
        self.turns += result.turns
        for seat, times in enumerate(result.think):
            self.by_bot[result.names[seat]].think.extend(times)
        if result.scores is None or result.winner is None:
            self.capped += 1
            return
        self.seat_wins[result.winner] += 1
        self.by_bot[result.names[result.winner]].wins += 1
        for seat, (name, total) in enumerate(zip(result.names, result.scores)):
            self.seat_scores[seat] += total
            tally = self.by_bot[name]
            tally.seats += 1
            tally.score += total

    def as_dict(self) -> dict:
        played = self.games - self.capped
        return {
            "games": self.games,
            "asked": self.asked,
            "interrupted": self.interrupted,
            "players": self.players,
            "jobs": self.jobs,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "moves_per_s": self.moves / self.seconds if self.seconds else 0.0,
            "turns_per_player": self.turns / (self.games * self.players) if self.games else 0.0,
            "capped": self.capped,
            "by_bot": {name: t.as_dict(played) for name, t in self.by_bot.items()},
            "by_seat": [
                {
                    "seat": i + 1,
                    "win_share": w / played if played else 0.0,
                    "mean_score": sc / played if played else 0.0,
                }
                for i, (w, sc) in enumerate(zip(self.seat_wins, self.seat_scores))
            ],
        }


MEASURED = ("seconds", "games_per_s", "moves_per_s", "jobs", "median_ms", "max_ms")
"""The fields of `as_dict` that are measurements (or how they were taken), not results:
all others are the same for a seed whatever the number of jobs."""


def lineup(bots: list[str], players: int, game: int) -> list[str]:
    """Bots by seat for game `game`: the list cycled over seats, rotated one seat per game."""
    return [bots[(seat + game) % len(bots)] for seat in range(players)]


class Run(Struct, frozen=True):
    """What every game of a run shares: sent once to each worker process."""

    bots: tuple[str, ...]
    players: int
    seed: int = 0
    round_cap: int = DEFAULT_ROUND_CAP
    budget_ms: int | None = None
    time_moves: bool = False


def play_game(run: Run, g: int) -> GameResult:
    """Game number `g` of a run, from its deal to its end (or the round cap), played on a
    table as any game is, its bots on this thread."""
    names = lineup(list(run.bots), run.players, g)
    rng = random.Random(run.seed * 1_000_003 + g)
    bots = [make_bot(name, rng.randrange(2**32), run.budget_ms) for name in names]
    think: list[list[float]] = [[] for _ in names]
    clock = time.perf_counter

    def choose(state: State, _number: int, _budget: int | None) -> Move:
        seat = state.seat
        if not run.time_moves:
            return bots[seat].choose(state)
        t0 = clock()
        move = bots[seat].choose(state)
        think[seat].append(clock() - t0)
        return move

    loop = Inline()
    game = Game([Seat(f"{name} {i + 1}", name) for i, name in enumerate(names)], run.seed + g)
    table = LocalTable(game, spawn=loop.spawn, call_soon=loop.call_soon, think=choose, shared=True)

    def capped(change: object) -> None:
        if isinstance(change, Moved) and game.state.players[change.seat].turns >= run.round_cap:
            table.close()  # a livelock: abandoned, reported as capped

    table.subscribe(capped)
    table.start()
    loop.run()
    state = game.state
    over = state.is_over
    return GameResult(
        g, tuple(names), len(game.moves), sum(p.turns for p in state.players),
        tuple(state.score(seat).total for seat in range(run.players)) if over else None,
        state.winner() if over else None,
        tuple(tuple(times) for times in think) if run.time_moves else (),
    )


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


def _results(run: Run, games: int, jobs: int, ctrl_c: CtrlC) -> Iterator[list[GameResult]]:
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


def simulate(
    bots: list[str],
    games: int,
    players: int,
    seed: int = 0,
    round_cap: int = DEFAULT_ROUND_CAP,
    budget_ms: int | None = None,
    time_moves: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play `games` complete games on `jobs` processes; `progress(n)` hears of each n games
    done. Ctrl+C stops the run: the report covers the games finished. On one job it breaks
    off the game under way (a KeyboardInterrupt); on more, the parent is only ever waiting
    for its workers, and Ctrl+C wakes it up without an exception that could land halfway
    through a report, a redraw of the bar or the workers' start."""
    run = Run(tuple(bots), players, seed, round_cap, budget_ms, time_moves)
    report = SimReport.start(bots, players, games, jobs)
    start = time.perf_counter()
    with CtrlC.caught(raising=jobs <= 1 or games <= 1) as ctrl_c:
        results = _results(run, games, jobs, ctrl_c)
        try:
            for done in results:
                for result in done:
                    report.add(result)
                if progress is not None:
                    progress(len(done))
        except KeyboardInterrupt:
            pass
        finally:
            results.close()  # the worker processes end here, however the run ends
    report.seconds = time.perf_counter() - start
    return report
