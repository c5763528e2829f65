"""The look in Japanese and French at 80×24, pinned: the board, a move modal, results, help.

The same positions as tests/tui/test_tui_snapshots.py (support.demo.showcase()),
shown in another language; the Japanese ones check that two-cell cube letters (黄赤緑茶)
neither break the layout nor cut a card. After a deliberate change of look: look at the
report, then `--snapshot-update`.
"""

from __future__ import annotations

import pytest

from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from support.demo import showcase

SHOTS = {shot.name: shot for shot in showcase()}
PINNED = [
    ("board-spice-80x24", "ja"),
    ("board-golem-80x24", "ja"),
    ("modal-acquire", "ja"),
    ("results", "ja"),
    ("help", "ja"),
    ("board-spice-80x24", "fr"),
    ("modal-upgrade", "fr"),
    ("results", "fr"),
    ("help", "fr"),
]


@pytest.mark.parametrize("name, language", PINNED)
def test_looks_in(name, language, snap_compare):
    shot = SHOTS[name]
    settings = Settings(skin=shot.skin, bot_delay_ms=0, language=language)
    app = CenturyApp(shot.game(), skin=shot.skin, settings=settings, autosave=False, replay=shot.replay)
    assert snap_compare(app, press=shot.press, terminal_size=shot.size)
