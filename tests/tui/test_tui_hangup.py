"""Hang-up safety (issue 5): `century` in a real pseudo-terminal, killed with SIGHUP with a
modal open, loses nothing that was confirmed, and `century resume` finds the game."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


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


def test_sighup_with_a_modal_open_loses_nothing_confirmed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"handoff": False}))
    term = Terminal(["new", "--players", "Ann,Bob", "--seed", "3"], home)
    try:
        term.wait_for(b"Round")
        term.send(b"r")  # first player rests
        wait_saved(term, home, 1)
        term.send(b"r")  # second player rests
        wait_saved(term, home, 2)
        term.drain()
        # open the upgrade modal (hand card 2 is the Upgrade 2), then hang up mid-choice
        term.send(b"h2\r")
        term.wait_for(b"Upgrade")
        term.drain()
        os.kill(term.proc.pid, signal.SIGHUP)
        term.proc.wait(10)
    finally:
        term.close()
    assert [len(m) for m in saved_moves(home)] == [2]

    again = Terminal(["resume"], home)
    try:
        again.wait_for(b"Round 2")
        again.send(b"r")  # the game goes on from where it was
        wait_saved(again, home, 3)
        again.send(b"\x11")  # ctrl+q
        again.drain(1)
        again.proc.wait(10)
    finally:
        again.close()
    assert [len(m) for m in saved_moves(home)] == [3]
