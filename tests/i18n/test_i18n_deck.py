"""The deck's word on the board is whole in every language: on the box's border where it
fits, else inside the box with the count on the border (French "pioche", Portuguese
"baralho" at 80 columns), never cut to "pio…"."""

from __future__ import annotations

import pytest

from century_tui import text
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from tests.helpers.driver import screen_lines, settle
from tests.helpers.i18n_marker import crop


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_deck_s_word_and_count_are_whole(language, size):
    app = CenturyApp(demo.midgame(), settings=Settings(bot_delay_ms=0, handoff=False, language=language), autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        lines = screen_lines(app)
        word = text.t("card.deck")
        for deck in app.screen.query(".deck"):
            region = deck.region
            box = [crop(line, region.x, region.right) for line in lines[region.y : region.bottom]]
            shown = "\n".join(box)
            assert word in shown and "…" not in shown, shown
            assert str(deck.count) in shown, shown
