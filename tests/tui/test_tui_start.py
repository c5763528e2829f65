"""What opening the game reads: the language on show and nothing of the others. The
language list names every language from data/lang/index.toml, and the seats of a form just
opened have their names already, so no other language's file is read (and checked) to
tell whether a name was typed; and garbage is not looked for until the first frame shows
(issue 15 §7: the cold start)."""

from __future__ import annotations

import gc

import pytest

from century_tui import storage
from century_tui.storage import SeatChoice, Settings
from century_tui.text import catalog
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen
from tests.helpers.driver import run_app


def reading_languages(monkeypatch) -> list[str]:
    """The codes of the language files read from now on (each file is read once a process
    otherwise: its reader's cache is bypassed here)."""
    read: list[str] = []
    load = catalog._load_file.__wrapped__

    def spy(code: str):
        read.append(code)
        return load(code)

    monkeypatch.setattr(catalog, "_load_file", spy)
    return read


def test_the_language_list_reads_no_language_file(monkeypatch):
    read = reading_languages(monkeypatch)
    names = [catalog.language_name(code) for code in catalog.languages()]
    assert "Français" in names and "日本語" in names
    assert read == []


async def test_the_form_opens_reading_only_the_language_on_show(monkeypatch):
    """(A seat whose name is not the one the form gives it now, "Ann", is still asked
    about in every language: a name given in another language follows this one.)"""
    read = reading_languages(monkeypatch)
    seats = [SeatChoice(name="Joueur 1"), SeatChoice(name="Bot moyen", bot="medium"), SeatChoice(name="Joueur 3")]

    async def body(app, pilot):
        assert isinstance(app.screen, NewGameScreen)
        assert [r.name_input.value for r in app.screen.rows()] == ["Joueur 1", "Bot moyen", "Joueur 3"]

    await run_app(CenturyApp(settings=Settings(bot_delay_ms=0, seats=seats), language="fr"), body)
    assert set(read) <= {"fr"}


async def test_names_the_form_gave_in_another_language_still_follow_the_one_on_show():
    """The last game's seats were named in English: the form in French names them anew
    (that one reads the other languages, to know "Medium bot" was not typed)."""
    seats = [SeatChoice(name="Ann"), SeatChoice(name="Medium bot", bot="medium"), SeatChoice(name="Player 3")]

    async def body(app, pilot):
        assert [r.name_input.value for r in app.screen.rows()] == ["Ann", "Bot moyen", "Joueur 3"]

    await run_app(CenturyApp(settings=Settings(bot_delay_ms=0, seats=seats), language="fr"), body)


def test_garbage_is_collected_again_once_the_arguments_are_read(monkeypatch, capsys):
    """`century_tui.cli.main` stops collecting garbage while the game starts; a command
    that opens no window (here `century cards`) runs with collecting on, and so does the
    caller after it."""
    from century_tui import cli

    seen = []
    monkeypatch.setattr(cli, "cmd_cards", lambda args: seen.append(gc.isenabled()) or 0)
    assert cli.main(["cards"]) == 0
    assert seen == [True] and gc.isenabled()


async def test_garbage_is_collected_again_once_the_window_shows_its_first_frame():
    """...and what the start built is frozen then: later full collections don't walk it."""
    seen = []

    async def body(app, pilot):
        seen.append((gc.isenabled(), gc.get_freeze_count() > 0))

    gc.disable()  # as `century_tui.cli.main` leaves it for a window
    try:
        await run_app(CenturyApp(settings=Settings(bot_delay_ms=0)), body)
    finally:
        gc.enable()
        gc.unfreeze()
    assert seen == [(True, True)]


async def test_an_app_started_with_collecting_on_freezes_nothing():
    """A test (or any caller but the cli) keeps its garbage collector as it was."""
    seen = []

    async def body(app, pilot):
        seen.append(gc.get_freeze_count())

    gc.unfreeze()
    await run_app(CenturyApp(settings=Settings(bot_delay_ms=0)), body)
    assert seen == [0] and gc.isenabled()


FIRST_FRAME = """
import asyncio, sys
{imports}
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.{module} import {screen} as Shown

async def main():  # (the tests' helpers load the whole game: waited for here by hand)
    app = CenturyApp({game})
    async with app.run_test() as pilot:
        for _ in range(500):
            if isinstance(app.screen, Shown) and app.screen.is_mounted:
                break
            await pilot.pause()
        assert isinstance(app.screen, Shown), app.screen
        await pilot.pause()
        print(" ".join(sorted(sys.modules)))

asyncio.run(main())
"""


