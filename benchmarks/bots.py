"""Bot strength and tempo tables: matches with seats swapped, play statistics, think times.

Run by hand (not a test), from the repository root:

    python benchmarks/bots.py --games 60 --budget-ms 250            # issue 17's tables
    python benchmarks/bots.py --suite levels --games 200            # issue 4's level ladder
    python benchmarks/bots.py --games 20 --nodes 600                # quick, deterministic
    python benchmarks/bots.py --matches baseline --nodes 2500 --baseline-nodes 1500
        # deterministic, the baseline as at 250 ms (its cap), the hard bot at N nodes

Two-player matches are played in seat-swapped pairs: games 2k and 2k+1 use engine seed
`seed + k`, the first bot of the pair sitting first in one and second in the other.
Multi-player matches (one hard bot against medium bots) rotate the hard bot through
every seat of each engine seed. `--nodes N` caps every search bot at N nodes per move
instead of the clock (deterministic, for development); otherwise the search bots think
for `--budget-ms` of wall clock. Games run in `--processes` worker processes.

Issue 17's targets (suite "tempo"): the hard bot beats the frozen baseline
(benchmarks/baseline_hard.py) in 75 % of two-player games; in self-play it plays at most
30 own turns per player, claims first by its own turn 8 on average, leaves at most 0.5
acquired cards unplayed and discards at most 0.5 times per player per game; with 3 and 4
players it beats medium bots in 60 % of games; a move's p99 time is within budget + 30 ms.
Intervals are 95 %: Wilson for win rates, mean ± 1.96 standard errors for averages.

While tuning, CENTURY_HARD_WEIGHTS='engine=0.4,target=0.3' overrides the hard bot's
`Weights` and CENTURY_HARD_SCHEDULE='48x6,96x7' its search schedule (beam x depth).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_hard import BaselineHardBot  # noqa: E402

from century_tui.bots import HardBot, make_bot  # noqa: E402
from century_tui.bots.hard import Weights  # noqa: E402
from century_tui.engine import ACQUIRE, CLAIM, DISCARD, SPICE, TRADE, UPGRADE, State

ROUND_CAP = 400
LEVEL_PAIRS = (("hard", "medium", 0.75), ("medium", "easy", 0.80), ("easy", "random", 0.80))
"""Issue 4's ladder: (first, second, share of wins the first must reach)."""
TEMPO_MATCHES = (
    ("hard v baseline", ("hard", "baseline"), 0.75),
    ("hard self-play", ("hard", "hard"), 0.0),
    ("hard v 2 medium", ("hard", "medium", "medium"), 0.60),
    ("hard v 3 medium", ("hard", "medium", "medium", "medium"), 0.60),
)
"""Issue 17's matches: (label, the lineup with the measured bot first, win-share target)."""
SEARCHERS = ("hard", "baseline")


def weights_from_env() -> dict:
    """Weight overrides for the hard bot while tuning: CENTURY_HARD_WEIGHTS='engine=0.4,...'."""
    raw = os.environ.get("CENTURY_HARD_WEIGHTS", "")
    return {k: float(v) for k, v in (kv.split("=") for kv in raw.split(",") if kv)}


def build(name: str, seed: int, budget: int | None, nodes: int | None, baseline_nodes: int | None = None):
    """A bot by name; 'baseline' is the frozen hard bot. `nodes` caps the search bots,
    `baseline_nodes` the baseline alone (its 250 ms budget is a cap of 1500 nodes)."""
    if name in SEARCHERS:
        if name == "hard":
            kw: dict = {"weights": Weights(**weights_from_env())}
            if os.environ.get("CENTURY_HARD_SCHEDULE"):  # e.g. '8x4,16x5'
                kw["schedule"] = tuple(tuple(map(int, bd.split("x"))) for bd in os.environ["CENTURY_HARD_SCHEDULE"].split(","))
            if nodes is not None:
                return HardBot(seed, budget_ms=600_000, max_nodes=nodes, **kw)
            return HardBot(seed, budget_ms=budget, **kw)
        if baseline_nodes is not None:
            return BaselineHardBot(seed, budget_ms=600_000, max_nodes=baseline_nodes)
        if nodes is not None:
            return BaselineHardBot(seed, budget_ms=600_000, max_nodes=nodes)
        return BaselineHardBot(seed, budget_ms=budget)
    return make_bot(name, seed=seed)


