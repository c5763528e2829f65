"""What a player's terminal gets for each key: the game in a real pseudo-terminal, read by
a terminal emulator (pyte), as a terminal over SSH would read it.

    python benchmarks/ui_terminal.py [--size 120x40] [--moves 30] [--seed 164] [--paths off,on,bot,ssh]

Four paths players take, each a game played through the keyboard only (moves chosen by
support.demo.policy from the benchmark's own copy of the game):

- `off`: two people, the pass screen off (two people who keep no secrets);
- `on`: two people, the pass screen on (a move shows the pass screen, Enter the board);
- `bot`: one person against `bot:easy`, bot speed instant: every person's move is followed
  by the bot's, whose redraw is timed from the moment the bot chose its move (the child
  writes that moment to a pipe: the one thing it does that a player's `century` does not);
- `ssh`: two people at their own terminals over SSH: `century host --ssh` on this machine,
  each seat taken by OpenSSH's client (`ssh -p PORT CODE@127.0.0.1`, COLORTERM sent) in a
  pseudo-terminal of its own. A key is timed on the mover's screen, through ssh, the seat's
  process and the host; a move also on the other person's screen ("seen by the other").

For each key: the time from writing it to the pseudo-terminal to the last output that
changed a cell, the bytes written, and the cells that changed (character, colours or
attributes). Keys are grouped by kind: a move played on the board (Enter on a card, `r`),
a move confirmed in a dialog, a dialog key (opening one included), a focus change
(`p`, `m`, `h`), a cursor move (digits, ←, →), answering the pass screen. Medians and the
90th percentile; bytes per changed cell over all keys of a kind.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import random
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from century_tui.engine import MERCHANT_CARDS, Discard, Game, Seat, cheapest_discard, times_affordable  # noqa: E402
from century_tui.storage import load_game, save_files  # noqa: E402
from century_tui.table.local import fresh_bots  # noqa: E402
from century_tui.text import words  # noqa: E402
from century_tui.tui.screens.second_press import question  # noqa: E402
from support import demo  # noqa: E402

KEYS = {"enter": b"\r", "left": b"\x1b[D", "right": b"\x1b[C", "escape": b"\x1b"}
HOLD_S = 0.5
"""The pass screen passes nothing for this long after it comes (screens/handoff.py)."""
QUIET_S = 0.25
"""A key's output is over once the terminal has been silent this long."""

CHILD = """
import os, sys, time
stamps = int(os.environ["BENCH_STAMPS"])
from century_tui.bots.easy import EasyBot
choose = EasyBot.choose
def stamped(self, state):
    move = choose(self, state)
    os.write(stamps, b"%.6f\\n" % time.monotonic())
    return move
EasyBot.choose = stamped
sys.argv = ["century", *sys.argv[1:]]
from century_tui.cli import main
main()
"""
"""The game as `century` runs it, but for the moment each easy bot chose, written to a pipe."""


@dataclass
class Sample:
    kind: str
    ms: float | None
    """To the last output that changed a cell (None: nothing changed)."""
    sent: int
    changed: int
    cpu: float | None = None
    """Milliseconds of the game's CPU time the key cost (a busy machine inflates it far
    less than the wall clock; in clock ticks of 10 ms, so a median over many keys)."""


