"""It fits 80×24 in every language (issue 13 §7): help wraps under its own words."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from tests.helpers.driver import screen_lines, settle

from century_tui import text
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.help import HelpScreen


async def help_lines(language: str) -> list[str]:
    """Every line of help's box at 80×24, scrolled through from top to bottom."""
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0, handoff=False, language=language))
    seen: list[str] = []

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one(".helpbox")
        while True:
            for line in screen_lines(app):
                left, right = line.find("█"), line.rfind("█")
                inner = line[left + 3 : right].rstrip(" ▀▄▃▁▂▅▆▇")  # border, padding, scrollbar
                if left >= 0 and (not seen or inner != seen[-1]):
                    seen.append(inner)
            if box.scroll_y >= box.max_scroll_y:
                break
            await pilot.press("pagedown")
            await settle(pilot)
    return seen


@pytest.mark.parametrize("language", ["en", "fr", "ja"])
async def test_help_continuation_lines_are_indented(language):
    lines = await help_lines(language)
    text.set_language(language)
    bullets = [line for line in lines if line.startswith(("• ", "・"))]
    assert bullets, "the rules list their actions"
    for i, line in enumerate(lines[:-1]):
        if line.startswith(("• ", "・")):
            after = lines[i + 1]
            if after.strip() and not after.startswith(("• ", "・")):
                assert after.startswith(" "), f"{line!r} continues unindented: {after!r}"
    assert not any(line.endswith("…") for line in lines), "nothing cut short"


@pytest.mark.parametrize("language,skin", [("ja", "golem"), ("ja", "spice"), ("en", "spice")])
async def test_point_values_sit_in_the_same_place_on_every_card(language, skin):
    """Where one card of the row has no room for its points beside the cost (two-cell
    letters), every card shows its points in the bottom border; else every card beside."""
    app = CenturyApp(demo.midgame(), skin=skin,
                     settings=Settings(skin=skin, bot_delay_ms=0, handoff=False, language=language))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        views = [v for v in app.screen.points.views if v.slot and v.slot.card is not None]
        below = [v.border_subtitle is not None for v in views]
        assert len(set(below)) == 1, below


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_the_replay_key_bar_keeps_every_label_at_80_columns(language):
    from century_tui.tui.widgets.keybar import KeyBar

    app = CenturyApp(demo.finished(("Ann", "Bob"), seed=48), replay=True, autosave=False,
                     settings=Settings(bot_delay_ms=0, handoff=False, language=language))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        left, right = bar._entries()
        shown = bar.render().plain
        for _key, keys, description, _enabled in left + right:
            assert description and description in shown, (keys, shown)


async def test_a_bot_s_level_is_never_cut_on_its_caravan_line_in_japanese():
    """Four seats, two of them bots named by the players: at 80 columns the level shows
    whole, shortened to '(level)' when the full tag has no room."""
    from century_tui.engine import Game, Seat

    seats = [Seat("Annabelle"), Seat("Zed", "hard"), Seat("Bob", "medium"), Seat("Cyrano")]
    app = CenturyApp(Game(seats, 3), autosave=False,
                     settings=Settings(bot_delay_ms=5000, handoff=False, language="ja"))

    text.set_language("ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = [line.render().plain for line in app.screen.caravans.lines]
        assert not any("…" in line for line in lines), lines
        for seat in seats[1:3]:
            level = text.t(f"level.{seat.bot}")
            assert any(seat.name in line and level in line for line in lines), lines


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_five_players_results_fit_80x24_with_the_title_and_no_cut_row(language):
    names = ("Annabelle", "Bob", "Cyrano", "Dee", "Eve")
    game = demo.finished(names, seed=9)
    app = CenturyApp(game, autosave=False, settings=Settings(bot_delay_ms=0, handoff=False, language=language))

    text.set_language(language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = screen_lines(app)
        assert text.t("results.title") in "\n".join(lines[:3]), "the title is on screen"
        for seat, name in enumerate(names):
            total = str(game.state.score(seat).total)
            row = next(line for line in lines if re.search(rf"\s{name}\s+\d", line))
            assert row.rstrip().endswith(total), f"{name}'s row is whole: {row!r}"
        assert not any("…" in line for line in lines[:-1]), "no label is cut"


RESULTS_BUTTONS = {"board": "results.board", "new": "results.new_game", "rematch": "results.rematch",
                   "review": "results.review", "quit": "results.quit"}


def results_buttons_whole(app) -> None:
    """Every button of the results shows its label whole: wide enough for its words, and
    the words on screen (a play test saw 'Plate  Nouvelle  Revanch' after a switch)."""
    row = next(line for line in screen_lines(app) if text.t("results.quit") in line and text.t("results.board") in line)
    for button, key in RESULTS_BUTTONS.items():
        words = text.t(key)
        assert f" {words} " in row, (words, row)
        shown = app.screen.query_one(f"#{button}")
        assert shown.content_region.width >= cell_len(words), (words, shown.content_region)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_the_results_buttons_show_their_words_whole_at_80_columns(language):
    """Opened in the language, and switched to it live from English."""
    for start in (language, "en"):
        app = CenturyApp(demo.finished(("Ann", "Bob"), seed=48), autosave=False,
                         settings=Settings(bot_delay_ms=0, handoff=False, language=start))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.language = language
            await settle(pilot)
            results_buttons_whole(app)
            app.language = "en"
            await settle(pilot)
            results_buttons_whole(app)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_help_explains_every_mark_of_the_board(language):
    """✓ (can be claimed or acquired now), ✗ (played), ⚑ (first player), ▶ (to play):
    each on a line of its own, with its words (a play tester asked what they meant)."""
    lines = await help_lines(language)
    text.set_language(language)
    for key in ("board.mark_ok", "card.played_mark", "board.first_player", "board.you"):
        mark = text.t(key)
        assert any(line.startswith(mark + " ") and len(line.strip()) > 4 for line in lines), (mark, lines)
