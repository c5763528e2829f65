"""A host that hangs (stopped, its machine asleep, a line that drops without a word): the
client's keepalive notices within bounded time, and a request left unanswered is said to
wait for the host meanwhile. A proxy between them stands for the hung host: it stops
passing anything on, as a stopped process does, while its socket stays open."""

from __future__ import annotations

import asyncio

import pytest

from century_tui.engine import Rest, Seat
from century_tui.net import connection
from century_tui.net.client import RemoteTable
from century_tui.table import HostSilent, SeatsChanged
from tests.helpers.hosting import Freezer, Served, until

pytestmark = pytest.mark.asyncio


async def test_a_hung_host_is_said_to_be_waited_for_then_given_up_by_the_keepalive(monkeypatch):
    monkeypatch.setattr(connection, "KEEPALIVE", (0.2, 0.5, 0.2))
    monkeypatch.setattr(connection, "SILENT_AFTER", 0.3)
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s, Freezer(s.host.port) as proxy:
        ann = await RemoteTable.connect(proxy.address, code=s.code(0), timeout=5)
        s.clients.append(ann)
        heard, dropped = [], []
        ann.subscribe(lambda c: heard.append(c) if isinstance(c, HostSilent) else None)
        ann.on_drop(dropped.append)
        await until(lambda: ann.status is not None)  # the host's last word, for now
        await asyncio.sleep(0.6)  # pings come and go through the proxy: the line is kept
        assert not dropped and not ann.silent
        proxy.freeze()
        if ann.state.seat == 0:
            ann.play(Rest())
        else:
            ann.resync()
        await until(lambda: ann.silent, timeout=5)
        assert heard == [HostSilent(True)]
        await until(lambda: dropped, timeout=5)  # the keepalive's pong never came
        assert dropped == ["the host stopped answering"] and ann.drop_code is None
        assert ann.silent and heard == [HostSilent(True)]  # the wait goes on while it tries again


async def test_an_answer_that_comes_late_ends_the_wait(monkeypatch):
    monkeypatch.setattr(connection, "SILENT_AFTER", 0.05)
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        ann = await s.join(0)
        await until(lambda: ann.status is not None)  # the host's last word, for now
        answer = s.hosted.resync
        held = []
        monkeypatch.setattr(s.hosted, "resync", held.append)  # the host is slow to answer
        ann.resync()
        await until(lambda: ann.silent and held)
        answer(held[0])
        await until(lambda: not ann.silent)


async def test_the_client_keeps_the_line_alive_with_websockets_own_pings():
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        ann = await s.join(0)
        ws = ann.ws
        assert (ws.ping_interval, ws.ping_timeout, ws.close_timeout) == connection.KEEPALIVE
        assert sum(connection.KEEPALIVE) <= 20


async def test_a_line_that_breaks_without_the_hosts_goodbye_is_said_so():
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        ann = await s.join(0)
        dropped = []
        ann.on_drop(dropped.append)
        [client] = s.hosted.clients
        client.ws.transport.abort()  # a host killed, a cable pulled: no close frame
        await until(lambda: dropped)
        assert dropped == ["the line to the host broke without a word from it"]


async def test_after_a_long_stall_of_the_host_nobody_is_blamed_for_the_hosts_outage(monkeypatch):
    """The host stalls (a stopped process) long enough that both joins give up the line and
    try again; when it resumes, each join's first word back finds the other one gone too,
    as everyone went in the host's outage: no join says the other "lost the connection"
    (it did, comparing with before its own drop), nor that they are "back"."""
    monkeypatch.setattr(connection, "KEEPALIVE", (0.2, 0.5, 0.2))
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s, Freezer(s.host.port) as proxy:
        news: list[tuple[str, SeatsChanged]] = []
        tables = []
        for seat in (0, 1):
            table = await RemoteTable.connect(proxy.address, code=s.code(seat), timeout=5)
            s.clients.append(table)
            tables.append(table)
            who = table.seats[seat].name
            table.subscribe(lambda c, who=who: news.append((who, c)) if isinstance(c, SeatsChanged) else None)
            table.on_drop(lambda _reason, table=table: tries.append(asyncio.ensure_future(table.reconnect(timeout=5))))
        tries: list[asyncio.Future] = []
        await until(lambda: all(t.status == ("connected", "connected") for t in tables))
        news.clear()
        proxy.freeze()
        await until(lambda: len(tries) == 2, timeout=5)  # both gave the line up, and try again
        proxy.thaw()
        await asyncio.gather(*tries)
        await until(lambda: all(t.status == ("connected", "connected") for t in tables))
        assert all(c.gone == () and c.back == () for _who, c in news), news
