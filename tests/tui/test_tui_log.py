"""The log keeps its newest line in view as lines come, whatever the timing of its own
scrolls and layouts, until the player scrolls up (and again once they scroll back down)."""

from __future__ import annotations

import contextlib

import pytest
from textual.app import App, ComposeResult

from century_tui.journal import Entry
from century_tui.tui.widgets.log import GameLog
from tests.helpers.driver import settle, until

pytestmark = pytest.mark.asyncio


class LogApp(App):
    CSS = "GameLog { height: 6; width: 40; }"

    def compose(self) -> ComposeResult:
        yield GameLog()


def rounds(first: int, count: int) -> list[Entry]:
    return [Entry("log.round", {"round": n}) for n in range(first, first + count)]


def at_end(log: GameLog) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


@contextlib.asynccontextmanager
async def full_log():
    """A log of 20 lines in a window of 6, at its end, settled: (the pilot, the log)."""
    app = LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(GameLog)
        await until(pilot, lambda: log._width > 0)
        log.add(rounds(1, 20))
        await until(pilot, lambda: at_end(log))
        await settle(pilot)  # the scroll bar came: the text rewrapped, one cell narrower
        yield pilot, log


async def test_lines_that_come_in_a_burst_as_the_log_fills_keep_the_newest_in_view():
    app = LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(GameLog)
        await until(pilot, lambda: log._width > 0)
        log.add(rounds(1, 5))  # not full yet
        for n in range(6, 40):  # then a step of a replay each, faster than a frame
            log.add(rounds(n, 1))
        await until(pilot, lambda: at_end(log))
        await pilot.pause()
        assert at_end(log)
        for n in range(40, 45):  # and as the game goes on
            log.add(rounds(n, 1))
            await pilot.pause()
            assert at_end(log)


async def test_a_player_who_scrolled_up_stays_there_until_they_scroll_back_down():
    async with full_log() as (pilot, log):
        log.scroll_to(y=2, animate=False, immediate=True)
        log.add(rounds(21, 3))
        await pilot.pause()
        assert log.scroll_y == 2
        log.scroll_end(animate=False, immediate=True)
        log.add(rounds(24, 3))
        await pilot.pause()
        assert at_end(log)


async def test_a_line_that_comes_between_a_layout_and_its_resize_keeps_the_log_following(monkeypatch):
    """A news line shows above the log, which gets a row shorter: the layout comes first, its
    Resize after, and a replay's step typed quickly can add a line in between. The log took
    the scroll position the layout left for a scroll up, and the resize then found it not at
    the end either: it stopped following, rounds behind (the replay's snapshot, once)."""
    async with full_log() as (pilot, log):
        fit = log.fit
        monkeypatch.setattr(log, "fit", lambda: None)  # the Resize, not handled yet
        log.styles.height = 5
        await until(pilot, lambda: log.size.height == 5)
        log.add(rounds(21, 1))  # the line in between
        monkeypatch.setattr(log, "fit", fit)
        log.fit()  # the Resize, handled now
        log.add(rounds(22, 1))
        await settle(pilot)
        assert at_end(log)
