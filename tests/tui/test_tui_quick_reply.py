"""At bot speed instant, a move and the bot's reply reach the screen as one change (issue 38:
every bot move redrew the board a second time, a frame after the move it answers); a bot
that takes its time still sees the move drawn at once."""

from __future__ import annotations

from tests.helpers.driver import GatedBots, board, settle, until

from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens import game as game_screen


def ann_first() -> Game:
    return next(g for seed in range(50) if (g := Game([Seat("Ann"), Seat("Bot", "easy")], seed)).current_seat.is_human)


async def test_a_move_and_an_instant_reply_are_drawn_once(monkeypatch):
    monkeypatch.setattr(game_screen, "QUICK_REPLY_S", 30.0)  # the reply is always in time here
    bots = GatedBots(monkeypatch)
    game = ann_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        screen = board(app)
        drawn = []
        monkeypatch.setattr(screen, "refresh_board", lambda real=screen.refresh_board: (drawn.append(len(game.moves)), real()))
        await pilot.press("r")  # Ann rests; the bot is asked
        await until(pilot, lambda: screen.thinking)
        assert drawn == [] and "Ann" in screen.status.player  # her move waits for the reply
        bots.gate.set()
        await until(pilot, lambda: len(game.moves) == 2 and not screen.behind)
        await settle(pilot)
        assert drawn == [2]  # once, with both moves
        assert screen.status.player == "Ann" and screen.can_act()


async def test_a_move_is_drawn_while_a_slow_bot_thinks(monkeypatch):
    bots = GatedBots(monkeypatch)
    game = ann_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        screen = board(app)
        await pilot.press("r")
        await until(pilot, lambda: not screen.behind)  # after QUICK_REPLY_S, the bot still thinking
        assert len(game.moves) == 1 and screen.status.thinking and screen.status.player == "Bot"
        bots.gate.set()
        await until(pilot, lambda: len(game.moves) == 2 and screen.can_act())
