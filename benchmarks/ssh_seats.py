"""`century host --ssh`: ten SSH seats on one host.

Run by hand (not a test), from the repository root, on a machine otherwise at rest:

    python benchmarks/ssh_seats.py [--tables 5] [--keys 40] [--bots 0]

A `century host` process serves `--tables` games of two people (autosaving, as it does),
each seat taken over SSH by asyncssh's client in this process, its screen drawn by a
terminal emulator (pyte), as a person's terminal would. Figures:

- memory per session: each seat's `century join` process (its resident memory), and the
  host's own growth from before the first session to all of them in, per session;
- keystroke to screen: from a key written to the SSH channel to the first change of that
  seat's emulated screen: a cursor move in the hand (the seat's own process redraws; every
  seat typing at once), and a move (the key, the host, back to the mover's screen);
- host CPU per key and per move: the host process's CPU time (its SSH relays and the games; the seats'
  processes are counted apart) over the moves made, as read back from the save files.

`--bots N` adds N tables of two hard bots that think all along (no pause after a move; in
the host's bot processes): the keys' and moves' times then say whether a bot thinking slows the SSH seats
(the host's CPU then counts the bots' too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

NAMES = ("Ann", "Bob")
WAIT = 60.0


def status_kib(pid: int, field: str = "VmRSS") -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field + ":"))


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            out += [int(c) for c in f.read().split()]
    return out


class Seat(asyncssh.SSHClientSession):
    """A seat's terminal: its screen (pyte), and an event at each change of it."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.chan = None

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype) -> None:
        self.stream.feed(data)
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, condition, timeout: float = WAIT) -> float:
        """Seconds until `condition()` holds (looked at as output comes)."""
        start = time.perf_counter()
        while not condition():
            self.changed.clear()
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise TimeoutError(self.text())
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass
        return time.perf_counter() - start

    async def key_to_screen(self, keys: str, condition=None) -> float:
        """Seconds from `keys` written to the screen changing (or to `condition()`)."""
        before = list(self.screen.display)
        self.chan.write(keys.encode())
        return await self.until(condition or (lambda: self.screen.display != before), 10)


async def main(tables: int, keys: int, bots: int) -> None:
    home = tempfile.mkdtemp(prefix="century-ssh-bench-")
    (Path(home) / "settings.json").write_text(json.dumps({"bot_delay_ms": 0}))
    players = [arg for _ in range(tables) for arg in ("--players", ",".join(NAMES))]
    players += [arg for _ in range(bots) for arg in ("--players", "bot:hard,bot:hard")]
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "century_tui", "--lang", "en", "host", *players, "--seed", "7", "--port", "0",
        "--ssh", "0", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, env=dict(os.environ, CENTURY_HOME=home))
    lines: list[str] = []
    while not any("host key" in line for line in lines):
        lines.append((await asyncio.wait_for(host.stdout.readline(), WAIT)).decode().rstrip())
    drain = asyncio.ensure_future(host.stdout.read())  # who comes and goes, unread
    port = int(re.search(r"ssh -p (\d+)", "\n".join(lines))[1])
    codes = [re.search(r"(\w+)@", line)[1] for prev, line in zip(lines, lines[1:])
             if "ssh -p" in line and "century join" in prev]
    await asyncio.sleep(1.0)  # the host settled after its start
    host_before = status_kib(host.pid)
    async def sit(code: str) -> tuple[asyncssh.SSHClientConnection, Seat, float]:
        """A seat taken: its connection, its screen, and seconds from connecting to its hand drawn."""
        began = time.perf_counter()
        conn = await asyncssh.connect("127.0.0.1", port, username=code, known_hosts=None, client_keys=None,
                                      agent_path=None)
        chan, seat = await conn.create_session(Seat, term_type="xterm-256color", term_size=(100, 30), encoding=None)
        await seat.until(lambda: "'s hand" in seat.text())
        return conn, seat, time.perf_counter() - began

    taken = await asyncio.gather(*(sit(code) for code in codes))
    conns, seats, start = [c for c, _, _ in taken], [s for _, s, _ in taken], [t for _, _, t in taken]
    await asyncio.sleep(1.0)  # every seat drawn and settled
    joins = children(host.pid)
    seat_kib = [status_kib(pid) for pid in joins]
    host_growth = (status_kib(host.pid) - host_before) / len(seats)

    async def cursor(seat: Seat) -> list[float]:
        return [await seat.key_to_screen("\x1b[C" if i % 2 == 0 else "\x1b[D") for i in range(keys)]

    relay_before = cpu_seconds(host.pid)
    typed = [t for times in await asyncio.gather(*(cursor(seat) for seat in seats)) for t in times]
    relay = (cpu_seconds(host.pid) - relay_before) / len(typed)

    cpu_before = cpu_seconds(host.pid)

    async def table(pair: list[Seat]) -> list[float]:
        """Each seat in turn: play the first card (two yellow), then rest, twice over; the
        time is the mover's, and the next turn waits for both screens to show it."""
        times = []
        text = pair[0].text()
        turn_of = next(i for i, name in enumerate(NAMES) if f"▶ {name} to play" in text)
        for turn in range(8):
            mover, other = pair[turn_of], NAMES[1 - turn_of]
            keys = "h1\r" if (turn // 2) % 2 == 0 else "r"
            times.append(await mover.key_to_screen(keys, lambda: f"▶ {other} to play" in mover.text()))
            await pair[1 - turn_of].until(lambda: f"▶ {other} to play" in pair[1 - turn_of].text())
            turn_of = 1 - turn_of
        return times

    moved = [t for times in await asyncio.gather(*(table(seats[i:i + 2]) for i in range(0, len(seats), 2)))
             for t in times]
    await asyncio.sleep(0.5)  # the last saves
    cpu = cpu_seconds(host.pid) - cpu_before
    for conn in conns:
        conn.close()
    host.terminate()  # it stops as on Ctrl+C; SIGINT would be ignored if this runs in the background (`… &`)
    await asyncio.wait_for(host.wait(), WAIT)
    drain.cancel()
    docs = [json.loads(f.read_text()) for f in (Path(home) / "saves").glob("*.json")]
    moves = sum(len(doc["moves"]) for doc in docs if '"Ann"' in json.dumps(doc))  # the people's tables

    def ms(values: list[float], q: float) -> float:
        return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000

    print(f"{len(seats)} SSH seats on one host ({tables} tables of two, {bots} of two hard bots thinking), "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"  ssh to the board drawn: median {statistics.median(start):.2f} s (a new process per seat, all at once)")
    print(f"  memory per session: the seat's join process {statistics.mean(seat_kib) / 1024:.1f} MiB "
          f"(resident), the host's growth {host_growth / 1024:.2f} MiB")
    print(f"  keystroke to screen, a cursor move ({len(typed)} keys, all seats typing): "
          f"median {statistics.median(typed) * 1000:.1f} ms, p99 {ms(typed, 99):.1f} ms, max {max(typed) * 1000:.1f} ms; "
          f"the host's CPU (its SSH relay) {relay * 1000:.2f} ms a key")
    print(f"  keystroke to screen, a move through the host ({len(moved)} moves): "
          f"median {statistics.median(moved) * 1000:.1f} ms, p99 {ms(moved, 99):.1f} ms")
    print(f"  host CPU per move: {cpu / max(moves, 1) * 1000:.1f} ms ({moves} moves in the saves)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--bots", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.keys, args.bots))
