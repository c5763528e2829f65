"""A new game's save file (issue "Nothing lost, nothing injected", item 1): created whole
and exclusively when the game starts, under a name no other game has, even when two
games start in the same second."""

from __future__ import annotations

import os
from datetime import datetime

import pytest

from century_tui import storage
from century_tui.engine import Game, SaveError, Seat

NOON = datetime(2030, 1, 2, 12, 0, 0)


def game(seed: int) -> Game:
    return Game([Seat("Ann"), Seat("Bob")], seed)


def test_two_games_started_in_the_same_second_get_a_file_each():
    first, first_lock = storage.create_save(game(1), NOON)
    second, second_lock = storage.create_save(game(2), NOON)
    assert first != second
    assert storage.load_game(first).seed == 1 and storage.load_game(second).seed == 2
    first_lock.release()
    second_lock.release()
    assert sorted(p.name for p in storage.saves_dir().iterdir()) == sorted([first.name, second.name])


def test_a_name_taken_between_choosing_and_creating_goes_to_the_next_name(monkeypatch):
    """Another process creates the very file this game chose: its file is left alone."""
    link = os.link
    taken = []

    def racing_link(src, dst, **kwargs):
        if not taken:
            taken.append(dst)
            with open(dst, "w") as other:
                other.write("the other game's save")
        return link(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", racing_link)
    path, lock = storage.create_save(game(1), NOON)
    lock.release()
    assert path != taken[0] and storage.load_game(path).seed == 1
    assert open(taken[0]).read() == "the other game's save"


def test_a_name_another_game_is_creating_is_skipped():
    """Two starts racing for one name: the name whose lock is held goes to the holder."""
    chosen = storage.saves_dir() / f"game-{NOON:%Y%m%d-%H%M%S}.json"
    chosen.parent.mkdir(parents=True)
    holder = storage.lock_save(chosen)
    try:
        path, lock = storage.create_save(game(1), NOON)
        lock.release()
        assert path != chosen and not chosen.exists()
    finally:
        holder.release()


def test_the_new_file_is_locked_for_the_game_that_made_it():
    path, lock = storage.create_save(game(1), NOON)
    try:
        with pytest.raises(SaveError) as refused:
            storage.lock_save(path)
        assert refused.value.code == "in_use"
    finally:
        lock.release()


def test_a_folder_that_cannot_take_the_file_is_an_os_error_and_leaves_nothing():
    storage.saves_dir().parent.mkdir(parents=True, exist_ok=True)
    storage.saves_dir().write_text("a file where the folder should be")
    with pytest.raises(OSError):
        storage.create_save(game(1), NOON)
    assert storage.saves_dir().read_text() == "a file where the folder should be"


def test_where_hard_links_are_not_supported_the_name_is_still_taken_exclusively(monkeypatch):
    def no_links(src, dst, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    first, first_lock = storage.create_save(game(1), NOON)
    second, second_lock = storage.create_save(game(2), NOON)
    first_lock.release()
    second_lock.release()
    assert first != second and storage.load_game(first).seed == 1 and storage.load_game(second).seed == 2
    assert sorted(p.name for p in storage.saves_dir().iterdir()) == sorted([first.name, second.name])
