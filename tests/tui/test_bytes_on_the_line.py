"""What a move and a focus change cost on the terminal's line (issue 38), read as a player's
terminal reads them: the game in a pseudo-terminal, 120×40, true colour, through a
terminal emulator. Bytes, unlike times, are the same on any machine: over budget is a
repaint of what did not change (a screen or a row redrawn whole), and fails here."""

from __future__ import annotations

import json
import os

import pytest

from tests.helpers.pty_screen import Terminal, terminal_env

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")

MOVE_BUDGET = 12 * 1024
FOCUS_BUDGET = 6 * 1024
PER_CELL = 20
"""At most this many bytes for each cell a key changes."""


def test_moves_and_focus_changes_write_only_what_changed(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"handoff": False}))
    env = terminal_env(tmp_path, TERM="xterm-256color", COLORTERM="truecolor")
    with Terminal(["new", "--players", "Ann,Bob", "--seed", "7"], env, cols=120, rows=40) as term:
        term.until(term.shows("Ann's hand", "Rest"))
        costs = []

        def key(press: str, kind: str, *shown: str) -> None:
            before, sent = term.looks(), term.received
            term.press(press)
            term.until(term.shows(*shown))
            changed = sum(a != b for a, b in zip(before, term.looks()))
            costs.append((kind, press, term.received - sent, changed))

        key("m", "focus", "▸1 ✓", "Enter: take it for free.")
        key("enter", "move", "Bob's hand", "Ann took")  # the free merchant card, then Bob's board
        key("p", "focus", "▸1")
        key("h", "focus", "1▸+YY")
        key("enter", "move", "Ann's hand", "Bob played")
        key("m", "focus", "▸1 ✓")
        key("h", "focus", "Ann's hand")

    for kind, press, sent, changed in costs:
        assert sent <= (MOVE_BUDGET if kind == "move" else FOCUS_BUDGET), (press, sent, costs)
        assert changed and sent <= PER_CELL * changed, (press, sent, changed, costs)


FIRST_PASS_BUDGET = 16 * 1024
"""The pass screen and what it tells, drawn once: 11 KB (with the board drawn first under it, 56 KB)."""


def test_a_game_of_people_opens_on_its_pass_screen_never_on_the_board_under_it(tmp_path):
    """The first frame of a game of two people is the pass screen: the board under it (the
    first player's hand) is neither shown to whoever sits there nor written for nothing."""
    env = terminal_env(tmp_path, TERM="xterm-256color", COLORTERM="truecolor")
    with Terminal(["new", "--players", "Ann,Bob", "--seed", "5"], env, cols=120, rows=40) as term:
        screens = term.screens_until(term.shows("Pass to Bob"))
        assert not any("hand" in screen for screen in screens), screens[-2:]
        term.until(term.shows("Since the game began", "A new game, in turn order: Bob, Ann"))  # what Bob missed
        assert term.received <= FIRST_PASS_BUDGET, term.received
        term.press("enter")
        term.until(term.shows("Bob's hand", "Rest"))
