"""Where the keyboard is after a bot's move: a person who moved ahead keeps their place."""

from __future__ import annotations

from tests.helpers.driver import GatedBots, board, settle, until

from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.widgets.hand import HandView
from century_tui.tui.widgets.rows import MerchantRow


def bot_first() -> Game:
    for seed in range(50):
        g = Game([Seat("Ann"), Seat("Bot", "easy")], seed)
        if not g.current_seat.is_human:
            return g
    raise AssertionError


async def test_focus_chosen_during_a_bot_turn_survives_the_bot_move(monkeypatch):
    bots = GatedBots(monkeypatch)
    game = bot_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).thinking)
        await pilot.press("m")
        bots.gate.set()
        await settle(pilot)
        assert len(game.moves) == 1 and game.current_seat.name == "Ann"
        assert isinstance(app.focused, MerchantRow)
        await pilot.press("r")  # Ann rests; after the bot's reply she is back where she was
        await settle(pilot)
        assert isinstance(app.focused, MerchantRow)


async def test_a_new_person_starts_on_their_hand():
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m", "r")
        await settle(pilot)
        assert isinstance(app.focused, HandView)


async def test_keys_typed_in_one_burst_reach_the_row_they_chose():
    """Over SSH "m2" often arrives as one packet: the 2 must pick merchant slot 2, not a hand card."""
    from textual import events

    game = Game([Seat("Ann"), Seat("Bob")], 4)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = board(app)
        hand_cursor = screen.hand.cursor
        for key in ("m", "2"):  # posted together, as a burst from the terminal is
            app.post_message(events.Key(key, key))
        await settle(pilot)
        assert isinstance(app.focused, MerchantRow)
        assert screen.merchants.cursor == 1 and screen.hand.cursor == hand_cursor
