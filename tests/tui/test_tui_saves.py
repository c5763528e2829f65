"""Resume, saves and replay (issue 5): commands, the replay screen, damaged files kept."""

from __future__ import annotations

from tests.helpers.driver import board, played, until, settle

from century_tui import cli, storage
from century_tui.engine import dumps
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.replay import ReplayScreen
from century_tui.tui.screens.results import ResultsScreen


def test_resume_file_opens_that_game_and_keeps_saving_to_it(opened):
    g = played(30)
    path = storage.new_save_path()
    storage.autosave(path, g)
    assert cli.main(["resume", str(path)]) == 0
    game, save_path, resumed = opened["app"]._first_game
    assert game.moves == g.moves and save_path == path and resumed


def test_resume_without_file_takes_the_latest_unfinished_game(opened, capsys):
    assert cli.main(["resume"]) == 1
    assert "no unfinished game" in capsys.readouterr().err
    storage.autosave(storage.saves_dir() / "done.json", played())
    ongoing = played(12)
    path = storage.new_save_path()
    storage.autosave(path, ongoing)
    assert cli.main(["resume"]) == 0
    assert opened["app"]._first_game[1] == path


def test_a_damaged_save_is_reported_in_one_paragraph_and_left_untouched(opened, capsys):
    path = storage.saves_dir() / "cut.json"
    text = dumps(played(20))[:150]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    for command in (["resume", str(path)], ["replay", str(path)]):
        assert cli.main(command) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cut.json" in err and "JSON" in err
    assert path.read_text() == text and "app" not in opened


def test_saves_lists_players_round_state_and_damage(capsys):
    assert cli.main(["saves"]) == 0
    assert "No saved games" in capsys.readouterr().out
    storage.autosave(storage.saves_dir() / "done.json", played())
    storage.autosave(storage.saves_dir() / "ongoing.json", played(12))
    (storage.saves_dir() / "bad.json").write_text("{")
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4
    by_file = {line.split()[-1] if "damaged" not in line else "bad.json": line for line in out[1:]}
    assert "finished" in by_file["done.json"] and "Ann, Cy" in by_file["done.json"]
    assert "in progress" in by_file["ongoing.json"] and "round 7 " in by_file["ongoing.json"]
    assert "damaged" in by_file["bad.json"]


def test_saves_columns_line_up_by_screen_cells_in_japanese(capsys):
    """Japanese letters take two cells: the columns are padded by cells, and the round
    reads 第7ラウンド as on the board (it read 第  7ラウンド; play test)."""
    from rich.cells import cell_len

    from century_tui.engine import Seat

    storage.autosave(storage.saves_dir() / "a.json", played(12))
    storage.autosave(storage.saves_dir() / "b.json", played(seats=(Seat("花子"), Seat("Cy", "easy"))))
    (storage.saves_dir() / "c.json").write_text("{")
    assert cli.main(["--lang", "ja", "saves"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    assert any("第7ラウンド" in line for line in lines), lines
    games = [line for line in lines if line.endswith(("a.json", "b.json"))]
    assert len(games) == 2
    assert len({cell_len(line[:line.index("第")]) for line in games}) == 1, games  # the round column
    assert len({cell_len(line) - len(line.rsplit("  ", 1)[1]) for line in games}) == 1, games  # the file column


async def test_replay_steps_forwards_and_backwards_to_the_same_final_scores():
    g = played()
    app = CenturyApp(g, settings=Settings(bot_delay_ms=0), replay=True, autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.game.moves == []
        await pilot.press("right", "right", "right")
        assert screen.game.moves == g.moves[:3]
        await pilot.press("left")
        assert screen.game.moves == g.moves[:2]
        await pilot.press("end")
        assert screen.game.moves == g.moves and screen.game.state.is_over
        assert screen.game.state.scores() == g.state.scores()
        await pilot.press("enter")
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("escape")
        await pilot.press("home")
        assert screen.game.moves == []
        await pilot.press("r", "u")  # a replay never plays or undoes
        assert screen.game.moves == [] and not list(storage.saves_dir().glob("*.json"))
        await pilot.press("space")  # plays on by itself
        await until(pilot, lambda: len(screen.game.moves) >= 2)
        await pilot.press("space")  # and pauses
        paused = len(screen.game.moves)
        assert screen.timer is None and paused < len(g.moves)


async def test_resumed_game_goes_on_where_it_was():
    g = played(25)
    path = storage.new_save_path()
    storage.autosave(path, g)
    game = storage.load_game(path)
    app = CenturyApp(game, save_path=path, resumed=True, settings=Settings(bot_delay_ms=0))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = board(app)
        assert screen.game.moves[:25] == g.moves
        entries = screen.log_view.entries
        assert entries[-1].key == "log.resumed" or any(e.key == "log.resumed" for e in entries)


def test_saves_shows_names_and_file_names_from_disk_without_obeying_them(capsys):
    """A file name is whatever is on disk; an escape sequence in it must be shown, not run."""
    evil = storage.saves_dir() / "x\x1b]0;owned\x07\x1b[2J.json"
    storage.autosave(evil, played(12))
    (storage.saves_dir() / "gone\x1b[31m.json").symlink_to("nowhere")
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "x\\x1b]0;owned\\x07\\x1b[2J.json" in out and "gone\\x1b[31m.json" in out
    assert cli.main(["resume", str(storage.saves_dir() / "gone\x1b[31m.json")]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "gone\\x1b[31m.json" in err
