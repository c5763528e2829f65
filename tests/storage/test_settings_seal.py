"""Settings the game wrote itself are read without pydantic (every start reads them): the
file carries a seal keyed by this installation's settings.key. Anything else is checked in
full as before: a hand edit, a file from another installation (or forged with another key),
an older file without a seal, a key that cannot be read."""

from __future__ import annotations

import json
import os
from dataclasses import asdict

import pydantic
import pytest

from century_tui import storage
from century_tui.storage import SeatChoice, Settings
from century_tui.storage import settings as settings_module

CHOSEN = Settings(skin="golem", handoff=False, bot_delay_ms=200, language="fr",
                  seats=[SeatChoice("Ann"), SeatChoice("Bo", "hard")], cube_code="shapes")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def checks(monkeypatch) -> list[bytes]:
    """The settings files checked in full (with pydantic) from now on."""
    checked: list[bytes] = []
    adapter = pydantic.TypeAdapter

    class Spy(adapter):  # type: ignore[misc, valid-type]
        def validate_json(self, data, *args, **kwargs):
            checked.append(data)
            return super().validate_json(data, *args, **kwargs)

    monkeypatch.setattr(pydantic, "TypeAdapter", Spy)
    return checked


def file_values() -> dict:
    return json.loads(storage.settings_path().read_text())


def write_values(values: dict) -> None:
    storage.settings_path().write_text(json.dumps(values))


def test_settings_the_game_wrote_are_read_back_unchecked(checks):
    storage.save_settings(CHOSEN)
    assert settings_module.seal_key_path().stat().st_size == settings_module.KEY_SIZE
    assert storage.load_settings() == (CHOSEN, None)
    assert checks == []


def test_a_hand_edit_is_checked_in_full(checks):
    storage.save_settings(CHOSEN)
    values = file_values()
    write_values({**values, "bot_delay_ms": 1000})
    assert storage.load_settings()[0].bot_delay_ms == 1000
    write_values({**values, "skin": "purple"})
    settings, notice = storage.load_settings()
    assert settings == Settings() and notice.code == "damaged"
    assert len(checks) == 2


def test_a_file_sealed_with_another_key_is_checked_in_full(checks):
    """A forged seal (or a settings file brought from another installation) is not trusted."""
    storage.save_settings(CHOSEN)
    forged = {**file_values(), "skin": "purple"}
    del forged[settings_module.SEAL]
    forged[settings_module.SEAL] = settings_module._seal(os.urandom(settings_module.KEY_SIZE), forged)
    write_values(forged)
    settings, notice = storage.load_settings()
    assert settings == Settings() and notice.code == "damaged" and len(checks) == 1


def test_a_file_without_a_seal_is_read_after_a_full_check_and_sealed_at_the_next_save(checks):
    write_values(asdict(CHOSEN))
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1
    storage.save_settings(CHOSEN)
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1


def test_a_key_that_cannot_be_read_is_left_alone_and_nothing_is_trusted(checks):
    """A folder where the key would be: the settings are still saved (unsealed) and read
    back (checked); the folder is not replaced."""
    settings_module.seal_key_path().parent.mkdir(parents=True, exist_ok=True)
    settings_module.seal_key_path().mkdir()
    storage.save_settings(CHOSEN)
    assert settings_module.SEAL not in file_values()
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1
    assert settings_module.seal_key_path().is_dir()
