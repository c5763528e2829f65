"""`century host`: a move's round trip on loopback, and a table's memory on the host.

Run by hand (not a test), from the repository root, on a machine otherwise at rest:

    python benchmarks/net_roundtrip.py [--tables 10] [--clients 5] [--moves 60]

A host process serves `--tables` games of `--clients` people each (autosaving, as
`century host` does); a process per table joins its seats (one RemoteTable each, as at their own terminals) and plays
`--moves` moves a table, all tables at once. A round trip is from `play(move)` at the
seat's client to that client hearing the move back from the host (every other client
of the table hears it too). Aim (issue 16): p99 under 50 ms; a table under 5 MiB on the host,
measured as the host's resident memory with every table in play and every client in,
less its memory before the first table, divided by the tables. On a shared machine the
round trips follow whatever else runs: the host's CPU time per move says what the host
itself costs (10 tables moving at once queue behind 10 of those).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from century_tui.engine import Game, Seat
from century_tui.net.client import RemoteTable  # noqa: E402
from century_tui.table import Moved  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def rss() -> int:
    """Resident memory of this process, in bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def host_process(conn, tables: int, clients: int) -> None:
    os.environ["CENTURY_HOME"] = tempfile.mkdtemp(prefix="century-bench-")

    async def main() -> None:
        from century_tui.net.host import Host, Limits

        host = Host(port=0, limits=Limits(strangers_per_address=tables * clients + 8, strangers=tables * clients + 8))
        await host.start()
        before = rss()
        codes = []
        for t in range(tables):
            hosted = host.add(Game([Seat(n) for n in NAMES[:clients]], seed=t))
            codes.append([hosted.code_for(seat) for seat in range(clients)])
        conn.send((host.port, codes))
        cpu = time.process_time()
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)  # "measure now"
        conn.send((rss() - before, time.process_time() - cpu))
        await host.close()

    asyncio.run(main())


async def play_table(players: list[RemoteTable], moves: int, rng: random.Random, trips: list[float]) -> None:
    loop = asyncio.get_running_loop()
    heard: dict[RemoteTable, asyncio.Future] = {}

    def listener(player: RemoteTable):
        def listen(change) -> None:
            future = heard.get(player)
            if isinstance(change, Moved) and future is not None and not future.done():
                future.set_result(None)
        return listen

    for player in players:
        player.subscribe(listener(player))
    for _ in range(moves):
        if players[0].state.is_over:
            return
        mover = next(p for p in players if p.state.seat in p.mine)
        heard.clear()
        heard.update({p: loop.create_future() for p in players})
        started = time.perf_counter()
        mover.play(rng.choice(list(mover.state.legal_moves())))
        await asyncio.wait_for(heard[mover], 10)
        trips.append(time.perf_counter() - started)
        await asyncio.wait_for(asyncio.gather(*heard.values()), 10)  # every client has it


def table_process(conn, port: int, codes: list[str], moves: int, seed: int) -> None:
    """One table's people, each at their own RemoteTable, in a process of their own (as
    they would be, each at their own terminal): their round trips, then they leave when told."""

    async def main() -> None:
        players = [await RemoteTable.connect(f"127.0.0.1:{port}", code=c) for c in codes]
        conn.send("joined")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)  # every table is in
        trips: list[float] = []
        await play_table(players, moves, random.Random(seed), trips)
        conn.send(trips)
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)  # the host has measured
        for player in players:
            await player.aclose()

    asyncio.run(main())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--clients", type=int, default=5)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    ours, theirs = mp.Pipe()
    host = mp.Process(target=host_process, args=(theirs, args.tables, args.clients), daemon=True)
    host.start()
    port, codes = ours.recv()
    pipes, workers = [], []
    for t, row in enumerate(codes):
        mine, its = mp.Pipe()
        worker = mp.Process(target=table_process, args=(its, port, row, args.moves, t), daemon=True)
        worker.start()
        pipes.append(mine)
        workers.append(worker)
    for pipe in pipes:
        assert pipe.recv() == "joined"
    for pipe in pipes:
        pipe.send("play")
    trips = [trip for pipe in pipes for trip in pipe.recv()]
    ours.send("measure")
    memory, cpu = ours.recv()
    for pipe in pipes:
        pipe.send("leave")
    for worker in workers + [host]:
        worker.join(10)
    print(f"host memory per table: {memory / args.tables / 2**20:.2f} MiB "
          f"({args.tables} tables × {args.clients} clients, after {len(trips)} moves)")
    print(f"host CPU per move: {cpu / len(trips) * 1000:.2f} ms (joins, saves and views to every client included)")
    ms = sorted(t * 1000 for t in trips)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"move round trip: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms "
          f"over {len(ms)} moves")


if __name__ == "__main__":
    main()
