"""Saved games: a new game's file (a name no other game has, locked from its first write),
the autosave after every move, reading a game back, and the list `century saves` and the
new-game form show. A file that cannot be read is reported and left untouched: it is never
overwritten by a new game."""

from __future__ import annotations

import itertools
import os
import re
import time
from datetime import datetime
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from msgspec import Struct

from century_tui import engine
from century_tui.engine import SaveError
from century_tui.storage.files import (
    Refused, made_by_game, modified, os_reason, read_regular, saves_dir, sync_folder, write_aside,
    write_atomic
)
from century_tui.storage.locks import SaveLock, is_held, lock_problem, lock_save

if TYPE_CHECKING:
    from century_tui.engine import Game

SAVE_CAP = 4 * 1024 * 1024
"""The most of a save file that is read: a real game's is a few tens of KiB."""


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
    """A new file holding `game`'s first save, locked for this game window: written aside,
    then given a name no other game has (a name locked or existing is skipped), so it appears
    whole, exclusively, and resumable from the first turn. OSError if the folder takes no file."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    doc = game if isinstance(game, str) else engine.dumps(game)  # the game, or its save document
    tmp = write_aside(folder, f"{AUTOSAVE_PREFIX}new.json", doc.encode("utf-8"))
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
            sync_folder(folder)
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
    """Write the game to its own file, atomically (called after every applied move)."""
    write_atomic(path, game if isinstance(game, str) else engine.dumps(game))


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
    return engine.loads(data)


def open_save(path: Path) -> tuple[Game, SaveLock]:
    """The game in `path`, held for this game window: locked first, then read, so no other
    window writes it from then on. SaveError (and nothing held) if it is in use or unreadable."""
    lock = lock_save(path)
    try:
        return load_game(path), lock
    except BaseException:
        lock.release()
        raise


class SaveInfo(Struct, frozen=True):
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
        return SaveInfo(path, (), 0, False, modified(path), e)
    seats = tuple(s.name for s in game.seats)
    return SaveInfo(path, seats, game.state.round, game.state.is_over, modified(path), None, lock_problem(path))


STALE_TEMP_AGE = 10 * 60
"""Seconds after which a save's temporary file is a leftover: a running game's lives for
milliseconds between writing and renaming, a killed one's is never renamed."""


STALE_TEMP = re.compile(rf"\.{AUTOSAVE_PREFIX}(new|\d{{8}}-\d{{6}}(-\d+)?)\.json\.[a-z0-9_]{{8}}\.tmp")
"""The exact name of a game's temporary file in the saves folder: `write_aside`'s
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
                    if made_by_game(found) and found.st_mtime < limit:
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


def unfinished(folder: Path | None = None) -> list[SaveInfo]:
    """The readable games that are not over, newest first: the games to come back to."""
    return [info for info in list_saves(folder) if info.error is None and not info.finished]


def unfinished_held() -> list[tuple[SaveInfo, bool]]:
    """The games to come back to, newest first, each with whether another window has it
    open (the new-game form's list); none when the saves folder cannot be read."""
    try:
        return [(info, is_held(info.path)) for info in unfinished()]
    except OSError:
        return []


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The most recent readable game that is not over and not open in another window: what
    "Continue" resumes. When every such game is open elsewhere, the most recent of them (so
    that opening it says where it is open)."""
    ongoing = unfinished(folder)
    for info in ongoing:
        if not is_held(info.path):
            return info
    return ongoing[0] if ongoing else None
