"""Whole games through the UI: one with the keyboard only, one with the mouse only.

A fixed seed and a deterministic policy choose each move from the engine's legal moves;
the test then performs that move through key presses (or clicks) alone and checks the
engine state after every step. The pass screen between the two people is answered the
same way.
"""

from __future__ import annotations

import random

from tests.helpers.driver import board, pass_screens, play_clicks, play_keys, settle

from century_tui import storage
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.results import ResultsScreen


async def _play(seed: int, rng_seed: int, step, clicks: bool, handoff: bool = True) -> set[str]:
    game = demo.new_game(("Ann", "Bob"), seed=seed)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=handoff))
    rng = random.Random(rng_seed)
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_screens(pilot, clicks)
        screen = board(app)
        while not screen.game.state.is_over:
            move = demo.policy(screen.game.state, rng)
            kinds.add(move.kind)
            await step(pilot, move)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        state = screen.game.state
        assert state.is_over and state.end_triggered is not None
        saved = storage.load_game(screen.save_path)
        assert saved.moves == screen.game.moves
        assert storage.latest_unfinished() is None
    return kinds


async def test_whole_game_with_keys_only():
    """Every kind of move, the pass screen between the two people and a discard over 10."""
    kinds = await _play(164, 1, play_keys, clicks=False)
    assert kinds >= {"spice", "upgrade", "trade", "acquire", "rest", "claim", "discard"}


async def test_whole_game_with_clicks_only():
    """The pass screen is off here (test_tui_flow clicks through it) to keep this quick."""
    kinds = await _play(13, 2, play_clicks, clicks=True, handoff=False)
    assert kinds >= {"spice", "upgrade", "trade", "acquire", "rest", "claim"}
