"""The game goes on whatever the terminal does (issue 5): resized mid-modal, no colour."""

from __future__ import annotations

from tests.helpers.driver import board, hand_position, settle

from century_tui.engine import MERCHANT_CARDS
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.modals import UpgradeModal


def upgrade_position():
    return demo.advance_until(demo.new_game(), demo.can_upgrade)


async def open_upgrade(pilot) -> int:
    """From the board, by keys: the hand, the upgrade card, Enter. Returns the card."""
    await settle(pilot)
    screen = board(pilot.app)
    card = demo.upgrade_card(screen.game.state)
    await pilot.press("h", str(hand_position(screen, card) + 1), "enter")
    assert isinstance(pilot.app.screen, UpgradeModal)
    return card


async def test_resizing_with_a_modal_open_keeps_the_modal_and_the_move():
    game = upgrade_position()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await open_upgrade(pilot)
        before = len(game.moves)
        for size in [(30, 10), (1, 1), (200, 60), (80, 24)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert isinstance(app.screen, UpgradeModal)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert len(game.moves) == before + 1
        assert MERCHANT_CARDS[game.moves[-1].card].kind == "upgrade" and game.moves[-1].steps


async def test_after_a_too_small_resize_closing_the_modal_gives_the_focus_back_to_the_hand():
    """Not to the point row: a claim would be one Enter away."""
    from century_tui.tui.widgets.hand import HandView

    game = upgrade_position()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        card = await open_upgrade(pilot)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is board(app) and isinstance(app.focused, HandView)
        assert board(app).hand.selected.card == card


async def test_a_game_opened_too_small_starts_on_the_hand_once_big_enough():
    from century_tui.tui.widgets.hand import HandView

    app = CenturyApp(upgrade_position(), settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.focused, HandView)


async def test_no_colour_game_goes_on(monkeypatch):
    """Letters are checked in test_tui_text; here a NO_COLOR game takes moves and modals."""
    monkeypatch.setenv("NO_COLOR", "1")
    game = upgrade_position()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        screen = board(app)
        card = demo.upgrade_card(game.state)
        before = len(game.moves)
        await pilot.press("h", str(hand_position(screen, card) + 1), "enter", "1", "enter")
        await settle(pilot)
        assert len(game.moves) == before + 1
