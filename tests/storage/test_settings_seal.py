"""Settings the game wrote itself are read without pydantic (every start reads them): the
file carries a seal keyed by this installation's settings.key. Anything else is checked in
full as before: a hand edit, a file from another installation (or forged with another key),
an older file without a seal, a key that cannot be read."""

from __future__ import annotations

import json
import os
import sys

import pytest

from century_tui import storage
from century_tui.storage import SeatChoice, Settings
from century_tui.storage import settings as settings_module

CHOSEN = Settings(skin="golem", handoff=False, bot_delay_ms=200, language="fr",
                  seats=[SeatChoice("Ann"), SeatChoice("Bo", "hard")], cube_code="shapes")


@pytest.fixture
def checks(monkeypatch) -> list[bytes]:
    """The settings files read with the full check (pydantic) from now on."""
    checked: list[bytes] = []
    check = settings_module.check

    def spy(cls, data, *, from_json=False):
        if from_json:
            checked.append(data)
        return check(cls, data, from_json=from_json)

    monkeypatch.setattr(settings_module, "check", spy)
    return checked


def file_values() -> dict:
    return json.loads(storage.settings_path().read_text())


def write_values(values: dict) -> None:
    storage.settings_path().write_text(json.dumps(values))


def test_settings_the_game_wrote_are_read_back_without_pydantic(monkeypatch):
    storage.save_settings(CHOSEN)
    assert settings_module.seal_key_path().stat().st_size == settings_module.KEY_SIZE
    monkeypatch.setitem(sys.modules, "pydantic", None)  # any use of it now fails
    assert storage.load_settings() == (CHOSEN, None)


def test_a_seal_from_another_version_of_the_game_is_checked_in_full(checks, monkeypatch):
    """(Its fields or checks may have changed since: what it vouched for may not hold.)"""
    storage.save_settings(CHOSEN)
    settings_module._shape.cache_clear()
    monkeypatch.setattr(settings_module, "__version__", "0.0.1")
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1
    settings_module._shape.cache_clear()


def test_values_that_fail_the_check_are_not_sealed(checks):
    """The game never means to save such values; if it did, the next start says they are
    damaged rather than trusting them."""
    storage.save_settings(Settings(skin="purple"))
    assert settings_module.SEAL not in file_values()
    settings, notice = storage.load_settings()
    assert settings == Settings() and notice.code == "damaged"


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


OLD_FILE = """{
 "skin": "golem",
 "handoff": false,
 "bot_delay_ms": 200,
 "bot_budget_ms": 1000,
 "language": "fr",
 "seats": [
  {
   "name": "Ann",
   "bot": null
  },
  {
   "name": "Bo",
   "bot": "hard"
  }
 ],
 "cube_code": "shapes"
}
"""
"""A settings file as the game wrote it before settings were sealed (pydantic's model_dump_json)."""


def test_a_file_without_a_seal_is_read_after_a_full_check_and_sealed_at_the_next_save(checks):
    storage.settings_path().write_text(OLD_FILE)
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1
    storage.save_settings(CHOSEN)
    assert storage.load_settings() == (CHOSEN, None) and len(checks) == 1


@pytest.mark.parametrize("seal", ["é", "", 7, None, ["x"]])
def test_a_seal_of_any_shape_is_no_seal(checks, seal):
    storage.save_settings(CHOSEN)
    write_values({**file_values(), settings_module.SEAL: seal})
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
