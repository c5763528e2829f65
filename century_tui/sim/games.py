"""One game of a run, from its deal to its end: game g is the same game however the run is
shared out, its deal from `seed + g`, its bots' seeds from (seed, g)."""

from __future__ import annotations

import random
import time

from msgspec import Struct

from century_tui.bots import make_bot
from century_tui.engine import Game, Move, Seat, State
from century_tui.table import Inline, LocalTable, Moved

from .report import GameResult

DEFAULT_ROUND_CAP = 400
"""Rounds after which a game is abandoned as a livelock and reported as capped."""


def lineup(bots: list[str], players: int, game: int) -> list[str]:
    """Bots by seat for game `game`: the list cycled over seats, rotated one seat per game."""
    return [bots[(seat + game) % len(bots)] for seat in range(players)]


class Run(Struct, frozen=True):
    """What every game of a run shares: sent once to each worker process."""

    bots: tuple[str, ...]
    players: int
    seed: int = 0
    round_cap: int = DEFAULT_ROUND_CAP
    budget_ms: int | None = None
    time_moves: bool = False


def play_game(run: Run, g: int) -> GameResult:
    """Game number `g` of a run, from its deal to its end (or the round cap), played on a
    table as any game is, its bots on this thread."""
    names = lineup(list(run.bots), run.players, g)
    rng = random.Random(run.seed * 1_000_003 + g)
    bots = [make_bot(name, rng.randrange(2**32), run.budget_ms) for name in names]
    think: list[list[float]] = [[] for _ in names]
    clock = time.perf_counter

    def choose(state: State, _number: int, _budget: int | None) -> Move:
        seat = state.seat
        if not run.time_moves:
            return bots[seat].choose(state)
        t0 = clock()
        move = bots[seat].choose(state)
        think[seat].append(clock() - t0)
        return move

    loop = Inline()
    game = Game([Seat(f"{name} {i + 1}", name) for i, name in enumerate(names)], run.seed + g)
    table = LocalTable(game, spawn=loop.spawn, call_soon=loop.call_soon, think=choose, shared=True)

    def capped(change: object) -> None:
        if isinstance(change, Moved) and game.state.players[change.seat].turns >= run.round_cap:
            table.close()  # a livelock: abandoned, reported as capped

    table.subscribe(capped)
    table.start()
    loop.run()
    state = game.state
    over = state.is_over
    return GameResult(
        g, tuple(names), len(game.moves), sum(p.turns for p in state.players),
        tuple(state.score(seat).total for seat in range(run.players)) if over else None,
        state.winner() if over else None,
        tuple(tuple(times) for times in think) if run.time_moves else (),
    )
