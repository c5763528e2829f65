"""The host's lobby (`century host` on a terminal): each table's seats, who is there, the
join lines; a seat handed to a bot, a new code for a seat. A host in this process, on
loopback, and the lobby driven by keys and clicks."""

from __future__ import annotations

import pytest

from century_tui.engine import Game, Rest, Seat
from century_tui.net.client import JoinError, RemoteTable
from century_tui.tui.lobby import BOT_LEVEL, BotLevel, LobbyApp
from tests.helpers.driver import screen_lines, until, toasts, told
from tests.helpers.hosting import Hosting, first_to_play
from tests.helpers.hosting import until as until_loop

pytestmark = pytest.mark.asyncio

SEATS = [Seat("Ann"), Seat("[b]Bob[/b]"), Seat("Cog", "easy")]


def option_of(app: LobbyApp, table: int, seat: int | str) -> int:
    listing = app.seats
    return next(i for i in range(listing.option_count) if listing.get_option_at_index(i).id == f"{table}:{seat}")


def choose(app: LobbyApp, table: int, seat: int | str) -> str:
    """Highlight a table's seat (or its "watch" line); what the lobby shows then."""
    app.seats.highlighted = option_of(app, table, seat)
    return "\n".join(screen_lines(app))


async def test_the_lobby_lists_the_seats_and_join_lines_and_says_who_comes_and_goes():
    async with Hosting(Game(list(SEATS), first_to_play(2, SEATS))) as host:
        hosted = host.tables[0]
        app = LobbyApp(host, notices=["warning: listening on 0.0.0.0"], web="in a browser:  http://10.0.0.7:8080")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            # the browser line is news, not a warning: shown apart from the warnings' colour
            assert "http://10.0.0.7:8080" in str(app.query_one("#web").render())
            assert "http://" not in str(app.query_one("#notices").render())
            assert "http://10.0.0.7:8080" in text
            assert f"century join {host.address} --code {hosted.code_for(0)}" in text
            assert f"century join {host.address} --code {hosted.code_for(1)}" in text
            assert f"century watch {host.address} --code {hosted.watch_code}" in text
            assert "[b]Bob[/b]" in text  # a name is shown as typed, never as markup
            assert "bot (easy)" in text and "0.0.0.0" in text
            assert text.count("not joined yet") == 2
            code = hosted.code_for(1)
            bob = await RemoteTable.connect(host.address, code=code, timeout=5)
            await until(pilot, lambda: "[b]Bob[/b] is connected." in toasts(app))
            await until(pilot, lambda: "[b]Bob[/b]  connected" in "\n".join(screen_lines(app)))
            assert code not in "\n".join(screen_lines(app))  # a used code's line is gone
            await bob.aclose()
            await until(pilot, lambda: "[b]Bob[/b] is disconnected; the seat waits." in toasts(app))
            await until(pilot, lambda: "disconnected: the seat waits" in "\n".join(screen_lines(app)))


async def test_a_seat_handed_to_a_bot_from_the_lobby_is_played_by_the_bot():
    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host:
        hosted = host.tables[0]
        ann = await RemoteTable.connect(host.address, code=hosted.code_for(0), timeout=5)
        dropped = []
        ann.on_drop(dropped.append)
        await ann.ws.close()  # Ann's line goes: her seat waits, and everyone with it
        await until_loop(lambda: hosted.status(0) == "disconnected")
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Ann has gone" in choose(app, 0, 0)
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, BotLevel))
            await until(pilot, lambda: "Which bot takes Ann's seat?" in "\n".join(screen_lines(app)))
            await pilot.press("n")  # the seat's keys rest while the level is asked
            assert hosted.status(0) == "disconnected" and hosted.tokens
            await pilot.press("enter")  # a medium bot, offered first
            await until(pilot, lambda: hosted.table.game.movers[:1] == [0])  # the bot played Ann's turn
            assert hosted.table.seats[0] == Seat("Ann", BOT_LEVEL) and hosted.status(0) == "bot"
            await until(pilot, lambda: f"bot ({BOT_LEVEL})" in "\n".join(screen_lines(app)))
            with pytest.raises(JoinError, match="unknown token"):  # the seat is the bot's now
                await ann.reconnect(timeout=5)
            app.seats.highlighted = option_of(app, 0, 2)  # a bot's seat: nothing to hand over
            await pilot.press("b")
            await until(pilot, lambda: "Choose a seat a person holds." in toasts(app))


