"""The data folder and the two ways the game touches a file: a bounded read of a regular file,
and an atomic write (temporary file, fsync, rename), so a crash or a hang-up mid-write
leaves the previous file whole and no file in the data folder can hang the game or fill
its memory."""

from __future__ import annotations

import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_dir

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


def write_aside(folder: Path, name: str, data: bytes) -> Path:
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


def sync_folder(folder: Path) -> None:
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
    tmp = write_aside(path.parent, path.name, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def holds(path: Path, data: bytes) -> bool:
    """`path` is a regular file holding exactly `data`."""
    try:
        return read_regular(path, len(data)) == data
    except (OSError, Refused):
        return False


LOCK_FILE_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                   | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
"""How the game opens a lock file it may have to make: never through a link, never waiting
on a pipe, never taking a terminal; then `made_by_game` says whether to use it."""


def made_by_game(found: os.stat_result) -> bool:
    """A file the game could have made (a lock, a temporary file): a regular file with no
    other name (a hard link shares its content with a file elsewhere), owned by this user."""
    owner = os.geteuid() if hasattr(os, "geteuid") else found.st_uid
    return stat.S_ISREG(found.st_mode) and found.st_nlink == 1 and found.st_uid == owner


def modified(path: Path) -> datetime:
    """When `path` last changed: its target's time, else a dangling link's own, else never."""
    for look in (os.stat, os.lstat):
        try:
            return datetime.fromtimestamp(look(path).st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(0)
