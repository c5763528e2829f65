"""`century sim --jobs`: games per second on 1 and 2 worker processes, and the same results.

Run by hand (not a test), from the repository root, on a machine otherwise at rest:

    python benchmarks/sim_jobs.py [--games-random 2000] [--games-easy 300] [--repeat 3]

For random bots and for easy bots it plays the same games (same seed) with jobs=1 and
jobs=2, best of `--repeat` runs each, and prints games/s and the speed-up. Target
(issue 18): 2 processes at least 1.8× one. It also checks that both runs report the
same figures, measurements aside (`century_tui.sim.MEASURED`).
"""

from __future__ import annotations

import argparse
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


def best(bots: list[str], games: int, jobs: int, repeat: int) -> tuple[float, dict]:
    rates, report = [], {}
    for _ in range(repeat):
        r = simulate(bots, games, 2, seed=1, jobs=jobs, time_moves=False).as_dict()
        rates.append(r["games_per_s"])
        report = r
    return max(rates), report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-random", type=int, default=2000)
    ap.add_argument("--games-easy", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    ok = True
    for bots, games in ((["random"], args.games_random), (["easy"], args.games_easy)):
        one, r1 = best(bots, games, 1, args.repeat)
        two, r2 = best(bots, games, 2, args.repeat)
        same = results(r1) == results(r2)
        ratio = two / one
        ok &= same and ratio >= 1.8
        print(f"{bots[0]:<7} {games:>5} games   1 job {one:7.1f} games/s   2 jobs {two:7.1f} games/s   "
              f"×{ratio:.2f} (target ×1.8)   same results: {same}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
