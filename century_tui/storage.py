"""Files on disk: settings, autosaves and the list of saved games.

Everything is written atomically (temporary file, fsync, rename), so a crash or a
hang-up mid-write leaves the previous file whole. A file that cannot be read is
reported and left untouched: it is never overwritten by a new game.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from fnmatch import fnmatch
from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from century_tui.bots.hard import DEFAULT_BUDGET_MS
from century_tui.engine.game import Game
from century_tui.engine.moves import Move
from century_tui.engine.save import SaveError, dumps, loads

APP = "century-tui"


def data_home() -> Path:
    """The user's data folder; CENTURY_HOME overrides it (tests, portable installs)."""
    override = os.environ.get("CENTURY_HOME")
    return Path(override) if override else Path(user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_home() / "saves"


def settings_path() -> Path:
    return data_home() / "settings.json"


SAVE_CAP = 4 * 1024 * 1024
"""The most of a save file that is read: a real game's is a few tens of KiB."""
SETTINGS_CAP = 64 * 1024
"""The most of a settings file that is read: a real one is a few lines."""


class Refused(Exception):
    """A path that is not read, by `code`: "not_a_file" (a folder, a device or a pipe,
    whose reading could hang or never end) or "too_large" (more than `read_regular`'s cap)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def read_regular(path: Path, cap: int) -> bytes:
    """The bytes of `path` if it is a regular file of at most `cap` bytes, else Refused.
    Opening does not wait for a pipe's writer (O_NONBLOCK), and no more than cap+1 bytes
    are ever read, so no file can hang the game or fill its memory."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused("not_a_file")
        with open(fd, "rb", closefd=False) as f:
            data = f.read(cap + 1)
    finally:
        os.close(fd)
    if len(data) > cap:
        raise Refused("too_large")
    return data


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write `text` to `path` so that readers see the old file or the new one, never half."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


# ------------------------------------------------------------------ settings
BOT_SPEEDS = {"fast": 200, "normal": 600, "slow": 1500}
"""The pause after a bot's move, in ms, by the name the command palette offers."""
BOT_BUDGET_MS = (50, 60_000)
"""The thinking budgets a player may set (settings file or --budget-ms), in ms."""


class Settings(BaseModel):
    """What the player chose once and expects remembered."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)
    skin: Literal["spice", "golem"] = "spice"
    handoff: bool = True
    """Show a "pass to <name>" screen between two human players."""
    bot_delay_ms: int = Field(600, ge=0, le=5000)
    """Pause after a bot's move so people can follow it."""
    bot_budget_ms: int = Field(DEFAULT_BUDGET_MS, ge=BOT_BUDGET_MS[0], le=BOT_BUDGET_MS[1])
    """Longest a searching (hard) bot may think about one move."""
    language: str | None = None


@dataclass(frozen=True)
class SettingsNotice:
    """Why the settings on disk were not used. `code` names the words the player reads
    (notify.settings_<code>): "damaged" (a copy of the file is kept), "damaged_uncopied"
    (the copy could not be written), "unreadable", or "not_a_file" and "too_large" (left
    alone: not read, and not overwritten by a change of setting)."""

    code: str
    path: Path
    kept: Path | None = None
    detail: str = ""


def damaged_settings_path() -> Path:
    return settings_path().with_name("settings.damaged.json")


def load_settings() -> tuple[Settings, SettingsNotice | None]:
    """(settings, notice): a missing file gives defaults silently, a damaged one with a notice.
    A damaged file is copied aside first, since the next change of setting rewrites it."""
    path = settings_path()
    try:
        raw = read_regular(path, SETTINGS_CAP)
    except FileNotFoundError:
        return Settings(), None
    except Refused as e:
        return Settings(), SettingsNotice(e.code, path)
    except OSError as e:
        return Settings(), SettingsNotice("unreadable", path, detail=e.strerror or str(e))
    try:
        return Settings.model_validate_json(raw), None
    except ValidationError:
        kept: Path | None = damaged_settings_path()
        try:
            if not _holds(kept, raw):  # every command reads settings
                write_atomic(kept, raw)
        except OSError:
            kept = None
        return Settings(), SettingsNotice("damaged" if kept else "damaged_uncopied", path, kept)


def _holds(path: Path, data: bytes) -> bool:
    """`path` is a regular file holding exactly `data`."""
    try:
        return read_regular(path, len(data)) == data
    except (OSError, Refused):
        return False


def save_settings(settings: Settings) -> None:
    """Write the settings; OSError, and nothing written, if the settings path holds something
    `load_settings` refused for what it is (a pipe, a device, a huge file): that is left alone."""
    path = settings_path()
    try:
        found = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(found.st_mode) or found.st_size > SETTINGS_CAP:
            raise OSError(f"{path} is not a settings file; it is left as it is")
    write_atomic(path, settings.model_dump_json(indent=1) + "\n")


# --------------------------------------------------------------------- saves
AUTOSAVE_PREFIX = "game-"


def new_save_path(when: datetime | None = None) -> Path:
    """A fresh file name for a new game's autosave, never an existing file."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{AUTOSAVE_PREFIX}{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{AUTOSAVE_PREFIX}{stamp}-{n}.json"
        n += 1
    return path


def autosave(path: Path, game: Game, redo: list[Move] | None = None) -> None:
    """Write the game to its own file, atomically (called after every applied move)."""
    write_atomic(path, dumps(game, redo))


def load_game(path: Path) -> Game:
    """The game in `path` (with its redo list); SaveError (file untouched) if it cannot be read."""
    try:
        data = read_regular(path, SAVE_CAP)
    except FileNotFoundError:
        raise SaveError("no_file", path=path) from None
    except Refused as e:
        raise SaveError(e.code, limit=SAVE_CAP // 2**20) from None
    except OSError as e:
        raise SaveError("unreadable", path=path, detail=e.strerror or str(e)) from None
    return loads(data)


@dataclass(frozen=True)
class SaveInfo:
    """One line of `century saves`."""

    path: Path
    players: tuple[str, ...]
    round: int
    finished: bool
    modified: datetime
    error: SaveError | None = None


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save file in the folder, newest first; unreadable ones carry their error.
    OSError if the folder itself cannot be read (no folder yet is no saves)."""
    folder = folder or saves_dir()
    paths = save_files(folder)
    remove_stale_temps(folder)
    return sorted((_info(path) for path in paths), key=lambda s: s.modified, reverse=True)


def save_files(folder: Path) -> list[Path]:
    """The *.json entries of `folder`, whatever they are; OSError if it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return [Path(e.path) for e in entries if e.name.endswith(".json")]
    except FileNotFoundError:
        return []


def _info(path: Path) -> SaveInfo:
    """One line of the list: the game's players, round and state, or why it cannot be read."""
    try:
        game = load_game(path)
    except SaveError as e:
        return SaveInfo(path, (), 0, False, _modified(path), e)
    seats = tuple(s.name for s in game.seats)
    return SaveInfo(path, seats, game.state.round, game.state.is_over, _modified(path))


STALE_TEMP_AGE = 10 * 60
"""Seconds after which a save's temporary file is a leftover: a running game's lives for
milliseconds between writing and renaming, a killed one's is never renamed."""


def remove_stale_temps(folder: Path) -> None:
    """Delete the temporary files of writes that were killed half-way (`write_atomic`'s
    `.NAME.json.XXXX.tmp`), once old enough never to be a running game's write."""
    limit = time.time() - STALE_TEMP_AGE
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if fnmatch(entry.name, ".*.json.*.tmp") and entry.is_file(follow_symlinks=False):
                    if entry.stat(follow_symlinks=False).st_mtime < limit:
                        Path(entry.path).unlink(missing_ok=True)
    except OSError:
        pass  # a leftover costs disk space only; the next listing tries again


def _modified(path: Path) -> datetime:
    """When `path` last changed: its target's time, else a dangling link's own, else never."""
    for look in (os.stat, os.lstat):
        try:
            return datetime.fromtimestamp(look(path).st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(0)


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The most recent readable game that is not over: what "Continue" resumes."""
    for info in list_saves(folder):
        if info.error is None and not info.finished:
            return info
    return None
