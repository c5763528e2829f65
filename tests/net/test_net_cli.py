"""The network commands' arguments: a mistake is a one-line error and exit code 2."""

from __future__ import annotations

import pytest

from century_tui.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))


def test_century_host_without_players_and_join_with_a_bad_address_are_one_line_errors(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host"])
    assert e.value.code == 2 and "--players" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "join", "nowhere", "--code", "abc"])
    assert e.value.code == 2 and "HOST:PORT" in capsys.readouterr().err


def test_century_host_tls_key_without_a_certificate_or_an_unreadable_one_says_so(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host", "--players", "Ann,Bob", "--tls-key", "key.pem"])
    assert e.value.code == 2 and "--tls-cert" in capsys.readouterr().err
    missing = tmp_path / "nowhere.pem"
    assert main(["--lang", "en", "host", "--players", "Ann,Bob", "--tls-cert", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot use" in err and "nowhere.pem" in err


def test_century_host_web_with_tls_is_a_one_line_error(capsys, tmp_path):
    """The browser tabs' joins would reach a TLS host unencrypted or not at all: refused
    before any file is made."""
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host", "--players", "Ann,Bob", "--web", "8000", "--tls-cert", "cert.pem"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "--web" in err and "--tls-cert" in err and "Traceback" not in err


def test_join_takes_a_wss_address_and_a_bad_players_in_any_table_is_refused(capsys):
    from century_tui.cli import build_parser

    args = build_parser().parse_args(["join", "wss://example.org:7777", "--code", "abc", "--tls-ca", "ca.pem"])
    assert args.address == "wss://example.org:7777" and args.tls_ca == "ca.pem"
    args = build_parser().parse_args(["host", "--players", "Ann,Bob", "--players", "Cy,bot:easy", "--resume", "a"])
    assert len(args.players) == 2 and args.resume == ["a"]
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host", "--players", "Ann,Bob", "--players", "Cy"])
    assert e.value.code == 2


def test_century_host_refuses_one_save_named_twice(capsys):
    from century_tui import storage
    from century_tui.engine import Game, Seat, dumps

    path, lock = storage.create_save(dumps(Game([Seat("Ann"), Seat("Bob")], 1)))
    lock.release()
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host", "--resume", path.name, "--resume", str(path)])
    assert e.value.code == 2 and "named twice" in capsys.readouterr().err
    assert not storage.is_held(path)


def test_century_host_on_a_terminal_opens_the_lobby_and_q_stops_it_after_the_save(tmp_path):
    from century_tui import storage
    from tests.helpers.pty_screen import Terminal, terminal_env

    env = terminal_env(tmp_path / "home", TERM="xterm-256color")
    with Terminal(["--lang", "en", "host", "--players", "Ann,Bob", "--port", "0"], env) as term:
        term.until(term.shows("century host on 127.0.0.1:", "Ann  not joined yet", "century join 127.0.0.1:"))
        assert "Bot takes seat" in term.text() and "century watch" in term.text()
        term.press("q")
        assert term.proc.wait(20) == 0
    [path] = (tmp_path / "home" / "saves").glob("*.json")
    assert not storage.is_held(path) and [s.name for s in storage.load_game(path).seats] == ["Ann", "Bob"]


def test_century_join_says_goodbye_with_code_0_and_a_lost_game_as_out_of_it(monkeypatch, capsys):
    from century_tui.cli import main
    from century_tui.net import join

    ends = iter([dict(farewell="The host stopped the game at h:1; it is saved there."),
                 dict(failure="the host handed this seat to a bot", joined=True),
                 dict(failure="unknown or used code")])

    class Ended(join.JoinApp):
        def run(self):
            for name, value in next(ends).items():
                setattr(self, name, value)

    monkeypatch.setattr(join, "JoinApp", Ended)
    assert main(["--lang", "en", "join", "127.0.0.1:7777", "--code", "abc"]) == 0
    assert capsys.readouterr().out == "century: The host stopped the game at h:1; it is saved there.\n"
    assert main(["--lang", "en", "join", "127.0.0.1:7777", "--code", "abc"]) == 1
    assert capsys.readouterr().err == ("century: out of the game at 127.0.0.1:7777: "
                                       "the host handed this seat to a bot\n")
    assert main(["--lang", "en", "join", "127.0.0.1:7777", "--code", "abc"]) == 1
    assert "cannot join 127.0.0.1:7777: unknown or used code" in capsys.readouterr().err


def test_century_watch_with_a_seats_code_says_it_is_a_seats_and_gives_the_join_line(monkeypatch, capsys):
    """A player's code given to `century watch` (not the watch code): one line that says so
    and which `century join` line plays it; the code stays unspent."""
    import asyncio
    import threading

    from century_tui.engine import Game, Seat
    from century_tui.net import join
    from tests.helpers.hosting import Hosting

    served, stop = [], threading.Event()

    def host() -> None:
        async def serve() -> None:
            async with Hosting(Game([Seat("Ann"), Seat("Bob")], 3)) as h:
                served.append(h)
                while not stop.is_set():
                    await asyncio.sleep(0.01)

        asyncio.run(serve())

    thread = threading.Thread(target=host)
    thread.start()
    try:
        while not served and thread.is_alive():
            thread.join(0.01)
        h = served[0]
        code = h.tables[0].code_for(0)

        class Headless(join.JoinApp):
            def run(self):
                return super().run(headless=True)

        monkeypatch.setattr(join, "JoinApp", Headless)
        address = f"127.0.0.1:{h.port}"
        assert main(["--lang", "en", "watch", address, "--code", code.upper()]) == 1
        assert capsys.readouterr().err == ("century: this code is a seat's, not the watch code: play it with  "
                                           f"century join {address} --code {code}\n")
        assert h.tables[0].code_for(0) == code  # not spent
    finally:
        stop.set()
        thread.join()
