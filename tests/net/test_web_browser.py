"""`century host --web PORT` in a real browser: Debian's headless Chromium loads the page,
a person types a code (a wrong one first), sees the board, plays a card, and the host's
game changes. Skipped where no Chromium is installed (`apt-get install chromium`).

`CENTURY_BROWSER_SHOT=FILE` also keeps the picture of the board (screenshots/browser-seat.png
comes from it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from century_tui.engine import PlaySpice, Seat
from tests.helpers.browser import Browser, find_chromium
from tests.helpers.hosting import Hosted, first_to_play, processes_running

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.skipif(find_chromium() is None, reason="no chromium on PATH: a browser seat needs a browser "
                       "to be checked in (Debian: apt-get install chromium)"),
]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))


async def test_a_browser_tab_asks_for_a_code_shows_the_board_and_plays_a_move(tmp_path):
    seats = [Seat("Ann"), Seat("Bob")]
    async with Hosted(seats, first_to_play(0, seats)) as h, Browser(1280, 800) as browser:
        await browser.open(h.url)
        await browser.until_shown("Join the game")
        await browser.focus_terminal()
        await browser.type("nosuchcode99")
        await browser.press("enter")
        await browser.until_shown("This code did not let you in")
        await browser.type(h.hosted.code_for(0))
        await browser.press("enter")
        await browser.until_shown("Bob")  # the board: both caravans
        text = await browser.terminal_text()
        assert "Ann" in text and h.hosted.connected(0) and "Join the game" not in text
        picture = await browser.screenshot(tmp_path / "board.png")
        assert picture.startswith(b"\x89PNG") and len(picture) > 20_000  # a drawn board, not a blank page
        if os.environ.get("CENTURY_BROWSER_SHOT"):
            Path(os.environ["CENTURY_BROWSER_SHOT"]).write_bytes(picture)

        await browser.press("enter")  # play the card under the cursor: the hand's first, a spice card
        await browser.until_shown("Bob has not joined yet")
        moves = h.hosted.table.game.moves
        assert len(moves) == 1 and isinstance(moves[0], PlaySpice)

        await h.stop()  # Ctrl+C on the host: the tab's app quits, the page says the session ended
        assert processes_running(h.tab_command) == 0

        async def ended() -> bool:
            return await browser.evaluate("document.body.classList.contains('-closed')")

        await browser.until(ended, "the page saying the session ended")
