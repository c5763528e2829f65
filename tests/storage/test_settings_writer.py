"""The app's settings are written in the background, in order, the last change winning."""

from __future__ import annotations

import os
import threading

import pytest

from century_tui import storage
from century_tui.storage import settings as settings_module
from century_tui.storage import SeatChoice, Settings, SettingsWriter


def test_a_write_does_not_wait_for_the_disk_and_the_writes_land_in_the_order_asked(monkeypatch):
    gate, writers = threading.Event(), []
    real_save = settings_module.save_settings

    def gated_save(settings: Settings) -> None:
        assert gate.wait(10), "the test never opened the gate"
        writers.append(threading.current_thread())
        real_save(settings)

    monkeypatch.setattr(settings_module, "save_settings", gated_save)
    writer = SettingsWriter()
    for delay in (100, 200, 300):
        writer.write(Settings(bot_delay_ms=delay))  # returns at once: the first save is held at the gate
    assert writers == []
    gate.set()
    writer.wait()
    assert len(writers) == 3 and threading.current_thread() not in writers
    assert storage.load_settings() == (Settings(bot_delay_ms=300), None)


def test_what_is_written_is_the_settings_as_they_were_when_asked(monkeypatch):
    gate = threading.Event()
    real_save = settings_module.save_settings
    monkeypatch.setattr(settings_module, "save_settings", lambda s: (gate.wait(10), real_save(s)))
    chosen = Settings(skin="golem", seats=[SeatChoice(name="Ann")])
    writer = SettingsWriter()
    writer.write(chosen)
    chosen.skin = "spice"  # the app goes on changing its own settings
    chosen.seats[0].name = "Bob"
    gate.set()
    writer.wait()
    back = storage.load_settings()[0]
    assert back.skin == "golem" and back.seats == [SeatChoice(name="Ann")]


def test_a_write_that_fails_costs_only_that_write(monkeypatch):
    real_save = settings_module.save_settings
    failing = iter([True, False])

    def flaky_save(settings: Settings) -> None:
        if next(failing):
            raise OSError("disk full")
        real_save(settings)

    monkeypatch.setattr(settings_module, "save_settings", flaky_save)
    writer = SettingsWriter()
    writer.write(Settings(bot_delay_ms=100))
    writer.write(Settings(bot_delay_ms=200))
    writer.wait()
    assert storage.load_settings()[0].bot_delay_ms == 200


def test_waiting_with_nothing_written_returns_at_once():
    SettingsWriter().wait()
    assert storage.load_settings() == (Settings(), None)


def test_a_write_changes_the_settings_it_names_and_keeps_the_file_s_others():
    storage.save_settings(Settings(skin="golem", bot_delay_ms=1500, seats=[SeatChoice(name="Cy")]))
    writer = SettingsWriter()
    writer.write(Settings(bot_delay_ms=200, seats=[SeatChoice(name="Ann")]), ["bot_delay_ms"])
    writer.wait()
    assert storage.load_settings() == (Settings(skin="golem", bot_delay_ms=200, seats=[SeatChoice(name="Cy")]), None)


def test_a_missing_or_damaged_file_is_written_whole_from_the_window_s_settings():
    mine = Settings(skin="golem", bot_delay_ms=200, seats=[SeatChoice(name="Ann")])
    writer = SettingsWriter()
    writer.write(mine, ["bot_delay_ms"])
    writer.wait()
    assert storage.load_settings() == (mine, None)
    storage.settings_path().write_text("{not json")
    writer.write(Settings(skin="golem", bot_delay_ms=1500, seats=[SeatChoice(name="Ann")]), ["bot_delay_ms"])
    writer.wait()
    assert storage.load_settings()[0].bot_delay_ms == 1500 and storage.load_settings()[0].skin == "golem"
    assert storage.damaged_settings_path().read_text() == "{not json"  # kept aside before it was written over


@pytest.mark.skipif(settings_module.fcntl is None, reason="no advisory locks here")
def test_a_settings_lock_that_is_a_link_is_not_followed_and_the_settings_are_still_written(tmp_path):
    """settings.lock as a link to a path elsewhere: nothing is made there, the link stays."""
    storage.save_settings(Settings())
    lock = storage.settings_path().with_name("settings.lock")
    elsewhere = tmp_path / "elsewhere"
    os.symlink(elsewhere, lock)
    settings_module.update_settings(Settings(skin="golem"), ["skin"])
    assert storage.load_settings() == (Settings(skin="golem"), None)
    assert os.path.islink(lock) and not elsewhere.exists()


def test_closing_writes_what_was_asked_then_lets_the_thread_go(monkeypatch):
    """The app closes its writer as it goes: the writes asked are made, and the thread ends
    (an idle one lives as long as the process, and keeps the app that made it)."""
    threads = []
    real_save = settings_module.save_settings
    monkeypatch.setattr(settings_module, "save_settings",
                        lambda s: (threads.append(threading.current_thread()), real_save(s)))
    writer = SettingsWriter()
    writer.write(Settings(bot_delay_ms=100))
    writer.write(Settings(bot_delay_ms=200))
    writer.close()
    assert storage.load_settings()[0].bot_delay_ms == 200
    threads[0].join(10)
    assert not threads[0].is_alive()
    writer.write(Settings(bot_delay_ms=300))  # a write after closing still lands
    writer.close()
    assert storage.load_settings()[0].bot_delay_ms == 300
