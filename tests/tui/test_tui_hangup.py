"""Hang-up safety (issue 5): `century` in a real pseudo-terminal, killed with SIGHUP with a
modal open, loses nothing that was confirmed, and `century resume` finds the game."""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest

from tests.helpers.terminal import Terminal, saved_moves, wait_saved

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_sighup_with_a_modal_open_loses_nothing_confirmed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"handoff": False}))
    term = Terminal(["new", "--players", "Ann,Bob", "--seed", "3"], home)
    try:
        term.wait_for(b"Round")
        term.send(b"rr")  # first player rests
        wait_saved(term, home, 1)
        term.send(b"rr")  # second player rests
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
        again.send(b"rr")  # the game goes on from where it was
        wait_saved(again, home, 3)
        again.send(b"\x11")  # ctrl+q
        again.drain(1)
        again.proc.wait(10)
    finally:
        again.close()
    assert [len(m) for m in saved_moves(home)] == [3]
