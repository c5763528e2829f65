"""`century sim --jobs`: games per second on 1 and 2 worker processes, and the same results.

Run by hand (not a test), from the repository root, on a machine otherwise at rest:

    python benchmarks/sim_jobs.py [--games-random 2000] [--games-easy 300] [--repeat 3]

For random bots and for easy bots it plays the same games (same seed) with jobs=1 and
jobs=2, best of `--repeat` runs each, and prints games/s and the speed-up. Target
(issue 18): 2 processes at least 1.8× one. It also checks that both runs report the
same figures, measurements aside (`century_tui.sim.MEASURED`).

On a shared machine games/s follow whatever else runs, so it also prints the CPU time a
game costs on 1 and on 2 processes (the workers' included): their ratio is the share of
the work that survives the split, and 2 × that share is the speed-up 2 idle cores give.
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from century_tui.sim import MEASURED, simulate  # noqa: E402


def results(d: dict) -> dict:
    """The report without its measurements: what must not depend on the number of jobs."""
    if isinstance(d, dict):
        return {k: results(v) for k, v in d.items() if k not in MEASURED}
    if isinstance(d, list):
        return [results(x) for x in d]
    return d


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best(bots: list[str], games: int, jobs: int, repeat: int) -> tuple[float, float, dict]:
    """Best games/s, least CPU seconds per game, and the report of the last run."""
    rates, costs, report = [], [], {}
    for _ in range(repeat):
        before = cpu_seconds()
        report = simulate(bots, games, 2, seed=1, jobs=jobs, time_moves=False).as_dict()
        costs.append((cpu_seconds() - before) / games)
        rates.append(report["games_per_s"])
    return max(rates), min(costs), report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-random", type=int, default=2000)
    ap.add_argument("--games-easy", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    ok = True
    for bots, games in ((["random"], args.games_random), (["easy"], args.games_easy)):
        one, cost1, r1 = best(bots, games, 1, args.repeat)
        two, cost2, r2 = best(bots, games, 2, args.repeat)
        same = results(r1) == results(r2)
        ratio = two / one
        ok &= same and ratio >= 1.8
        print(f"{bots[0]:<7} {games:>5} games   1 job {one:7.1f} games/s   2 jobs {two:7.1f} games/s   "
              f"×{ratio:.2f} (target ×1.8)   same results: {same}")
        print(f"{'':<19} CPU per game: 1 job {cost1 * 1000:.2f} ms, 2 jobs {cost2 * 1000:.2f} ms   "
              f"idle 2-core speed-up ×{2 * cost1 / cost2:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
