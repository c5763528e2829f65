"""No word on screen comes from anywhere but the translation data.

A marker language (en.toml with every string wrapped in ⟪…⟫, tests/helpers/i18n_marker.py) is
registered through text.register_language; every screen and modal of the showcase, and a
game played by keys and clicks with the pass screen, the command palette, help and a skin
switch, is then read off the screen: every letter must lie inside a marked string, or be
a player's name or a key's name in the key bar. Then each real language plays a short
game with no exception, no raw key ("hint.claim") and no unfilled {field} on screen.
"""

from __future__ import annotations

import random
import re

import pytest
from tests.helpers.i18n_marker import CODE, OPEN, marker_data, screen_lines, shown_lines, words_outside
from tests.helpers.driver import board, pass_screens, play_clicks, play_keys, settle

from century_tui import text
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from support.demo import showcase
from century_tui.tui.screens.help import HelpScreen
from century_tui.tui.widgets.score_chart import letters

SHOTS = {shot.name: shot for shot in showcase()}
NAMES = ["Ann", "Bob", "Cy"]
RAW_KEY = re.compile(r"\b[a-z]+_?[a-z0-9_]*\.[a-z][a-z0-9_]+\b")


@pytest.fixture
def marker():
    text.register_language(CODE, marker_data())
    yield CODE
    text.unregister_language(CODE)


def check(app, where: str, names: list[str] = NAMES) -> list[str]:
    lines = shown_lines(app)
    assert OPEN in "".join(lines), f"{where}: nothing marked on screen"
    return [f"{where} {p}" for p in words_outside(lines, names)]


def names_of(game) -> list[str]:
    """The players' names and the letters the score chart marks them with: no words."""
    names = [seat.name for seat in game.seats] if game else NAMES
    return names + letters(names)


@pytest.mark.parametrize("name", sorted(SHOTS))
async def test_every_screen_and_modal_shows_only_translated_words(name, marker):
    shot = SHOTS[name]
    game = shot.game()
    app = CenturyApp(game, skin=shot.skin, settings=Settings(skin=shot.skin, bot_delay_ms=0, language=marker),
                     autosave=False, replay=shot.replay)

    async def go():
        async with app.run_test(size=shot.size) as pilot:
            await pilot.pause()
            for key in shot.press:
                await pilot.press(key)
            await pilot.pause()
            return check(app, name, names_of(game))

    assert await go() == []


async def test_a_game_by_keys_and_clicks_shows_only_translated_words(marker):
    """Moves, the pass screen between them, the palette, help and a skin switch."""
    app = CenturyApp(demo.new_game(("Ann", "Bob"), seed=3), settings=Settings(bot_delay_ms=0, language=marker))
    rng = random.Random(2)
    problems: list[str] = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        problems.extend(check(app, "first pass screen"))
        await pass_screens(pilot)
        screen = board(app)
        problems.extend(check(app, "start"))
        for n in range(14):
            move = demo.policy(screen.game.state, rng)
            if move.kind == "acquire" or n % 2:  # letters of the marker skin are not typed
                await play_clicks(pilot, move)
            else:
                await play_keys(pilot, move)
            problems.extend(check(app, f"after {move}"))
        await pilot.press("ctrl+p")
        await settle(pilot)  # the palette gathers its commands in a worker
        problems.extend(check(app, "palette"))
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        problems.extend(check(app, "help"))
        await pilot.press("escape", "s")
        await settle(pilot)
        problems.extend(check(app, "golem"))
        await pilot.press("r")
        await settle(pilot)
        problems.extend(check(app, "pass screen"))
        await pass_screens(pilot)
        await pilot.press("u")  # the other person's move: undo asks first
        await settle(pilot)
        problems.extend(check(app, "confirm undo"))
        await pilot.press("escape")
    assert problems == []


@pytest.mark.parametrize("code", ["fr", "es", "pt", "ja"])
async def test_each_language_plays_with_no_raw_key_on_screen(code):
    app = CenturyApp(demo.new_game(("Ann", "Bob"), seed=5), settings=Settings(bot_delay_ms=0, language=code))
    rng = random.Random(4)
    seen: list[str] = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_screens(pilot)
        screen = board(app)
        for _ in range(6):
            await play_clicks(pilot, demo.policy(screen.game.state, rng))
            seen.extend(screen_lines(app))
        for keys in (("f1",), ("escape", "ctrl+p"), ("escape", "s")):
            await pilot.press(*keys)
            await settle(pilot)
            seen.extend(screen_lines(app))
        assert text.language() == code
    shown = "\n".join(seen)
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)[:5]
    assert "{" not in shown and "}" not in shown


async def test_the_check_catches_a_word_that_bypasses_the_data(marker, monkeypatch):
    """The same check on a board whose Rest button writes its word itself."""
    from rich.text import Text

    from century_tui.tui.widgets.hand import RestButton

    monkeypatch.setattr(RestButton, "render", lambda self: Text("Rest"))
    app = CenturyApp(demo.new_game(("Ann", "Bob")), settings=Settings(bot_delay_ms=0, language=marker))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pass_screens(pilot)
            return check(app, "leak")

    problems = await go()
    assert len(problems) == 1 and "Rest" in problems[0]
    assert words_outside(["⟪A ⟪b⟫ c", "d⟫ e"], []) == [" 1: d⟫ e"]  # a span wrapped onto the next line
