"""A bot seat is called as a bot ("Medium bot", "Bot moyen"), never "Player 3": on the
command line and on the new-game form, where a name the form gave follows the seat's
kind and the language, and a typed name is never touched."""

from __future__ import annotations

import pytest
from tests.helpers.driver import run_app, settle

from century_tui import text
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen, validate_seats


@pytest.mark.parametrize(
    "code, medium, hard2",
    [
        ("en", "Medium bot", "Hard bot 2"),
        ("fr", "Bot moyen", "Bot difficile 2"),
        ("es", "Bot medio", "Bot difícil 2"),
        ("pt", "Bot médio", "Bot difícil 2"),
        ("ja", "中級ボット", "上級ボット2"),  # a level as Japanese games name it, not 「ふつうボット」
    ],
)
def test_default_bot_names_in_every_language(code, medium, hard2):
    """The command line's bot:LEVEL seats get these (a name starts with a capital, the
    level inside it does not: "Bot moyen")."""
    assert text.bot_name("medium", code=code) == medium
    assert text.bot_name("hard", 2, code=code) == hard2
    text.set_language(code)
    try:
        seats, problem = validate_seats([("Ann", "human"), ("", "bot:medium")])
    finally:
        text.set_language("en")
    assert problem is None and seats[1].name == medium


async def run(body, language="en"):
    """The new-game form in `language`, then `body`."""

    async def on_the_form(app, pilot):
        assert isinstance(app.screen, NewGameScreen)
        await body(app, pilot)

    await run_app(CenturyApp(settings=Settings(bot_delay_ms=0), language=language), on_the_form)


def name(app, n: int) -> str:
    return app.screen.query_one(f"#name-{n}").value


async def test_a_seat_turned_bot_takes_the_bots_name_and_back():
    async def body(app, pilot):
        assert await pilot.click("#add")
        await settle(pilot)
        assert name(app, 3) == "Player 3"
        app.screen.query_one("#kind-3").value = "bot:medium"
        await settle(pilot)
        assert name(app, 3) == "Medium bot"
        app.screen.query_one("#kind-3").value = "bot:hard"
        await settle(pilot)
        assert name(app, 3) == "Hard bot"
        app.screen.query_one("#kind-2").value = "bot:hard"  # the same level twice: numbered
        await settle(pilot)
        assert name(app, 2) == "Hard bot 2"
        app.screen.query_one("#kind-3").value = "human"
        await settle(pilot)
        assert name(app, 3) == "Player 3"

        app.screen.query_one("#name-1").value = "Hal"  # typed: the person's choice stays
        app.screen.query_one("#kind-1").value = "bot:easy"
        await settle(pilot)
        assert name(app, 1) == "Hal"

    await run(body)


async def test_the_form_in_french_names_bots_in_french_and_follows_a_language_switch():
    async def body(app, pilot):
        assert name(app, 2) == "Joueur 2"
        app.screen.query_one("#kind-2").value = "bot:medium"
        await settle(pilot)
        assert name(app, 2) == "Bot moyen"
        app.screen.query_one("#language").value = "en"
        await settle(pilot)
        assert (name(app, 1), name(app, 2)) == ("Player 1", "Medium bot")
        app.screen.query_one("#start").press()
        await settle(pilot)
        assert [s.name for s in app.screen.game.seats] == ["Player 1", "Medium bot"]

    await run(body, language="fr")


def test_a_bot_seat_still_called_player_n_is_named_as_a_bot_at_the_start():
    """Whatever way the form got there (a remembered seat, a kind changed unseen), a bot
    is never seated as "Player 3"; a typed name is kept."""
    seats, problem = validate_seats([("Ann", "human"), ("Player 2", "bot:easy"), ("Joueur 3", "bot:easy"), ("Hal", "bot:hard")])
    assert problem is None
    assert [s.name for s in seats] == ["Ann", "Easy bot", "Easy bot 2", "Hal"]


def test_a_bots_seat_taken_by_a_person_keeps_a_persons_name_and_loses_a_given_one():
    """(The host's lobby gives a bot's seat back to a person.)"""
    from century_tui.engine import Seat
    from century_tui.seats import person_name

    seats = [Seat("Ann", "easy"), Seat("Easy bot", "easy"), Seat("Player 2"), Seat("Bot moyen", "medium")]
    assert person_name(seats, 0) == "Ann"  # her own name, which the bot kept for her
    assert person_name(seats, 1) == "Player 1"  # "Player 2" is taken: the first free one
    assert person_name(seats, 3) == "Player 4"  # a name the game gives in another language too