async def test_a_new_code_from_the_lobby_refuses_the_old_one_and_admits_the_new():
    async with Hosting(Game([Seat("Ann"), Seat("Bob")], 3), Game([Seat("Cy"), Seat("Di")], 4)) as host:
        second = host.tables[1]
        old = second.code_for(1)
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert second.name in "\n".join(screen_lines(app))  # several tables: each named
            app.seats.highlighted = option_of(app, 1, 1)
            await pilot.pause()
            await pilot.press("n")
            await until(pilot, lambda: second.code_for(1) not in (None, old))
            new = second.code_for(1)
            await until(pilot, lambda: f"--code {new}" in "\n".join(screen_lines(app)))
            await told(pilot, "New code for Di: the old one no longer works.")
            with pytest.raises(JoinError, match="unknown or used"):
                await RemoteTable.connect(host.address, code=old, timeout=5)
            di = await RemoteTable.connect(host.address, code=new, timeout=5)
            assert di.mine == (1,) and [s.name for s in di.seats] == ["Cy", "Di"]
            await di.aclose()


async def test_n_on_a_bots_seat_gives_it_back_to_a_person_with_a_new_line():
    seats = [Seat("Ann", "easy"), Seat("Bob")]
    async with Hosting(Game(list(seats), first_to_play(1, seats))) as host:  # Bob first: the bot waits
        hosted = host.tables[0]
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "n gives it back to a person" in choose(app, 0, 0)
            await pilot.press("n")
            await until(pilot, lambda: "Ann’s seat waits for a person again: send them the new line." in toasts(app))
            assert hosted.table.seats[0] == Seat("Ann") and hosted.status(0) == "waiting"
            code = hosted.code_for(0)
            assert code is not None
            await until(pilot, lambda: f"--code {code}" in "\n".join(screen_lines(app)))
            ann = await RemoteTable.connect(host.address, code=code, timeout=5)
            bob = await RemoteTable.connect(host.address, code=hosted.code_for(1), timeout=5)
            assert ann.seats[0] == Seat("Ann")  # every client sees a person's seat, under her name
            bob.play(Rest())
            await until(pilot, lambda: ann.view.moves == 1)
            ann.play(Rest())  # Ann's turn is hers, not the bot's
            await until(pilot, lambda: hosted.table.game.movers == [1, 0])
            await ann.aclose()
            await bob.aclose()
            app.seats.highlighted = option_of(app, 0, "watch")  # the watch line has no seat
            await pilot.press("n")
            await until(pilot, lambda: "Choose a seat." in toasts(app))


async def test_a_seat_the_game_named_for_its_bot_is_a_players_seat_once_given_back():
    seats = [Seat("Bob"), Seat("Easy bot", "easy")]
    async with Hosting(Game(list(seats), first_to_play(0, seats))) as host:  # Bob first: the bot waits
        hosted = host.tables[0]
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            choose(app, 0, 1)
            await pilot.press("n")
            await until(pilot, lambda: "Player 2’s seat waits for a person again: send them the new line." in toasts(app))
            assert hosted.table.seats[1] == Seat("Player 2") and hosted.status(1) == "waiting"
            await until(pilot, lambda: "Player 2  not joined yet" in "\n".join(screen_lines(app)))


async def test_t_seats_a_person_at_the_terminal_of_the_person_above_with_one_line_for_both():
    """Several people may share one join (hot-seat there) when the host seats them together."""
    async with Hosting(Game([Seat("Ann"), Seat("Cog", "easy"), Seat("Bob"), Seat("Cy")], 3)) as host:
        hosted = host.tables[0]
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.seats.highlighted = option_of(app, 0, 0)
            await pilot.press("t")  # Ann has no person above her
            await until(pilot, lambda: "There is no person's seat above this one to share a terminal with." in toasts(app))
            ann = await RemoteTable.connect(host.address, code=hosted.code_for(0), timeout=5)
            bob = await RemoteTable.connect(host.address, code=hosted.code_for(2), timeout=5)
            dropped = []
            for client in (ann, bob):
                client.on_drop(dropped.append)
            app.seats.highlighted = option_of(app, 0, 2)
            await pilot.press("t")  # Bob joins Ann (the bot between them is skipped)
            await until(pilot, lambda: hosted.code_for(0) is not None and hosted.code_for(0) == hosted.code_for(2))
            # both are let go, and told what to do next: their seats have one new line now
            await until(pilot, lambda: len(dropped) == 2)
            assert set(dropped) == {"the host seated this seat with another at one terminal: "
                                    "ask the host for your new century join line"}
            assert ann.drop_code == bob.drop_code == "together"
            await ann.aclose()
            await bob.aclose()
            app.seats.highlighted = option_of(app, 0, 3)
            await pilot.press("t")  # Cy joins them
            await until(pilot, lambda: hosted.code_for(3) == hosted.code_for(0))
            await told(pilot, "Ann, Bob, Cy now share one terminal: one line for them, and a pass screen between them.")
            shared = await RemoteTable.connect(host.address, code=hosted.code_for(0), timeout=5)
            assert shared.mine == (0, 2, 3)
            await shared.aclose()


