"""`century host --ssh PORT` (issue 43): a seat with nothing but ssh. The host and its SSH
server run in this process on loopback; players come through asyncssh's own client, their
screens drawn by a terminal emulator (pyte); each seat's `century join` is a process of its own."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from century_tui import storage
from century_tui.engine import PlaySpice, Seat
from century_tui.net import ssh
from century_tui.net.client import RemoteTable
from century_tui.net.ssh import child_env
from tests.helpers.hosting import first_to_play, processes_running, until
from tests.helpers.ssh_seats import WAIT, SshHosted, SshTerm

SEATS = [Seat("Ann"), Seat("Bob")]


async def test_an_ssh_seat_gets_the_board_plays_a_move_the_other_seat_sees_and_follows_resizes():
    async with SshHosted(SEATS, first_to_play(0, SEATS)) as h:
        assert any(f"ssh -p {h.ssh_port} {h.hosted.code_for(0)}@127.0.0.1" in line for line in h.printed)
        assert any(h.host.tables[0].watch_code in line and "ssh -p" in line for line in h.printed)
        fingerprint = next(line for line in h.printed if "host key" in line)
        key = asyncssh.read_private_key(storage.data_home() / ssh.KEY_FILE)
        assert key.get_fingerprint("sha256") in fingerprint
        bob = await RemoteTable.connect(f"127.0.0.1:{h.host.port}", code=h.hosted.code_for(1), timeout=5)
        try:
            async with await h.connect(h.hosted.code_for(0)) as conn:
                ann = await SshTerm.open(conn, 100, 30)
                await ann.until(lambda: "Ann's hand" in ann.text() and h.hosted.connected(0))
                assert "Ann is connected." in h.printed
                assert processes_running(h.join_command) == 1  # Ann's join, a process of its own
                ann.type("\r")  # the hand's first card, a spice card: played
                await until(lambda: len(bob.game.moves) == 1, WAIT)
                assert isinstance(h.hosted.table.game.moves[0], PlaySpice)
                ann.resize(60, 20)  # too small for the board: the game says so, with the size it got
                await ann.until(lambda: "this terminal is 60×20" in ann.text())
                ann.resize(100, 30)
                await ann.until(lambda: "Ann's hand" in ann.text())
        finally:
            await bob.aclose()
        await until(lambda: not h.hosted.connected(0) and processes_running(h.join_command) == 0, WAIT)


async def test_the_client_s_language_reaches_the_game():
    async with SshHosted(SEATS) as h:
        async with await h.connect(h.hosted.watch_code) as conn:
            watcher = await SshTerm.open(conn, 100, 30, env={"LANG": "fr_FR.UTF-8"})
            await watcher.until(lambda: "Manche 1" in watcher.text())


def test_a_seat_s_environment_is_its_terminal_s_and_its_language_and_colour_wishes_nothing_else(monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", "/data")
    monkeypatch.setenv("TERM", "host-term")
    monkeypatch.setenv("NO_COLOR", "1")
    sent = {"LANG": "fr_FR.UTF-8", "LC_ALL": "pt_PT.UTF-8", "NO_COLOR": "1", "COLORTERM": "truecolor",
            "LD_PRELOAD": "/tmp/evil.so", "PATH": "/tmp", "PYTHONPATH": "/tmp", "TEXTUAL_DRIVER": "x"}
    env = child_env("screen-256color", sent)
    assert env["TERM"] == "screen-256color" and env["LANG"] == "fr_FR.UTF-8" and env["LC_ALL"] == "pt_PT.UTF-8"
    assert env["NO_COLOR"] == "1" and env["COLORTERM"] == "truecolor" and env["CENTURY_HOME"] == "/data"
    assert "LD_PRELOAD" not in env and "PYTHONPATH" not in env and "TEXTUAL_DRIVER" not in env
    assert env.get("PATH") != "/tmp"
    assert "NO_COLOR" not in child_env("xterm", {})  # the host's own is not passed on


async def refused(h: SshHosted, username: str, client_keys=None, **session) -> tuple[str, int | None]:
    """What a session for `username` is told before it is closed, and its exit status."""
    async with await h.connect(username, client_keys=client_keys) as conn:
        term = await SshTerm.open(conn, **session)
        await asyncio.wait_for(term.closed.wait(), WAIT)
    return term.raw.decode(), term.status


async def test_a_wrong_code_a_used_code_and_a_session_without_a_terminal_are_refused_and_nothing_changes():
    async with SshHosted(SEATS) as h:
        codes = dict(h.host.invites)
        said, status = await refused(h, "zz2zz2zz2zz2")
        assert said == "century: unknown or used code\r\n" and status == 1
        said, _ = await refused(h, "alice")  # not a code at all: the line's shape is said
        assert f"ssh -p {h.ssh_port} CODE@127.0.0.1" in said
        said, status = await refused(h, h.hosted.code_for(0), term=None)  # ssh -T
        assert "needs a terminal" in said and said.count("\n") == 1 and status == 1
        said, _ = await refused(h, h.hosted.code_for(0), command="cat /etc/passwd")  # with a terminal
        assert "needs a terminal" in said and "root" not in said
        assert dict(h.host.invites) == codes and not h.hosted.tokens  # every code unspent
        used = h.hosted.code_for(0)
        ann = await RemoteTable.connect(f"127.0.0.1:{h.host.port}", code=used, timeout=5)  # at another terminal
        try:
            said, _ = await refused(h, used)
            assert said == "century: unknown or used code\r\n" and h.hosted.connected(0)
        finally:
            await ann.aclose()
        assert processes_running(h.join_command) == 0  # nothing refused ever started a process


async def test_past_the_limits_a_connection_is_turned_away_with_the_reason(monkeypatch):
    monkeypatch.setattr(ssh, "PER_ADDRESS", 1)
    monkeypatch.setattr(ssh, "this_machine", lambda address: False)  # as from another machine
    monkeypatch.setattr(ssh, "SEAT_WITHIN", 0.5)
    async with SshHosted(SEATS) as h:
        first = await h.connect(h.hosted.code_for(0))  # connected, but asks for no seat (ssh -N)
        with pytest.raises(asyncssh.DisconnectError) as crowded:
            await h.connect(h.hosted.code_for(1))
        assert "too many SSH sessions from your address" in crowded.value.reason
        await asyncio.wait_for(first.wait_closed(), WAIT)  # closed: it never asked for its seat
        async with await h.connect(h.hosted.code_for(1)) as conn:  # room again
            assert not conn.is_closed()
        assert not h.hosted.tokens and h.hosted.code_for(0) is not None


async def test_past_the_sessions_in_all_a_connection_is_turned_away(monkeypatch):
    monkeypatch.setattr(ssh, "SESSIONS", 1)
    async with SshHosted(SEATS) as h:
        async with await h.connect(h.hosted.code_for(0)):
            with pytest.raises(asyncssh.DisconnectError) as busy:
                await h.connect(h.hosted.code_for(1))
            assert "too many SSH sessions at once" in busy.value.reason


async def test_a_dropped_ssh_seat_hangs_up_its_process_and_the_same_line_brings_the_player_back():
    async with SshHosted(SEATS, first_to_play(0, SEATS)) as h:
        code = h.hosted.code_for(0)
        conn = await h.connect(code)
        ann = await SshTerm.open(conn, 100, 30)
        await ann.until(lambda: "Ann's hand" in ann.text() and h.hosted.connected(0))
        ann.type("\r")
        await until(lambda: len(h.hosted.table.game.moves) == 1, WAIT)
        async with await h.connect(code) as other:  # the same line while Ann plays: refused
            term = await SshTerm.open(other)
            await asyncio.wait_for(term.closed.wait(), WAIT)
            assert "in use by a live connection" in term.raw.decode() and h.hosted.connected(0)
        conn.abort()  # the line drops: no goodbye
        await until(lambda: not h.hosted.connected(0) and processes_running(h.join_command) == 0, WAIT)
        assert "Ann is disconnected; the seat waits." in h.printed
        async with await h.connect(code) as again:
            back = await SshTerm.open(again, 100, 30)
            await back.until(lambda: "Ann's hand" in back.text() and h.hosted.connected(0))
            assert len(h.hosted.table.game.moves) == 1 and "Bob to play" in back.text()


async def test_an_ssh_seat_is_the_host_user_s_guest_its_switches_never_reach_their_settings():
    """Play test: a player over SSH pressed s, and the host user's own `century` opened in the
    Golem skin from then on, as did every later SSH seat. A seat starts from the defaults
    (not the host user's cube code) and its switches last for its session."""
    storage.save_settings(storage.Settings(skin="spice", cube_code="digits"))
    before = storage.settings_path().read_bytes()
    async with SshHosted(SEATS, first_to_play(0, SEATS)) as h:
        async with await h.connect(h.hosted.code_for(0)) as conn:
            ann = await SshTerm.open(conn, 100, 30)
            await ann.until(lambda: "Ann's hand" in ann.text() and "+YY" in ann.text())  # letters
            ann.type("s")
            await ann.until(lambda: "Golem Edition" in ann.text())
            ann.type("\x11")  # Ctrl+Q: the seat's process ends, its writes done
            await until(lambda: processes_running(h.join_command) == 0, WAIT)
    assert storage.settings_path().read_bytes() == before


async def test_with_ssh_keys_only_a_listed_key_gets_in_and_it_still_needs_a_code(tmp_path):
    listed, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(listed.export_public_key())
    async with SshHosted(SEATS, ssh_keys=str(keys)) as h:
        for wrong in (other, None):
            with pytest.raises(asyncssh.PermissionDenied):
                await h.connect(h.hosted.code_for(0), client_keys=[wrong] if wrong else None)
        said, _ = await refused(h, "zz2zz2zz2zz2", client_keys=[listed])
        assert said == "century: unknown or used code\r\n"
        async with await h.connect(h.hosted.watch_code, client_keys=[listed]) as conn:
            watcher = await SshTerm.open(conn, 100, 30)
            await watcher.until(lambda: "Round 1" in watcher.text())


def test_ssh_keys_without_ssh_or_unreadable_are_one_line_errors_before_anything_starts(tmp_path, capsys):
    from century_tui.cli import main

    junk = tmp_path / "keys"
    junk.write_text("not a key\n")
    for args, words in ((["--ssh-keys", str(junk)], "--ssh-keys goes with --ssh"),
                        (["--ssh", "0", "--ssh-keys", str(tmp_path / "none")], "No such file"),
                        (["--ssh", "0", "--ssh-keys", str(junk)], "cannot be used")):
        with pytest.raises(SystemExit) as e:
            main(["--lang", "en", "host", "--players", "Ann,Bob", *args])
        err = capsys.readouterr().err
        assert e.value.code == 2 and words in err and err.count("\n") == 1
    assert not (storage.data_home() / "saves").exists() or not list((storage.data_home() / "saves").iterdir())


async def test_a_code_gives_a_seat_and_nothing_else_no_forwarding_no_file_transfer():
    async with SshHosted(SEATS) as h:
        async with await h.connect(h.hosted.code_for(0)) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):  # ssh -L to the game's port, or anywhere
                await conn.open_connection("127.0.0.1", h.host.port)
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()
        assert not h.hosted.tokens and processes_running(h.join_command) == 0


