"""Files the game did not make are never written, truncated, deleted or passed over
(issue 14 §1–3, §5): a lock file that is a hard link, a symbolic link, a folder, a pipe or
another user's file refuses the game with a clear message, and `century saves` says so;
the clean-up of stale temporary files removes only the game's own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from century_tui import cli, storage
from century_tui.engine import Game, SaveError, Seat

pytestmark = pytest.mark.skipif(storage.fcntl is None, reason="no fcntl here: no locks")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))
    storage.saves_dir().mkdir(parents=True)
    return tmp_path


@pytest.fixture
def save() -> Path:
    path = storage.saves_dir() / "game-a.json"
    storage.autosave(path, Game([Seat("Ann"), Seat("Bob")], 1))
    return path


@pytest.fixture
def no_window(monkeypatch):
    """A game window must not open: fail the test if one would."""
    from century_tui.tui.app import CenturyApp

    monkeypatch.setattr(CenturyApp, "run", lambda self: pytest.fail("a game window opened"))


def outside_file(home: Path) -> Path:
    doc = home / "doc.txt"
    doc.write_text("important\n")
    return doc


def test_a_lock_file_hard_linked_to_another_file_leaves_that_file_whole(home, save, capsys, no_window):
    doc = outside_file(home)
    os.link(doc, storage.saves_dir() / ".x.json.lock")  # no save of that name: a listing clears free locks
    os.link(doc, storage.lock_path(save))
    storage.list_saves()
    assert doc.read_text() == "important\n"
    assert cli.main(["saves"]) == 0
    assert cli.main(["resume", str(save)]) == 1
    assert cli.main(["resume"]) == 1
    assert doc.read_text() == "important\n"
    err = capsys.readouterr().err
    assert ".game-a.json.lock was not made by this game" in err and "Traceback" not in err


@pytest.mark.parametrize("kind", ["symlink", "dangling symlink", "folder", "fifo"])
def test_a_lock_that_is_not_a_file_refuses_every_window_and_is_reported(kind, home, save, capsys, no_window):
    sidecar = storage.lock_path(save)
    target = home / "elsewhere"
    if kind == "symlink":
        target.write_text("x")
        sidecar.symlink_to(target)
    elif kind == "dangling symlink":
        sidecar.symlink_to(target)
    elif kind == "folder":
        sidecar.mkdir()
    else:
        os.mkfifo(sidecar)
    for _ in range(2):  # never skipped: the second window is refused as the first is
        with pytest.raises(SaveError) as refused:
            storage.lock_save(save)
        assert refused.value.code == "bad_lock"
    assert storage.is_held(save)
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "game-a.json" in out and ".game-a.json.lock was not made by this game" in out
    assert cli.main(["resume", str(save)]) == 1
    assert cli.main(["resume"]) == 1  # not "the saves folder cannot be read"
    err = capsys.readouterr().err
    assert err.count(".game-a.json.lock was not made by this game") == 2
    assert "cannot be read" not in err and "Traceback" not in err
    assert os.path.lexists(sidecar) and (not target.exists() or target.read_text() == "x")


def test_a_users_file_named_like_a_lock_is_not_truncated(save):
    sidecar = storage.lock_path(save)
    sidecar.write_text("my notes\n")
    with pytest.raises(SaveError) as refused:
        storage.open_save(save)
    assert refused.value.code == "bad_lock"
    storage.list_saves()
    assert sidecar.read_text() == "my notes\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_another_users_lock_file_is_not_taken(save):
    sidecar = storage.lock_path(save)
    sidecar.write_text("")
    os.chown(sidecar, 65534, 65534)
    with pytest.raises(SaveError) as refused:
        storage.lock_save(save)
    assert refused.value.code == "bad_lock"


def test_a_lock_the_game_left_behind_is_still_taken_and_cleared(save):
    sidecar = storage.lock_path(save)
    sidecar.write_text("4242\n")  # a killed window's
    held = storage.lock_save(save)
    assert sidecar.read_text() == f"{os.getpid()}\n"
    held.release()
    sidecar.write_text("")  # killed before naming itself
    storage.list_saves()
    assert not sidecar.exists()


def test_the_stale_temp_clean_up_removes_only_the_games_own(home):
    folder = storage.saves_dir()
    doc = outside_file(home)
    diary = folder / ".diary.json.keep.tmp"
    diary.write_text("x")
    own = storage.write_aside(folder, "game-20260101-120000.json", b"{")
    shaped = own.name.replace("120000", "120001")
    link = folder / shaped
    link.symlink_to(doc)
    hard = folder / shaped.replace("120001", "120002")
    os.link(doc, hard)
    old = doc.stat().st_mtime - storage.STALE_TEMP_AGE - 1
    for path in (diary, own, doc):
        os.utime(path, (old, old))
    os.utime(link, (old, old), follow_symlinks=False)
    storage.list_saves()
    assert not own.exists()  # the game's own leftover goes
    assert diary.read_text() == "x" and doc.read_text() == "important\n"
    assert link.is_symlink() and hard.exists()
