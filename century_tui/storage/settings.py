"""The player's settings: what they chose once and expect remembered (skin, language, bot
pace, the last game's seats). A damaged file is reported and a copy kept; a file that is
not a settings file is neither read nor overwritten.

Every start reads them, so a file the game wrote itself is read without pydantic (a third
of a start): the game seals what it writes (`SEAL`) with a key of this installation's, and
a file whose seal holds is read as it is; any other (edited by hand, written by another
version, brought from elsewhere, forged) is checked in full.

Several windows may be open at once: a change of setting writes that setting alone over
the file as it is then (`update_settings`), so no window puts back what it read at its start
over another's later choices.
"""

from __future__ import annotations

import hmac
import json
import os
import stat
from collections.abc import Collection, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from msgspec import Struct

from century_tui import __version__
from century_tui.bots.registry import BUDGET_RANGE_MS, DEFAULT_BUDGET_MS
from century_tui.engine import MAX_NAME, MAX_PLAYERS
from century_tui.resources import Check, DataFault, check
from century_tui.skins import DEFAULT_SKIN, SKINS
from century_tui.storage.files import LOCK_FILE_FLAGS, Refused, holds, made_by_game, os_reason, read_regular, settings_path, write_atomic
from century_tui.storage.locks import fcntl

SETTINGS_CAP = 64 * 1024
"""The most of a settings file that is read: a real one is a few lines."""

BOT_SPEEDS = {"fast": 200, "normal": 600, "slow": 1500}
"""The pause after a bot's move, in ms, by the name the command palette offers."""
BOT_BUDGET_MS = BUDGET_RANGE_MS
"""The thinking budgets a player may set (settings file or --budget-ms), in ms: the bot registry's."""


SEAL = "seal"
"""The settings file's key for its seal: an HMAC (keyed by settings.key, random, made with
the first settings written) of the rest of the file and of the code that wrote it (`_shape`)."""
KEY_SIZE = 32
KEEP_UNKNOWN = {"extra": "ignore"}
"""pydantic's config for the settings: a key this version does not know is passed over."""


def _between(low: int, high: int) -> Callable[[int], int]:
    def within(value: int) -> int:
        if not low <= value <= high:
            raise ValueError(f"{value} is not between {low} and {high}")
        return value
    return within


def _at_most(n: int) -> Callable[[Any], Any]:
    def short_enough(value: Any) -> Any:
        if len(value) > n:
            raise ValueError(f"more than {n}")
        return value
    return short_enough


@dataclass(slots=True)
class SeatChoice:
    """One seat of the last game started: its name, and its bot level (None: a person)."""

    __pydantic_config__ = KEEP_UNKNOWN
    name: Annotated[str, Check(_at_most(MAX_NAME))] = ""
    bot: str | None = None


@dataclass(slots=True)
class Settings:
    """What the player chose once and expects remembered."""

    __pydantic_config__ = KEEP_UNKNOWN
    skin: Literal[SKINS] = DEFAULT_SKIN  # type: ignore[valid-type]  (one name of SKINS)
    handoff: bool = True
    """Show a "pass to <name>" screen between two human players."""
    bot_delay_ms: Annotated[int, Check(_between(0, 5000))] = 600
    """Pause after a bot's move so people can follow it."""
    bot_budget_ms: Annotated[int, Check(_between(*BUDGET_RANGE_MS))] = DEFAULT_BUDGET_MS
    """Longest a searching (hard) bot may think about one move."""
    language: str | None = None
    seats: Annotated[list[SeatChoice], Check(_at_most(MAX_PLAYERS))] = field(default_factory=list)
    """The last game's seats, offered again on the new-game form."""
    cube_code: Literal["letters", "digits", "shapes"] = "letters"
    """How a cube reads: its colour's letter, or its tier as a digit or a shape (text.CUBE_CODES)."""


@cache
def _shape() -> str:
    """What a seal vouches for besides the values: the game's version, this file (the
    settings' fields and checks) and the limits they take from elsewhere."""
    try:
        source = Path(__file__).read_text(encoding="utf-8")
    except OSError:  # run from bytecode alone: the version and the declared fields stand for it
        source = repr((Settings.__annotations__, SeatChoice.__annotations__))
    return repr((__version__, source, BUDGET_RANGE_MS, DEFAULT_BUDGET_MS, MAX_NAME, MAX_PLAYERS, SKINS))


def _seal(key: bytes, values: dict[str, Any]) -> str:
    return hmac.new(key, (_shape() + json.dumps(values, sort_keys=True)).encode(), "sha256").hexdigest()


def seal_key_path() -> Path:
    return settings_path().with_name("settings.key")


