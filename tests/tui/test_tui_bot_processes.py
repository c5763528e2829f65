"""`century`'s window sends its searching bots to a worker process: in its own interpreter,
beside the board it draws, the hard bot got through half the positions at 250 ms it does
alone (benchmarks/hard_in_game.py). The window starts the worker with a game that seats
one, plays the bot's answers from it, and ends it as it closes."""

from __future__ import annotations

from tests.helpers.driver import board, until

from century_tui.engine import Game, Rest, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp


async def test_a_hard_bot_answers_from_the_worker_which_stops_with_the_window():
    game = next(g for seed in range(50) if (g := Game([Seat("Ann"), Seat("Rex", "hard")], seed)).current_seat.is_human)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), bot_budget_ms=100, bot_processes=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        processes = app.bot_processes
        assert processes is not None
        await until(pilot, lambda: processes._pool is not None)  # started once the board is drawn
        app.table.play(Rest())
        await until(pilot, lambda: len(game.moves) >= 2 and board(app).can_act(), timeout=30)
    assert processes._pool is None  # closed with the window (its worker ended: test_bot_processes.py)


async def test_a_window_of_people_starts_no_worker():
    app = CenturyApp(Game([Seat("Ann"), Seat("Bob")], 3), settings=Settings(handoff=False), bot_processes=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        assert app.bot_processes is None or app.bot_processes._pool is None
