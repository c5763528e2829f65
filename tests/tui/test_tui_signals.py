"""SIGHUP and SIGTERM while "Not saved" shows (issue 14 §6): the real `century` in a
pseudo-terminal makes the last save attempt Ctrl+Q makes, then quits, so a move played
while the folder was away is in the file once the folder is back."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest

from tests.helpers import terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal")


def gone(term, timeout: float = 15) -> None:
    """Until the program has ended, reading what it writes meanwhile (giving the terminal
    back is written, and an unread terminal would block it)."""
    deadline = time.monotonic() + timeout
    while term.proc.poll() is None:
        assert time.monotonic() < deadline, "the program did not end"
        term.drain(0.05)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_a_signal_while_not_saved_makes_the_last_save_attempt(sig, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"handoff": False}))
    saves, away = home / "saves", home / "saves.away"
    term = terminal.Terminal(["new", "--players", "Ann,Bob", "--seed", "3"], home)
    try:
        term.wait_for(b"Round")
        term.send(b"rr")
        terminal.wait_saved(term, home, 1)
        saves.rename(away)
        saves.write_text("not a folder")  # every save fails now
        term.seen = b""
        term.send(b"rr")
        term.wait_for(b"Not saved")  # the second move is applied, and not saved
        saves.unlink()
        away.rename(saves)  # the folder is back; no move has been made since
        assert [len(m) for m in terminal.saved_moves(home)] == [1]
        os.kill(term.proc.pid, sig)
        gone(term)
        # SIGTERM quits as Ctrl+Q does; SIGHUP, with no terminal to give back, ends by the signal
        assert term.proc.returncode == (0 if sig == signal.SIGTERM else -signal.SIGHUP)
    finally:
        term.close()
    assert [len(m) for m in terminal.saved_moves(home)] == [2]
    assert not list(saves.glob(".*.lock"))  # the window let go of its file as it went
