"""A failed autosave is never silent: a marker stays in the status line until a save
succeeds, and quitting meanwhile asks for a second Ctrl+Q."""

from __future__ import annotations

from tests.helpers.driver import board, settle, toasts, until, told

from century_tui import storage
from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp


class Disk:
    """storage.autosave that fails while `full` is set, as a full or vanished disk would."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        real = storage.autosave

        def autosave(path, game):
            if self.full:
                raise OSError(28, "No space left on device")
            real(path, game)

        monkeypatch.setattr(storage, "autosave", autosave)


def ann_and_a_bot() -> tuple[Game, CenturyApp]:
    """Ann against a random bot: each of her rests is saved with the bot's reply."""
    game = Game([Seat("Ann"), Seat("Bot", "random")], 2)
    return game, CenturyApp(game, settings=Settings(bot_delay_ms=0))


async def rest(pilot) -> None:
    """Ann rests and the bot answers (two moves, one save each)."""
    await pilot.press("r", "r")
    await settle(pilot)


def status(app) -> str:
    return board(app).status.render().plain


async def test_a_failed_save_keeps_a_marker_until_a_save_succeeds(monkeypatch):
    disk = Disk(monkeypatch)
    game, app = ann_and_a_bot()

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Not saved" not in status(app)
        disk.full = True
        for _ in range(2):  # two moves of Ann's, each followed by the bot's
            await rest(pilot)
            assert "Not saved" in status(app)
        failures = [m for m in toasts(app) if "Could not save" in m]
        assert len(failures) == 1  # said once, then shown by the marker
        disk.full = False
        await rest(pilot)
        assert "Not saved" not in status(app)
        await told(pilot, "saved again")
        assert storage.load_game(board(app).save_path).moves == game.moves


async def test_quitting_an_unsaved_game_asks_for_a_second_ctrl_q(monkeypatch):
    disk = Disk(monkeypatch)
    game, app = ann_and_a_bot()

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk.full = True
        await rest(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running
        await told(pilot, "Ctrl+Q again")
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not app.is_running


async def test_quitting_tries_the_save_once_more_and_quits_if_it_works(monkeypatch):
    disk = Disk(monkeypatch)
    game, app = ann_and_a_bot()

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk.full = True
        await rest(pilot)
        path = board(app).save_path
        disk.full = False  # the disk has room again
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not app.is_running
    assert storage.load_game(path).moves == game.moves


async def test_a_new_game_whose_file_cannot_be_made_says_so_and_makes_it_once_it_can(century_home):
    blocker = storage.saves_dir()
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a folder")  # the saves folder's place is taken by a file
    game, app = ann_and_a_bot()

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Not saved" in status(app) and board(app).save_path is None
        blocker.unlink()  # the player clears the way
        await rest(pilot)
        path = board(app).save_path
        assert path is not None and "Not saved" not in status(app)
        assert storage.load_game(path).moves == game.moves


async def test_leaving_an_unsaved_game_by_the_results_buttons_asks_first(monkeypatch):
    from tests.helpers.driver import click_button

    from support import demo
    from century_tui.tui.screens.new_game import NewGameScreen
    from century_tui.tui.screens.results import ResultsScreen

    disk = Disk(monkeypatch)
    done = demo.finished(("Ann", "Bob"), seed=4)
    start = Game(done.seats, done.seed, done.moves[:-1])
    app = CenturyApp(start, settings=Settings(bot_delay_ms=0, handoff=False))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk.full = True
        board(app).play(done.moves[-1])  # the winning move, unsaved
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await click_button(pilot, "#quit")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, ResultsScreen)
        await told(pilot, "Ctrl+Q again")
        await pilot.press("n")  # asked again: it lets go
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_a_new_failure_after_a_good_save_is_warned_about_again(monkeypatch):
    disk = Disk(monkeypatch)
    game, app = ann_and_a_bot()

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk.full = True
        await rest(pilot)
        await pilot.press("ctrl+q")  # warned
        disk.full = False
        await rest(pilot)  # saved again
        disk.full = True
        await rest(pilot)  # fails again
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running  # warned again, not quit on the old warning
        await pilot.press("ctrl+q")  # the warning stands (its toast is still on show: not stacked)
        await until(pilot, lambda: not app.is_running)
        assert sum("Ctrl+Q again" in m for m in toasts(app)) == 1


async def test_the_not_saved_marker_shows_whatever_the_name_and_language():
    from century_tui import text

    game = Game([Seat("Wolfgang Amadeus Moz"), Seat("Bot", "random")], 2)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, language="ja"))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = board(app)
        screen.status.set_unsaved(True)
        screen.status.show(40, game.seats[0].name, thinking=False, final=True, over=False)
        line = screen.status.render().plain
        assert text.t("board.not_saved") in line and text.t("board.final_round") in line
