"""The Review button on the results: a screen that weighs the moves in a worker (a progress
bar, Esc stops it), lists each person's costliest moves and opens the replay at one."""

from __future__ import annotations

import threading

from tests.helpers.review import SMALL, one_slip
from textual.widgets import OptionList, ProgressBar
from tests.helpers.driver import click_button, run_board, settle, until, screen_lines

from century_tui import review as rv
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.results import ResultsScreen
from century_tui.tui.screens.review import ReviewReplay, ReviewScreen




async def test_review_lists_the_costly_move_and_opens_the_replay_there(monkeypatch):
    monkeypatch.setattr(rv, "SEARCH", SMALL["search"])
    monkeypatch.setattr(rv, "NODES", SMALL["nodes"])
    game, index, claim = one_slip(to_end=True)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await click_button(pilot, "#review")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.found is not None)
        screen = app.screen
        assert [c.index for c in screen.found.by_seat[0]] == [index]
        moves = screen.query_one(OptionList)
        assert app.focused is moves and not screen.query_one(ProgressBar).display
        await pilot.press("down", "enter")  # the first move (under Ann's name)
        await until(pilot, lambda: isinstance(app.screen, ReviewReplay))
        replay = app.screen
        await until(pilot, lambda: len(replay.game.moves) == index)
        assert [w.index for w in replay.query(".-hinted")] == [claim.index]  # the bot's claim lit
        named = f"move {index + 1}"  # the review and the replay name the move alike
        assert named in str(moves.get_option_at_index(1).prompt)
        await until(pilot, lambda: f"Replay: before {named} of {len(game.moves)}" in "\n".join(screen_lines(app)))
        await pilot.press("right")
        assert not replay.query(".-hinted")  # one move on: that was the position
        await pilot.press("escape")
        assert app.screen is screen  # back to the review, not out of the game
        await pilot.press("escape")
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("v")  # again: the review made before shows at once
        assert isinstance(app.screen, ReviewScreen) and app.screen.found is screen.found

    await run_board(app, body)


async def test_esc_stops_the_review_while_it_weighs(monkeypatch):
    gate = threading.Event()
    weighed = []
    real = rv.weigh

    def gated(*args):
        weighed.append(1)
        assert gate.wait(timeout=30), "the test never opened the gate"
        return real(*args)

    monkeypatch.setattr(rv, "weigh", gated)
    monkeypatch.setattr(rv, "SEARCH", SMALL["search"])
    monkeypatch.setattr(rv, "NODES", SMALL["nodes"])
    game, _index, _claim = one_slip(to_end=True)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("v")
        await until(pilot, lambda: weighed == [1])
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.query_one(ProgressBar).display
        await pilot.press("escape")
        assert isinstance(app.screen, ResultsScreen)
        gate.set()
        await settle(pilot)
        assert weighed == [1]  # stopped before the next move was weighed
        assert review.found is None

    await run_board(app, body)
