"""One game window per save file (item 2): a second opener is refused and told which
process holds the file; a killed holder frees it; without fcntl there is no lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from century_tui import storage
from century_tui.engine import Game, SaveError, Seat

ROOT = Path(__file__).resolve().parents[2]
needs_flock = pytest.mark.skipif(storage.fcntl is None, reason="no fcntl here: no locks")


@pytest.fixture
def save() -> Path:
    path = storage.saves_dir() / "game-1.json"
    storage.autosave(path, Game([Seat("Ann"), Seat("Bob")], 1))
    return path


@needs_flock
def test_a_second_opener_is_refused_and_told_the_holder(save):
    held = storage.lock_save(save)
    with pytest.raises(SaveError) as refused:
        storage.lock_save(save)
    assert refused.value.code == "in_use" and refused.value.params["pid"] == os.getpid()
    assert f"(process {os.getpid()})" in str(refused.value)
    held.release()
    storage.lock_save(save).release()  # free again
    assert sorted(p.name for p in save.parent.iterdir()) == [save.name]  # no lock file left


@needs_flock
def test_a_killed_holder_frees_the_file(save):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from century_tui import storage\n"
        f"lock = storage.lock_save(Path({str(save)!r}))\n"
        "print('held', flush=True)\n"
        "sys.stdin.read()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env=env)
    try:
        assert child.stdout.readline() == "held\n"
        with pytest.raises(SaveError) as refused:
            storage.lock_save(save)
        assert refused.value.params["pid"] == child.pid
        storage.list_saves()
        assert storage.lock_path(save).exists()  # held: listing leaves it
    finally:
        child.kill()
        child.wait()
    assert storage.lock_path(save).exists()  # the killed holder's lock file is left behind
    storage.list_saves()
    assert not storage.lock_path(save).exists()  # and cleared by the next listing
    storage.lock_save(save).release()


def test_without_fcntl_there_is_no_lock_and_no_refusal(save, monkeypatch):
    monkeypatch.setattr(storage.locks, "fcntl", None)
    first = storage.lock_save(save)
    second = storage.lock_save(save)
    first.release()
    second.release()
    assert sorted(p.name for p in save.parent.iterdir()) == [save.name]


@needs_flock
def test_release_is_idempotent_and_a_stale_lock_file_is_reused(save):
    lock_file = save.with_name(f".{save.name}.lock")
    lock_file.write_text("999999999\n")  # a crashed holder's: nobody holds the lock
    held = storage.lock_save(save)
    assert lock_file.read_text() == f"{os.getpid()}\n"
    held.release()
    held.release()
    assert not lock_file.exists()


@needs_flock
def test_opening_a_damaged_save_holds_nothing_afterwards(save):
    text = save.read_text()[:40]
    save.write_text(text)
    with pytest.raises(SaveError) as refused:
        storage.open_save(save)
    assert refused.value.code == "not_json"
    storage.lock_save(save).release()  # not left held by the refused opening
    assert save.read_text() == text


@needs_flock
def test_continue_offers_the_newest_game_no_other_window_has(save):
    older = save
    newer = storage.saves_dir() / "game-2.json"
    storage.autosave(newer, Game([Seat("Cy"), Seat("Di")], 2))
    os.utime(older, (1_000_000, 1_000_000))  # older by its time
    assert storage.latest_unfinished().path == newer
    held = storage.lock_save(newer)
    try:
        assert storage.latest_unfinished().path == older  # the newest is open elsewhere
        other = storage.lock_save(older)
        assert storage.latest_unfinished().path == newer  # both are: the newest, to be refused by name
        other.release()
    finally:
        held.release()
