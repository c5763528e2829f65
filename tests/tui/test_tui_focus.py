"""Where the keyboard is when a turn starts: on the hand, at its first playable card."""

from __future__ import annotations

from tests.helpers.driver import GatedBots, board, settle, until

from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui import prompt
from century_tui.tui.app import CenturyApp
from century_tui.tui.widgets.hand import HandView
from century_tui.tui.widgets.rows import MerchantRow


def bot_first() -> Game:
    for seed in range(50):
        g = Game([Seat("Ann"), Seat("Bot", "easy")], seed)
        if not g.current_seat.is_human:
            return g
    raise AssertionError


async def test_a_row_browsed_during_a_bot_turn_keeps_its_cursor_but_the_turn_starts_on_the_hand(monkeypatch):
    """The bot's move may change the row under a cursor left there: the turn starts on the
    hand's first playable card (an Enter out of habit plays what the hint says), and the
    row keeps its cursor, one key (m) away."""
    bots = GatedBots(monkeypatch)
    game = bot_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).thinking)
        screen = board(app)
        await pilot.press("m", "right")
        assert isinstance(app.focused, MerchantRow)
        bots.gate.set()
        await settle(pilot)
        assert len(game.moves) == 1 and game.current_seat.name == "Ann"
        assert isinstance(app.focused, HandView) and screen.merchants.cursor == 1
        await pilot.press("m")
        assert isinstance(app.focused, MerchantRow) and screen.merchants.cursor == 1


async def test_a_turn_after_a_bot_move_starts_on_the_hand_not_the_row_last_played(monkeypatch):
    """Play test: Ann took a merchant card with m 1 ⏎; after the bot's move her turn began on
    the merchant row (▸1, "Enter: take it for free"), so a habitual Enter took another card."""
    bots = GatedBots(monkeypatch)
    bots.gate.set()
    game = bot_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game.current_seat.name == "Ann" and board(app).can_act())
        await settle(pilot)
        screen = board(app)
        taken = len(game.state.players[game.state.seat].owned)
        await pilot.press("m", "1", "enter")
        await until(pilot, lambda: game.current_seat.name == "Ann" and screen.can_act() and len(game.moves) == 3)
        await settle(pilot)
        assert len(game.state.players[game.state.seat].owned) == taken + 1
        assert isinstance(app.focused, HandView)
        first = next(n for n, item in enumerate(screen.hand.items) if item.ok)
        assert screen.hand.cursor == first
        card = screen.hand.selected.card
        assert screen.prompt.text.plain == prompt.hand_prompt(game.state, screen.legality(), card)[0].plain


async def test_a_new_person_starts_on_their_hand():
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m", "r", "r")
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


async def test_a_digit_past_the_hand_says_there_is_no_such_card():
    """Play test: 9 or 0 with two cards in hand did nothing and said nothing."""
    from tests.helpers.driver import toasts

    from century_tui import text

    game = Game([Seat("Ann"), Seat("Bob")], 4)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    bells = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.bell = lambda: bells.append(1)
        screen = board(app)
        count = len(screen.hand.items)
        assert count == 2 and isinstance(app.focused, HandView)
        cursor = screen.hand.cursor
        await pilot.press("9", "0")
        await settle(pilot)
        said = [text.t("notify.no_such_card", number=n, count=count) for n in ("9", "0")]
        await until(pilot, lambda: len(toasts(app)) >= 2)
        assert toasts(app) == said and len(bells) == 2
        assert screen.hand.cursor == cursor and game.moves == []
        await pilot.press("2")
        assert screen.hand.cursor == 1 and len(bells) == 2


async def test_a_replay_says_it_is_one_to_the_keys_that_play_and_offers_no_digits():
    """Play test: in a replay r, u and Enter did nothing and said nothing, and after m the
    key bar offered "1–6 Pick", which only moved a cursor that shows nothing there."""
    from tests.helpers.driver import played, toasts

    from century_tui import text
    from century_tui.tui.screens.replay import ReplayScreen
    from century_tui.tui.widgets.keybar import KeyBar

    app = CenturyApp(played(), settings=Settings(bot_delay_ms=0), replay=True, autosave=False)
    bells = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.bell = lambda: bells.append(1)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("right", "right")
        keys = ("r", "u", "d", "enter", "1")
        await pilot.press(*keys)
        await settle(pilot)
        await until(pilot, lambda: len(bells) == len(keys))
        assert toasts(app) == [text.t("replay.read_only")] and len(bells) == len(keys)  # one toast, not five
        assert len(screen.game.moves) == 2 and app.screen is screen
        for area in ("m", "p", "h"):
            await pilot.press(area)
            await settle(pilot)
            left, _right = screen.query_one(KeyBar)._entries()
            assert not any(key[:1].isdigit() for key, *_ in left), left
        await pilot.press("end", "enter")  # at the end Enter shows the results, as before
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"


async def test_a_refusal_saying_whose_turn_it_is_goes_when_the_turn_moves_on(monkeypatch):
    """Play test: r during the bot's turn said "Bot (bot) is playing; watch the log.", and
    that toast stayed up after the bot had moved and Ann's turn had begun. It is said on the
    prompt line now (issue 42), and goes with the turn."""
    from tests.helpers.driver import toasts

    bots = GatedBots(monkeypatch)
    game = bot_first()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).thinking)
        await pilot.press("r")
        await until(pilot, lambda: "Bot is playing: your turn comes next." in board(app).prompt.text.plain)
        assert not toasts(app)
        bots.gate.set()
        await settle(pilot)
        assert game.current_seat.name == "Ann" and board(app).can_act()
        assert "your turn comes next" not in board(app).prompt.text.plain
        await pilot.press("9")  # a refusal in her own turn is a toast, as before
        await settle(pilot)
        await until(pilot, lambda: toasts(app))
        assert len(toasts(app)) == 1
