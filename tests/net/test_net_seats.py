"""Where each seat's person is, told by the host to the clients that ask for it (a header
of the opening request): an old client that does not ask is sent nothing new, and a client
whose host says nothing shows what it always showed. And the first steps of a join: a host
not there said in the player's words, a code in capitals taken as the same code."""

from __future__ import annotations

import json

import pytest
from websockets.asyncio.client import connect

from century_tui.engine import Rest, Seat
from century_tui.net import protocol as p
from century_tui.net.client import RemoteTable
from century_tui.table import SeatsChanged
from tests.helpers.hosting import Served, until

pytestmark = pytest.mark.asyncio


async def test_clients_hear_who_went_who_came_back_and_who_never_came():
    async with Served([Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Bot", "easy")], autosave=False) as s:
        ann = await s.join(0)
        await until(lambda: ann.status is not None)
        assert ann.status == ("connected", "waiting", "waiting", "bot")
        assert [ann.away(seat) for seat in range(4)] == [None, "waiting", "waiting", None]
        heard: list = []
        ann.subscribe(lambda c: heard.append(c) if isinstance(c, SeatsChanged) else None)
        bob = await RemoteTable.connect(s.address, code=s.code(1), timeout=5)
        await until(lambda: ann.away(1) is None)
        assert heard[-1] == SeatsChanged((), ())  # joining for the first time is no coming back
        await bob.aclose()
        await until(lambda: ann.away(1) == "disconnected")
        assert heard[-1] == SeatsChanged((1,), ())
        bob = await RemoteTable.connect(s.address, token=bob.token, timeout=5)
        s.clients.append(bob)
        await until(lambda: ann.away(1) is None and bob.status is not None)
        assert heard[-1] == SeatsChanged((), (1,)) and bob.status[1] == "connected"
        s.hosted.hand_over(2, "easy")  # Cy never came: a bot plays the seat
        await until(lambda: ann.status is not None and ann.status[2] == "bot")
        assert heard[-1] == SeatsChanged((), ()) and not ann.hands_over


async def test_a_watcher_hears_it_too_and_the_lobby_s_host_says_it_can_hand_a_seat_over():
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        s.host.hands_over = True
        watcher = await s.join(None)
        await until(lambda: watcher.status is not None)
        assert watcher.hands_over and watcher.away(0) == "waiting"


async def test_a_client_of_the_first_messages_only_is_sent_none_of_it():
    """A client that names no feature (one built before them) is never sent a message it
    would not understand: it would part at once."""
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        async with connect(f"ws://{s.address}") as old:
            await old.send(p.encode(p.Hello(code=s.code(0))))
            assert json.loads(await old.recv())["type"] == "welcome"
            bob = await s.join(1)  # a change of the seats' people...
            await until(lambda: bob.status is not None and bob.status[0] == "connected")
            bob.play(Rest()) if bob.state.seat == 1 else None
            await old.send(p.encode(p.ViewRequest()))  # ...and the view it asks for after it
            types = []
            while not types or types[-1] != "view":
                types.append(json.loads(await old.recv())["type"])
            assert "seats" not in types


async def test_a_host_that_says_nothing_of_its_seats_leaves_the_client_as_it_was(monkeypatch):
    from century_tui.net.hosted import HostedTable

    monkeypatch.setattr(HostedTable, "tell_seats", lambda self: None)  # a host of before
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        ann, bob = await s.join(0), await s.join(1)
        await bob.aclose()
        (ann if ann.state.seat == 0 else s.table).play(Rest())  # a change that comes after
        await until(lambda: ann.view.moves == 1)
        assert ann.status is None and ann.away(1) is None


# ---------------------------------------------------------------- joining: the words of a failure, the code's case
async def test_a_host_that_is_not_there_is_said_in_the_players_words_not_the_systems():
    from century_tui import text
    from century_tui.net.client import JoinError

    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        port = s.host.port
    with pytest.raises(JoinError) as refused:  # the host stopped: nothing listens there now
        await RemoteTable.connect(f"127.0.0.1:{port}", code="abcdefghjk", timeout=5)
    assert refused.value.reason.startswith(f"nothing is listening at 127.0.0.1:{port}")
    assert refused.value.unreachable and "Errno" not in refused.value.reason
    with pytest.raises(JoinError, match="no machine is known by the name no-such-host.invalid"):
        await RemoteTable.connect("no-such-host.invalid:7777", code="abcdefghjk", timeout=5)
    text.set_language("pt")
    try:
        with pytest.raises(JoinError, match=f"nada está escutando em 127.0.0.1:{port}"):
            await RemoteTable.connect(f"127.0.0.1:{port}", code="abcdefghjk", timeout=5)
    finally:
        text.set_language("en")


async def test_a_code_in_capitals_is_the_same_code_even_from_a_client_that_sends_it_so():
    async with Served([Seat("Ann"), Seat("Bob")], autosave=False) as s:
        ann = await RemoteTable.connect(s.address, code=f"  {s.code(0).upper()} ", timeout=5)
        s.clients.append(ann)
        assert ann.mine == (0,)
        async with connect(f"ws://{s.address}") as old:  # a client that sends what was typed
            await old.send(p.encode(p.Hello(code=s.code(1).upper())))
            assert json.loads(await old.recv())["type"] == "welcome"
        watcher = await RemoteTable.connect(s.address, code=s.hosted.watch_code.upper(), watch=True, timeout=5)
        s.clients.append(watcher)
        assert watcher.mine == ()


async def test_seat_news_blames_nobody_for_an_outage_this_terminal_shared():
    from century_tui.net.presence import seat_news

    on, off = "connected", "disconnected"
    # Bob goes and comes back: said both times
    assert seat_news((on, on), (on, off), (0,), set()) == ((1,), (), {1})
    assert seat_news((on, off), (on, on), (0,), {1}) == ((), (1,), set())
    # away at the very first word: the board's hint says it, and the return is news
    assert seat_news(None, (on, off), (0,), set()) == ((), (), {1})
    # away at the first word after this terminal's own line came back: gone in the same outage
    assert seat_news(None, (off, off), (0,), set(), after_drop=True) == ((), (), set())
    assert seat_news((off, off), (on, on), (0,), set()) == ((), (), set())  # so not "back" either
    # said to be gone before this terminal's drop, back by the time it came back: said so
    assert seat_news(None, (on, on), (0,), {1}, after_drop=True) == ((), (1,), set())
    # a seat handed to a bot or a new code: neither gone nor back
    assert seat_news((on, off), (on, "bot"), (0,), {1}) == ((), (), set())
