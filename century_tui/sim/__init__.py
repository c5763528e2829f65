"""Headless games between bots: throughput and strength figures. Never imports Textual
(nor rich: the command line draws the progress bar and words the summary).

Game g of a run is the same game however it is run: its deal comes from `seed + g` and its
bots' seeds from (seed, g), so the games can be shared among worker processes (`jobs`)
and the summary adds up to the same figures for any number of them. Only measurements
differ from run to run: seconds, games and moves per second, and think times.

By concern: `games` (one game, played on a table), `pool` (the worker processes),
`ctrl_c` (the interrupt that cannot be lost), `report` (the summary); `simulate` here
runs them together.
"""

from __future__ import annotations

import time
from typing import Callable

from .ctrl_c import CtrlC
from .games import DEFAULT_ROUND_CAP, Run, lineup, play_game
from .pool import batches, default_jobs, results_of
from .report import MEASURED, BotTally, GameResult, SimReport

__all__ = [
    "DEFAULT_ROUND_CAP", "MEASURED", "BotTally", "CtrlC", "GameResult", "Run", "SimReport", "batches", "default_jobs",
    "lineup", "play_game", "simulate",
]


def simulate(
    bots: list[str],
    games: int,
    players: int,
    seed: int = 0,
    round_cap: int = DEFAULT_ROUND_CAP,
    budget_ms: int | None = None,
    time_moves: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play `games` complete games on `jobs` processes; `progress(n)` hears of each n games
    done. Ctrl+C stops the run: the report covers the games finished. On one job it breaks
    off the game under way (a KeyboardInterrupt); on more, the parent is only ever waiting
    for its workers, and Ctrl+C wakes it up without an exception that could land halfway
    through a report, a redraw of the bar or the workers' start."""
    run = Run(tuple(bots), players, seed, round_cap, budget_ms, time_moves)
    report = SimReport.start(bots, players, games, jobs)
    start = time.perf_counter()
    with CtrlC.caught(raising=jobs <= 1 or games <= 1) as ctrl_c:
        results = results_of(run, games, jobs, ctrl_c)
        try:
            for done in results:
                for result in done:
                    report.add(result)
                if progress is not None:
                    progress(len(done))
        except KeyboardInterrupt:
            pass
        finally:
            results.close()  # the worker processes end here, however the run ends
    report.seconds = time.perf_counter() - start
    return report
