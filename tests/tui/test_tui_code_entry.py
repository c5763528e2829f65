"""`century join HOST:PORT` without a code (every browser tab of `century host --web`):
the app asks for the code, says why a wrong or used one does not let the person in, lets
them type again, and opens the board once a code works."""

from __future__ import annotations

import pytest
from tests.helpers.driver import screen_lines, until

from century_tui.engine import Game, Seat
from century_tui.net.host import Host
from century_tui.net.join import JoinApp
from century_tui.net.protocol import Hello
from century_tui.storage import Settings
from century_tui.tui.screens.code_entry import CodeScreen
from century_tui.tui.screens.game import GameScreen

pytestmark = pytest.mark.asyncio


async def type_code(pilot, code: str) -> None:
    await pilot.press(*code, "enter")


async def test_a_wrong_then_a_used_code_are_refused_and_the_right_one_opens_the_seat():
    host = Host(port=0)
    await host.start()
    hosted = host.add(Game([Seat("Ann"), Seat("Bob")], 3), autosave=False)
    used = hosted.code_for(0)
    hosted.admit(Hello(code=used))  # Ann's code is spent already
    app = JoinApp(f"127.0.0.1:{host.port}", None, settings=Settings())
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, CodeScreen))
            screen = app.screen
            await type_code(pilot, "nosuchcode99")
            await until(pilot, lambda: screen.reason is not None and not screen.trying)
            text = "\n".join(screen_lines(app))
            assert "This code did not let you in (unknown or used code)" in text
            box = screen.focused
            assert box.id == "code" and box.value == "nosuchcode99"  # kept, to be checked...
            assert box.selected_text == "nosuchcode99"  # ...or typed again at once over it
            await type_code(pilot, used.upper())  # read out in capitals: the same code
            await until(pilot, lambda: screen.reason is not None and not screen.trying and box.value == used.upper())
            assert "This code did not let you in (unknown or used code)" in "\n".join(screen_lines(app))
            assert box.selected_text == used.upper()  # the right code, typed over it
            assert app.screen is screen and app.table is None and app.failure is None
            await type_code(pilot, hosted.code_for(1))
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.table.mine == (1,) and hosted.connected(1)
            assert not any(isinstance(s, CodeScreen) for s in app.screen_stack)
    finally:
        await host.close()
    assert app.failure is None


async def test_the_watch_code_opens_a_read_only_board_and_an_empty_line_asks_nothing():
    host = Host(port=0)
    await host.start()
    hosted = host.add(Game([Seat("Ann"), Seat("Bob")], 3), autosave=False)
    app = JoinApp(f"127.0.0.1:{host.port}", None, settings=Settings())
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, CodeScreen))
            screen = app.screen
            await pilot.press("space", "enter")
            await pilot.pause()
            assert not screen.trying and screen.reason is None
            await type_code(pilot, hosted.watch_code)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.table.mine == () and not app.screen.can_act()
    finally:
        await host.close()


async def test_the_code_screen_speaks_the_players_language():
    app = JoinApp("127.0.0.1:9", None, settings=Settings(), language="fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CodeScreen))
        await type_code(pilot, "abcdefgh")  # nothing listens on port 9: the code is not to blame
        await until(pilot, lambda: app.screen.reason is not None)
        text = "\n".join(screen_lines(app))
        assert "Rejoindre la partie" in text and "L’hôte est injoignable : rien n’écoute sur 127.0.0.1:9" in text
        assert "Errno" not in text and app.screen.focused.value == "abcdefgh"
