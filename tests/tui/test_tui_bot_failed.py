"""A bot that cannot choose its move (its worker process gone, a module it could not open)
is tried again, then a legal move at random is played for it (`table.local`): the board
says so, where it said nothing and the game went on as if the bot had chosen."""

from __future__ import annotations

from tests.helpers.driver import board, toasts, told, until

from century_tui import bots
from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.table import local
from century_tui.tui.app import CenturyApp


async def test_the_board_says_a_bot_failed_and_a_random_move_stood_in(monkeypatch):
    class Broken:
        name = "easy"

        def choose(self, state):
            raise RuntimeError("its worker is gone")

    monkeypatch.setattr(bots, "make_bot", lambda *args, **kwargs: Broken())
    monkeypatch.setattr(local, "BOT_RETRIES", (0.0, 0.0, 0.0))  # tried again at once
    game = next(g for seed in range(50) if (g := Game([Seat("Ann"), Seat("Rex", "easy")], seed)).current_seat.is_human)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        await pilot.press("r", "r")
        await told(pilot, "Rex could not choose a move (RuntimeError: its worker is gone): a legal move at random "
                          "was played for it.")
        await until(pilot, lambda: len(game.moves) == 2 and board(app).can_act())
        said = [m for m in toasts(app) if "could not choose" in m]
        assert said == ["Rex could not choose a move (RuntimeError: its worker is gone); it tries again.",
                        "Rex could not choose a move (RuntimeError: its worker is gone): a legal move at random "
                        "was played for it."]  # the tries between are not said again
