"""The host keeps its promises under attack (issue 44), one test each: nothing a player saw
is lost, no stranger crowds out a seat, no error wedges a table. All on 127.0.0.1, every
wait bounded."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import re
import resource
import signal
import socket
import sys
import time
import types

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from century_tui import storage
from century_tui.cli.network import serve
from century_tui.engine import Game, Rest, Seat, dumps
from century_tui.net import protocol as p
from century_tui.net.client import RemoteTable
from century_tui.net.host import Limits
from century_tui.table import Moved, SaveChanged
from tests.helpers.hosting import Hosting, Served, closed_with, first_to_play, until

NINES = "9" * 4300
"""A number past Python's limit on the digits of an int read from a string."""


async def test_every_field_is_bounded_by_its_type_and_a_wrong_type_is_refused_not_coerced(caplog):
    caplog.set_level(logging.DEBUG)
    async with Served([Seat("Ann"), Seat("Bob")], seed=4) as s:
        mover = s.table.state.seat
        epoch = s.table.epoch
        sent = [
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"acquire","index":{NINES}}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"trade","card":"M13","times":{NINES}}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"acquire","index":6}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"rest","index":0}}}}',  # no such field
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"spice","card":"M01","x":1}}}}',
            f'{{"type":"move","epoch":"{epoch}","move":{{"kind":"rest"}}}}',
            f'{{"type":"move","epoch":{epoch}.0,"move":{{"kind":"rest"}}}}',
            f'{{"type":"move","epoch":{NINES},"move":{{"kind":"rest"}}}}',
            '{"type":"undo","epoch":0,"seat":9}',
            '{"type":"undo_answer","question":1,"yes":1}',
        ]
        for text in sent:
            ws = await connect(f"ws://{s.address}")
            await ws.send(p.encode(p.Hello(code=s.code(mover))))
            welcome = p.host_message.validate_json(await ws.recv())
            await ws.send(text)
            code, reason = await closed_with(ws)
            assert code == 1008 and reason.startswith("malformed message"), text[:80]
            assert s.table.game.moves == [] and s.table.epoch == epoch
            s.hosted.issue(mover)  # a new code for the next try (the token was let go)
        assert isinstance(welcome, p.Welcome)
        for hello in ('{"type":"hello","code":"%s","watch":"yes"}', '{"type":"hello","code":"%s","v":1.0}'):
            ws = await connect(f"ws://{s.address}")
            await ws.send(hello % s.hosted.watch_code)
            code, reason = await closed_with(ws)
            assert code == 1008 and reason.startswith("malformed message")
        ws = await connect(f"ws://{s.address}")  # a move of the right types still plays
        await ws.send(p.encode(p.Hello(code=s.code(mover))))
        await ws.recv()
        await ws.send(json.dumps({"type": "move", "epoch": epoch, "move": {"kind": "rest"}}))
        await until(lambda: s.table.game.moves == [Rest()])
        await ws.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_a_move_every_client_saw_survives_a_kill_of_the_host_right_after_it_was_sent(tmp_path):
    """`century host` in a process of its own, killed (SIGKILL) the moment the move's change
    reaches a client: the file holds the move, and the host resumed shows it."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "century_tui", "--lang", "en", "host", "--players", "Ann,Bob", "--port", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, stdin=asyncio.subprocess.DEVNULL)
    try:
        lines = []
        while not lines or "Ctrl+C" not in lines[-1]:
            line = await asyncio.wait_for(process.stdout.readline(), 30)
            assert line, f"the host ended: {lines}"
            lines.append(line.decode())
        address, codes = None, []
        for line in lines:
            if match := re.search(r"century join (\S+) --code (\S+)", line):
                address = match[1]
                codes.append(match[2])
        players = [await RemoteTable.connect(address, code=code, timeout=5) for code in codes]
        mover = next(t for t in players if t.plays_here(t.state.seat) and t.state.seat in t.mine)
        move = next(iter(mover.state.legal_moves()))
        heard = []

        def kill(change) -> None:  # on the change's arrival: nothing else runs in between
            if isinstance(change, Moved) and not heard:
                process.kill()
                heard.append(change.move)

        mover.subscribe(kill)
        mover.play(move)
        await until(lambda: heard or mover.refusals, 60)  # a process of its own, on a busy machine
        assert heard, mover.refusals
        assert await asyncio.wait_for(process.wait(), 10) == -signal.SIGKILL
        for player in players:
            await player.aclose()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    [path] = (tmp_path / "home" / "saves").glob("*.json")
    game, lock = storage.open_save(path)  # the dead host's hold went with it
    assert game.moves == [move] == heard
    async with Hosting(game) as host:  # resumed: a player who comes back sees the move
        hosted = host.tables[0]
        again = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(0), timeout=5)
        assert again.view.moves == 1 and again.game.moves == [None]
        await again.aclose()
    lock.release()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
async def test_sigterm_and_sighup_stop_the_host_as_ctrl_c_does(sig):
    """The host without its lobby (its output piped): the goodbye, the last save, the file
    let go, and `serve` returns as it does after Ctrl+C."""
    game = Game([Seat("Ann"), Seat("Bob")], 12)
    path, lock = storage.create_save(dumps(game))
    got = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve([(game, path, lock)], "127.0.0.1", 0, out=lambda *a, **k: None,
                                     ready=lambda host, hosted: got.set_result((host, hosted))))
    try:
        host, hosted = await asyncio.wait_for(got, 10)
        mover = hosted.table.state.seat
        player = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(mover), timeout=5)
        dropped = []
        player.on_drop(dropped.append)
        player.play(Rest())
        await until(lambda: player.view.moves == 1)
        await until(lambda: signal.getsignal(sig) not in (signal.SIG_DFL, signal.SIG_IGN))  # caught: safe to send
        os.kill(os.getpid(), sig)
        assert await asyncio.wait_for(task, 10) == 0
        await until(lambda: dropped)
        assert player.drop_code == p.FAREWELL
        await player.aclose()
    finally:
        if not task.done():
            task.cancel()
    assert signal.getsignal(sig) == signal.SIG_DFL  # given back
    assert not storage.is_held(path) and storage.load_game(path).moves == [Rest()]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_stop_the_host_s_lobby_after_its_goodbye_and_its_save(tmp_path, sig):
    """`century host` with its lobby on a terminal: the clients are told the host stopped,
    the file is let go; SIGTERM gives the terminal back (exit 0), SIGHUP (no terminal left)
    then ends the process by the signal."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect as connect_sync

    from tests.helpers.pty_screen import Terminal, terminal_env

    env = terminal_env(tmp_path / "home", TERM="xterm-256color")
    with Terminal(["--lang", "en", "host", "--players", "Ann,Bob", "--port", "0"], env, cols=160) as term:
        term.until(term.shows("century join 127.0.0.1:", "Bob"))
        address, code = re.search(r"century join (\S+) --code (\w+)", term.text()).groups()
        with connect_sync(f"ws://{address}", open_timeout=5, close_timeout=5) as ws:
            ws.send(p.encode(p.Hello(code=code)))
            assert isinstance(p.host_message.validate_json(ws.recv(5)), p.Welcome)
            term.until(term.shows("connected"))
            os.kill(term.proc.pid, sig)
            term.until(lambda t: t.proc.poll() is not None)  # reading all it writes meanwhile
            said = p.host_message.validate_json(ws.recv(5))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(5)
        assert term.proc.wait(5) == (0 if sig == signal.SIGTERM else -sig)
    assert said == p.Closing(reason=p.CLOSE_REASONS[p.FAREWELL]) and closed.value.rcvd.code == 1001
    [path] = (tmp_path / "home" / "saves").glob("*.json")
    assert not storage.is_held(path) and len(storage.load_game(path).seats) == 2


