"""Games to come back to (issue 13 §8): `century resume NAME`, the unfinished games on the
new-game screen, a rematch from the results, the last seats remembered, and a new-game
form whose focus shows and whose seats each have their own remove button."""

from __future__ import annotations

import asyncio
import random

import pytest
from tui_driver import board, click_button, settle, until

from century_tui import cli, storage, text
from century_tui.engine.game import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp


def played(moves: int = 10_000, seed: int = 5, seats=(Seat("Ann"), Seat("Cy", "easy"))) -> Game:
    g = Game(list(seats), seed)
    rng = random.Random(seed)
    while not g.state.is_over and len(g.moves) < moves:
        g.apply(rng.choice(list(g.state.legal_moves())))
    return g


@pytest.fixture
def opened(monkeypatch):
    """Capture the app a command would run instead of running it."""
    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    return started


def run(app, body, size=(80, 24)):
    async def go():
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await body(app, pilot)

    asyncio.run(go())


# ---------------------------------------------------------------- century resume NAME
def test_resume_takes_the_file_name_that_saves_prints(opened, capsys, tmp_path, monkeypatch):
    path = storage.new_save_path()
    storage.autosave(path, played(12))
    assert cli.main(["saves"]) == 0
    printed = capsys.readouterr().out.splitlines()[1].split()[-1]
    assert printed == path.name
    monkeypatch.chdir(tmp_path)  # anywhere: the name is looked up in the saves folder
    assert cli.main(["resume", printed]) == 0
    assert opened["app"]._first_game[1] == path
    assert cli.main(["resume", path.stem]) == 0  # without .json too
    assert opened["app"]._first_game[1] == path
    assert cli.main(["resume", str(path)]) == 0  # a path still works
    assert opened["app"]._first_game[1] == path


def test_a_bare_name_not_in_the_saves_folder_is_still_read_from_the_current_one(opened, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    storage.autosave(tmp_path / "kept.json", played(12))
    assert cli.main(["resume", "kept.json"]) == 0
    assert opened["app"]._first_game[1].resolve() == (tmp_path / "kept.json").resolve()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_no_save_has_is_said_in_one_line_in_the_player_s_language(opened, capsys, language):
    storage.autosave(storage.new_save_path(), played(12))
    assert cli.main(["--lang", language, "resume", "nothing-like-it.json"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing-like-it.json" in err and str(storage.saves_dir()) in err
    assert ("no saved game" if language == "en" else "aucune partie") in err
    assert "app" not in opened
    assert cli.main(["replay", "nothing-like-it"]) == 1  # replay takes names the same way
    assert "nothing-like-it" in capsys.readouterr().err
