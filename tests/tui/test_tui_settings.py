"""Settings chosen in the app are remembered: bot speed from the palette; damaged settings."""

from __future__ import annotations

import threading

from tests.helpers.driver import board, palette, remembered, run_app, screen_lines, settle, until, told

from century_tui import storage
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp


async def test_bot_speed_from_the_palette_is_used_and_remembered():
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=600))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await palette(pilot, "bot speed slow")
        assert app.bot_delay_ms == storage.BOT_SPEEDS["slow"]
    assert storage.load_settings()[0].bot_delay_ms == storage.BOT_SPEEDS["slow"]


async def test_a_change_of_setting_is_written_off_the_app_s_thread(monkeypatch):
    """The first write in a process checks the settings with pydantic (0.2 s to import): a
    key pressed meanwhile must not wait for it, nor for the disk."""
    from century_tui.storage import settings as settings_module

    gate, writers = threading.Event(), []
    real_save = settings_module.save_settings

    def gated_save(settings) -> None:
        writers.append(threading.current_thread())
        assert gate.wait(10), "the test never opened the gate"
        real_save(settings)

    monkeypatch.setattr(settings_module, "save_settings", gated_save)
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # the skin switch is remembered: its write waits at the gate
        await pilot.press("s")  # and the app still answers
        assert app.skin == "spice" and app.has_class("-spice")
        gate.set()
        assert remembered(app).skin == "spice"
    assert writers and threading.main_thread() not in writers


async def test_a_damaged_settings_file_gives_defaults_and_a_notice():
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text("{not json")
    app = CenturyApp(demo.new_game())

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.skin == "spice" and app.bot_delay_ms == Settings().bot_delay_ms
        await told(pilot, "damaged")
    assert storage.damaged_settings_path().read_text() == "{not json"  # the player's file, kept


async def test_the_settings_notice_is_in_the_player_s_language():
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text('{"skin": 3}')
    app = CenturyApp(demo.new_game(), language="fr")

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await told(pilot, "endommagé")


async def test_the_hard_bot_thinks_within_the_budget_from_settings(monkeypatch):
    """The budget in the settings file (or --budget-ms) reaches the bot the worker builds."""
    import century_tui.bots as bots
    from century_tui.engine import Game, Seat

    asked = []
    real = bots.make_bot

    def recording(level, seed=None, budget_ms=None, clock=None):
        asked.append((level, budget_ms))
        return real(level, seed=seed, budget_ms=budget_ms, clock=clock)

    monkeypatch.setattr(bots, "make_bot", recording)
    game = next(g for g in (Game([Seat("Hal", bot="hard"), Seat("Ann")], seed=s) for s in range(20))
                if g.current_seat.name == "Hal")  # the bot moves first
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, bot_budget_ms=80, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        assert board(app).game.current_seat.name == "Ann"  # the bot has moved
    assert asked and asked[0] == ("hard", 80)


async def test_ctrl_c_says_how_to_quit_in_the_player_s_words():
    """Textual's own answer to Ctrl+C is English, with markup that the game's plain toasts
    showed as typed ("Press [b]ctrl+q[/b]")."""
    for language, words in (("en", "To quit, press Ctrl+Q."), ("fr", "Pour quitter, appuyez sur Ctrl+Q.")):
        app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0), language=language)

        async def body(app, pilot):
            await pilot.press("ctrl+c")
            await until(pilot, lambda: words in "".join(screen_lines(app)))
            assert "[b]" not in "".join(screen_lines(app)) and app.is_running

        await run_app(app, body, notifications=True)


async def test_the_palette_offers_dark_colour_themes_only():
    """The board's colours are drawn for a dark background: a light theme left its frames
    and status line near invisible (found in a play test)."""
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        themes = app.available_themes
        assert themes and all(theme.dark for theme in themes.values()) and app.theme in themes
        assert "textual-dark" in themes and "textual-light" not in themes


async def test_two_windows_keep_each_other_s_choices():
    """Two windows on one settings file: a choice made in one leaves alone what the other
    chose since (it wrote every setting as it had read them at its start: a skin switched
    here put back the other window's old seats and bot speed; found in a play test)."""
    from century_tui.storage import SeatChoice

    here = CenturyApp(demo.new_game(("Ann", "Bob")), settings=Settings())
    async with here.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: remembered(here).seats == [SeatChoice("Ann"), SeatChoice("Bob")])  # its start's
        other = storage.load_settings()[0]  # another window: a four-seat game, slow bots
        other.seats = [SeatChoice("Cy"), SeatChoice("Di"), SeatChoice("Ed", "easy"), SeatChoice("Flo", "hard")]
        other.bot_delay_ms = storage.BOT_SPEEDS["slow"]
        storage.save_settings(other)
        await pilot.press("s")  # this window's skin
        on_disk = remembered(here)
    assert on_disk.skin == "golem"
    assert on_disk.seats == other.seats and on_disk.bot_delay_ms == storage.BOT_SPEEDS["slow"]


async def test_a_new_game_remembers_its_seats_and_keeps_another_window_s_skin():
    from century_tui.storage import SeatChoice

    app = CenturyApp(demo.new_game(("Ann", "Bob")), settings=Settings())
    storage.save_settings(Settings(skin="golem", seats=[SeatChoice("Cy"), SeatChoice("Di")]))  # another window, since
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: [s.name for s in remembered(app).seats] == ["Ann", "Bob"])
        assert remembered(app).skin == "golem"