async def test_a_stranger_storming_the_port_never_keeps_a_seat_s_token_out():
    """Codeless connections from the seat's own address (an SSH tunnel's 127.0.0.1): silent
    TCP, an HTTP upgrade never finished, WebSockets that never say hello. They wait in a
    budget of their own (8 an address), the oldest closed to make room, each for 5 seconds
    at most: the seat's token always gets its seat back. (Here their time is a minute while
    the bursts come, so that on a busy machine none runs out before the budget is full, and
    half a second for the last ones, closed when it is up.)"""
    async with Served([Seat("Ann"), Seat("Bob")], limits=Limits(handshake=60.0, rate=10_000, burst=10_000)) as s:
        ann = await s.join(0)
        token = ann.token
        await ann.aclose()
        door = s.host.door
        held, silent = [], []
        for burst in range(3):
            for _ in range(12):  # silent, past the budget
                held.append(await asyncio.open_connection("127.0.0.1", s.host.port))
            reader, writer = await asyncio.open_connection("127.0.0.1", s.host.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request never finished
            held.append((reader, writer))
            silent += [await connect(f"ws://{s.address}") for _ in range(4)]  # upgraded, no hello
            await until(lambda: len(door.waiting) == 8)  # the budget full of strangers
            back = await RemoteTable.connect(s.address, token=token, timeout=5)
            assert back.mine == (0,) and s.hosted.connected(0) and len(door.waiting) <= 8
            await back.aclose()
        s.host.limits.handshake = 0.5  # the last strangers: their time runs out
        held += [await asyncio.open_connection("127.0.0.1", s.host.port) for _ in range(7)]
        out_of_time = await connect(f"ws://{s.address}")
        for ws in silent:  # each made room for a newer one
            assert (await closed_with(ws))[0] == 1013
        assert (await closed_with(out_of_time))[0] == 1008
        for reader, writer in held:  # every one closed: to make room, or when its time was up
            assert await asyncio.wait_for(reader.read(), 5) == b""
            writer.close()
        assert not door.waiting
        # the budget of all addresses: 127.0.0.2 and 127.0.0.3 are this machine too
        s.host.limits.handshake, s.host.limits.strangers = 60.0, 12
        for source in ("127.0.0.2", "127.0.0.3"):
            for _ in range(8):
                held.append(await asyncio.open_connection("127.0.0.1", s.host.port, local_addr=(source, 0)))
        await until(lambda: len(door.waiting) == 12)
        assert {a for a, _ in door.waiting.values()} == {"127.0.0.2", "127.0.0.3"}
        for _, writer in held:
            writer.close()


async def test_a_reader_that_never_reads_is_dropped_past_a_mib_queued_for_it():
    """A watcher asks for the full view again and again and reads nothing: what waits for
    it is counted in bytes, never past 1 MiB, and past that it is let go; the game goes on."""
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        line = socket.socket()
        line.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a slow line: the kernel holds little
        line.connect(("127.0.0.1", s.host.port))
        ws = await connect(f"ws://{s.address}", sock=line)
        await ws.send(p.encode(p.Hello(code=s.hosted.watch_code)))
        await ws.recv()
        [watcher] = [c for c in s.hosted.clients if not c.seats]
        answered, most = [], 0
        resync = s.hosted.resync

        def counted(client) -> None:
            resync(client)
            answered.append(watcher.queued)

        s.hosted.resync = counted
        ws.transport.pause_reading()  # from now on it reads nothing
        asked = 0
        while not watcher.dropped and asked < 5000:
            for _ in range(50):
                await ws.send(p.encode(p.ViewRequest()))
            asked += 50
            await until(lambda: len(answered) == asked or watcher.dropped)
            most = max(answered)
        await until(lambda: watcher not in s.hosted.clients)
        assert watcher.dropped and most <= s.host.limits.outbox == 1 << 20
        assert most > (1 << 20) - 2 * len(p.encode(p.FullView(seq=0, view=s.hosted.view(full=True))))
        ann = await s.join(0)  # the host serves on
        assert ann.mine == (0,)


async def test_a_sender_that_stays_over_the_rate_is_closed_however_many_get_through(monkeypatch):
    """20 requests a second, 40 at once (the defaults), on a clock the test turns: a key held
    down (25 a second) is refused now and then and never closed; a steady 250 a second is
    closed, though one in twelve gets through (each used to start the count again)."""
    from century_tui.net import clients

    clock = [time.monotonic() + 1.0]
    monkeypatch.setattr(clients, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    async with Served([Seat("Ann"), Seat("Bob")], limits=Limits()) as s:
        for per_second, closes in ((25, False), (250, True)):
            ws = await connect(f"ws://{s.address}")
            await ws.send(p.encode(p.Hello(code=s.code(0))))
            await ws.recv()
            answers = []
            try:
                for _ in range(300):
                    clock[0] += 1 / per_second
                    await ws.send(p.encode(p.RedoRequest(epoch=s.table.epoch)))
                    said = p.host_message.validate_json(await asyncio.wait_for(ws.recv(), 5))
                    answers.append(said.code if isinstance(said, p.Refused) else said)
            except ConnectionClosed as e:
                assert closes and e.rcvd.code == 1008
                assert answers.pop() == p.Closing(reason=p.CLOSE_REASONS["too_fast"])
                refused = answers.index("rate_limited")
                assert "nothing_to_redo" in answers[refused:] and len(answers) < 150
            else:
                assert not closes and "rate_limited" in answers and answers[-1] == "nothing_to_redo"
                await ws.close()
            s.hosted.issue(0)  # a new code for the next sender


async def test_a_failing_bot_a_failing_save_and_failing_accepts_never_wedge_a_table(monkeypatch):
    """A bot whose thinking fails is tried again, then stood in for by a legal move at
    random, and the host's person is told; a failed save is said to the players and tried
    again until it works; accepts that fail (the host's open files ran out) are said once."""
    from century_tui.net import hosted as hosted_module
    from century_tui.storage import autosaver
    from century_tui.table import local

    monkeypatch.setattr(local, "BOT_RETRIES", (0.01, 0.01))
    monkeypatch.setattr(hosted_module, "SAVE_RETRIES", (0.01,))
    seats = [Seat("Ann"), Seat("Cog", "random")]
    async with Served(seats, seed=first_to_play(0, seats)) as s:
        told = []
        s.host.on_notice = lambda hosted, line: told.append(line)
        ann = await s.join(0)
        fails = [OSError(errno.EMFILE, "Too many open files")] * 2
        think = s.table._think_move

        def flaky(*args):
            if fails:
                raise fails.pop()
            return think(*args)

        s.table._think_move = flaky
        ann.play(Rest())
        await until(lambda: len(s.table.game.moves) == 2)  # Cog moved, at its third try
        assert told == ["Cog's bot could not move (OSError: [Errno 24] Too many open files); it is tried again."] * 2

        def broken(*args):
            raise RuntimeError("a bug")

        s.table._think_move = broken
        told.clear()
        await until(lambda: s.caught_up(ann) and s.table.state.seat == 0)
        ann.play(Rest())
        await until(lambda: len(s.table.game.moves) == 4)  # stood in for: the game goes on
        assert told[-1] == "Cog's bot could not move (RuntimeError: a bug): a legal move at random was played for it."
        assert len(told) == 3 and not s.table.thinking
        s.table._think_move = think

        write = autosaver.storage.autosave
        full = [OSError(errno.ENOSPC, "No space left on device")]

        def autosave(path, doc):
            if full:
                raise full.pop()
            write(path, doc)

        monkeypatch.setattr(autosaver.storage, "autosave", autosave)
        heard = []
        ann.subscribe(heard.append)
        await until(lambda: s.caught_up(ann) and s.table.state.seat == 0)
        ann.play(Rest())
        await until(lambda: SaveChanged(None) in heard)  # told it failed, then that it works again
        assert [c for c in heard if isinstance(c, SaveChanged)] == [SaveChanged("No space left on device"),
                                                                     SaveChanged(None)]
        assert len(storage.load_game(s.table.save_path).moves) >= 5

        await until(lambda: s.table.state.seat == 0 and not s.table.thinking)
        told.clear()
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        lines = []
        try:  # the host's open files run out: its accepts fail, and asyncio tries again each second
            resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/proc/self/fd")) + 4, hard))
            for _ in range(16):
                try:
                    lines.append(socket.create_connection(("127.0.0.1", s.host.port), timeout=5))
                except OSError:
                    break
            await until(lambda: s.host.accept_failures >= 2)
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
            for line in lines:
                line.close()
        assert told == ["New connections cannot be accepted (Too many open files); the host tries again every second."]
        await ann.aclose()  # her seat free again: a live line keeps it (issue 43)
        bob = await RemoteTable.connect(s.address, token=ann.token, timeout=5)  # accepted again
        assert bob.mine == (0,)
        s.clients.append(bob)
