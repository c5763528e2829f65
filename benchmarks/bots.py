"""Bot strength table: two-player matches with seats alternated, and think times per move.

Run by hand (not a test), from the repository root:

    python benchmarks/bots.py --games 200 --budget-ms 1000

Each pair plays `--games` games; game g uses engine seed `seed + g`, and the first bot
of the pair sits first in even games, second in odd ones. Games run in 2 processes.
Targets (issue 4): hard beats medium in 75 % of games, medium beats easy in 80 %,
easy beats random in 80 %.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from century_tui.bots import make_bot  # noqa: E402
from century_tui.engine import State  # noqa: E402

PAIRS = (("hard", "medium", 0.75), ("medium", "easy", 0.80), ("easy", "random", 0.80))
ROUND_CAP = 400


def play(task: tuple[str, str, int, int | None]) -> dict:
    """One game: `a` sits first when the game number is even. Returns the result and timings."""
    a, b, g, budget = task
    names = [a, b] if g % 2 == 0 else [b, a]
    bots = [make_bot(n, seed=1000 * g + i, budget_ms=budget) for i, n in enumerate(names)]
    state = State.new(2, g)
    think: dict[str, list[float]] = {a: [], b: []}
    clock = time.perf_counter
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        t0 = clock()
        move = bots[state.seat].choose(state)
        think[names[state.seat]].append(clock() - t0)
        state.advance(move)
    out = {"a": a, "b": b, "think": think, "turns": state.players[0].turns, "capped": not state.is_over}
    if state.is_over:
        seat_a = names.index(a)
        out["a_won"] = state.winner() == seat_a
        out["score_a"] = state.score(seat_a).total
        out["score_b"] = state.score(1 - seat_a).total
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair (even keeps seats balanced)")
    ap.add_argument("--budget-ms", type=int, default=None, help="hard bot budget per move (default 1000)")
    ap.add_argument("--pairs", default=None, help="e.g. hard:medium,medium:easy (default: the three targets)")
    ap.add_argument("--seed", type=int, default=0, help="first engine seed")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args(argv)

    pairs = PAIRS
    if args.pairs:
        targets = {(a, b): t for a, b, t in PAIRS}
        chosen = [tuple(p.split(":")) for p in args.pairs.split(",")]
        pairs = tuple((a, b, targets.get((a, b), 0.0)) for a, b in chosen)
    tasks = [(a, b, args.seed + g, args.budget_ms) for a, b, _ in pairs for g in range(args.games)]
    start = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        results = pool.map(play, tasks, chunksize=1)
    seconds = time.perf_counter() - start

    budget = f"{args.budget_ms} ms" if args.budget_ms else "default (1000 ms)"
    print(f"{args.games} two-player games per pair, seats alternated, hard budget {budget}, "
          f"{seconds:.0f} s on {args.processes} processes\n")
    print(f"| {'pair':<16} | {'wins of first':>13} | {'target':>6} | {'mean score':>11} | "
          f"{'turns/player':>12} | {'capped':>6} |")
    print(f"|{'-' * 18}|{'-' * 15}|{'-' * 8}|{'-' * 13}|{'-' * 14}|{'-' * 8}|")
    think: dict[str, list[float]] = {}
    for a, b, target in pairs:
        rs = [r for r in results if r["a"] == a and r["b"] == b]
        done = [r for r in rs if not r["capped"]]
        wins = sum(r["a_won"] for r in done)
        share = wins / len(done) if done else 0.0
        sa = statistics.mean(r["score_a"] for r in done) if done else 0.0
        sb = statistics.mean(r["score_b"] for r in done) if done else 0.0
        turns = statistics.mean(r["turns"] for r in rs)
        mark = "" if not target else (" ok" if share >= target else " LOW")
        tgt = f"{target:.0%}" if target else "-"
        print(f"| {a + ' v ' + b:<16} | {share:>9.1%}{mark:<4} | {tgt:>6} | {sa:>5.1f}-{sb:<5.1f} | "
              f"{turns:>12.1f} | {sum(r['capped'] for r in rs):>6} |")
        for r in rs:
            for name, ts in r["think"].items():
                think.setdefault(name, []).extend(ts)
    print(f"\n| {'level':<8} | {'moves':>7} | {'median ms':>9} | {'max ms':>8} |")
    print(f"|{'-' * 10}|{'-' * 9}|{'-' * 11}|{'-' * 10}|")
    for name in ("random", "easy", "medium", "hard"):
        if name in think:
            ts = think[name]
            print(f"| {name:<8} | {len(ts):>7} | {statistics.median(ts) * 1000:>9.2f} | {max(ts) * 1000:>8.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
