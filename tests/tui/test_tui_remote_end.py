"""The end of a hosted game on a joined terminal: the results offer what this terminal can
do (the board, the chart, quit), and say why the rest (the review, a rematch, a new game)
is the host's; nothing leaves the host's game for one saved nowhere."""

from __future__ import annotations

import pytest
from tests.helpers.driver import played, until, toasts
from tests.helpers.hosting import Hosting

from century_tui.engine import Game, Seat
from century_tui.net.join import JoinApp
from century_tui.storage import Settings
from century_tui.tui.screens.results import ResultsScreen

pytestmark = pytest.mark.asyncio


async def results_on_a_join(host, seat, pilot, app) -> ResultsScreen:
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.focused is not None)
    return app.screen


@pytest.mark.parametrize("watch", [False, True])
async def test_a_joined_results_screen_offers_no_review_rematch_or_new_game_and_says_why(watch):
    game = played(seats=(Seat("Ann"), Seat("Bob")))
    assert game.state.is_over
    async with Hosting(game) as host:
        hosted = host.tables[0]
        code = hosted.watch_code if watch else hosted.code_for(0)
        app = JoinApp(f"127.0.0.1:{host.port}", code, watch=watch, settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await results_on_a_join(host, 0, pilot, app)
            shown = [b.id for b in screen.query("Button") if b.display]
            assert shown == ["board", "quit"]
            assert screen.check_action("undo", ()) is not watch  # a watcher takes nothing back
            for key, words in (("v", "century review"), ("ctrl+r", "rematch"), ("n", "new game")):
                await pilot.press(key)
                await until(pilot, lambda: any(words in x for x in toasts(app)))
                assert app.screen is screen and app.is_running
            assert app.table is not None and not app.table.closed  # still at the host's table
            assert hosted.connected(0) != watch
            app.open_new_game()  # the palette's "new game"
            await pilot.pause()
            assert app.is_running and app.table is not None and not app.table.closed
        assert app.failure is None


async def test_a_joined_results_screen_in_french_says_why_in_french():
    game = played(seats=(Seat("Ann"), Seat("Bob")))
    async with Hosting(game) as host:
        app = JoinApp(f"127.0.0.1:{host.port}", host.tables[0].code_for(1), settings=Settings(), language="fr")
        async with app.run_test(size=(100, 30)) as pilot:
            await results_on_a_join(host, 1, pilot, app)
            await pilot.press("v")
            await until(pilot, lambda: any("La revue se fait" in x for x in toasts(app)))


# ---------------------------------------------------------------- the host stops, or starts again
SEATS = [Seat("Ann"), Seat("Bob")]


async def board_on_a_join(pilot, app) -> None:
    from century_tui.tui.screens.game import GameScreen

    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)


async def test_a_host_that_stops_says_goodbye_and_the_join_ends_at_once_without_trying_again():
    async with Hosting(Game(list(SEATS), 3)) as served:
        address = f"127.0.0.1:{served.port}"
        app = JoinApp(address, served.tables[0].code_for(0), settings=Settings())
        watcher = JoinApp(address, served.tables[0].watch_code, watch=True, settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot, watcher.run_test(size=(100, 30)) as watching:
            await board_on_a_join(pilot, app)
            await board_on_a_join(watching, watcher)
            tries = []
            app.table.reconnect = lambda *a, **k: tries.append(1)
            await served.close()  # Ctrl+C or q in the lobby: `serve` closes its host
            await until(pilot, lambda: app.farewell is not None and watcher.farewell is not None)
            assert tries == [] and app.failure is None and watcher.failure is None
    assert app.farewell == f"The host stopped the game at {address}; it is saved there."
    assert app.return_code == 0


async def test_after_the_host_started_again_the_old_token_says_so_not_cannot_join():
    """A host started again (`--resume`) has new codes and tokens: the player is told to ask
    for the new line, as one who was in the game."""
    async with Hosting(Game(list(SEATS), 3)) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await board_on_a_join(pilot, app)
            assert app.joined
            hosted.tokens.clear()  # as a host started again knows them
            host.tokens.clear()
            [client] = hosted.clients
            host.drop(client, "the host closed the connection")  # its process went, not its goodbye
            await until(pilot, lambda: app.failure is not None, timeout=20)
    assert "new century join line" in app.failure and app.farewell is None



# ---------------------------------------------------------------- a person at another terminal goes
async def test_when_the_person_to_play_lost_the_connection_the_others_are_told_the_game_waits():
    from century_tui.net.client import RemoteTable
    from tests.helpers.hosting import first_to_play

    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host:
        hosted = host.tables[0]
        address = f"127.0.0.1:{host.port}"
        bob = await RemoteTable.connect(address, code=hosted.code_for(1), timeout=5)
        app = JoinApp(address, hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await board_on_a_join(pilot, app)
            screen = app.screen
            await pilot.press("r")  # Ann rests: Bob's turn
            await until(pilot, lambda: "Bob is playing at another terminal" in screen.prompt.text.plain)
            await bob.aclose()  # Bob's terminal goes
            waits = "Bob has lost the connection: the game waits for Bob to come back."
            await until(pilot, lambda: screen.prompt.text.plain == waits)
            await until(pilot, lambda: any("Bob lost the connection" in x for x in toasts(app)))  # after the hint
            assert "Bob to play — offline" in screen.status.render().plain  # the status line too
            host.hands_over = True  # a host with its lobby could give the seat to a bot
            bob = await RemoteTable.connect(address, token=bob.token, timeout=5)
            await until(pilot, lambda: "Bob is playing at another terminal" in screen.prompt.text.plain)
            await until(pilot, lambda: "Bob is back." in toasts(app))  # a message to the app, after the hint
            assert "offline" not in screen.status.render().plain
            await bob.aclose()
            await until(pilot, lambda: "or for the host to hand the seat to a bot" in screen.prompt.text.plain)


async def test_a_move_the_host_does_not_answer_is_said_to_wait_for_the_host(monkeypatch):
    from century_tui.net import connection
    from tests.helpers.hosting import first_to_play

    monkeypatch.setattr(connection, "SILENT_AFTER", 0.2)
    async with Hosting(Game(list(SEATS), first_to_play(0, SEATS))) as host:
        hosted = host.tables[0]
        app = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with app.run_test(size=(100, 30)) as pilot:
            await board_on_a_join(pilot, app)
            screen = app.screen
            await until(pilot, lambda: app.table.status is not None)  # the host's last word, for now
            asked = []
            monkeypatch.setattr(hosted, "request", lambda client, message: asked.append((client, message)))
            await pilot.press("r")  # Ann rests; the host hangs
            await until(pilot, lambda: screen.prompt.text.plain == "Waiting for the host: no answer yet…")
            # the toast is a message to the app, handled after the hint is drawn: waited for
            await until(pilot, lambda: any("No answer from the host" in x for x in toasts(app)))
            monkeypatch.undo()
            hosted.request(*asked[0])  # the host wakes up and answers
            await until(pilot, lambda: "Bob has not joined yet" in screen.prompt.text.plain)
