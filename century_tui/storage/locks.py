"""A game window's hold on its save file, so two windows never write one file: an flock on a
sidecar lock file the game made itself (never a link, a pipe or another user's file)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from century_tui.engine import SaveError
from century_tui.storage.files import LOCK_FILE_FLAGS, made_by_game

try:
    import fcntl
except ImportError:  # Windows: saves are not locked there
    fcntl = None  # type: ignore[assignment]


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
    return None if made_by_game(found) else _bad_lock(path)


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
    try:
        fd = os.open(sidecar, LOCK_FILE_FLAGS, 0o600)
    except OSError:
        if os.path.lexists(sidecar):  # something else was put there meanwhile
            raise _bad_lock(path) from None
        return None
    try:
        if not made_by_game(os.fstat(fd)):
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


def is_held(path: Path) -> bool:
    """Another window holds `path` now, or its lock file is not the game's: either way it
    cannot be opened here (taking the lock and letting go again tells)."""
    try:
        lock_save(path).release()
    except SaveError:
        return True
    return False


def still_held(path: Path) -> bool:
    """Whether a game found held (`is_held`) still is, for a list that looks again now and
    then: no lock file there, its holder let go (known without taking the lock, which a
    window opening the game just then would find taken); else asked as `is_held` does (a
    holder that was killed left its file behind: the lock is then taken, once)."""
    if not os.path.lexists(lock_path(path)):
        return False
    return is_held(path)