async def test_the_lobby_works_with_the_mouse_a_click_on_a_seat_and_on_the_key_bar():
    async with Hosting(Game([Seat("Ann"), Seat("Bob")], 3)) as host:
        hosted = host.tables[0]
        old = hosted.code_for(1)
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            row = next(i for i, line in enumerate(screen_lines(app)) if "Bob  not joined" in line)
            assert await pilot.click("#seats", offset=(4, row - app.seats.region.y))
            await until(pilot, lambda: app.seats.highlighted == option_of(app, 0, 1))
            bar = screen_lines(app)[-1]
            assert await pilot.click("KeyBar", offset=(bar.index("New code"), 0))
            await until(pilot, lambda: hosted.code_for(1) not in (None, old))
            assert hosted.code_for(0) is not None  # Ann's was left alone
            row = next(i for i, line in enumerate(screen_lines(app)) if "Ann  not joined" in line)
            assert await pilot.click("#seats", offset=(4, row - app.seats.region.y))
            assert await pilot.click("KeyBar", offset=(screen_lines(app)[-1].index("Bot takes seat"), 0))
            await until(pilot, lambda: isinstance(app.screen, BotLevel))
            await until(pilot, lambda: any("easy" in line for line in screen_lines(app)))  # drawn, too
            row = next(i for i, line in enumerate(screen_lines(app)) if "easy" in line)
            column = screen_lines(app)[row].index("easy")
            assert await pilot.click(offset=(column, row))
            await until(pilot, lambda: hosted.table.seats[0] == Seat("Ann", "easy"))
            assert not isinstance(app.screen, BotLevel)


async def test_the_lobby_lists_who_watches_each_table_and_whether_each_is_connected():
    """Watchers were not shown at all: the host could not tell who watched. Each has a token
    of its own, so one that loses the line and comes back is the same watcher again; one
    that quits leaves the list."""
    async with Hosting(Game([Seat("Ann"), Seat("Bob")], 3)) as host:
        hosted = host.tables[0]
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "watchers: none yet" in "\n".join(screen_lines(app))
            first = await RemoteTable.connect(host.address, code=hosted.watch_code, watch=True, timeout=5)
            second = await RemoteTable.connect(host.address, code=hosted.watch_code, watch=True, timeout=5)
            await until(pilot, lambda: "watchers: 2 (#1 connected, #2 connected)" in "\n".join(screen_lines(app)))
            first.ws.transport.abort()  # its line breaks (no close frame): listed as gone, not forgotten
            await until(pilot, lambda: "watchers: 2 (#1 disconnected, #2 connected)" in "\n".join(screen_lines(app)))
            await first.reconnect(timeout=5)  # the same watcher comes back
            await until(pilot, lambda: "watchers: 2 (#1 connected, #2 connected)" in "\n".join(screen_lines(app)))
            assert first.mine == () and hosted.code_for(0) is not None  # still a watcher; no seat's code spent
            await second.aclose()  # it quits: its close says goodbye, and nobody waits for it
            await until(pilot, lambda: "watchers: 1 (#1 connected)" in "\n".join(screen_lines(app)))
            await first.aclose()


async def test_with_ssh_seats_each_seat_and_the_watch_line_show_their_ssh_line_and_a_new_code_gets_one():
    async with Hosting(Game(list(SEATS), first_to_play(2, SEATS))) as host:
        hosted = host.tables[0]
        app = LobbyApp(host, web="over SSH:  port 2222, host key SHA256:abc", ssh=lambda code: f"ssh -p 2222 {code}@h")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            for code in (hosted.code_for(0), hosted.code_for(1), hosted.watch_code):
                assert f"ssh -p 2222 {code}@h" in text
            assert "SHA256:abc" in text and "ssh -p 2222" not in "".join(text.split("Cog")[1:])  # no line for a bot
            old = hosted.code_for(0)
            hosted.issue(0)  # the host's `n`: the SSH line changes with the code
            await until(pilot, lambda: f"ssh -p 2222 {hosted.code_for(0)}@h" in "\n".join(screen_lines(app)))
            assert old not in "\n".join(screen_lines(app))
