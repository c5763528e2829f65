"""A game window and its save file: a new game's file exists and is held from the first
turn; one window per file (`century resume`, Continue); the hold ends with the window or
when another game starts; `century replay` reads without holding."""

from __future__ import annotations

import os

import pytest
from tests.helpers.driver import run_app, board, click_button, settle, until, told

from century_tui import cli, storage
from century_tui.engine import SaveError
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen

needs_flock = pytest.mark.skipif(storage.fcntl is None, reason="no fcntl here: no locks")


def held(path) -> bool:
    """Another window would be refused this file now."""
    try:
        storage.lock_save(path).release()
    except SaveError as e:
        assert e.code == "in_use"
        return True
    return False


@pytest.fixture
def saved():
    game = demo.advance_until(demo.new_game(("Ann", "Bob"), seed=9), lambda s: s.round >= 3)
    path = storage.new_save_path()
    storage.autosave(path, game)
    return game, path


@pytest.fixture
def opened(monkeypatch):
    """Capture the app a command would run instead of running it, and whether it held its file."""
    started = {}

    def run_(self):
        path = self._first_game[1]
        started.update(app=self, held=held(path) if path else None)

    monkeypatch.setattr(CenturyApp, "run", run_)
    return started


@needs_flock
async def test_a_new_game_s_file_exists_and_is_held_from_the_first_turn_and_let_go_for_the_next():
    app = CenturyApp(demo.new_game(("Ann", "Bob"), seed=1), settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        first = board(app).save_path
        assert storage.load_game(first).seed == 1 and held(first)
        app.start_game(demo.new_game(("Cy", "Di"), seed=2))
        # its first save comes after its board's first frame: waited for, not assumed
        await until(pilot, lambda: board(app) is not None and board(app).save_path not in (None, first))
        second = board(app).save_path
        assert storage.load_game(second).seed == 2
        assert held(second) and not held(first)

    await run_app(app, body)
    assert not any(held(path) for path in storage.saves_dir().glob("*.json"))  # the window closed


@needs_flock
def test_resume_refuses_a_game_another_window_has_open(saved, opened, capsys):
    _game, path = saved
    other = storage.lock_save(path)
    try:
        for command in (["resume", str(path)], ["resume"]):
            assert cli.main(command) == 1
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and path.name in err, err
            assert f"already open in another window (process {os.getpid()})" in err
        assert "app" not in opened
        assert cli.main(["replay", str(path)]) == 0  # reading only: no hold needed
        assert opened["app"]._replay
    finally:
        other.release()
    assert cli.main(["resume", str(path)]) == 0
    assert opened["held"] is True  # by the resumed window while it runs...
    assert not held(path)  # ...and free once it has closed


@needs_flock
async def test_the_resumed_window_holds_its_file_until_it_closes(saved):
    game, path = saved
    before = len(game.moves)
    app = CenturyApp(game, save_path=path, save_lock=storage.lock_save(path), resumed=True,
                     settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert held(path)
        screen = board(app)
        screen.play(next(iter(screen.state.legal_moves())))
        await settle(pilot)
        assert len(storage.load_game(path).moves) == before + 1

    await run_app(app, body)
    assert not held(path)


@needs_flock
async def test_continue_is_refused_while_another_window_has_the_game(saved):
    game, path = saved
    other = storage.lock_save(path)
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert await pilot.click("#continue")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        error = str(app.screen.query_one(".error").render())
        assert path.name in error and f"(process {os.getpid()})" in error
        other.release()
        await click_button(pilot, "#continue")
        await settle(pilot)
        assert board(app).save_path == path and held(path)
        app.open_new_game()  # the palette's "new game": the board goes, and its hold
        await settle(pilot)
        assert not held(path)

    await run_app(app, body)


async def test_the_new_game_screen_opens_when_the_saves_folder_cannot_be_read():
    storage.saves_dir().parent.mkdir(parents=True, exist_ok=True)
    storage.saves_dir().write_text("a file where the folder should be")
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert isinstance(app.screen, NewGameScreen) and not app.screen.query("#continue")
        assert await pilot.click("#start")
        await settle(pilot)
        assert board(app).save_path is None  # played unsaved, and told so
        await told(pilot, "Could not save")

    await run_app(app, body)
    assert storage.saves_dir().read_text() == "a file where the folder should be"


@needs_flock
async def test_a_window_that_saves_nothing_lets_go_of_a_file_it_is_handed(saved):
    """A replay window's Continue opens a game there, unsaved: its file stays free."""
    game, path = saved
    app = CenturyApp(None, settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        _game, lock = storage.open_save(path)
        app.start_game(game, path, resumed=True, lock=lock)
        await settle(pilot)
        assert board(app).save_path is None and not held(path)

    await run_app(app, body)
