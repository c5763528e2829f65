"""Back in your seat after any drop: the token a host gave for a seat's code, kept in the
join's data folder (keyed by the host and the code), so that the very same `century join`
line (or `ssh` line, or browser tab's code) brings its person back after their terminal
died, however it died. The host refuses it while a live connection holds the seat.

One small file per seat (`joins/`, named by a hash of the host and the code, readable by
this user only): joins running at once never write the same file, and nothing here lists
the codes.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from century_tui import storage

from . import protocol as p
from .client import JoinError, RemoteTable, normal_code, url_of

KEPT_FOR = 30 * 24 * 3600
"""Seconds a seat's token is kept after it was last used (a game put aside for a while)."""
KEPT_AT_MOST = 256
"""Tokens kept at once: past this, the oldest go."""
TOKEN_CAP = 128


def folder() -> Path:
    return storage.data_home() / "joins"


def _file(address: str, code: str) -> Path:
    key = f"{url_of(address)}\n{normal_code(code)}".encode()
    return folder() / hashlib.sha256(key).hexdigest()[:32]


def kept(address: str, code: str) -> str | None:
    """The token kept for `code` at the host at `address`, if any."""
    try:
        token = storage.read_regular(_file(address, code), TOKEN_CAP).decode("ascii").strip()
    except (OSError, storage.Refused, UnicodeDecodeError):
        return None
    return token or None


def keep(address: str, code: str, token: str) -> None:
    """Keep `token` for `code` at `address` (and forget tokens past their time). A folder
    that cannot be written costs only the way back."""
    try:
        folder().mkdir(parents=True, exist_ok=True, mode=0o700)
        path = _file(address, code)
        storage.write_atomic(path, token)
        os.chmod(path, 0o600)
        _tidy()
    except OSError:
        pass


def forget(address: str, code: str) -> None:
    """The seat's token will never work again (the host gave the seat a new code, to a bot…)."""
    try:
        _file(address, code).unlink(missing_ok=True)
    except OSError:
        pass


def _tidy() -> None:
    now = time.time()
    files = sorted(((f.stat().st_mtime, f) for f in folder().iterdir() if f.is_file()), reverse=True)
    for rank, (mtime, f) in enumerate(files):
        if rank >= KEPT_AT_MOST or now - mtime > KEPT_FOR:
            f.unlink(missing_ok=True)


async def sit_down(address: str, code: str, *, watch: bool = False, tls=None, timeout: float = 10.0) -> RemoteTable:
    """The table `code` gives at the host at `address`: with the token kept for it when there
    is one (the person comes back to their seat), else with the code (and its token kept).
    JoinError as `RemoteTable.connect` says it; a seat held by a live connection is refused
    ("seat_held") and its token kept."""
    code = normal_code(code) or ""
    token = None if watch else kept(address, code)
    if token is not None:
        try:
            table = await RemoteTable.connect(address, token=token, timeout=timeout, tls=tls)
        except JoinError as e:
            if e.code not in p.SEAT_GONE:  # held, unreachable…: the token may serve again
                raise
            forget(address, code)  # a host started again, a seat given anew: the code may still work
        else:
            keep(address, code, token)  # used again: kept for longer
            return table
    table = await RemoteTable.connect(address, code=code, watch=watch, timeout=timeout, tls=tls)
    if table.mine and table.token is not None:
        keep(address, code, table.token)
    return table
