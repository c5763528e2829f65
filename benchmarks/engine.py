"""Engine throughput, run by hand: `python benchmarks/engine.py [--games N] [--repeat R]`.

1. Random play (2 players, the `random` bot: a uniform kind, then a uniform move of
   that kind): complete games/s and moves/s. Target: >= 400 games/s, >= 100,000 moves/s
   on one core.
2. Full legal-move enumeration (what search bots call): positions/s and moves listed/s,
   over positions from random games.
Best of R repeats, because shared machines are noisy; caches are warmed first.
"""

from __future__ import annotations

import argparse
import json
import time

from century_tui.bots import RandomBot
from century_tui.engine import State


def random_games(games: int, seed: int = 0) -> tuple[float, int]:
    """Seconds and moves for `games` complete 2-player random games."""
    start = time.perf_counter()
    moves = 0
    for g in range(games):
        s = State.new(2, seed + g)
        bots = (RandomBot(2 * g), RandomBot(2 * g + 1))
        while not s.is_over:
            s.advance(bots[s.seat].choose(s))
            moves += 1
    return time.perf_counter() - start, moves


def positions(count: int, seed: int = 1) -> list[State]:
    out: list[State] = []
    g = 0
    while len(out) < count:
        s, bot = State.new(2, seed + g), RandomBot(g)
        while not s.is_over and len(out) < count:
            out.append(s.clone())
            s.advance(bot.choose(s))
        g += 1
    return out


def enumeration(states: list[State]) -> tuple[float, int]:
    start = time.perf_counter()
    listed = 0
    for s in states:
        listed += len(s.legal_moves())
    return time.perf_counter() - start, listed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    random_games(200, seed=10**6)  # warm the per-position caches
    best = min(random_games(args.games) for _ in range(args.repeat))
    seconds, moves = best
    states = positions(20000, seed=2 * 10**6)
    cold_seconds, _ = enumeration(states)  # first sight of most positions: caches filling
    e_seconds, listed = min(enumeration(states) for _ in range(args.repeat))
    result = {
        "games": args.games,
        "games_per_s": args.games / seconds,
        "moves_per_s": moves / seconds,
        "moves_per_game": moves / args.games,
        "enumeration_positions_per_s": len(states) / e_seconds,
        "enumeration_moves_per_s": listed / e_seconds,
        "mean_legal_moves": listed / len(states),
        "enumeration_cold_positions_per_s": len(states) / cold_seconds,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"random play, 2 players: {result['games_per_s']:.0f} games/s, "
          f"{result['moves_per_s']:,.0f} moves/s ({result['moves_per_game']:.0f} moves a game)")
    print(f"full legal-move enumeration: {result['enumeration_positions_per_s']:,.0f} positions/s, "
          f"{result['enumeration_moves_per_s']:,.0f} moves listed/s "
          f"({result['mean_legal_moves']:.0f} legal moves a position on average); "
          f"{result['enumeration_cold_positions_per_s']:,.0f} positions/s on first sight")


if __name__ == "__main__":
    main()
