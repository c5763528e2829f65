"""Hosts in the test's own process: a bare `Host` serving some games, `century host --web`,
and the processes its browser tabs run."""

from __future__ import annotations

import asyncio
import os
import re

import pytest

from century_tui import storage
from century_tui.cli.network import serve
from century_tui.engine import Game, Seat, dumps
from century_tui.net.host import Host


def first_to_play(seat: int, seats: list[Seat]) -> int:
    """A seed whose game starts with `seat`."""
    return next(seed for seed in range(200) if Game(list(seats), seed).state.first == seat)


class Hosting:
    """A host on a free loopback port serving `games` (no autosave): closed on exit."""

    def __init__(self, *games: Game, **options) -> None:
        self.games = games
        self.host = Host(port=0, **options)

    async def __aenter__(self) -> Host:
        await self.host.start()
        for game in self.games:
            self.host.add(game, autosave=False)
        return self.host

    async def __aexit__(self, *exc) -> None:
        await self.host.close()


class Hosted:
    """`century host --web 0` on free loopback ports, its printed lines kept in `printed`;
    stopped (as by Ctrl+C) on exit at the latest."""

    def __init__(self, seats: list[Seat], seed: int = 7) -> None:
        self.game = Game(seats, seed)
        self.printed: list[str] = []

    async def __aenter__(self) -> Hosted:
        self.path, lock = storage.create_save(dumps(self.game))
        got = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(serve(
            [(self.game, self.path, lock)], "127.0.0.1", 0, web=0,
            out=lambda line, file=None: self.printed.append(line),
            ready=lambda host, hosted: got.set_result((host, hosted))))
        self.host, self.hosted = await asyncio.wait_for(got, 10)
        self.url = next(re.search(r"http://\S+", line)[0] for line in self.printed if "browser" in line)
        self.tab_command = f"join 127.0.0.1:{self.host.port}"
        """What the command line of a browser tab's process holds."""
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    async def stop(self) -> None:
        if not self.task.done():
            self.task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await self.task


async def until(condition, timeout: float = 10.0) -> None:
    """Let the loop run until `condition()` holds (a wait for an event, not for a time)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "the awaited condition never came"
        await asyncio.sleep(0.002)


def processes_running(text: str) -> int:
    """How many processes on this machine have `text` in their command line."""
    count = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                count += text.encode() in f.read().replace(b"\0", b" ")
        except OSError:  # gone meanwhile
            pass
    return count
