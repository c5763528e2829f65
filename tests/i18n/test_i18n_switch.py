"""Switching language live, from the command palette: the board, the log (drawn again
from its entries), the key bar and any open screen change words at once; the choice is
saved. Japanese also changes the layout: a taller merchant row, wider hand chips."""

from __future__ import annotations

from tests.helpers.i18n_marker import screen_lines
from tests.helpers.driver import plain, remembered, board, palette, pass_screens, settle

from century_tui import text
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.help import HelpScreen


async def test_switch_from_the_palette_redraws_everything_and_is_remembered():
    app = CenturyApp(demo.midgame(), settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_screens(pilot)
        screen = board(app)
        shown = "\n".join(screen_lines(app))
        assert "Round 8" in shown and "Ann's hand" in shown and "Ann played +RR." in shown
        await palette(pilot, "Fran")
        assert app.language == "fr" and text.language() == "fr"
        shown = "\n".join(screen_lines(app))
        assert "Manche 8" in shown and "Main d'Ann" in shown  # status bar, hand
        assert "Ann joue +RR." in shown and "Bob améliore R→V, R→V." in shown  # the log, redrawn
        assert "Jouer" in shown and "Repos" in shown  # key bar
        assert "JJRRBB" in shown  # cube letters: jaune, rouge, vert, brun
        assert remembered(app).language == "fr"
        rows_before = screen.merchants.size.height

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        app.language = "ja"  # the same switch the palette makes
        await settle(pilot)
        body = plain(app.screen.query_one(".body").content)
        assert "ルールの要約" in body and "勝利点カード" in body  # an open screen, redrawn
        await pilot.press("escape")
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "第8ラウンド" in shown and "Annの手札" in shown and "— 第8ラウンド —" in shown
        assert app.has_class("-wide-letters") and screen.merchants.size.height == rows_before + 1
        assert remembered(app).language == "ja"

        app.language = "en"
        await settle(pilot)
        assert not app.has_class("-wide-letters") and screen.merchants.size.height == rows_before
        assert "Round 8" in "\n".join(screen_lines(app))


async def test_the_new_game_screen_switches_language_too():
    app = CenturyApp(None, settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.language = "es"
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "Nueva partida" in shown and "Jugador 1" in shown and "Persona" in shown and "Idioma" in shown
        assert "Player" not in shown
