"""At bot speed instant, a move and the bot's reply reach the screen as one change (issue 38:
every bot move redrew the board a second time, a frame after the move it answers); a bot
that takes its time still sees the move drawn, and a searching bot's move is not waited
for at all."""

from __future__ import annotations

from contextlib import asynccontextmanager

from tests.helpers.driver import GatedBots, board, settle, until

from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens import game as game_screen


def ann_first(level: str = "easy") -> Game:
    return next(g for seed in range(50) if (g := Game([Seat("Ann"), Seat("Bot", level)], seed)).current_seat.is_human)


@asynccontextmanager
async def ann_against_a_gated_bot(monkeypatch, level: str = "easy"):
    """Ann's board, her turn, at bot speed instant; the bot answers once `bots.gate` opens."""
    bots = GatedBots(monkeypatch)
    game = ann_first(level)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).can_act())
        yield pilot, board(app), game, bots


async def test_a_move_and_an_instant_reply_are_drawn_once(monkeypatch):
    monkeypatch.setattr(game_screen, "QUICK_REPLY_S", 30.0)  # the reply is always in time here
    async with ann_against_a_gated_bot(monkeypatch) as (pilot, screen, game, bots):
        drawn = []
        monkeypatch.setattr(screen, "refresh_board", lambda real=screen.refresh_board: (drawn.append(len(game.moves)), real()))
        logged = len(screen.log_view.entries)
        await pilot.press("r", "r")  # Ann rests (asked twice: nothing played); the bot is asked
        await until(pilot, lambda: screen.thinking)
        assert drawn == [] and "Ann" in screen.status.player  # her move waits for the reply
        assert len(screen.log_view.entries) == logged  # its log lines too: no frame of their own
        bots.gate.set()
        await until(pilot, lambda: len(game.moves) == 2 and not screen.behind)
        await settle(pilot)
        assert drawn == [2]  # once, with both moves
        assert [e.seat for e in screen.log_view.entries[logged:] if e.seat is not None] == [0, 1]  # in turn
        assert screen.status.player == "Ann" and screen.can_act()


async def test_a_move_is_drawn_while_a_slow_bot_thinks(monkeypatch):
    async with ann_against_a_gated_bot(monkeypatch) as (pilot, screen, game, bots):
        logged = len(screen.log_view.entries)
        await pilot.press("r", "r")
        await until(pilot, lambda: not screen.behind)  # after QUICK_REPLY_S, the bot still thinking
        assert len(game.moves) == 1 and screen.status.thinking and screen.status.player == "Bot"
        assert [e.seat for e in screen.log_view.entries[logged:] if e.seat is not None] == [0]  # hers, drawn
        bots.gate.set()
        await until(pilot, lambda: len(game.moves) == 2 and screen.can_act())


async def test_a_move_a_searching_bot_answers_is_drawn_without_waiting_for_it(monkeypatch):
    """The hard bot thinks for its budget: waiting `QUICK_REPLY_S` for its reply only put
    the person's own move on screen that much later (benchmarks/hard_in_game.py)."""
    monkeypatch.setattr(game_screen, "QUICK_REPLY_S", 30.0)  # a wait would outlast the test
    async with ann_against_a_gated_bot(monkeypatch, "hard") as (pilot, screen, game, bots):
        logged = len(screen.log_view.entries)
        await pilot.press("r", "r")
        await until(pilot, lambda: not screen.behind)
        assert len(game.moves) == 1 and screen.status.thinking and screen.status.player == "Bot"
        assert [e.seat for e in screen.log_view.entries[logged:] if e.seat is not None] == [0]  # hers, drawn
        bots.gate.set()
        await until(pilot, lambda: len(game.moves) == 2 and screen.can_act())