@dataclass
class Terminal:
    """`century ARGS` in a pseudo-terminal of `size`, true colour, as a player's terminal."""

    args: list[str]
    size: tuple[int, int]
    handoff: bool
    program: list[str] | None = None
    """What runs in the terminal, if not `century ARGS` (`ssh …` for the ssh path)."""
    bot_delay_ms: int | None = 0
    """The bot speed's pause in the settings file (None: a new player's)."""
    samples: list[Sample] = field(default_factory=list)
    home: Path = field(init=False)

    def __post_init__(self) -> None:
        cols, rows = self.size
        home = self.home = Path(tempfile.mkdtemp(prefix="century-bench-"))
        pause = {} if self.bot_delay_ms is None else {"bot_delay_ms": self.bot_delay_ms}
        Path(home, "settings.json").write_text(json.dumps({"handoff": self.handoff, **pause}))
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.stamps, stamp_writer = os.pipe()
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONDONTWRITEBYTECODE", "LC_ALL")}
        env.update(CENTURY_HOME=str(home), TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8",
                   BENCH_STAMPS=str(stamp_writer))
        self.proc = subprocess.Popen(
            self.program or [sys.executable, "-c", CHILD, *self.args], stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True, pass_fds=(stamp_writer,), cwd=Path(__file__).resolve().parent.parent,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        os.close(stamp_writer)
        self.master = master
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        if self.program is None:
            self.read()  # the first screen

    def until(self, text: str, timeout: float = 30.0) -> None:
        """Read until the screen shows `text`."""
        end = time.monotonic() + timeout
        while text not in "\n".join(self.screen.display):
            if time.monotonic() > end:
                raise RuntimeError(f"no {text!r} on screen:\n" + "\n".join(self.screen.display))
            for _, data in self.read(0.2):
                self.stream.feed(data)
        for _, data in self.read(QUIET_S):  # and settled
            self.stream.feed(data)

    def read(self, quiet: float = 1.0) -> list[tuple[float, bytes]]:
        """What the program writes until it is silent for `quiet` seconds, with the moment
        each piece was read, fed to the emulator."""
        chunks = []
        while True:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                break
            data = os.read(self.master, 1 << 16)
            if not data:
                break
            chunks.append((time.monotonic(), data))
        return chunks

    def bot_chose(self) -> list[float]:
        out = b""
        while select.select([self.stamps], [], [], 0)[0]:
            piece = os.read(self.stamps, 4096)
            if not piece:
                break
            out += piece
        return [float(x) for x in out.split()]

    def cells(self) -> list[tuple]:
        buffer = self.screen.buffer
        return [tuple(buffer[y][x] for x in range(self.screen.columns)) for y in range(self.screen.lines)]

    def press(self, key: str, kind: str, wait: float = QUIET_S) -> None:
        """Press `key` and note its sample; a move a bot answers is noted whole ("move and
        reply": the bot chooses within a millisecond, often before the move is drawn, so
        both come in one frame), and the bot's move alone from the moment it chose."""
        before, cpu = self.cells(), self.cpu()
        sent = time.monotonic()
        os.write(self.master, KEYS.get(key, key.encode()))
        chunks = self.read(wait)
        chose = [t for t in self.bot_chose() if t >= sent]
        if chose:  # read on until the bot's move is drawn
            chunks += self.read(wait)
        last: dict[str, float] = {}
        for at in self.feed(chunks):
            last["key"] = at
            if chose and at >= chose[0]:
                last["bot"] = at
        changed = _changed(before, self.cells())
        total = sum(len(d) for _, d in chunks)
        ms = (last["key"] - sent) * 1000 if "key" in last else None
        self.samples.append(Sample(f"{kind} and reply" if chose else kind, ms, total, changed, self.cpu() - cpu))
        if chose:
            ms = (last["bot"] - chose[0]) * 1000 if "bot" in last else None
            self.samples.append(Sample("bot move", ms, sum(len(d) for at, d in chunks if at >= chose[0]), changed, None))

    def feed(self, chunks: list[tuple[float, bytes]]) -> list[float]:
        """Give the emulator what was read; the moments of the pieces that changed a cell."""
        changes = []
        for at, data in chunks:
            rows = {y: self._row(y) for y in range(self.screen.lines)}
            self.screen.dirty.clear()
            self.stream.feed(data)
            if any(self._row(y) != rows[y] for y in self.screen.dirty):
                changes.append(at)
        return changes

    def cpu(self) -> float:
        """Milliseconds of CPU (user and system, every thread) the game has used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def _row(self, y: int) -> tuple:
        line = self.screen.buffer[y]
        return tuple(line[x] for x in range(self.screen.columns))

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)
        os.close(self.stamps)


def _changed(before: list[tuple], after: list[tuple]) -> int:
    return sum(a != b for row_a, row_b in zip(before, after) for a, b in zip(row_a, row_b))


def person_move(state, rng: random.Random):
    """The move a person makes next (support.demo.policy; a discard, the cheapest cubes:
    what the dialog opens with)."""
    move = demo.policy(state, rng)
    if move.kind == "discard":
        move = Discard(cheapest_discard(state.current.cubes, sum(state.current.cubes) - 10))
    return move


def same_game(home: Path, game: Game) -> None:
    """The game saved in `home` is the benchmark's copy: its keys made the moves meant."""
    saved = load_game(save_files(home / "saves")[0])
    if list(saved.moves) != list(game.moves):
        raise RuntimeError("the game on screen is not the benchmark's copy: its keys were not the moves meant")


def play(path: str, size: tuple[int, int], moves: int, seed: int) -> list[Sample]:
    """A game of `moves` person's moves on `path`, through the keyboard."""
    bot = path == "bot"
    names = ("Ann", "bot:easy") if bot else ("Ann", "Bob")
    term = Terminal(["new", "--players", ",".join(names), "--seed", str(seed)], size, handoff=path == "on")
    game = Game([Seat("Ann"), Seat("Easy bot", "easy")] if bot else [Seat(n) for n in names], seed)
    rng = random.Random(1)
    try:
        if path == "on":  # a game of two people opens on the pass screen
            time.sleep(HOLD_S)
            term.press("enter", "pass screen")
        for _ in range(moves):
            state = game.state
            if state.is_over:
                break
            if bot and not game.current_seat.is_human:  # the bot's reply, read with the move before
                game.apply(fresh_bots(game)(state, len(game.moves), None))
                continue
            move = person_move(state, rng)
            for key, kind in keys_for(state, move):
                term.press(key, kind)
            game.apply(move)
            if game.state.phase == "discard" and game.current_seat.is_human:
                continue  # the dialog opened by itself
            if path == "on" and not game.state.is_over:
                time.sleep(HOLD_S)
                term.press("enter", "pass screen")
            for key in ("right", "left"):  # a look around before the next move
                term.press(key, "cursor")
        same_game(term.home, game)
    finally:
        term.close()
    return term.samples


SSH_OPTIONS = ["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
               "-o", "LogLevel=ERROR", "-o", "SendEnv=COLORTERM", "-o", "SendEnv=LANG"]


def play_ssh(size: tuple[int, int], moves: int, seed: int) -> list[Sample]:
    """A game of two people, each at their own SSH seat, through the keyboard."""
    home = Path(tempfile.mkdtemp(prefix="century-bench-"))
    host = subprocess.Popen(
        [sys.executable, "-m", "century_tui", "--lang", "en", "host", "--players", "Ann,Bob", "--seed", str(seed),
         "--port", "0", "--ssh", "0"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=dict(os.environ, CENTURY_HOME=str(home)), text=True, cwd=Path(__file__).resolve().parent.parent)
    terms: list[Terminal] = []
    try:
        lines = []
        while not any("host key" in line for line in lines):
            line = host.stdout.readline()
            if not line:
                raise RuntimeError("the host stopped:\n" + "".join(lines))
            lines.append(line)
        ssh_lines = [line.split("or:")[1].split() for line in lines if line.strip().startswith("or:")]
        terms = [Terminal([], size, handoff=False, program=["ssh", *SSH_OPTIONS, *argv[1:]]) for argv in ssh_lines]
        for term, name in zip(terms, ("Ann", "Bob")):
            term.until(f"{name}'s hand")
        game = Game([Seat("Ann"), Seat("Bob")], seed)
        rng = random.Random(1)
        samples: list[Sample] = []
        for _ in range(moves):
            state = game.state
            if state.is_over:
                break
            move = person_move(state, rng)
            mover, other = terms[state.seat], terms[1 - state.seat]
            for key, kind in keys_for(state, move):
                samples += press_pair(mover, other, key, kind)
            game.apply(move)
            if game.state.phase == "discard":
                continue  # the dialog opened by itself
            for key in ("right", "left"):  # a look around before the next move
                samples += press_pair(terms[game.state.seat], terms[1 - game.state.seat], key, "cursor")
        same_game(home, game)
    finally:
        for term in terms:
            term.close()
        host.terminate()
        host.wait(20)
    return samples


def press_pair(mover: Terminal, other: Terminal, key: str, kind: str) -> list[Sample]:
    """Press `key` at the mover's terminal; its sample there, and for a move the other
    person's too (the time to the move on their screen, the bytes their line carried)."""
    before = mover.cells(), other.cells()
    sent = time.monotonic()
    os.write(mover.master, KEYS.get(key, key.encode()))
    chunks: dict[int, list[tuple[float, bytes]]] = {mover.master: [], other.master: []}
    while ready := select.select(list(chunks), [], [], QUIET_S)[0]:
        for fd in ready:
            chunks[fd].append((time.monotonic(), os.read(fd, 1 << 16)))
    out = []
    for term, name, was in ((mover, kind, before[0]), (other, f"{kind}, seen by the other", before[1])):
        changes = term.feed(chunks[term.master])
        if term is other and not kind.endswith("move"):
            continue
        ms = (changes[-1] - sent) * 1000 if changes else None
        out.append(Sample(name, ms, sum(len(d) for _, d in chunks[term.master]), _changed(was, term.cells())))
    return out


def keys_for(state, move) -> list[tuple[str, str]]:
    """(key, kind) presses that make `move` on the board, its dialog included."""
    kind = move.kind
    if kind == "rest":  # with nothing played it is asked first, and `r` again plays it
        return [("r", "question"), ("r", "board move")] if question(state, move, "r") else [("r", "board move")]
    if kind == "discard":
        return [("enter", "dialog move")]  # the dialog opened with the cheapest cubes chosen
    if kind == "claim":
        return [("p", "focus"), (str(move.index + 1), "cursor"), ("enter", "board move")]
    if kind == "acquire":
        keys = [("m", "focus"), (str(move.index + 1), "cursor")]
        if not move.payment or len(state.legal_moves("acquire")) and _one_way(state, move.index):
            return keys + [("enter", "board move")]
        letters = words().letters
        return keys + [("enter", "dialog")] + [(letters[t].lower(), "dialog") for t in move.payment] + [("enter", "dialog move")]
    position = list(state.current.owned).index(move.card)
    keys = [("h", "focus"), (str((position + 1) % 10), "cursor")]
    if kind == "spice":
        return keys + [("enter", "board move")]
    if kind == "upgrade":
        if not any(state.current.cubes[:3]):  # nothing to raise: asked first
            return keys + [("enter", "question"), ("enter", "board move")]
        return keys + [("enter", "dialog")] + [(str(t + 1), "dialog") for t in move.steps] + [("enter", "dialog move")]
    most = times_affordable(state.current.cubes, MERCHANT_CARDS[move.card].pay)
    if most <= 1:
        return keys + [("enter", "board move")]
    return keys + [("enter", "dialog")] + [("left", "dialog")] * (most - move.times) + [("enter", "dialog move")]


def _one_way(state, index: int) -> bool:
    return sum(1 for m in state.legal_moves("acquire") if m.index == index) == 1


KINDS = ("board move", "dialog move", "board move and reply", "dialog move and reply", "bot move",
         "board move, seen by the other", "dialog move, seen by the other", "pass screen", "dialog", "question",
         "focus", "cursor")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def report(path: str, samples: list[Sample]) -> None:
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    idle = 0
    for s in samples:
        if s.changed:
            by_kind[s.kind].append(s)
        else:
            idle += 1  # `h` on the hand already focused: nothing to show, nothing to time
    print(f"  {'kind of key':<22} {'keys':>4} {'ms median':>10} {'p90':>7} {'CPU ms':>7} {'bytes median':>13} "
          f"{'p90':>7} {'cells changed':>14} {'bytes/cell':>10}")
    for kind in KINDS:
        group = by_kind.get(kind)
        if not group:
            continue
        times = [s.ms for s in group if s.ms is not None]
        sent = [s.sent for s in group]
        cells = sum(s.changed for s in group)
        per_cell = sum(sent) / cells if cells else float("nan")
        ms = f"{statistics.median(times):10.1f} {percentile(times, 0.9):7.1f}" if times else f"{'-':>10} {'-':>7}"
        cpu = [s.cpu for s in group if s.cpu is not None]
        cpu_ms = f"{statistics.mean(cpu):7.1f}" if cpu else f"{'-':>7}"
        print(f"  {kind:<22} {len(group):>4} {ms} {cpu_ms} {statistics.median(sent):13.0f} {percentile(sent, 0.9):7.0f} "
              f"{statistics.median(s.changed for s in group):14.0f} {per_cell:10.1f}")
    everything = [s.ms for s in samples if s.changed and s.ms is not None]
    print(f"  {'all keys':<22} {len(everything):>4} {statistics.median(everything):10.1f} {percentile(everything, 0.9):7.1f}"
          f"   ({idle} keys changed nothing on screen)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--moves", type=int, default=30, help="moves of each person's game")
    parser.add_argument("--seed", type=int, default=164)
    parser.add_argument("--paths", default="off,on,bot,ssh", help="which paths: off, on, bot, ssh")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    titles = {"off": "two people, pass screen off", "on": "two people, pass screen on",
              "bot": "one person against bot:easy, bot speed instant",
              "ssh": "two people, each at their own SSH seat (century host --ssh, OpenSSH's client)"}
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"keys through a pseudo-terminal, {width}×{height}, true colour, seed {args.seed} (load {load})")
    for path in args.paths.split(","):
        if path == "ssh":
            samples = play_ssh((width, height), args.moves, args.seed)
        else:
            samples = play(path, (width, height), args.moves, args.seed)
        print(f"{titles[path]}:")
        report(path, samples)


if __name__ == "__main__":
    main()
