"""Hosts in the test's own process: a bare `Host` serving some games (`Hosting`), one game
and the clients that join it (`Served`), `century host --web` (`Hosted`), a proxy that
hangs like a stopped host (`Freezer`), and the processes browser tabs run."""

from __future__ import annotations

import asyncio
import os
import re

import pytest
from websockets.exceptions import ConnectionClosed

from century_tui import storage
from century_tui.cli.network import serve
from century_tui.engine import Game, Seat, dumps
from century_tui.net.client import RemoteTable
from century_tui.net.host import Host, Limits


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


class Served:
    """A host on a free loopback port with one game: closed (and every task ended) on exit."""

    def __init__(self, seats: list[Seat], seed: int = 7, limits: Limits | None = None, autosave: bool = True):
        self.game = Game(seats, seed)
        # scripted players move faster than people: the rate limit has a test of its own
        self.host = Host(port=0, limits=limits or Limits(rate=10_000, burst=10_000))
        self.autosave = autosave
        self.clients: list[RemoteTable] = []

    async def __aenter__(self) -> Served:
        await self.host.start()
        self.hosted = self.host.add(self.game, autosave=self.autosave)
        self.table = self.hosted.table
        self.address = f"127.0.0.1:{self.host.port}"
        return self

    async def __aexit__(self, *exc) -> None:
        for client in self.clients:
            await client.aclose()
        await self.host.close()

    def code(self, seat: int) -> str:
        code = self.hosted.code_for(seat)
        assert code is not None
        return code

    async def join(self, seat: int | None) -> RemoteTable:
        code = self.hosted.watch_code if seat is None else self.code(seat)
        client = await RemoteTable.connect(self.address, code=code, timeout=5)
        self.clients.append(client)
        return client

    def caught_up(self, *clients: RemoteTable) -> bool:
        return all(c.seq == self.hosted.seq and c.epoch == self.table.epoch for c in clients)

    def seen(self, client: RemoteTable) -> dict:
        """What a client sees, as the host would show it now (the log and chart aside)."""
        return client.view.model_dump(exclude={"log", "running"})

    def truth(self) -> dict:
        return self.hosted.view(full=False).model_dump(exclude={"log", "running"})


async def closed_with(ws) -> tuple[int | None, str]:
    """Read until the host closes: its close code and reason."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 5)
    except ConnectionClosed as e:
        return (e.rcvd.code, e.rcvd.reason) if e.rcvd else (None, "")


class Freezer:
    """A TCP proxy on loopback to `port`; `freeze()` stops it passing bytes either way (and
    ends), as a stopped host does, `thaw()` passes on what was held, as the host resumed."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.running = asyncio.Event()
        self.running.set()
        self.tasks: set[asyncio.Task] = set()

    async def __aenter__(self) -> Freezer:
        self.server = await asyncio.start_server(self._pair, "127.0.0.1", 0)
        self.address = f"127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        return self

    async def __aexit__(self, *exc) -> None:
        self.server.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def freeze(self) -> None:
        self.running.clear()

    def thaw(self) -> None:
        self.running.set()

    async def _pair(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
        for a, b in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(a, b))
            self.tasks.add(task)

    async def _pipe(self, reader, writer) -> None:
        try:
            while data := await reader.read(65536):
                await self.running.wait()  # hung: nothing passes, nothing closes
                writer.write(data)
                await writer.drain()
            await self.running.wait()
            writer.close()  # the end of one side, passed on to the other
        except ConnectionError:
            writer.close()


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
