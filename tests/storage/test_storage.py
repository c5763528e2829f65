"""Files on disk (issue 5): atomic autosave, resume, damaged files kept, settings fallback."""

from __future__ import annotations

import os
import random

import pytest

from century_tui import storage
from century_tui.engine import Game, SaveError, Seat, dumps


def some_game(moves: int = 40, seed: int = 3) -> Game:
    g = Game([Seat("Ann"), Seat("Bob"), Seat("Bot", "random")], seed)
    rng = random.Random(seed)
    while len(g.moves) < moves and not g.state.is_over:
        g.apply(rng.choice(list(g.state.legal_moves())))
    return g


def test_autosave_after_each_move_resumes_identically():
    g = Game([Seat("Ann"), Seat("Bob")], 5)
    path = storage.new_save_path()
    rng = random.Random(1)
    for _ in range(30):
        g.apply(rng.choice(list(g.state.legal_moves())))
        storage.autosave(path, g)
        back = storage.load_game(path)
        assert back.moves == g.moves
        assert back.state.scores() == g.state.scores()
        assert back.state.seat == g.state.seat and back.state.phase == g.state.phase


def test_atomic_write_leaves_no_temp_files_and_replaces_whole(tmp_path):
    path = tmp_path / "saves" / "x.json"
    storage.write_atomic(path, "first")
    storage.write_atomic(path, "second")
    assert path.read_text() == "second"
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_a_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "saves" / "x.json"
    storage.write_atomic(path, "good")

    def boom(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        storage.write_atomic(path, "half")
    assert path.read_text() == "good"
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_truncated_at_every_byte_is_refused_cleanly_and_left_intact(tmp_path):
    full = dumps(some_game()).encode()
    path = tmp_path / "cut.json"
    refused = 0
    for cut in range(len(full)):
        path.write_bytes(full[:cut])
        try:
            game = storage.load_game(path)
        except SaveError as e:
            refused += 1
            assert str(e) and "\n" not in str(e)
        else:  # only the trailing newline may go
            assert full[cut:].strip() == b"", cut
            assert len(game.moves) == 40
        assert path.read_bytes() == full[:cut]
    assert refused >= len(full) - 2


def test_new_save_path_never_reuses_a_file():
    first = storage.new_save_path()
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_text("damaged")
    second = storage.new_save_path()
    assert second != first and not second.exists()


def test_saves_are_listed_with_players_round_and_errors():
    done = some_game(moves=10_000)
    assert done.state.is_over
    storage.autosave(storage.new_save_path(), done)
    ongoing = some_game(moves=12)
    storage.autosave(storage.new_save_path(), ongoing)
    broken = storage.saves_dir() / "broken.json"
    broken.write_text('{"format": "century-tui-save", "version": 1, "seed": ')
    infos = storage.list_saves()
    assert len(infos) == 3
    by_name = {i.path.name: i for i in infos}
    assert by_name["broken.json"].error and "JSON" in str(by_name["broken.json"].error)
    good = [i for i in infos if i.error is None]
    assert {i.finished for i in good} == {True, False}
    assert all(i.players == ("Ann", "Bob", "Bot") for i in good)
    latest = storage.latest_unfinished()
    assert latest is not None and not latest.finished
    assert broken.read_text().endswith('"seed": ')  # never touched


def test_missing_save_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="no save file"):
        storage.load_game(tmp_path / "nope.json")


def test_settings_round_trip_and_damaged_file_falls_back_with_notice():
    s, notice = storage.load_settings()
    assert notice is None and s.skin == "spice" and s.handoff
    s.skin = "golem"
    s.handoff = False
    storage.save_settings(s)
    back, notice = storage.load_settings()
    assert (back.skin, back.handoff, notice) == ("golem", False, None)
    storage.settings_path().write_text('{"skin": "purple"}')
    back, notice = storage.load_settings()
    assert back.skin == "spice" and notice.code == "damaged"
    assert notice.kept.read_text() == '{"skin": "purple"}'  # kept aside before any rewrite
    storage.save_settings(back)  # the next change of setting rewrites the file...
    assert storage.load_settings()[1] is None
    assert notice.kept.read_text() == '{"skin": "purple"}'  # ...and the player's text is still there
    storage.settings_path().write_text("\x00\x01")
    back, notice = storage.load_settings()
    assert back == storage.Settings() and notice


def test_a_damaged_settings_file_that_cannot_be_copied_says_so(monkeypatch):
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text("{not json")

    def refuse(path, text):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.settings, "write_atomic", refuse)
    settings, notice = storage.load_settings()
    assert settings == storage.Settings() and notice.code == "damaged_uncopied" and notice.kept is None