def modules_at_first_frame(home, module: str, screen: str, game: str = "") -> set[str]:
    """The modules loaded once a fresh `century` process shows `screen` (from tui.screens.`module`)
    for `game` (Python source; "" for none: the new-game form)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    imports = "from century_tui.engine import Game, Seat" if game else ""
    script = FIRST_FRAME.format(imports=imports, module=module, screen=screen, game=game)
    out = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, CENTURY_HOME=str(home)),
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2], timeout=60)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


@pytest.mark.parametrize("settings", [False, True])
def test_the_form_opens_without_the_engines_card_tables_or_pydantic(tmp_path, monkeypatch, settings):
    """The new-game form needs the player limits and the name rules, not the cards, the
    state, the save format or a table: those (and pydantic's models of them) load when a
    game begins, so the form's first frame does not wait for them. With saved games to
    list, they load at once, of course. Nor does it check the shipped language and skin
    files, or settings the game wrote itself, with pydantic (a third of a start)."""
    if settings:
        monkeypatch.setenv("CENTURY_HOME", str(tmp_path))
        storage.save_settings(Settings(skin="golem", seats=[SeatChoice("Ann"), SeatChoice("Bo", "hard")]))
    loaded = modules_at_first_frame(tmp_path, "new_game", "NewGameScreen")
    assert "century_tui.engine.names" in loaded  # the form checks names: the test sees modules
    for module in ("century_tui.engine.cards", "century_tui.engine.state", "century_tui.engine.save",
                   "century_tui.table", "century_tui.tui.screens.game", "pydantic"):
        assert module not in loaded


def test_a_board_opens_without_the_score_chart(tmp_path):
    """The score chart (textual-plot, and numpy under it: a fifth of a second) is the replay's
    and the results' to load, not every board's on its way to the first frame."""
    loaded = modules_at_first_frame(tmp_path, "game", "GameScreen", 'Game([Seat("Ann"), Seat("Cy", "easy")], 7)')
    assert "century_tui.engine.cards" in loaded  # a board: the test sees its modules
    assert "numpy" not in loaded and "century_tui.tui.widgets.score_chart" not in loaded


async def test_the_form_starts_without_the_boards_styles_and_the_next_screen_brings_them():
    """Textual parses an app's CSS twice as it starts: the form's start leaves the board's
    sheet out, and the first screen that needs it (help, a game) adds it before it shows."""
    from century_tui.tui.screens.help import HelpScreen
    from century_tui.tui.styles import BOARD_CSS
    from century_tui.tui.widgets.choice import ChoiceMenu
    from century_tui.tui.widgets.hand import HandView
    from tests.helpers.driver import board, settle, until

    def board_styles(app) -> bool:
        return app.stylesheet.has_source(str(BOARD_CSS), "")

    async def body(app, pilot):
        assert isinstance(app.screen, NewGameScreen) and not board_styles(app)
        await pilot.press("tab", "enter")  # the first seat's kind: its menu is the form's too
        await settle(pilot)
        assert isinstance(app.screen, ChoiceMenu) and not board_styles(app)
        await pilot.press("escape", "f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert board_styles(app)
        assert app.screen.query_one(".helpbox").styles.padding.left == 2  # board.tcss's .helpbox
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+s")
        await settle(pilot)
        hand = board(app).query_one(HandView)
        assert hand.heading.styles.border_top[0] == "solid" and hand.styles.max_height.value == 6

    await run_app(CenturyApp(settings=Settings(bot_delay_ms=0)), body)


async def test_a_board_opened_first_has_its_styles_as_it_shows():
    """...and not the new-game form's, which it would parse twice for nothing."""
    from century_tui.engine import Game, Seat
    from century_tui.tui.styles import BOARD_CSS, FORM_CSS
    from century_tui.tui.widgets.hand import HandView
    from tests.helpers.driver import board

    async def body(app, pilot):
        assert app.stylesheet.has_source(str(BOARD_CSS), "")
        assert not app.stylesheet.has_source(str(FORM_CSS), "")
        assert board(app).query_one(HandView).heading.styles.border_top[0] == "solid"

    game = Game((Seat("Ann"), Seat("Bob")), seed=3)
    await run_app(CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False)), body)


async def test_a_board_opens_without_the_dialogs_styles_and_its_first_dialog_brings_them():
    """A board's first frame parses, and matches its widgets against, none of the dialogs',
    the results' or the review's rules: the first of those screens adds them as it opens."""
    from century_tui.engine import Game, Seat
    from century_tui.tui.screens.overview import OverviewScreen
    from century_tui.tui.styles import BOARD_CSS, DIALOGS_CSS
    from tests.helpers.driver import until

    async def body(app, pilot):
        assert app.stylesheet.has_source(str(BOARD_CSS), "")
        assert not app.stylesheet.has_source(str(DIALOGS_CSS), "")
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, OverviewScreen))
        assert app.stylesheet.has_source(str(DIALOGS_CSS), "")
        assert app.screen.query_one(".overview").styles.max_width.value == 110  # dialogs.tcss's .overview

    game = Game((Seat("Ann"), Seat("Bob")), seed=3)
    await run_app(CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False)), body)


def test_a_board_opens_without_its_modals_the_coach_or_the_pass_screen(tmp_path):
    """What only a key press or the next person's turn opens (the move dialogs, the coach and
    the hard bot it asks, the pass screen) loads once the board is on show, not before."""
    loaded = modules_at_first_frame(tmp_path, "game", "GameScreen", 'Game([Seat("Ann"), Seat("Cy", "easy")], 7)')
    assert "century_tui.tui.widgets.hand" in loaded  # a board: the test sees its modules
    for module in ("century_tui.tui.modals", "century_tui.tui.coach", "century_tui.bots.hard",
                   "century_tui.tui.screens.handoff"):
        assert module not in loaded