def test_this_machine_is_its_loopback_addresses():
    assert ssh.this_machine("127.0.0.1") and ssh.this_machine("::1") and ssh.this_machine("127.3.4.5")
    assert not ssh.this_machine("192.168.1.20") and not ssh.this_machine("?")


async def test_a_host_stopped_ends_each_ssh_seat_with_its_goodbye_and_a_clean_exit():
    async with SshHosted(SEATS) as h:
        async with await h.connect(h.hosted.code_for(0)) as conn:
            ann = await SshTerm.open(conn, 100, 30)
            await ann.until(lambda: "Ann's hand" in ann.text())
            await h.stop()  # Ctrl+C on the host
            await asyncio.wait_for(ann.closed.wait(), WAIT)
        assert "The host stopped the game" in ann.raw.decode(errors="replace") and ann.status == 0
        assert processes_running(h.join_command) == 0


async def test_a_huge_paste_into_one_seat_holds_up_no_one_else():
    async with SshHosted(SEATS, first_to_play(1, SEATS)) as h:
        bob = await RemoteTable.connect(f"127.0.0.1:{h.host.port}", code=h.hosted.code_for(1), timeout=5)
        try:
            async with await h.connect(h.hosted.code_for(0)) as ann_line, \
                    await h.connect(h.hosted.watch_code) as watch_line:
                ann = await SshTerm.open(ann_line, 100, 30)
                watcher = await SshTerm.open(watch_line, 100, 30)
                await ann.until(lambda: "Ann's hand" in ann.text())
                await watcher.until(lambda: "Bob to play" in watcher.text())
                ann.type("z" * 512 * 1024)  # half a megabyte of a key that does nothing
                bob.play(bob.state.legal_moves()[0])
                await watcher.until(lambda: "Ann to play" in watcher.text())
                await ann.until(lambda: "Ann to play" in ann.text())  # and Ann's own seat lives on
        finally:
            await bob.aclose()


async def test_an_ssh_port_in_use_or_a_damaged_host_key_is_said_and_the_host_does_not_start():
    import socket

    from century_tui.cli.network import serve
    from century_tui.engine import Game, dumps

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        for port, key in ((taken.getsockname()[1], None), (0, b"not a key")):
            if key is not None:
                storage.data_home().mkdir(parents=True, exist_ok=True)
                (storage.data_home() / ssh.KEY_FILE).write_bytes(key)
            game = Game(list(SEATS), 1)
            path, lock = storage.create_save(dumps(game))
            printed: list[str] = []
            try:
                code = await serve([(game, path, lock)], "127.0.0.1", 0, ssh=port,
                                   out=lambda line, file=None: printed.append(line))
            finally:
                lock.release()
            assert code == 1 and len(printed) == 1 and "cannot listen on 127.0.0.1:" in printed[0]
    finally:
        taken.close()
