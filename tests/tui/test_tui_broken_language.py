"""A damaged language file (a translator's typo, a bad install) is found when the language is
asked for, and said: the words stay readable in the language they were in, and nothing else
changes (no crash, no half-switched screen)."""

from __future__ import annotations

import pytest

from century_tui.storage import Settings
from century_tui.text import catalog
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen
from tests.helpers.driver import palette, run_app, settle, told


@pytest.fixture
def broken_french(monkeypatch):
    """data/lang/fr.toml reads as damaged from now on."""
    load = catalog._load_file

    def damaged(code: str):
        if code == "fr":
            raise catalog.TextDataError("data/lang/fr.toml: newgame.title: unknown param {nom}")
        return load(code)

    monkeypatch.setattr(catalog, "_load_file", damaged)


async def test_picking_a_damaged_language_on_the_form_keeps_the_words_and_says_why(broken_french):
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        select = app.screen.query_one("#language")
        select.value = "fr"
        await settle(pilot)
        assert app.language == "en" and app.settings.language != "fr"
        assert select.value == "en"  # the form shows the language on show, not the refused one
        assert isinstance(app.screen, NewGameScreen)
        await told(pilot, "Français cannot be shown", "unknown param")
        assert "New game" in str(app.screen.query_one(".title").render())

    await run_app(app, body)


async def test_the_command_palette_refuses_a_damaged_language_too(broken_french):
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await palette(pilot, "Français")
        assert app.language == "en"
        await told(pilot, "Français cannot be shown")

    await run_app(app, body)


async def test_a_start_in_a_damaged_language_opens_in_english_and_says_why(broken_french):
    app = CenturyApp(settings=Settings(bot_delay_ms=0), language="fr")

    async def body(app, pilot):
        assert app.language == "en"
        await told(pilot, "Français cannot be shown")

    await run_app(app, body)


def test_the_command_line_in_a_damaged_language_speaks_english(broken_french, capsys):
    from century_tui import cli, text

    assert cli.main(["--lang", "fr", "cards"]) == 0  # no traceback: the cards, in English
    assert text.language() == "en"
    assert "Point cards" in capsys.readouterr().out
