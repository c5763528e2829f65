"""`century sim --jobs`: games per second on 1 and 2 worker processes, and the same results.

Run by hand (not a test), from the repository root, on a machine otherwise at rest:

    python benchmarks/sim_jobs.py [--games-random 2000] [--games-easy 2000] [--repeat 3]

For random bots and for easy bots it plays the same games (same seed) with jobs=1 and
jobs=2: one run of each first to warm this process's engine caches (the workers are forks
of it and inherit them), then `--repeat` runs of each, alternating, so a load that comes
and goes weighs on both sides alike. It prints the best games/s of each and their ratio.
Target (issue 18): 2 processes at least 1.8× one. It also checks that all runs report the
same figures, measurements aside (`century_tui.sim.MEASURED`).

On a shared machine games/s follow whatever else runs, so each line also gives the load
average, and the CPU time a game costs (the least of the runs): in this process, and in
the worker processes. From those, `idle ×` is the speed-up 2 idle cores would give: one
job's cost over two jobs' workers' cost shared by 2, plus all of the parent's (as if none
of it overlapped the workers: a bound from below).
"""

from __future__ import annotations

import argparse
import os
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


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process, and of its finished children (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


class Side:
    """The runs of one number of jobs: best rate, least CPU per game, reports, loads."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.rates: list[float] = []
        self.parent: list[float] = []
        self.children: list[float] = []
        self.reports: list[dict] = []
        self.loads: list[str] = []

    def run(self, bots: list[str], games: int) -> None:
        before = cpu_seconds()
        report = simulate(bots, games, 2, seed=1, jobs=self.jobs).as_dict()
        after = cpu_seconds()
        self.parent.append((after[0] - before[0]) / games)
        self.children.append((after[1] - before[1]) / games)
        self.rates.append(report["games_per_s"])
        self.reports.append(results(report))
        self.loads.append(load())

    def line(self) -> str:
        best = self.rates.index(max(self.rates))
        return (f"{self.jobs} job{'s' if self.jobs > 1 else ' '} {max(self.rates):7.1f} games/s "
                f"(runs: {', '.join(f'{r:.1f}' for r in self.rates)}; best at {self.loads[best]})   "
                f"CPU per game: here {min(self.parent) * 1000:.2f} ms, workers {min(self.children) * 1000:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-random", type=int, default=2000)
    ap.add_argument("--games-easy", type=int, default=2000)  # 600 (a few seconds a run) proved too noisy
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    ok = True
    for bots, games in ((["random"], args.games_random), (["easy"], args.games_easy)):
        sides = Side(1), Side(2)
        for side in sides:  # warm-up, not counted
            simulate(bots, games, 2, seed=1, jobs=side.jobs)
        for _ in range(args.repeat):
            for side in sides:
                side.run(bots, games)
        one, two = sides
        same = all(r == one.reports[0] for side in sides for r in side.reports)
        ratio = max(two.rates) / max(one.rates)
        cost1 = min(one.parent) + min(one.children)
        idle = cost1 / (min(two.parent) + min(two.children) / 2)
        ok &= same and ratio >= 1.8
        print(f"{bots[0]}, {games} games, best of {args.repeat}: ×{ratio:.2f} (target ×1.8), "
              f"idle ×{idle:.2f}, same results: {same}")
        print("   " + one.line())
        print("   " + two.line())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