def play(task: tuple) -> dict:
    """One game with `names` by seat; per seat: the result, play statistics and think times."""
    names, engine_seed, game, budget, nodes, baseline_nodes = task
    bots = [build(n, 1000 * game + i, budget, nodes, baseline_nodes) for i, n in enumerate(names)]
    state = State.new(len(names), engine_seed)
    n = len(names)
    think: list[list[float]] = [[] for _ in range(n)]
    first_claim: list[int | None] = [None] * n
    acquired: list[set[int]] = [set() for _ in range(n)]
    played: list[set[int]] = [set() for _ in range(n)]
    discards = [0] * n
    clock = time.perf_counter
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        seat = state.seat
        t0 = clock()
        move = bots[seat].choose(state)
        think[seat].append(clock() - t0)
        if move.kind == ACQUIRE:
            acquired[seat].add(state.merchant_row[move.index])
        elif move.kind in (SPICE, TRADE, UPGRADE):
            played[seat].add(move.card)
        elif move.kind == CLAIM and first_claim[seat] is None:
            first_claim[seat] = state.players[seat].turns + 1
        elif move.kind == DISCARD:
            discards[seat] += 1
        state.advance(move)
    over = state.is_over
    winner = state.winner() if over else None
    seats = []
    for i in range(n):
        p = state.players[i]
        seats.append({
            "name": names[i],
            "won": winner == i,
            "score": state.score(i).total,
            "turns": p.turns,
            "first_claim": first_claim[i] if first_claim[i] is not None else p.turns + 1,
            "unplayed": len(acquired[i] - played[i]),
            "acquired": len(acquired[i]),
            "discards": discards[i],
            "think": think[i],
        })
    return {"names": names, "capped": not over, "seats": seats}


def tasks_for(lineup: tuple[str, ...], games: int, seed: int, budget, nodes, baseline_nodes=None) -> list[tuple]:
    """Seat-swapped games: each engine seed is played once with the first bot in each seat."""
    n = len(lineup)
    out = []
    for g in range(games):
        k, rot = divmod(g, n)
        names = tuple(lineup[(s - rot) % n] for s in range(n))  # the first bot sits in seat `rot`
        out.append((names, seed + k, g, budget, nodes, baseline_nodes))
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def mean_ci(xs: list[float]) -> str:
    """'m (lo–hi)': the mean and a normal 95 % interval."""
    if not xs:
        return "-"
    m = statistics.mean(xs)
    if len(xs) < 2:
        return f"{m:.2f}"
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:.2f} ({m - h:.2f}–{m + h:.2f})"


