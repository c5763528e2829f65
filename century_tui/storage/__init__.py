"""Files on disk, by concern: `files` (the data folder, bounded reads, atomic writes),
`settings`, `saves` (a game's file, autosave, the list of saved games) and `locks` (a game
window's hold on its file). Every name is importable from here, and loads its module when
first asked for: the settings are read at every start, the saves (and the engine behind
them) only once a game is opened or listed."""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(__name__, [], {
    "files": ["APP", "Refused", "data_home", "os_reason", "read_regular", "saves_dir", "settings_path",
              "write_aside", "write_atomic"],
    "locks": ["SaveLock", "fcntl", "is_held", "lock_path", "lock_problem", "lock_save", "still_held"],
    "saves": ["AUTOSAVE_PREFIX", "SAVE_CAP", "STALE_TEMP", "STALE_TEMP_AGE", "SaveInfo", "autosave", "create_save",
              "find_save", "latest_unfinished", "list_saves", "load_game", "new_save_path", "open_save",
              "remove_free_locks", "remove_stale_temps", "save_files", "unfinished", "unfinished_held"],
    "settings": ["BOT_BUDGET_MS", "BOT_SPEEDS", "SETTINGS_CAP", "SeatChoice", "Settings", "SettingsNotice",
                 "SettingsWriter", "damaged_settings_path", "load_settings", "save_settings"],
})
