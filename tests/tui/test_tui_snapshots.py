"""The look of every screen and modal, pinned: board at 80×24 and 120×40 in both skins,
each move modal, the pass screen, results (the table and the chart), help and the too-small message.

The positions are century_tui.tui.demo.showcase(), the same ones scripts/screenshots.py
renders for the README, so a snapshot and its screenshot always show the same thing.
After a deliberate change of look: look at the report, then `--snapshot-update`.
"""

from __future__ import annotations

import pytest

from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.demo import showcase

SHOTS = {shot.name: shot for shot in showcase()}
PINNED = [
    "board-spice-80x24",
    "board-spice-120x40",
    "board-golem-80x24",
    "board-golem-120x40",
    "modal-upgrade",
    "modal-trade",
    "modal-acquire",
    "modal-discard",
    "handoff",
    "results",
    "results-golem-120x40",
    "results-chart-spice-80x24",
    "results-chart-golem-80x24",
    "help",
    "confirm-undo",
    "too-small",
]


@pytest.mark.parametrize("name", PINNED)
def test_looks(name, snap_compare):
    shot = SHOTS[name]
    app = CenturyApp(shot.game(), skin=shot.skin, settings=Settings(skin=shot.skin, bot_delay_ms=0), autosave=False)
    assert snap_compare(app, press=shot.press, terminal_size=shot.size)