def run(tasks: list[tuple], processes: int) -> list[dict]:
    """Play the tasks in worker processes, showing progress on stderr."""
    out = []
    with multiprocessing.Pool(processes) as pool:
        for i, r in enumerate(pool.imap_unordered(play, tasks, chunksize=1), 1):
            out.append(r)
            print(f"\r{i}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def tempo_report(matches, results: dict[str, list[dict]], budget: int | None) -> None:
    print(f"| {'match':<16} | games | first bot wins (95 % CI) | target | mean score | capped |")
    print("|---|---|---|---|---|---|")
    for label, lineup, target in matches:
        rs = results[label]
        me = lineup[0]
        done = [r for r in rs if not r["capped"]]
        if lineup.count(me) == len(lineup):
            print(f"| {label:<16} | {len(rs)} | - | - | - | {len(rs) - len(done)} |")
            continue
        wins = sum(any(s["won"] for s in r["seats"] if s["name"] == me) for r in done)
        lo, hi = wilson(wins, len(done))
        share = wins / len(done) if done else 0.0
        mark = "" if not target else (" ok" if share >= target else (" ?" if hi >= target else " LOW"))
        mine = [s["score"] for r in done for s in r["seats"] if s["name"] == me]
        theirs = [s["score"] for r in done for s in r["seats"] if s["name"] != me]
        print(f"| {label:<16} | {len(rs)} | {share:.1%} ({lo:.1%}–{hi:.1%}){mark} | {target:.0%} | "
              f"{statistics.mean(mine):.1f} – {statistics.mean(theirs):.1f} | {len(rs) - len(done)} |")

    print("\nPer player per game, mean (95 % CI):\n")
    print("| match | bot | own turns | first claim (own turn) | acquired | never played | discards |")
    print("|---|---|---|---|---|---|---|")
    for label, lineup, _ in matches:
        for name in dict.fromkeys(lineup):
            ss = [s for r in results[label] for s in r["seats"] if s["name"] == name]
            print(f"| {label} | {name} | {mean_ci([s['turns'] for s in ss])} | "
                  f"{mean_ci([s['first_claim'] for s in ss])} | {mean_ci([s['acquired'] for s in ss])} | "
                  f"{mean_ci([s['unplayed'] for s in ss])} | {mean_ci([s['discards'] for s in ss])} |")

    print("\n| bot | moves | median ms | p99 ms | max ms | over budget + 30 ms |")
    print("|---|---|---|---|---|---|")
    think: dict[str, list[float]] = {}
    for rs in results.values():
        for r in rs:
            for s in r["seats"]:
                think.setdefault(s["name"], []).extend(s["think"])
    for name, ts in think.items():
        ms = [t * 1000 for t in ts]
        over = "-" if budget is None or name not in SEARCHERS else str(sum(m > budget + 30 for m in ms))
        print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {percentile(ms, 0.99):.1f} | "
              f"{max(ms):.1f} | {over} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=("tempo", "levels"), default="tempo")
    ap.add_argument("--games", type=int, default=60, help="games per match (a multiple of the players)")
    ap.add_argument("--budget-ms", type=int, default=None, help="search bots' budget per move (default 1000)")
    ap.add_argument("--nodes", type=int, default=None, help="cap search bots at N nodes a move instead")
    ap.add_argument("--matches", default=None,
                    help="tempo suite: which matches, e.g. 'baseline,self,3,4' (default all)")
    ap.add_argument("--pairs", default=None, help="levels suite: e.g. hard:medium,medium:easy")
    ap.add_argument("--baseline-nodes", type=int, default=None,
                    help="cap the baseline at N nodes a move whatever the others get (its 250 ms "
                         "budget is a cap of 1500 nodes: deterministic, for development)")
    ap.add_argument("--seed", type=int, default=0, help="first engine seed")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args(argv)

    if args.suite == "levels":
        chosen = LEVEL_PAIRS
        if args.pairs:
            targets = {(a, b): t for a, b, t in LEVEL_PAIRS}
            chosen = tuple((a, b, targets.get((a, b), 0.0)) for a, b in (p.split(":") for p in args.pairs.split(",")))
        matches = tuple((f"{a} v {b}", (a, b), t) for a, b, t in chosen)
    else:
        keys = {"baseline": 0, "self": 1, "3": 2, "4": 3}
        picked = [keys[k] for k in args.matches.split(",")] if args.matches else range(4)
        matches = tuple(TEMPO_MATCHES[i] for i in picked)
    tasks = {label: tasks_for(lineup, args.games, args.seed, args.budget_ms, args.nodes, args.baseline_nodes)
             for label, lineup, _ in matches}
    start = time.perf_counter()
    flat = run([t for ts in tasks.values() for t in ts], args.processes)
    seconds = time.perf_counter() - start
    results = {label: [r for r in flat if tuple(sorted(r["names"])) == tuple(sorted(lineup))]
               for label, lineup, _ in matches}

    work = f"{args.nodes} nodes a move" if args.nodes else f"{args.budget_ms or 1000} ms a move"
    if args.baseline_nodes:
        work += f" (the baseline at {args.baseline_nodes} nodes)"
    print(f"{args.games} games per match, seats swapped on each engine seed from {args.seed}, "
          f"search bots at {work}; {seconds:.0f} s on {args.processes} processes\n")
    tempo_report(matches, results, None if args.nodes else (args.budget_ms or 1000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
