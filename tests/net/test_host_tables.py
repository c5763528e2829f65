"""What the host does with its tables beyond serving them: several at once on one port,
a seat handed to a bot, a new code for a seat, the host's skin, TLS (on loopback)."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess

import pytest

from century_tui import storage
from century_tui.cli.network import serve
from century_tui.engine import Game, Rest, Seat, dumps
from century_tui.net.client import JoinError, RemoteTable
from century_tui.net.host import Host
from tests.helpers.hosting import first_to_play, until

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))


async def serving(tables, **kwargs):
    """`century host` (printing) on a free loopback port: the task, the host, its tables
    and the printed lines."""
    printed: list[str] = []
    got = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(tables, "127.0.0.1", 0, out=lambda line, file=None: printed.append(line),
                                     ready=lambda host, *hosted: got.set_result((host, hosted)), **kwargs))
    host, hosted = await asyncio.wait_for(got, 10)
    return task, host, hosted, printed


async def stopped(task: asyncio.Task) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_one_host_serves_two_tables_each_with_its_codes_and_its_own_save():
    first = Game([Seat("Ann"), Seat("Bob")], first_to_play(0, [Seat("Ann"), Seat("Bob")]))
    second = Game([Seat("Cy"), Seat("Di"), Seat("Cog", "easy")], 4)
    tables = [(g, *storage.create_save(dumps(g))) for g in (first, second)]
    task, host, (one, two), printed = await serving(tables)
    try:
        assert [h.name for h in host.tables] == [tables[0][1].name, tables[1][1].name]
        assert f"Table {one.name}:" in printed and f"Table {two.name}:" in printed
        joins = [line.split()[-1] for line in printed if "century join" in line]
        assert len(joins) == 4 and len(set(joins)) == 4  # Ann, Bob, Cy, Di: each their own code
        assert len([line for line in printed if "century watch" in line]) == 2
        ann = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=one.code_for(0), timeout=5)
        cy = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=two.code_for(0), timeout=5)
        assert [s.name for s in ann.seats] == ["Ann", "Bob"] and [s.name for s in cy.seats][:2] == ["Cy", "Di"]
        await until(lambda: f"{one.name}: Ann is connected." in printed and f"{two.name}: Cy is connected." in printed)
        ann.play(Rest())
        await until(lambda: one.table.game.moves == [Rest()])
        assert two.table.game.moves == [] or all(two.table.game.seats[m].bot for m in two.table.game.movers)
        await ann.aclose()
        await cy.aclose()
    finally:
        await stopped(task)
    for game, path, lock in tables:  # each table saved to its own file, and let go of it
        assert not storage.is_held(path)
    assert storage.load_game(tables[0][1]).moves == [Rest()]
    assert [s.name for s in storage.load_game(tables[1][1]).seats] == ["Cy", "Di", "Cog"]


async def test_a_seat_handed_to_a_bot_is_played_by_it_and_its_person_is_let_go():
    seats = [Seat("Ann"), Seat("Bob")]
    game = Game(seats, first_to_play(0, seats))
    path, lock = storage.create_save(dumps(game))
    task, host, (hosted,), printed = await serving([(game, path, lock)])
    try:
        ann = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(0), timeout=5)
        bob = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(1), timeout=5)
        dropped = []
        ann.on_drop(dropped.append)
        assert hosted.status(0) == "connected"
        hosted.hand_over(0, "easy")
        await until(lambda: dropped and hosted.table.game.movers[:1] == [0])  # the bot moved for Ann
        assert "bot" in dropped[0] and hosted.status(0) == "bot"
        await until(lambda: bob.view.moves == len(hosted.table.game.moves))
        assert bob.seats[0] == Seat("Ann", "easy")  # every client sees the seat change
        with pytest.raises(JoinError, match="unknown token"):  # Ann's token no longer brings her back
            await ann.reconnect(timeout=5)
        await bob.aclose()
    finally:
        await stopped(task)
    assert storage.load_game(path).seats[0] == Seat("Ann", "easy")  # saved so


async def test_a_new_code_voids_the_old_code_and_the_seats_token():
    host = Host(port=0)
    await host.start()
    try:
        hosted = host.add(Game([Seat("Ann"), Seat("Bob")], 3), autosave=False)
        address = f"127.0.0.1:{host.port}"
        waiting = hosted.code_for(1)
        new = hosted.issue(1)  # Bob has not come: his line is sent again
        assert new != waiting and hosted.code_for(1) == new
        with pytest.raises(JoinError, match="unknown or used"):
            await RemoteTable.connect(address, code=waiting, timeout=5)
        ann = await RemoteTable.connect(address, code=hosted.code_for(0), timeout=5)
        dropped = []
        ann.on_drop(dropped.append)
        again = hosted.issue(0)  # Ann's terminal is lost: a new code brings her back, nobody else
        await until(lambda: dropped and hosted.status(0) == "waiting")
        assert "new code" in dropped[0]
        with pytest.raises(JoinError, match="unknown token"):
            await ann.reconnect(timeout=5)
        back = await RemoteTable.connect(address, code=again, timeout=5)
        assert back.mine == (0,) and hosted.status(0) == "connected"
        await back.aclose()
    finally:
        await host.close()


async def test_the_joins_are_told_the_hosts_skin():
    host = Host(port=0, skin="golem")
    await host.start()
    try:
        hosted = host.add(Game([Seat("Ann"), Seat("Bob")], 3), autosave=False)
        ann = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(0), timeout=5)
        assert ann.skin == "golem"
        await ann.aclose()
    finally:
        await host.close()


def self_signed(folder) -> tuple[str, str]:
    """A throwaway certificate for localhost and 127.0.0.1, and its key (openssl's)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return str(cert), str(key)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl to make a throwaway certificate with")
async def test_tls_on_loopback_with_a_self_signed_certificate_trusted_explicitly(tmp_path):
    cert, key = self_signed(tmp_path)
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    game = Game([Seat("Ann"), Seat("Bob")], 5)
    path, lock = storage.create_save(dumps(game))
    task, host, (hosted,), printed = await serving([(game, path, lock)], tls=served)
    try:
        line = next(line for line in printed if "century join" in line and "Ann" in line)
        address = line.split()[-3]
        assert address == f"wss://127.0.0.1:{host.port}"  # the line to paste says TLS
        with pytest.raises(JoinError, match="certificate"):  # not trusted without being told to
            await RemoteTable.connect(address, code=hosted.code_for(0), timeout=5)
        with pytest.raises(JoinError):  # nor spoken to in plain text
            await RemoteTable.connect(address.removeprefix("wss://"), code=hosted.code_for(0), timeout=5)
        trusted = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        trusted.load_verify_locations(cafile=cert)
        ann = await RemoteTable.connect(address, code=hosted.code_for(0), timeout=5, tls=trusted)
        assert ann.mine == (0,) and ann.view.moves == 0
        await ann.ws.close()  # the line goes: she comes back over TLS too
        await until(lambda: hosted.status(0) == "disconnected")
        await ann.reconnect(timeout=5)
        assert hosted.status(0) == "connected"
        await ann.aclose()
    finally:
        await stopped(task)
