"""A real `century` in an 80×24 pseudo-terminal, driven by bytes, and its save files read
as it plays: for the hang-up and signal tests."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time


class Terminal:
    """A program running in an 80×24 pseudo-terminal, driven by bytes."""

    def __init__(self, args: list[str], home) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, CENTURY_HOME=str(home), TERM="xterm-256color", COLORTERM="truecolor")
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "century_tui", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.seen = b""

    def _read(self, timeout: float) -> bool:
        """Take in what the program writes within `timeout`; False once the terminal is gone."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:
                return False
        return True

    def wait_for(self, needle: bytes, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.seen:
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} never appeared; last output {self.seen[-400:]!r}")
            if not self._read(0.1):
                break

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def drain(self, seconds: float = 0.3) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and self._read(0.05):
            pass

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


def saved_moves(home) -> list[list]:
    files = sorted((home / "saves").glob("*.json"))
    return [json.loads(f.read_text())["moves"] for f in files]


def wait_saved(term: Terminal, home, count: int, timeout: float = 15) -> None:
    """Until the autosave holds `count` moves; reading the screen meanwhile, because a
    program whose terminal output is not read blocks on its next write."""
    deadline = time.monotonic() + timeout
    while True:
        term.drain(0.05)
        try:
            if [len(m) for m in saved_moves(home)] == [count]:
                return
        except (json.JSONDecodeError, FileNotFoundError):
            pass  # not there yet (writes are atomic: never half a file)
        if time.monotonic() > deadline:
            raise AssertionError(f"autosave never held {count} moves: {saved_moves(home)}")
