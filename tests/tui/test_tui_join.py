"""`century join`: the usual board, on a table whose game a host plays (in this process,
on loopback), takes the seat's moves and shows the others'."""

from __future__ import annotations

import pytest
from tests.helpers.driver import until
from tests.helpers.hosting import Hosting, first_to_play
from tests.helpers.hosting import until as until_loop

from century_tui.engine import MERCHANT_CARDS, Game, PlaySpice, Seat
from century_tui.net.protocol import Hello
from century_tui.net.join import JoinApp
from century_tui.storage import Settings
from century_tui.tui.screens.game import GameScreen

pytestmark = pytest.mark.asyncio

SEATS = [Seat("Ann"), Seat("Bob")]


async def test_join_opens_the_board_on_a_remote_table_and_plays_a_move():
    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)
            screen = app.screen
            assert screen.can_act() and app.table.mine == (0,)
            card = screen.hand.selected.card
            assert MERCHANT_CARDS[card].kind == "spice"  # the starting hand: a spice card first
            await pilot.press("enter")
            await until(pilot, lambda: hosted.table.game.moves == [PlaySpice(card)])
            await until(pilot, lambda: any(e.key == "log.spice" for e in screen.log_view.entries))
            await until(pilot, lambda: "Bob has not joined yet: the game waits for Bob" in screen.prompt.text.plain)
            assert not screen.can_act()
            await pilot.press("r")  # Bob's turn: nothing is asked of the host
            await pilot.pause()
            assert len(hosted.table.game.moves) == 1 and not app.table.refusals
            hosted.table.play(hosted.table.state.legal_moves()[0])  # Bob, at his own terminal
            await until(pilot, lambda: screen.can_act() and app.table.view.moves == 2)
            assert screen.state.seat == 0 and app.screen is screen  # no pass screen between terminals
    assert app.failure is None


async def test_join_with_a_used_code_says_why_and_exits():
    async with Hosting(Game(list(SEATS), 1)) as host:
        hosted = host.tables[0]
        code = hosted.code_for(1)
        hosted.admit(Hello(code=code))  # someone used it already
        app = JoinApp(f"127.0.0.1:{host.port}", code, settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.failure is not None)
    assert "unknown or used code" in app.failure


async def test_a_join_whose_seat_got_a_new_code_says_why_and_exits_without_trying_again():
    """The token of a seat the host gave a new code (or a bot) never works again: the join
    says so at once instead of retrying for a quarter of a minute."""
    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)
            tries = []
            reconnect = app.table.reconnect

            async def counted(*args, **kwargs):
                tries.append(1)
                return await reconnect(*args, **kwargs)

            app.table.reconnect = counted
            hosted.issue(0)
            await until(pilot, lambda: app.failure is not None)
            assert tries == []  # its token is void: not tried again
    assert app.failure == "the host issued a new code for this seat"


async def test_a_seat_given_away_while_the_board_is_still_mounting_ends_the_join_cleanly():
    """The app exits as the board mounts: the board's late mount finds it leaving and draws
    nothing (it raised a MountError)."""
    async with Hosting(Game(list(SEATS), 3)) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))  # pushed, maybe not mounted
            hosted.issue(0)
            await until(pilot, lambda: app.failure is not None)
    assert app.failure == "the host issued a new code for this seat"


async def test_join_shows_the_hosts_skin_unless_it_chose_its_own():
    async with Hosting(Game(list(SEATS), 1), skin="golem") as host:
        hosted = host.tables[0]
        for asked, shown in ((None, "golem"), ("spice", "spice")):
            settings = Settings(skin="spice")
            app = JoinApp(f"127.0.0.1:{host.port}", hosted.issue(0), settings=settings, skin=asked)
            async with app.run_test(size=(100, 30)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)
                assert app.skin == shown and app.has_class(f"-{shown}")
            assert settings.skin == "spice"  # the host's look is not remembered as this player's


async def test_a_join_gives_up_on_a_host_that_takes_the_line_but_never_answers_within_its_bound(monkeypatch):
    """A hung host accepts each try's connection and says nothing: every try is cut short
    so that the join gives up within GIVE_UP_AFTER of the drop (each try waited 10 s: up to
    a minute). Here the pauses, the bound and the keepalive are scaled down."""
    import asyncio

    from century_tui.net import connection
    from century_tui.net import join
    from tests.helpers.hosting import Freezer

    monkeypatch.setattr(connection, "KEEPALIVE", (0.2, 0.5, 0.2))
    monkeypatch.setattr(join, "RETRIES", (0.05, 0.1, 0.2, 0.4, 0.8))
    monkeypatch.setattr(join, "GIVE_UP_AFTER", 1.5)
    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host, Freezer(host.port) as proxy:
        app = JoinApp(proxy.address, host.tables[0].code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)
            dropped = []
            app.table.on_drop(lambda reason: dropped.append(asyncio.get_running_loop().time()))
            proxy.freeze()  # the host hangs: its socket open, nothing passes
            await until(pilot, lambda: dropped, timeout=5)
            await until(pilot, lambda: app.failure is not None, timeout=8)
            assert asyncio.get_running_loop().time() - dropped[0] < 1.5 + 0.5
    assert app.failure == "the host stopped answering"


async def test_the_tries_to_come_back_end_within_a_quarter_minute_or_so():
    from century_tui.net import join

    assert 15 <= join.GIVE_UP_AFTER <= 20 and join.TRY_FOR < join.GIVE_UP_AFTER


async def test_a_watcher_comes_back_with_its_token_and_is_told_the_watch_line_is_new_after_a_restart():
    """A watcher has a token of its own now (the lobby lists it): its drop is tried again with
    it, and a host started again, which knows none, asks for the new century watch line."""
    async with Hosting(Game(list(SEATS), 3)) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.watch_code, watch=True, settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.table.token in hosted.watcher_tokens and app.table.mine == ()
            [watcher] = hosted.clients
            await watcher.ws.close()  # the line goes: it comes back, the same watcher
            await until(pilot, lambda: len(hosted.clients) == 1 and watcher not in hosted.clients)
            assert hosted.watchers() == [(1, True)]
            hosted.watcher_tokens.clear()  # as a host started again knows no token
            host.tokens.clear()
            [watcher] = hosted.clients
            await watcher.ws.close()
            await until(pilot, lambda: app.failure is not None)
    assert app.failure.endswith("ask the host for the new century watch line")


async def test_a_watcher_that_quits_leaves_the_list_and_one_whose_line_broke_stays_on_it():
    """Nobody waits for a watcher who quit: its close says goodbye, and the lobby lists it no
    more. A line that broke says nothing: the watcher is kept, and comes back as itself."""
    async with Hosting(Game(list(SEATS), 3)) as host:
        hosted = host.tables[0]
        quits = JoinApp(f"127.0.0.1:{host.port}", hosted.watch_code, watch=True, settings=Settings())
        async with quits.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(quits.screen, GameScreen))
            assert hosted.watchers() == [(1, True)]
            token = quits.table.token
        await until_loop(lambda: not hosted.clients)
        assert hosted.watchers() == [] and token not in host.tokens

        stays = JoinApp(f"127.0.0.1:{host.port}", hosted.watch_code, watch=True, settings=Settings())
        async with stays.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(stays.screen, GameScreen))
            [first] = hosted.clients
            stays.table.ws.transport.abort()  # the line breaks: no close frame
            await until(pilot, lambda: len(hosted.clients) == 1 and first not in hosted.clients)
            assert hosted.watchers() == [(2, True)] and stays.failure is None
