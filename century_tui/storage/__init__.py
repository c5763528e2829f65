"""Files on disk, by concern: `files` (the data folder, bounded reads, atomic writes),
`settings`, `saves` (a game's file, autosave, the list of saved games) and `locks` (a game
window's hold on its file). Every name is importable from here."""

from __future__ import annotations

from century_tui.engine import SaveError
from century_tui.storage.files import (
    APP, Refused, data_home, os_reason, read_regular, saves_dir, settings_path, write_aside,
    write_atomic
)
from century_tui.storage.locks import SaveLock, fcntl, is_held, lock_path, lock_problem, lock_save
from century_tui.storage.saves import (
    AUTOSAVE_PREFIX, SAVE_CAP, STALE_TEMP, STALE_TEMP_AGE, SaveInfo, autosave, create_save,
    find_save, latest_unfinished, list_saves, load_game, new_save_path, open_save,
    remove_free_locks, remove_stale_temps, save_files, unfinished
)
from century_tui.storage.settings import (
    BOT_BUDGET_MS, BOT_SPEEDS, SETTINGS_CAP, SeatChoice, Settings, SettingsNotice,
    damaged_settings_path, load_settings, save_settings
)

__all__ = [
    "APP", "AUTOSAVE_PREFIX", "BOT_BUDGET_MS", "BOT_SPEEDS", "Refused", "SAVE_CAP", "SETTINGS_CAP", "STALE_TEMP", "SaveError",
    "STALE_TEMP_AGE", "SaveInfo", "SaveLock", "SeatChoice", "Settings", "SettingsNotice", "autosave", "create_save",
    "damaged_settings_path", "data_home", "fcntl", "find_save", "is_held", "latest_unfinished", "list_saves",
    "load_game", "load_settings", "lock_path", "lock_problem", "lock_save", "new_save_path", "open_save",
    "os_reason", "read_regular", "remove_free_locks", "remove_stale_temps", "save_files", "save_settings",
    "saves_dir", "settings_path", "unfinished", "write_aside", "write_atomic",
]
