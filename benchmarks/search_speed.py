"""Positions evaluated per second: the planner against issue 17's hard bot, at the same node cap.

Run by hand (not a test), from the repository root, alone on an idle core:

    nice -n 10 taskset -c 1 python benchmarks/search_speed.py --nodes 4000,16000,48000

Positions come from two-player games between medium bots (seeds 0.., own turn 4 to 23),
the same for both bots. Each bot chooses a move in every position at a node cap (its
`max_nodes`, never the clock), on the process's CPU clock. Printed per bot: positions
evaluated per CPU second (a position is evaluated once its worth is worked out: issue
17's bot counts a node for each child it makes and evaluates those not met before, so
both its counts are shown), and the ratio to issue 17's bot. Issue 41's target: the
planner evaluates at least three times as many positions a second at the same cap.
Caches are warmed by a first pass over the positions, not timed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import hard_issue17  # noqa: E402

from century_tui.bots import HardBot, make_bot  # noqa: E402
from century_tui.engine import ACTION, State  # noqa: E402


def positions(count: int) -> list[State]:
    """Two-player positions some turns in, reached by medium bots."""
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = State.new(2, seed)
        bots = [make_bot("medium", i) for i in range(2)]
        turns = 4 + seed % 20
        while state.players[state.seat].turns < turns and not state.is_over:
            state.advance(bots[state.seat].choose(state))
        if not state.is_over and state.phase == ACTION:
            out.append(state)
        seed += 1
    return out


class Counted:
    """issue 17's `evaluate`, counting its calls."""

    def __init__(self, evaluate) -> None:
        self.evaluate = evaluate
        self.calls = 0

    def __call__(self, *args, **kw):
        self.calls += 1
        return self.evaluate(*args, **kw)


def measure(make, states: list[State], evaluated=None) -> tuple[float, int, int]:
    """(CPU seconds, nodes, positions evaluated) over `states`, after a warming pass."""
    for i, s in enumerate(states):
        make(i).choose(s)
    seconds, nodes, evals = 0.0, 0, 0
    for i, s in enumerate(states):
        bot = make(i)
        before = evaluated.calls if evaluated else 0
        t = time.process_time()
        bot.choose(s)
        seconds += time.process_time() - t
        nodes += bot.nodes
        evals += (evaluated.calls - before) if evaluated else bot.nodes
    return seconds, nodes, evals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", default="4000,16000,48000", help="node caps, comma-separated")
    ap.add_argument("--positions", type=int, default=30)
    args = ap.parse_args(argv)
    states = positions(args.positions)
    counted = Counted(hard_issue17.evaluate)
    hard_issue17.evaluate = counted  # type: ignore[assignment]
    print(f"{len(states)} two-player positions, CPU time (time.process_time)\n")
    print("| node cap | bot | nodes | positions evaluated | CPU s | evaluated / s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for cap in (int(c) for c in args.nodes.split(",")):
        old = measure(lambda i: hard_issue17.HardBot(i, budget_ms=600_000, max_nodes=cap), states, counted)
        new = measure(lambda i: HardBot(i, budget_ms=600_000, max_nodes=cap), states)
        base = old[2] / old[0]
        for name, (sec, nodes, evals) in (("issue 17 hard", old), ("planner", new)):
            rate = evals / sec
            print(f"| {cap:,} | {name} | {nodes:,} | {evals:,} | {sec:.2f} | {rate:,.0f} | {rate / base:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
