"""Keys typed in one burst (over SSH, or a quick player) can close a screen the moment it
is pushed, before Textual has mounted it. Nothing may crash when its mount comes late."""

from __future__ import annotations

import pytest
from tests.helpers.driver import board, settle, until, toasts

from century_tui.engine import MERCHANT_CARDS
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.modals import AcquireModal, DiscardModal, TradeModal, UpgradeModal
from century_tui.tui.screens.confirm_undo import ConfirmUndo
from century_tui.tui.screens.game import GameScreen
from century_tui.tui.screens.handoff import HandOffScreen
from century_tui.tui.screens.help import HelpScreen
from century_tui.timeline import running_scores
from century_tui.tui.screens.results import ResultsScreen


def results_of(game):
    return ResultsScreen(game, running_scores(game))


def burst(app, *keys: str) -> None:
    """Keys arriving together, as a terminal delivers a quick typist's or an SSH packet's:
    all are queued before the first is handled (`pilot.press` waits between keys)."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def upgrade_modal(game):
    card = next(c for c in game.state.current.hand_cards if MERCHANT_CARDS[c].kind == "upgrade")
    return UpgradeModal(card, game.state.current.cubes)


SCREENS = [
    (lambda game: HandOffScreen("Bob", []), "go"),
    (lambda game: HelpScreen(), "close"),
    (lambda game: results_of(demo.finished()), "board"),
    (upgrade_modal, "cancel"),
    (lambda game: ConfirmUndo("Ann", "Bob"), "answer(False)"),
]


@pytest.mark.parametrize("make, action", SCREENS)
async def test_a_screen_closed_before_it_mounts_does_not_crash(make, action):
    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(make(game))
        await app.screen.run_action(action)  # the next key of the burst, before Mount
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and board(app).game is game
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("make, action", SCREENS)
async def test_a_second_close_of_a_closing_screen_leaves_the_board_alone(make, action):
    """Enter and a click in one burst: both close the pass screen (or a modal). The second
    must not close what lies beneath, nor answer the question twice."""
    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    answers = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = make(game)
        app.push_screen(screen, answers.append)
        await settle(pilot)
        await screen.run_action(action)
        await screen.run_action(action)  # the burst's second key, to the screen going away
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(app.screen_stack) == 2
    assert app.return_code in (None, 0) and len(answers) == 1


def trade_modal(game):
    card = next(c for c, m in enumerate(MERCHANT_CARDS) if m.kind == "trade")
    return TradeModal(card, (10, 10, 10, 10), 3)


MOVE_KEYS = [  # a dialog, a key that changes its choice, and what the choice is then
    (upgrade_modal, "raise_tier(0)", lambda m: m.steps == [0]),
    (trade_modal, "less", lambda m: m.times == 2),
    (lambda game: AcquireModal(2, (2, 1, 0, 0), [0, 1, 2], (0, 0, 0, 0)), "slot(1)", lambda m: m.at == 1),
    (lambda game: DiscardModal((8, 3, 0, 0), 1), "row(1)", lambda m: m.at == 1),
]


@pytest.mark.parametrize("make, action, taken", MOVE_KEYS)
async def test_a_dialog_takes_a_key_that_reaches_it_before_it_mounts(make, action, taken):
    """h 2 ⏎ 1 in one burst: the 1 reaches the dialog as it is pushed; it counts, and the
    dialog shows it once mounted."""
    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = make(game)
        app.push_screen(modal)
        await modal.run_action(action)  # before Mount
        await settle(pilot)
        assert app.screen is modal and taken(modal)
        assert str(modal.preview.content).strip()  # drawn as mounted
    assert app.return_code in (None, 0)


async def test_a_click_on_a_widget_as_it_goes_does_not_crash(monkeypatch):
    """A toast timing out under the pointer: Textual's text selection looked up the parent
    of a widget that had none left. The board has no text selection."""
    from textual.geometry import Offset
    from textual.screen import Screen
    from textual.widgets import Static

    orphan = Static("a toast on its way out")  # no parent, as a widget being removed
    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(Screen, "get_widget_and_offset_at", lambda self, x, y: (orphan, Offset(1, 0)))
        await pilot.mouse_down(offset=(50, 20))
        await pilot.pause()
        assert app.is_running
    assert app.return_code in (None, 0)


async def test_keys_in_a_burst_act_on_what_the_keys_before_them_focused():
    """p, then h 2 ⏎ in one burst: the Enter plays hand card 2. It used to act on the point
    row: the screen looked at the focus as the Enter passed it, before the h had moved it
    (an affordable point card would have been claimed)."""
    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = board(app)
        assert MERCHANT_CARDS[screen.hand.items[1].card].kind == "upgrade"
        await pilot.press("p")
        burst(app, "h", "2", "enter")
        await settle(pilot)
        assert isinstance(app.screen, UpgradeModal) and app.screen.card == screen.hand.items[1].card
        assert not game.moves and not toasts(app)


async def test_keys_after_an_enter_in_a_burst_reach_the_dialog_it_opened():
    """h 2 ⏎ 1 ⏎ in one burst: hand card 2's upgrade dialog takes the 1 (Y→R) and the ⏎
    confirms it. The Enter's choice used to wait in the queues while the 1 and the ⏎ still
    acted on the hand: card 1 was played, and card 2's dialog opened after it."""
    from century_tui.engine import PlayUpgrade

    game = demo.new_game(("Ann", "Bob"), seed=3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        card = board(app).hand.items[1].card
        burst(app, "h", "2", "enter", "1", "enter")
        await until(pilot, lambda: bool(game.moves))
        await settle(pilot)
        assert game.moves[0] == PlayUpgrade(card, (0,))
        assert isinstance(app.screen, GameScreen) and app.return_code is None


@pytest.mark.parametrize("key", ["2", "r"])
async def test_a_payment_key_in_the_burst_that_opened_the_dialog_counts(key):
    """m 4 ⏎ 2 ⏎ (or its letter) in one burst: the 2 places a red cube on slot 1. The
    dialog read its keys as they passed it, and a key typed in the burst that opened it
    never does (it went to the board, focused when it arrived): the default was paid."""
    from century_tui.engine import Acquire, Game

    game = demo.advance_until(demo.new_game(seed=4), demo.can_pay_mixed)
    game = Game(game.seats, game.seed, game.moves)
    assert game.state.current.cubes == (2, 1, 0, 0)  # the position this test needs
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        moves = len(game.moves)
        burst(app, "m", "4", "enter", key, "enter")
        await until(pilot, lambda: len(game.moves) > moves)
        assert game.moves[-1] == Acquire(3, (1, 0, 0))


async def test_a_pass_screen_after_a_persons_turn_holds_the_keys_typed_with_the_last_move(monkeypatch):
    """The first player's Enter typed with the key that ended their turn, a second Enter or
    the second click of a double click must not show the next person's hand to them: for a
    moment the pass screen holds. Not the game's first pass screen, which no move brought up."""
    from century_tui.tui.screens import handoff

    monkeypatch.setattr(handoff, "HOLD_S", 3600.0)  # a moment that lasts the test
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")  # the game's first: not held
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        burst(app, "r", "enter")  # a rest ends the turn, and an Enter comes with it
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HandOffScreen) and len(app.table.game.moves) == 1
        await pilot.press("enter", "space")
        assert await pilot.click(None, offset=(2, 2))
        await settle(pilot)
        assert app.screen is screen
        screen.held_until = 0.0  # the moment is over: the next person takes the keyboard
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.table.at_keyboard == app.table.state.seat
