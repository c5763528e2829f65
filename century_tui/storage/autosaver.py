"""A game's save file, written off the thread that plays: the latest position wins.

Every move asks for a save; the document is taken on the playing thread (a consistent
snapshot, and cheap) and written by one background task at a time, so writes land in
order, a burst of moves costs one write, and no fsync ever holds up a key press. The one
synchronous write is `flush`, for the last chance: quitting, a hang-up, a retry.
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Callable

from century_tui import engine, storage
from century_tui.engine import Game

Task = Callable[[], None]


class Saver:
    """Writes one game's file (creating it, exclusively, on the first save of a new game)
    and reports each outcome to `report(error)` on the playing thread (the table it is
    handed to sets `report`)."""

    def __init__(
        self,
        path: Path | None,
        lock: storage.SaveLock | None,
        *,
        spawn: Callable[[Task], None],
        call_soon: Callable[[Task], None],
        report: Callable[[str | None], None] = lambda error: None,
    ) -> None:
        self.path = path
        self.lock = lock
        """The hold on `path`: taken by the caller (`century resume`) or by the first save."""
        self._spawn = spawn
        self._call_soon = call_soon
        self.report = report
        self._mutex = threading.Lock()
        """Guards the pending document and the busy flag."""
        self._writing = threading.Lock()
        """One write at a time, background or `flush`."""
        self._pending: str | None = None
        self._busy = False
        self._last: str | None = None
        """The last document asked for: what `flush` writes again after a failure."""
        self.failed = False
        self._writes = 0
        """Writes made so far: a late report of an older write is not news any more."""

    @classmethod
    def for_game(cls, path: Path | None, lock: storage.SaveLock | None, *, enabled: bool,
                 spawn: Callable[[Task], None], call_soon: Callable[[Task], None]) -> Saver | None:
        """The saver of a game window or host; None where it saves nothing, and then the file
        it was handed is let go (it stays free for others)."""
        if enabled:
            return cls(path, lock, spawn=spawn, call_soon=call_soon)
        if lock is not None:
            lock.release()
        return None

    def save(self, game: Game) -> None:
        """Ask for `game` to be written (soon, off this thread). (The document is made without
        pydantic, `engine/save_doc.py`: a new game's first save, as its board opens, waits
        for no models.)"""
        doc = engine.dumps(game)
        with self._mutex:
            self._pending = self._last = doc
            start, self._busy = not self._busy, True
        if start:
            self._spawn(self._drain)

    def write_now(self, game: Game) -> str | None:
        """Write `game` now, on this thread, and fsync it before returning: why it failed,
        or None. For a host, whose players must never have seen a move the file lacks; the
        outcome is the caller's to report (`report`)."""
        doc = engine.dumps(game)
        with self._mutex:
            self._pending, self._last = None, doc
        return self._write(doc)[1]

    def _drain(self) -> None:
        while True:
            with self._mutex:
                doc, self._pending = self._pending, None
                if doc is None:
                    self._busy = False
                    return
            number, error = self._write(doc)
            self._call_soon(partial(self._report_if_latest, number, error))  # this write's, not the loop's next

    def _report_if_latest(self, number: int, error: str | None) -> None:
        if number == self._writes:
            self.report(error)

    def _write(self, doc: str) -> tuple[int, str | None]:
        """Write `doc`: its number, and why it failed (or None)."""
        with self._writing:
            self._writes += 1
            return self._writes, self._try(doc)

    def _try(self, doc: str) -> str | None:
        try:
            if self.path is None:
                self.path, self.lock = storage.create_save(doc)
            else:
                storage.autosave(self.path, doc)
        except OSError as e:
            self.failed = True
            return storage.os_reason(e)
        self.failed = False
        return None

    def flush(self) -> str | None:
        """Write the last document now, on this thread, unless it is on disk already (a
        write under way finishes first); why it failed, or None. Reported like any save."""
        with self._mutex:
            doc, self._pending = self._pending, None
        if doc is None:
            with self._writing:
                pass
            if not self.failed:
                return None
            doc = self._last
        assert doc is not None
        _, error = self._write(doc)
        self.report(error)
        return error

    def release(self) -> None:
        """Let go of the file (after the final flush): another window may open it now."""
        with self._writing:
            if self.lock is not None:
                self.lock.release()
                self.lock = None

    def last_chance(self) -> None:
        """`flush` and `release` from any thread, when the playing one cannot run (a hang-up
        whose terminal blocks it): the outcome is told to no one, since its views live there."""
        self.report = lambda error: None
        self.flush()
        self.release()
