"""How long from a key press to the updated screen, during a real game (not a test),
and how long the game takes to start against a bare Textual app.

    python benchmarks/ui_latency.py [--size 120x40] [--moves 40] [--seed 164] [--starts 5]

(`--moves 0`: the cold starts alone; `--starts 0`: the keys alone; `--callgrind`: the cold
starts counted in instructions under valgrind, the same on a busy machine as at rest.)

A 2-player game is played through the keyboard only (the pass screen on), moves chosen
by support.demo.policy, headless. For every key, the clock starts when the key
event is sent and stops when the last screen update it caused that changed what the
terminal shows has been composed *and* encoded for the terminal (the headless driver skips
writing, so the encoding is done here to count its cost). Every update is played, after
the game, through a terminal emulator (pyte) to tell which changed the screen: Textual
paints the screen on show again, identical, whenever the board under an opaque screen
(the pass screen) changes, and a person sees no such update. Keys that change nothing on
screen are left out. Prints the median and the 90th percentile, overall and by kind of
key, and for moves and pass screens the time to the last update of any kind.

Cold start: `python -m century_tui` (the new-game form) and `century new` against a bot
(the board), each in a pseudo-terminal of the same size, timed from the process start to
the first screen painted whole (its key bar drawn), read through a terminal emulator
(pyte) once the key bar's bytes have come (read as fast as a terminal reads them); the same for a bare Textual app (Header, Static, Footer), in the same run, taking
turns, so the figure is a ratio that holds on a busy machine. And a bare Textual app shaped
as a board (benchmarks/bare_board_app.py: a board's 34 nodes, none of the game's code), to
tell Textual's own work for a board's widgets from the game's. Medians of `--starts` each,
after one untimed start of each (as a player's second start: bytecode compiled, even where
PYTHONDONTWRITEBYTECODE is set, and the files in the OS cache).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import select
import struct
import subprocess
import termios
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["CENTURY_HOME"] = tempfile.mkdtemp(prefix="century-bench-")
os.environ.setdefault("COLORTERM", "truecolor")

from textual._compositor import CompositorUpdate  # noqa: E402

from century_tui.engine import Move
from century_tui.storage import Settings  # noqa: E402
from century_tui.text import words  # noqa: E402
from support import demo  # noqa: E402
from century_tui.tui.app import CenturyApp  # noqa: E402
from century_tui.tui.modals import AcquireModal, DiscardModal, TradeModal, UpgradeModal  # noqa: E402
from century_tui.tui.screens.game import GameScreen  # noqa: E402
from century_tui.tui.screens import handoff  # noqa: E402
from century_tui.tui.screens.handoff import HandOffScreen  # noqa: E402
from century_tui.tui.screens.second_press import question  # noqa: E402

handoff.HOLD_S = 0.0  # the benchmark answers a pass screen at once, faster than a person's second Enter


class Clock:
    """Time stamps of every screen update, encoded as a terminal would receive it."""

    def __init__(self, app: CenturyApp) -> None:
        self.stamps: list[tuple[float, float]] = []
        """(wall clock, this process's CPU time) at each update."""
        self.updates: list[str] = []
        """What the terminal received at each update (read after the game, off the clock)."""
        self.keys: list[tuple[str, float, float, int, int]] = []
        """(kind, wall clock, CPU time, first update, end of updates) of every key pressed."""
        display = app._display

        def timed(screen, renderable) -> None:
            if renderable is not None:
                sent = ""
                if isinstance(renderable, CompositorUpdate):
                    sent = renderable.render_segments(app.console)
                self.stamps.append((time.perf_counter(), time.process_time()))
                self.updates.append(sent)
            display(screen, renderable)

        app._display = timed  # type: ignore[method-assign]

    def changes(self, size: tuple[int, int]) -> list[bool]:
        """For each update: did it change what the terminal shows?"""
        import pyte

        screen = pyte.Screen(*size)
        stream = pyte.Stream(screen)
        shown: dict[int, tuple] = {}
        out = []
        for sent in self.updates:
            stream.feed(sent)
            changed = False
            for y in screen.dirty:
                line = screen.buffer[y]
                row = tuple(line[x] for x in range(size[0]))
                if shown.get(y) != row:
                    shown[y] = row
                    changed = True
            screen.dirty.clear()
            out.append(changed)
        return out

    def latencies(self, size: tuple[int, int], any_update: bool = False) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
        """Milliseconds from each key to the last update it caused that changed the screen
        (`any_update`: to its last update), on the wall clock and in CPU time, by kind."""
        changed = self.changes(size)
        out: dict[str, list[float]] = defaultdict(list)
        cpu: dict[str, list[float]] = defaultdict(list)
        for kind, start, start_cpu, first, end in self.keys:
            after = [i for i in range(first, end) if self.stamps[i][0] >= start and (any_update or changed[i])]
            if after:
                out[kind].append((self.stamps[after[-1]][0] - start) * 1000)
                cpu[kind].append((self.stamps[after[-1]][1] - start_cpu) * 1000)
        return out, cpu


async def press(pilot, clock: Clock, key: str, kind: str) -> None:
    """Press one key, noting when, and which updates follow it (read by `Clock.latencies`;
    the CPU time, which a busy machine inflates far less: the work done, not the wait for a
    core)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    count = len(clock.stamps)
    await pilot.press(key)
    await pilot.pause()
    clock.keys.append((kind, start, start_cpu, count, len(clock.stamps)))


def keys_for(screen: GameScreen, move: Move) -> list[tuple[str, str]]:
    """(key, kind) presses that make `move`, up to the modal (the rest is added later)."""
    if move.kind == "rest":  # with nothing played it is asked first, and `r` again plays it
        return [("r", "modal"), ("r", "move")] if question(screen.state, move, "r") else [("r", "move")]
    if move.kind == "claim":
        return [("p", "focus"), (str(move.index + 1), "cursor"), ("enter", "move")]
    if move.kind == "acquire":
        return [("m", "focus"), (str(move.index + 1), "cursor"), ("enter", "move or modal")]
    if move.kind in ("spice", "upgrade", "trade"):
        position = [i.card for i in screen.hand.items].index(move.card)
        if question(screen.state, move, "enter"):  # an upgrade with nothing to raise: asked first
            return [("h", "focus"), (str(position + 1), "cursor"), ("enter", "modal"), ("enter", "move")]
        return [("h", "focus"), (str(position + 1), "cursor"), ("enter", "move or modal")]
    return []


async def play(size: tuple[int, int], moves: int, seed: int) -> Clock:
    app = CenturyApp(demo.new_game(("Ann", "Bob"), seed=seed), settings=Settings(bot_delay_ms=0), autosave=True)
    rng = random.Random(1)
    async with app.run_test(size=size) as pilot:
        clock = Clock(app)
        await pilot.pause()
        while isinstance(app.screen, HandOffScreen):  # a game of two people opens on it
            await press(pilot, clock, "enter", "pass screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(moves):
            if screen.game.state.is_over:
                break
            move = demo.policy(screen.game.state, rng)
            if move.kind == "discard" and not isinstance(app.screen, DiscardModal):
                await press(pilot, clock, "d", "modal")
            for key, kind in keys_for(screen, move):
                await press(pilot, clock, key, kind)
            modal = app.screen
            if isinstance(modal, UpgradeModal):
                for tier in move.steps:  # type: ignore[union-attr]
                    await press(pilot, clock, str(tier + 1), "modal")
                await press(pilot, clock, "enter", "move")
            elif isinstance(modal, TradeModal):
                while modal.times > move.times:  # type: ignore[union-attr]
                    await press(pilot, clock, "left", "modal")
                await press(pilot, clock, "enter", "move")
            elif isinstance(modal, AcquireModal):
                for tier in move.payment:  # type: ignore[union-attr]
                    await press(pilot, clock, words().letters[tier].lower(), "modal")
                await press(pilot, clock, "enter", "move")
            elif isinstance(modal, DiscardModal):
                modal.chosen = list(move.cubes)  # type: ignore[union-attr]
                await press(pilot, clock, "enter", "move")
            while isinstance(app.screen, HandOffScreen):
                await press(pilot, clock, "enter", "pass screen")
            for key in ("right", "left"):  # a look around before the next move
                await press(pilot, clock, key, "cursor")
    return clock


def report(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name:>14}: -"
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{name:>14}: median {statistics.median(ordered):6.1f} ms   p90 {p90:6.1f} ms   ({len(ordered)} keys)"


BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App):
    def compose(self):
        yield Header()
        yield Static("bare")
        yield Footer()


Bare().run()
"""


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def instructions(pid: int) -> float:
    """The instructions process `pid`, run under callgrind, has executed so far on its main
    thread: the one that draws. (Asking takes a moment, in which a background thread, such
    as the game's loading the board behind the new-game form, would add its own.)"""
    report = subprocess.run(["callgrind_control", "-e", str(pid)], capture_output=True, text=True, check=True)
    main = [line.split()[-1] for line in report.stdout.splitlines() if line.strip().startswith("Th 1 ")]
    if not main:
        raise RuntimeError(f"no counts from callgrind_control:\n{report.stdout}{report.stderr}")
    return float(main[0].replace(",", ""))


CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]