def seal_key(make: bool = False) -> bytes | None:
    """This installation's key for sealing the settings; None if it cannot be read. If there
    is none and `make`, a new one is written (OSError if it cannot be)."""
    try:
        key = read_regular(seal_key_path(), KEY_SIZE)
    except FileNotFoundError:
        if not make:
            return None
        key = os.urandom(KEY_SIZE)
        write_atomic(seal_key_path(), key)
    except (Refused, OSError):  # left as it is, like a settings file that is not one
        return None
    return key if len(key) == KEY_SIZE else None


def parse_settings(raw: bytes, key: bytes | None) -> Settings:
    """The settings in a file's bytes; ValueError if they are not settings."""
    try:
        found = json.loads(raw)
    except RecursionError:  # "[[[[…": nested deeper than Python reads
        raise ValueError("nested too deep") from None
    if key is not None and isinstance(found, dict) and isinstance(found.get(SEAL), str):
        values = {k: v for k, v in found.items() if k != SEAL}
        if hmac.compare_digest(found[SEAL].encode(), _seal(key, values).encode()):
            return Settings(**{**values, "seats": [SeatChoice(**seat) for seat in values["seats"]]})
    return check(Settings, raw, from_json=True)


def settings_text(settings: Settings, key: bytes | None) -> str:
    """The settings file's text: the values, and their seal if there is a key and they pass
    the full check (else the next start checks them, and says they are damaged)."""
    values = asdict(settings)
    try:
        check(Settings, values)
    except DataFault:
        key = None
    sealed = values if key is None else {**values, SEAL: _seal(key, values)}
    return json.dumps(sealed, indent=1, ensure_ascii=False) + "\n"


class SettingsNotice(Struct, frozen=True):
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
        return parse_settings(raw, seal_key()), None
    except ValueError:
        kept: Path | None = damaged_settings_path()
        try:
            if not holds(kept, raw):  # every command reads settings
                write_atomic(kept, raw)
        except OSError:
            kept = None
        return Settings(), SettingsNotice("damaged" if kept else "damaged_uncopied", path, kept)


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
    write_atomic(path, settings_text(settings, seal_key(make=True)))


def update_settings(settings: Settings, names: Collection[str]) -> None:
    """Write the settings named (`names`, fields of Settings) as `settings` has them, and the
    others as the file has them now: what another window chose since this one read the file
    stays. A file missing, or damaged (copied aside first, as at a start), is written from
    `settings` whole. One window at a time reads and writes (`_locked`). OSError as
    `save_settings`."""
    with _locked():
        found, notice = load_settings()
        base = found if notice is None and os.path.lexists(settings_path()) else settings
        save_settings(replace(base, **{name: getattr(settings, name) for name in names}))


@contextmanager
def _locked() -> Iterator[None]:
    """This installation's settings to this thread alone (an advisory lock on `settings.lock`
    beside them), as far as the system allows: without fcntl or a lock file, unguarded. The
    lock file is opened as the save locks are (`files.LOCK_FILE_FLAGS`), and used only if it
    is a file the game could have made (`made_by_game`): a link, a pipe or a file of the
    user's put in its place is left alone, and the write goes unguarded."""
    fd = None
    if fcntl is not None:
        try:
            settings_path().parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(settings_path().with_name("settings.lock"), LOCK_FILE_FLAGS, 0o600)
            if not made_by_game(os.fstat(fd)):
                raise OSError("settings.lock is not the game's")
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            if fd is not None:
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)


SETTING_NAMES = tuple(f.name for f in fields(Settings))


class SettingsWriter:
    """Writes settings on a thread of its own, one after another in the order asked, so a
    change of setting never waits on the app's thread for the check (the first in a process
    imports pydantic: 0.2 s) or for the disk. A failure costs only the memory, as it did."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._last: Future[None] | None = None

    def write(self, settings: Settings, names: Collection[str] = SETTING_NAMES) -> None:
        """Write the settings `names` (all by default) as `settings` has them now (a copy:
        the app goes on changing its own), the others as the file has them then."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="century-settings")
        now = replace(settings, seats=[replace(seat) for seat in settings.seats])
        self._last = self._pool.submit(_save_quietly, now, tuple(names))

    def wait(self, timeout: float | None = None) -> None:
        """Until every write asked for so far is done (one thread: the last done, all done)."""
        if self._last is not None:
            wait([self._last], timeout)

    def close(self, timeout: float | None = None) -> None:
        """Wait as `wait` does, then let the thread go once its writes are done: an idle
        thread would keep the app that made it (as its stderr) for the process's life."""
        self.wait(timeout)
        pool, self._pool = self._pool, None
        if pool is not None:  # the thread joined, unless a write outlasted `timeout`
            pool.shutdown(wait=self._last is None or self._last.done())


def _save_quietly(settings: Settings, names: tuple[str, ...]) -> None:
    try:
        update_settings(settings, names)
    except OSError:
        pass
