"""The look of every screen and modal, pinned at 80×24 in both skins (the board, each move
modal, the pass screen, results and its chart, help, the undo question, new game, the
table view, a replay, the too-small message), and the board and results at 120×40.

The positions are support.demo.showcase(), the same ones scripts/screenshots.py
renders for the README, so a snapshot and its screenshot always show the same thing.
After a deliberate change of look: look at the report, then `--snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from century_tui.skins import SKINS
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from support.demo import showcase
from tests.helpers.driver import until

SHOTS = {shot.name: shot for shot in showcase()}
AT_80x24 = [
    "board-spice-80x24",
    "modal-upgrade",
    "modal-trade",
    "modal-acquire",
    "modal-discard",
    "handoff",
    "results",
    "results-chart-spice-80x24",
    "help",
    "confirm-undo",
    "new-game",
    "table",
    "replay",
    "coach-hint",
    "review",
    "too-small",
]
"""Every screen and modal at 80×24 (the too-small message below it), pinned in both skins."""
PINNED = [(name, skin) for name in AT_80x24 for skin in SKINS] + [
    ("board-spice-120x40", "spice"),
    ("board-golem-120x40", "golem"),
    ("results-golem-120x40", "golem"),
]


async def steady_cursor(pilot) -> None:
    """A text field's cursor blinks every half second: under load the picture could be taken
    in either phase. It is held on (as it shows the moment a field takes the focus)."""
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


@pytest.mark.parametrize("name, skin", PINNED)
def test_looks(name, skin, snap_compare):
    shot = SHOTS[name]
    app = CenturyApp(shot.game(), skin=skin, settings=Settings(skin=skin, bot_delay_ms=0), autosave=False, replay=shot.replay)
    if shot.ready is None:
        assert snap_compare(app, press=shot.press, terminal_size=shot.size, run_before=steady_cursor)
        return

    async def until_ready(pilot) -> None:  # a worker's answer (the coach, the review) first
        await steady_cursor(pilot)
        await pilot.press(*shot.press)
        await until(pilot, lambda: shot.ready(pilot.app), timeout=60)

    assert snap_compare(app, run_before=until_ready, terminal_size=shot.size)
