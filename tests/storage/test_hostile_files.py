"""One bad file in the data folder: refused as damaged, never a crash, a hang or a change.

A FIFO or a device would hang or exhaust memory in a reader that simply reads, so those
cases run `century` in a child process with a time limit and a memory limit: before the
fix it is the child that hangs or dies, never the test run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from century_tui import storage
from century_tui.engine import MAX_MOVES, Game, SaveError, Seat, dumps

ROOT = Path(__file__).resolve().parents[2]
HEAD = '{"format": "century-tui-save", "version": 1, '


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path))
    storage.saves_dir().mkdir(parents=True)
    return tmp_path


def ongoing(moves: int = 12) -> Game:
    g = Game([Seat("Ann"), Seat("Bob")], 3)
    rng = random.Random(3)
    while len(g.moves) < moves:
        g.apply(rng.choice(list(g.state.legal_moves())))
    return g


def too_many_moves() -> str:
    doc = json.loads(dumps(ongoing()))
    doc["moves"] = [{"kind": "rest"}] * (MAX_MOVES + 1)
    return json.dumps(doc)


def snapshot(path: Path) -> tuple:
    """What a file is on disk, to show it was left as it was."""
    st = os.lstat(path)
    body = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    return st.st_mode, st.st_size, st.st_mtime_ns, body


# name -> (how to make it in the saves folder, SaveError code)
BAD_FILES = {
    "deep": (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "too_deep"),
    "long-number": (lambda p: p.write_text(HEAD + '"seed": ' + "7" * 5000 + "}"), "huge_number"),
    "dangling-link": (lambda p: p.symlink_to(p.parent / "gone.json"), "no_file"),
    "folder": (lambda p: p.mkdir(), "not_a_file"),
    "oversized": (lambda p: p.write_text(HEAD + " " * storage.SAVE_CAP + "}"), "too_large"),
    "many-moves": (lambda p: p.write_text(too_many_moves()), "too_many_moves"),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_save_is_listed_as_damaged_among_the_good_ones(kind):
    make, code = BAD_FILES[kind]
    good = storage.saves_dir() / "good.json"
    storage.autosave(good, ongoing())
    bad = storage.saves_dir() / "bad.json"
    make(bad)
    before = snapshot(bad)
    infos = {i.path.name: i for i in storage.list_saves()}
    assert infos["good.json"].error is None and infos["good.json"].players == ("Ann", "Bob")
    assert infos["bad.json"].error.code == code
    assert storage.latest_unfinished().path == good
    with pytest.raises(SaveError) as refused:
        storage.load_game(bad)
    assert refused.value.code == code
    assert snapshot(bad) == before


def century(home: Path, *args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    """`century ARGS` in a child process that may use 1 GiB at most."""
    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    env = {**os.environ, "CENTURY_HOME": str(home), "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return subprocess.run(
        [sys.executable, "-m", "century_tui.cli", *args],
        env=env, capture_output=True, text=True, timeout=timeout, preexec_fn=limit_memory,
    )


def special(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_pipe_or_a_device_as_a_save_is_refused_at_once(kind, home):
    bad = storage.saves_dir() / "bad.json"
    special(kind, bad)
    before = snapshot(bad)
    storage.autosave(storage.saves_dir() / "good.json", ongoing())
    listed = century(home, "saves")
    assert listed.returncode == 0, listed.stderr
    line = next(x for x in listed.stdout.splitlines() if "bad.json" in x)
    assert "damaged" in line and "not a regular file" in line
    assert "good.json" in listed.stdout
    for command in ("resume", "replay"):
        done = century(home, command, str(bad))
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert "bad.json" in done.stderr and "not a regular file" in done.stderr
    assert snapshot(bad) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_pipe_or_a_device_as_settings_gives_the_defaults_and_is_left_alone(kind, home):
    special(kind, storage.settings_path())
    done = century(home, "saves")
    assert done.returncode == 0 and "No saved games" in done.stdout, done.stderr
    settings, notice = storage.load_settings()
    assert settings == storage.Settings() and notice.code == "not_a_file"
    settings.skin = "golem"
    with pytest.raises(OSError):
        storage.save_settings(settings)
    assert (kind == "fifo") == storage.settings_path().is_fifo()
    assert (kind == "dev-zero") == storage.settings_path().is_symlink()


def test_an_oversized_settings_file_gives_the_defaults_and_is_left_alone():
    path = storage.settings_path()
    text = '{"skin": "golem"' + " " * storage.SETTINGS_CAP + "}"
    path.write_text(text)
    settings, notice = storage.load_settings()
    assert settings == storage.Settings() and notice.code == "too_large"
    with pytest.raises(OSError):
        storage.save_settings(settings)
    assert path.read_text() == text and not storage.damaged_settings_path().exists()


@pytest.mark.parametrize("text", ["[" * 60_000, '{"seats": ' + "[" * 30_000 + "]" * 30_000 + "}"], ids=["list", "seats"])
def test_a_settings_file_nested_too_deep_is_damaged_not_a_crash(text):
    """(Under the size cap, yet deeper than Python's JSON reader goes.)"""
    storage.save_settings(storage.Settings(skin="golem"))  # a key exists: the seal is looked for
    storage.settings_path().write_text(text)
    settings, notice = storage.load_settings()
    assert settings == storage.Settings() and notice.code == "damaged"


def test_the_settings_notices_are_worded_in_every_language():
    from century_tui import text

    for code in text.languages():
        words = text.load_language(code).text
        for notice in ("not_a_file", "too_large"):
            assert "{path}" in words[f"notify.settings_{notice}"]


# ---------------------------------------------------------------- the folder itself
def test_a_saves_folder_that_cannot_be_read_is_said_so_not_called_empty(capsys):
    from century_tui import cli

    storage.saves_dir().rmdir()
    storage.saves_dir().write_text("not a folder")
    with pytest.raises(OSError):
        storage.list_saves()
    for command in (["saves"], ["resume"]):
        assert cli.main(command) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot be read" in err and str(storage.saves_dir()) in err
    assert storage.saves_dir().read_text() == "not a folder"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any folder")
def test_a_saves_folder_without_permissions_is_said_so(capsys):
    from century_tui import cli

    storage.autosave(storage.saves_dir() / "good.json", ongoing())
    storage.saves_dir().chmod(0)
    try:
        assert cli.main(["saves"]) == 1
        assert "cannot be read" in capsys.readouterr().err
    finally:
        storage.saves_dir().chmod(0o755)


def test_no_saves_folder_yet_is_no_saved_games(capsys):
    from century_tui import cli

    storage.saves_dir().rmdir()
    assert cli.main(["saves"]) == 0
    assert "No saved games" in capsys.readouterr().out


def test_temporary_files_left_by_a_killed_game_are_removed_once_stale():
    """A write interrupted by a kill leaves `.NAME.json.XXXXXXXX.tmp`; a running game's own
    temporary file lives for milliseconds, so only old ones go."""
    folder = storage.saves_dir()
    stale = storage.write_aside(folder, "game-20260101-120000.json", b"{")  # named as a kill leaves it
    new_game = storage.write_aside(folder, "game-new.json", b"{")
    fresh = storage.write_aside(folder, "game-20260101-120000-2.json", b"{")
    others = [folder / "notes.tmp", folder / "game-3.json.tmp", folder / ".game-4.json"]
    for path in others:
        path.write_text("{")
    old = os.stat(stale).st_mtime - storage.STALE_TEMP_AGE - 1
    for path in (stale, new_game, *others):
        os.utime(path, (old, old))
    storage.list_saves()
    assert not stale.exists() and not new_game.exists()
    assert fresh.exists() and all(p.exists() for p in others)
