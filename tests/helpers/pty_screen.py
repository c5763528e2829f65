"""`century` in a real pseudo-terminal, read back through a terminal emulator (pyte).

What a player sees in a given terminal (its TERM, COLORTERM, NO_COLOR) is the bytes the app
writes, as a terminal draws them: `Terminal.until` waits for a condition on that screen,
then `cells()` gives each visible character with the colours it is drawn in. Every wait is
bounded, and the child is killed at the end whatever happened.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pyte

KEYS = {"enter": b"\r", "escape": b"\x1b", "tab": b"\t", "f1": b"\x1bOP", "ctrl+p": b"\x10",
        "left": b"\x1b[D", "right": b"\x1b[C"}
"""Key names (as in tests/tui) and the bytes a terminal sends for them."""


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    char: str
    fg: str
    bg: str
    """Colours as pyte names them: "default", a name ("red", "brightred"; pyte says "brown"
    for yellow) or six hex digits; already swapped for reverse video."""


class Terminal:
    """A program in a `cols`×`rows` pseudo-terminal, its output fed to a pyte screen."""

    def __init__(self, args: list[str], env: dict[str, str], cols: int = 80, rows: int = 24,
                 program: list[str] | None = None) -> None:
        """`century ARGS` (or `program` then `args`)."""
        master, slave = os.openpty()
        self._winsize(slave, cols, rows)
        self.proc = subprocess.Popen(
            [*(program or [sys.executable, "-m", "century_tui"]), *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),  # resizes send SIGWINCH
        )
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        """Bytes the program has written so far."""

    @staticmethod
    def _winsize(fd: int, cols: int, rows: int) -> None:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def _read(self, timeout: float) -> bool:
        """Feed what the program writes within `timeout` to the screen; False if nothing came."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # the program is gone
            return False
        self.received += len(data)
        self.stream.feed(data)
        return bool(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def until(self, condition: Callable[[Terminal], bool], timeout: float = 20.0, quiet: float = 0.15) -> None:
        """Read until `condition(self)` holds and the program has finished drawing (nothing
        written for `quiet` seconds); AssertionError with the screen if it never does."""
        deadline = time.monotonic() + timeout
        while True:
            got = self._read(quiet)
            if not got and condition(self):
                return
            if time.monotonic() > deadline or self.proc.poll() is not None and not got:
                if not got and condition(self):  # it came as the program ended
                    return
                raise AssertionError(f"the awaited screen never came; the screen is:\n{self.text()}")

    def screens_until(self, condition: Callable[[Terminal], bool], timeout: float = 20.0) -> list[str]:
        """Every screen the terminal showed, one per piece of output read, up to the first on
        which `condition` holds (the last); AssertionError with the screen if none does."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while time.monotonic() < deadline and self.proc.poll() is None:
            if self._read(0.05):
                seen.append(self.text())
                if condition(self):
                    return seen
        raise AssertionError(f"the awaited screen never came; the screen is:\n{self.text()}")

    def shows(self, *needles: str) -> Callable[[Terminal], bool]:
        return lambda term: all(n in term.text() for n in needles)

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.master, KEYS.get(key, key.encode()))

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self._winsize(self.master, cols, rows)

    def looks(self) -> list[tuple]:
        """Every cell as drawn (character, colours, attributes), to tell which changed."""
        return [self.screen.buffer[y][x] for y in range(self.screen.lines) for x in range(self.screen.columns)]

    def cells(self) -> list[Cell]:
        """Every cell holding a visible character (not a space, not the tail of a wide one)."""
        out = []
        for y in range(self.screen.lines):
            row = self.screen.buffer[y]
            for x in range(self.screen.columns):
                c = row[x]
                if c.data and not c.data.isspace():
                    fg, bg = (c.bg, c.fg) if c.reverse else (c.fg, c.bg)
                    out.append(Cell(x, y, c.data, fg, bg))
        return out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_NOT_INHERITED = {"TERM", "COLORTERM", "NO_COLOR", "TEXTUAL_COLOR_SYSTEM", "LANG", "LC_ALL", "LC_MESSAGES",
                  "COLUMNS", "LINES"}


def terminal_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a terminal: the data folder `home`, UTF-8, and exactly the colour
    variables in `extra` (TERM, COLORTERM, NO_COLOR), none inherited; no COLUMNS or LINES,
    which would pin the size the program finds over the terminal's own."""
    env = {k: v for k, v in os.environ.items() if k not in _NOT_INHERITED}
    env.update(CENTURY_HOME=str(home), LANG="C.UTF-8", **extra)
    return env