def first_paint(args: list[str], size: tuple[int, int], painted: str, timeout: float = 30.0,
                callgrind: bool = False) -> tuple[float, float]:
    """Seconds from starting `python args` in a pseudo-terminal to a screen whose last line
    (the key bar) shows `painted`, on the wall clock and in CPU time used by then. Under
    `callgrind`, the second figure is the instructions executed by then instead: slow, but
    the same on a busy machine as on an idle one.

    The bytes are read as they come and parsed (pyte) only once `painted` is among them: a
    first frame is some 40 KB, a pseudo-terminal passes about 4 KB at a time and the app's
    writer waits for each to be read, and pyte, pure Python, takes about 8 ms a 4 KB where a
    terminal takes microseconds. Parsing each piece before reading the next timed pyte's
    reading of the frame (and counted the app's work meanwhile), not the app."""
    import pyte

    cols, rows = size
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, CENTURY_HOME=tempfile.mkdtemp(prefix="century-bench-"), LANG="C.UTF-8",
               TERM="xterm-256color", COLORTERM="truecolor")
    env.pop("LC_ALL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules compiled once, not at every start
    start = time.perf_counter()
    prefix = CALLGRIND if callgrind else []
    proc = subprocess.Popen([*prefix, sys.executable, *args], stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, cwd=Path(__file__).resolve().parent.parent)
    os.close(slave)
    marker = painted.encode()
    received = bytearray()
    parsed = searched = 0
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                continue
            try:
                received += os.read(master, 1 << 16)
            except OSError:
                break
            if marker not in received[searched:]:
                searched = max(0, len(received) - len(marker))
                continue
            seen = time.perf_counter() - start, (instructions if callgrind else cpu_seconds)(proc.pid)
            stream.feed(bytes(received[parsed:]))
            parsed = searched = len(received)
            if painted in screen.display[-1]:
                return seen
        stream.feed(bytes(received[parsed:]))
        raise RuntimeError(f"no screen painted for {args}:\n" + "\n".join(screen.display))
    finally:
        proc.kill()
        proc.wait(10)
        os.close(master)


def cold_starts(size: tuple[int, int], starts: int, callgrind: bool = False) -> dict[str, list[tuple[float, float]]]:
    """Seconds (and CPU seconds, or instructions) to the first painted screen, `starts` times
    each, taking turns."""
    runs = {
        "bare Textual": (["-c", BARE_APP], "^p"),
        "century": (["-m", "century_tui"], "^q"),
        "century new": (["-m", "century_tui", "new", "--players", "Ann,bot:easy", "--seed", "7"], "^q"),
        "bare as board": ([str(Path(__file__).with_name("bare_board_app.py"))], "^p"),
    }
    for args, painted in runs.values():  # untimed: the bytecode written, the files in the OS cache
        first_paint(args, size, painted)
    out: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for _ in range(starts):
        for name, (args, painted) in runs.items():
            out[name].append(first_paint(args, size, painted, timeout=300 if callgrind else 30, callgrind=callgrind))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=164)
    parser.add_argument("--starts", type=int, default=5, help="cold starts of each program (0: none)")
    parser.add_argument("--callgrind", action="store_true",
                        help="count the instructions to the first painted screen (valgrind), not the time")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    if args.callgrind:
        starts = cold_starts((width, height), args.starts or 1, callgrind=True)
        bare = statistics.median(x[1] for x in starts["bare Textual"])
        print(f"cold start to the first painted screen, {width}×{height}, instructions (callgrind), "
              f"median of {args.starts or 1}")
        for name, runs in starts.items():
            count = statistics.median(x[1] for x in runs)
            print(f"{name:>14}: {count / 1e9:5.2f} G instructions   ×{count / bare:.2f} the bare app")
        return
    if args.starts:
        starts = cold_starts((width, height), args.starts)
        bare = [statistics.median(x[i] for x in starts["bare Textual"]) for i in (0, 1)]
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"cold start to the first painted screen, {width}×{height}, median of {args.starts} (load {load})")
        for name, runs in starts.items():
            wall, cpu = (statistics.median(x[i] for x in runs) for i in (0, 1))
            print(f"{name:>14}: {wall:5.2f} s   ×{wall / bare[0]:.2f} the bare app   "
                  f"CPU {cpu:5.2f} s   ×{cpu / bare[1]:.2f}")
    if not args.moves:
        return
    clock = asyncio.run(play((width, height), args.moves, args.seed))
    out, cpu = clock.latencies((width, height))
    for title, samples in (("wall clock", out), ("CPU time of the process", cpu)):
        everything = [x for xs in samples.values() for x in xs]
        print(f"key press → updated screen, {width}×{height}, {args.moves} moves of a 2-player game, {title}")
        print(report("all keys", everything))
        for kind in sorted(samples):
            print(report(kind, samples[kind]))
    out, cpu = clock.latencies((width, height), any_update=True)
    print("key press → its last update, even one that changed nothing on screen, wall clock and CPU time")
    for kind in ("move", "pass screen"):
        print(report(kind, out[kind]), "  CPU", report("", cpu[kind]).split(":", 1)[1].strip())


if __name__ == "__main__":
    main()
