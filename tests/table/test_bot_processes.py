"""A host's bots think in a process of their own (issue 43: bots in the host's threads
slowed every SSH seat), and choose there exactly what they choose in a thread."""

from __future__ import annotations

import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from century_tui.engine import Game, Seat
from century_tui.table.bot_processes import BotProcesses
from century_tui.table.local import fresh_bots


def test_a_bot_in_a_process_chooses_what_it_chooses_in_a_thread_and_a_dead_worker_is_replaced():
    game = Game([Seat("Cog", "easy"), Seat("Rex", "random")], seed=11)
    here = fresh_bots(game)
    procs = BotProcesses(workers=1)
    try:
        think = procs.thinker(game)
        for number in range(6):  # both levels, a few positions on
            state = game.state
            move = think(state, number, None)
            assert move == here(state, number, None)
            game.apply(move)
        assert procs._executor().submit(os.getpid).result() != os.getpid()  # not this process
        procs._executor().submit(signal.raise_signal, signal.SIGKILL)  # the worker dies
        with pytest.raises(BrokenProcessPool):
            think(game.state, 6, None)  # the move it was choosing fails (the table tries again)...
        assert think(game.state, 6, None) == here(game.state, 6, None)  # ...and new workers answer
    finally:
        procs.close()
