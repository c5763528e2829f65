"""Undo and redo from the board, the pass screen and the results (issue 5)."""

from __future__ import annotations

from tests.helpers.driver import run_board, GatedBots, board, settle, until, told, toasts

from century_tui import storage
from century_tui.engine import Game, Rest, Seat
from century_tui.storage import Settings
from century_tui.text import t
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.game import GameScreen
from century_tui.tui.screens.handoff import HandOffScreen
from century_tui.tui.screens.results import ResultsScreen


run = run_board


def human_first(bot: str = "easy") -> Game:
    for seed in range(50):
        g = Game([Seat("Ann"), Seat("Bot", bot)], seed)
        if g.current_seat.is_human:
            return g
    raise AssertionError


async def test_undo_takes_back_my_move_and_the_bot_reply_then_redo_restores_them():
    game = human_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("r", "r")  # Ann rests; the bot answers
        await settle(pilot)
        assert len(game.moves) == 2 and game.current_seat.name == "Ann"
        after = (list(game.moves), game.state.scores())
        await pilot.press("u")
        await settle(pilot)
        assert game.moves == [] and game.current_seat.name == "Ann"
        assert len(game.redo_moves) == 2
        shown = "\n".join(strip.text for strip in board(app).log_view.lines)
        assert shown.count("A new game") == 1 and "rested" not in shown  # the log is the replay's
        saved = storage.load_game(board(app).save_path)
        assert saved.moves == [] and saved.redo_moves == after[0]  # the autosave follows undo
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert (list(game.moves), game.state.scores()) == after
        assert not game.redo_moves

    await run(app, body)


async def test_nothing_to_undo_is_said_not_ignored_and_said_once_however_often_asked():
    """Play test: u pressed again and again stacked a toast for every press."""
    game = human_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        bells = []
        app.bell = lambda: bells.append(1)
        await pilot.press("u")
        await pilot.pause()
        await told(pilot, "Nothing to undo")
        await pilot.press("u", "u")
        await until(pilot, lambda: len(bells) == 3)
        assert toasts(app) == [t("notify.nothing_to_undo")]
        assert game.moves == []

    await run(app, body)


async def test_undo_on_the_pass_screen_is_the_mover_s_own_and_needs_no_confirmation():
    """Ann played and the pass screen waits for Bob: Ann is still at the keyboard."""
    game = Game([Seat("Ann"), Seat("Bob")], 3)
    first = game.current_seat.name
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("r", "r")
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert game.moves == [] and game.current_seat.name == first

    await run(app, body)


async def test_the_next_person_cannot_take_back_a_move_without_confirming_it():
    """Bob, seated, presses u: Ann's claim stays unless confirmed; once taken back, the
    turn is Ann's again and the pass screen hands her the keyboard."""
    from century_tui.tui.screens.confirm_undo import ConfirmUndo

    game = Game([Seat("Ann"), Seat("Bob")], 3)
    first = game.current_seat.name
    second = game.seats[1 - game.state.seat].name
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("r", "r", "enter")  # first rests; the second sits down
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and game.current_seat.name == second
        await pilot.press("u")
        assert isinstance(app.screen, ConfirmUndo) and app.screen.owner == first
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and len(game.moves) == 1
        await pilot.press("u", "enter")
        await settle(pilot)
        assert game.moves == [] and game.current_seat.name == first
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == first
        await pilot.press("enter", "U")  # Ann redoes her rest: the keyboard goes back to Bob
        await settle(pilot)
        assert len(game.moves) == 1 and isinstance(app.screen, HandOffScreen) and app.screen.player == second

    await run(app, body)


async def test_undo_after_the_game_ended_reopens_the_board():
    import random

    game = human_first("random")
    rng = random.Random(1)
    while not game.state.is_over:
        game.apply(rng.choice(list(game.state.legal_moves())))
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert isinstance(app.screen, ResultsScreen)
        point = game.undo_point()
        await pilot.press("u")
        await settle(pilot)
        assert len(game.moves) == point and not game.state.is_over
        assert not any(isinstance(x, ResultsScreen) for x in app.screen_stack)
        assert game.current_seat.name == "Ann"
        # back on the board, or on its discard modal when the move taken back was a discard
        assert app.screen is board(app) or game.state.phase == "discard"

    await run(app, body)


async def test_a_bot_answer_computed_before_undo_is_dropped(monkeypatch):
    bots = GatedBots(monkeypatch)
    game = human_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("r", "r")  # the bot starts thinking, and answers only through the gate
        await until(pilot, lambda: board(app).thinking)
        await pilot.press("u")
        await pilot.pause()
        bots.gate.set()  # its answer, to a position that is gone
        await settle(pilot)
        assert game.moves == [] and game.current_seat.name == "Ann"
        assert game.redo_moves == [Rest()]

    await run(app, body)


async def test_an_undo_question_is_dropped_when_a_bot_moves_meanwhile(monkeypatch):
    """Resumed at a bot's turn, u asks about Ann's move; the bot moves before the answer:
    the question goes, and a later Enter cannot take back more than was asked."""
    from century_tui.tui.screens.confirm_undo import ConfirmUndo

    bots = GatedBots(monkeypatch)
    for seed in range(50):
        game = Game([Seat("Ann"), Seat("Bob"), Seat("Bot", "easy")], seed)
        while game.current_seat.is_human:
            game.apply(Rest())
        if len(game.moves) == 2:
            break
    app = CenturyApp(game, resumed=True, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).thinking)  # no settle: the bot waits at the gate
        await pilot.press("u")
        assert isinstance(app.screen, ConfirmUndo)
        bots.gate.set()
        await settle(pilot)
        assert len(game.moves) == 3 and not isinstance(app.screen, ConfirmUndo)
