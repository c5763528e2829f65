"""Files on disk: settings, autosaves and the list of saved games.

Everything is written atomically (temporary file, fsync, rename), so a crash or a
hang-up mid-write leaves the previous file whole. A file that cannot be read is
reported and left untouched: it is never overwritten by a new game. Only regular files
of bounded size are read, so no file in the data folder can hang the game or fill its
memory. A game window holds its save file with a lock, so two windows never write one file.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from fnmatch import fnmatch
from pathlib import Path
from typing import Iterator, Literal

from platformdirs import user_data_dir
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from century_tui.bots.hard import DEFAULT_BUDGET_MS
from century_tui.engine import MAX_NAME, MAX_PLAYERS, Game, SaveError, dumps, loads

try:
    import fcntl
except ImportError:  # Windows: saves are not locked there
    fcntl = None  # type: ignore[assignment]

APP = "century-tui"


def data_home() -> Path:
    """The user's data folder; CENTURY_HOME overrides it (tests, portable installs)."""
    override = os.environ.get("CENTURY_HOME")
    return Path(override) if override else Path(user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_home() / "saves"


def settings_path() -> Path:
    return data_home() / "settings.json"


def os_reason(error: OSError) -> str:
    """What went wrong, in the system's words ("No space left on device")."""
    return error.strerror or str(error)


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


def _written(folder: Path, name: str, data: bytes) -> Path:
    """A new temporary file `.NAME.XXXX.tmp` in `folder` holding `data`, flushed to disk."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _sync_folder(folder: Path) -> None:
    """Make a rename or a new name in `folder` durable (where the system allows it)."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write `text` to `path` so that readers see the old file or the new one, never half."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _written(path.parent, path.name, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


# ------------------------------------------------------------------ settings
BOT_SPEEDS = {"fast": 200, "normal": 600, "slow": 1500}
"""The pause after a bot's move, in ms, by the name the command palette offers."""
BOT_BUDGET_MS = (50, 60_000)
"""The thinking budgets a player may set (settings file or --budget-ms), in ms."""


class SeatChoice(BaseModel):
    """One seat of the last game started: its name, and its bot level (None: a person)."""

    model_config = ConfigDict(extra="ignore")
    name: str = Field("", max_length=MAX_NAME)
    bot: str | None = None


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
    seats: list[SeatChoice] = Field(default_factory=list, max_length=MAX_PLAYERS)
    """The last game's seats, offered again on the new-game form."""
    cube_code: Literal["letters", "digits", "shapes"] = "letters"
    """How a cube reads: its colour's letter, or its tier as a digit or a shape (text.CUBE_CODES)."""


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
        return Settings(), SettingsNotice("unreadable", path, detail=os_reason(e))
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


def _names(when: datetime | None = None) -> Iterator[Path]:
    """Names for a new game's file, from its start time: game-STAMP.json, then -2, -3..."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    yield saves_dir() / f"{AUTOSAVE_PREFIX}{stamp}.json"
    for n in itertools.count(2):
        yield saves_dir() / f"{AUTOSAVE_PREFIX}{stamp}-{n}.json"


def new_save_path(when: datetime | None = None) -> Path:
    """A name no file has now (tests and tools; a game gets its file from `create_save`,
    since two games may pick the same free name before either writes it)."""
    return next(path for path in _names(when) if not path.exists())


def create_save(game: Game | str, when: datetime | None = None) -> tuple[Path, SaveLock]:
    """A new file holding `game`'s first save (the game, or its save document), locked for
    this game window: written aside,
    then given a name no other game has (a name locked or existing is skipped), so it appears
    whole, exclusively, and resumable from the first turn. OSError if the folder takes no file."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    doc = game if isinstance(game, str) else dumps(game)
    tmp = _written(folder, f"{AUTOSAVE_PREFIX}new.json", doc.encode("utf-8"))
    try:
        for path in _names(when):
            try:
                lock = lock_save(path)
            except SaveError:  # another game is creating or playing this name
                continue
            try:
                _publish(tmp, path)
            except FileExistsError:
                lock.release()
                continue
            except BaseException:
                lock.release()
                raise
            _sync_folder(folder)
            return path, lock
    finally:
        tmp.unlink(missing_ok=True)
    raise AssertionError("unreachable: the names never run out")


def _publish(tmp: Path, path: Path) -> None:
    """Give the written file `tmp` the name `path`; FileExistsError if the name is taken.
    A hard link does both at once; where links are not supported, an exclusive create
    claims the name and a rename fills it."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            os.replace(tmp, path)
        except BaseException:
            path.unlink(missing_ok=True)  # the empty name we claimed, not another game's file
            raise


def find_save(typed: str) -> Path | None:
    """The file a command line's FILE means. A bare name, as `century saves` prints it (with or
    without .json), is a file of the saves folder, else of the current folder; anything with a
    folder in it is a path as typed. None when a bare name is in neither."""
    if os.sep in typed or (os.altsep and os.altsep in typed) or typed in ("", ".", ".."):
        return Path(typed)
    for path in (saves_dir() / typed, saves_dir() / f"{typed}.json", Path(typed)):
        if os.path.lexists(path):
            return path
    return None


def autosave(path: Path, game: Game | str) -> None:
    """Write the game (or its save document) to its own file, atomically (after every move)."""
    write_atomic(path, game if isinstance(game, str) else dumps(game))


def load_game(path: Path) -> Game:
    """The game in `path` (with its redo list); SaveError (file untouched) if it cannot be read."""
    try:
        data = read_regular(path, SAVE_CAP)
    except FileNotFoundError:
        raise SaveError("no_file", path=path) from None
    except Refused as e:
        raise SaveError(e.code, limit=SAVE_CAP // 2**20) from None
    except OSError as e:
        raise SaveError("unreadable", path=path, detail=os_reason(e)) from None
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
    lock_error: SaveError | None = None
    """Why the game cannot be opened although its file reads: a lock file not the game's."""


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save file in the folder, newest first; unreadable ones carry their error.
    OSError if the folder itself cannot be read (no folder yet is no saves)."""
    folder = folder or saves_dir()
    paths = save_files(folder)
    remove_stale_temps(folder)
    remove_free_locks(folder)
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
    return SaveInfo(path, seats, game.state.round, game.state.is_over, _modified(path), None, lock_problem(path))


STALE_TEMP_AGE = 10 * 60
"""Seconds after which a save's temporary file is a leftover: a running game's lives for
milliseconds between writing and renaming, a killed one's is never renamed."""


STALE_TEMP = re.compile(rf"\.{AUTOSAVE_PREFIX}(new|\d{{8}}-\d{{6}}(-\d+)?)\.json\.[a-z0-9_]{{8}}\.tmp")
"""The exact name of a game's temporary file in the saves folder: `_written`'s
`.NAME.XXXXXXXX.tmp` (tempfile's eight random letters) for a name `_names` gives, or the
one a new game is written under before it has its name."""


def remove_stale_temps(folder: Path) -> None:
    """Delete the temporary files of writes that were killed half-way, once old enough never
    to be a running game's write: only names the game makes (`STALE_TEMP`), only files it
    could have made (regular, no other name, this user's); anything else is not its own."""
    limit = time.time() - STALE_TEMP_AGE
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if STALE_TEMP.fullmatch(entry.name):
                    found = entry.stat(follow_symlinks=False)
                    if _made_by_game(found) and found.st_mtime < limit:
                        Path(entry.path).unlink(missing_ok=True)
    except OSError:
        pass  # a leftover costs disk space only; the next listing tries again


def remove_free_locks(folder: Path) -> None:
    """Delete the lock files (`.NAME.json.lock`) no window holds: a killed game leaves its
    own behind. Taking a lock and letting go removes it, and a held one is refused."""
    try:
        with os.scandir(folder) as entries:
            sidecars = [e.name for e in entries if fnmatch(e.name, ".*.json.lock")]
    except OSError:
        return
    for name in sidecars:
        try:
            lock_save(folder / name[1 : -len(".lock")]).release()
        except (SaveError, OSError):
            pass  # held by a window: it stays


def _modified(path: Path) -> datetime:
    """When `path` last changed: its target's time, else a dangling link's own, else never."""
    for look in (os.stat, os.lstat):
        try:
            return datetime.fromtimestamp(look(path).st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(0)


# --------------------------------------------------------------------- locks
class SaveLock:
    """A game window's hold on its save file: an flock on the sidecar `.NAME.lock`, which
    names the holder's pid. The system frees it when the process ends, however it ends."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    def release(self) -> None:
        """Let go (again is harmless); the sidecar goes while still held, so no opener is
        left holding a removed file (`lock_save` checks it locked the file that is there)."""
        if self._fd is None:
            return
        if _is_there(self._fd, lock_path(self.path)):
            lock_path(self.path).unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None


def open_save(path: Path) -> tuple[Game, SaveLock]:
    """The game in `path`, held for this game window: locked first, then read, so no other
    window writes it from then on. SaveError (and nothing held) if it is in use or unreadable."""
    lock = lock_save(path)
    try:
        return load_game(path), lock
    except BaseException:
        lock.release()
        raise


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def lock_save(path: Path) -> SaveLock:
    """Hold `path` for this game window; SaveError "in_use" (naming the holder's pid) if
    another holds it, "bad_lock" if its lock file is not one the game made (never written
    to, never passed over). Without fcntl, or where no lock file can be made (a read-only
    folder) or locked (a file system without locks), a lock that holds nothing."""
    if fcntl is None:
        return SaveLock(path, None)
    sidecar = lock_path(path)
    for _ in range(5):  # the holder may remove the sidecar between our open and our lock
        fd = _flocked(sidecar, path)
        if fd is None:
            return SaveLock(path, None)
        if _is_there(fd, sidecar):
            _name_holder(fd)
            return SaveLock(path, fd)
        os.close(fd)
    return SaveLock(path, None)


def lock_problem(path: Path) -> SaveError | None:
    """SaveError "bad_lock" if something the game did not make sits where `path`'s lock file
    goes: a link (to another file, or a hard link sharing one), a folder, a pipe, a device, or
    another user's file. The game neither writes it nor plays without a lock: it says so."""
    try:
        found = os.lstat(lock_path(path))
    except OSError:
        return None  # none there (or none that can be looked at: the open will tell)
    return None if _made_by_game(found) else _bad_lock(path)


def _made_by_game(found: os.stat_result) -> bool:
    """A file the game could have made (a lock, a temporary file): a regular file with no
    other name (a hard link shares its content with a file elsewhere), owned by this user."""
    owner = os.geteuid() if hasattr(os, "geteuid") else found.st_uid
    return stat.S_ISREG(found.st_mode) and found.st_nlink == 1 and found.st_uid == owner


def _bad_lock(path: Path) -> SaveError:
    from century_tui.engine import printable

    return SaveError("bad_lock", lock=printable(lock_path(path).name))


def _flocked(sidecar: Path, path: Path) -> int | None:
    """An open descriptor of `sidecar`, made by the game, holding its exclusive flock; None
    where no lock can be had (no file can be made here, a file system without locks);
    SaveError if it is held, or is not the game's (looked at before opening, so no pipe or
    device is ever opened, and again once open, so nothing swapped in between is written)."""
    problem = lock_problem(path)
    if problem is not None:
        raise problem
    flags = (os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(sidecar, flags, 0o600)
    except OSError:
        if os.path.lexists(sidecar):  # something else was put there meanwhile
            raise _bad_lock(path) from None
        return None
    try:
        if not _made_by_game(os.fstat(fd)):
            raise _bad_lock(path)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if not re.fullmatch(rb"\d*\n?", os.pread(fd, 32, 0)):  # a file of the user's, named like a lock
            raise _bad_lock(path)
    except BlockingIOError:
        pid = _holder(fd)
        os.close(fd)
        raise SaveError("in_use", path=path, pid=pid) from None
    except SaveError:
        os.close(fd)
        raise
    except OSError:
        os.close(fd)
        return None
    return fd


def _name_holder(fd: int) -> None:
    """Write this process's id into the lock file it holds (a full disk leaves it unnamed:
    a second window is still refused, naming process "?")."""
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass


def _is_there(fd: int, path: Path) -> bool:
    """`fd` is the file now at `path` (not one removed or replaced since it was opened)."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False))
    except OSError:
        return False


def _holder(fd: int) -> int | str:
    """The pid a lock file names, or "?" while its holder has not written it yet."""
    text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return int(text) if text.isdigit() else "?"


def unfinished(folder: Path | None = None) -> list[SaveInfo]:
    """The readable games that are not over, newest first: the games to come back to."""
    return [info for info in list_saves(folder) if info.error is None and not info.finished]


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The most recent readable game that is not over and not open in another window: what
    "Continue" resumes. When every such game is open elsewhere, the most recent of them (so
    that opening it says where it is open)."""
    ongoing = unfinished(folder)
    for info in ongoing:
        if not is_held(info.path):
            return info
    return ongoing[0] if ongoing else None


def is_held(path: Path) -> bool:
    """Another window holds `path` now, or its lock file is not the game's: either way it
    cannot be opened here (taking the lock and letting go again tells)."""
    try:
        lock_save(path).release()
    except SaveError:
        return True
    return False
