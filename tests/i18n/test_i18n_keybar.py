"""The key bar at 80 columns, on every screen that has one, in all five languages: every key
it shows keeps its label; keys that do not fit are left out for "? More" (help lists
them), never shown bare (issue 40; issue 42's merchant row in English)."""

from __future__ import annotations

import pytest

from century_tui import text
from century_tui.engine import Game, Seat
from century_tui.skins import SKINS
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.widgets.keybar import KeyBar
from tests.helpers.driver import settle, until

LANGUAGES = ["en", "fr", "es", "pt", "ja"]


def check_bar(app, where: str) -> str:
    """The bar of the screen on show: each entry is there with its words, or left out
    for the "?" entry; the first entries (the focused row's own) are always there."""
    bar = app.screen.query_one(KeyBar)
    left, right = bar._entries()
    shown = bar.render().plain
    assert "…" not in shown, (where, shown)
    rest = f" ? {text.t('key.all_keys')} "
    missing = [(keys, words) for _key, keys, words, _on in left + right if f" {keys} {words} " not in shown]
    assert all(words for _key, _keys, words, _on in left + right), (where, left)
    if missing:
        assert rest in shown and shown.rstrip().endswith(rest.rstrip()), (where, missing, shown)
        assert len(missing) < len(left), (where, shown)  # the screen's first keys stay
    for _key, keys, words, _on in left[:2]:
        assert f" {keys} {words} " in shown, (where, keys, shown)
    return shown


async def run(app, keys_and_checks, size=(80, 24)):
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for keys, where in keys_and_checks:
            if keys:
                await pilot.press(*keys)
                await settle(pilot)
            check_bar(app, where)


def settings(language: str, skin: str = "spice", **more) -> Settings:
    return Settings(skin=skin, bot_delay_ms=0, handoff=False, language=language, **more)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("skin", SKINS)
async def test_the_board_s_rows_keep_every_label(language, skin):
    app = CenturyApp(demo.midgame(), skin=skin, settings=settings(language, skin), autosave=False)
    await run(app, [(("p",), "points"), (("m",), "merchants"), (("h",), "hand"), (("l",), "log")])


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_longest_board_bar_keeps_every_label(language):
    """The merchant row with Redo offered and hints allowed (c Hint): the most keys."""
    game = Game([Seat("Ann"), Seat("Bob")], 4, hints=True)
    app = CenturyApp(game, skin="golem", settings=settings(language, "golem"))
    await run(app, [(("r",), "rested"), (("u", "enter"), "undone"), (("m",), "merchants, redo, hint")])


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_discard_stage_and_the_finished_board_keep_every_label(language):
    game = demo.advance_until(demo.new_game(seed=5), demo.must_discard, rng_seed=5)
    app = CenturyApp(game, settings=settings(language), autosave=False)
    await run(app, [(("escape",), "discard stage"), (("m",), "discard stage, merchants")])
    app = CenturyApp(demo.finished(("Ann", "Bob"), seed=48), settings=settings(language), autosave=False)
    await run(app, [((), "results"), (("c",), "results chart"), (("c", "escape"), "board after the game")])


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_replay_review_and_new_game_screens_keep_every_label(language):
    app = CenturyApp(demo.finished(("Ann", "Bob"), seed=48), replay=True, settings=settings(language), autosave=False)
    await run(app, [(("right",), "replay"), (("c",), "replay chart")])
    app = CenturyApp(None, settings=settings(language))
    await run(app, [((), "new game")])
    app = CenturyApp(demo.reviewed(), settings=settings(language), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await until(pilot, lambda: demo.review_listed(app))
        check_bar(app, "review")


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_keeps_every_label(language):
    from century_tui.tui.lobby import LobbyApp
    from tests.helpers.hosting import Hosting, first_to_play

    seats = [Seat("Ann"), Seat("Bob"), Seat("Cog", "easy")]
    text.set_language(language)
    async with Hosting(Game(list(seats), first_to_play(0, seats))) as host:
        app = LobbyApp(host)
        await run(app, [((), "lobby"), (("b",), "which bot")])
