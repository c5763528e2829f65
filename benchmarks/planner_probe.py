"""Probe the hard bot's planner on the positions of real games: how well its race model
foresees the other player, and how long its search keeps more than one first move.

Run by hand from the repository root (not a test; deterministic: the hard bot node-capped, the
baseline's search fixed):

    python benchmarks/planner_probe.py --seeds 2000-2003            # both reports
    python benchmarks/planner_probe.py --seeds 2000-2009 --report forecast

It plays the hard bot (at `--nodes`) against the frozen baseline, seats swapped on each
engine seed, and at each of the hard bot's turns:

- forecast: makes the other player's plan as the bot does (`root.Planning`) and, once
  the game is over, compares the own turn each of that player's next three claims was
  foreseen at (its plan, then a claim every `pace` turns: `race.PACE`) with the turn it
  came. Both for the plan as made and for the plan cut after its last claim (a short
  search's last turns buy cards its horizon values, which puts off the claims after it).
  Bias is foreseen less actual (positive: the bot expects the other player later).
- alive (every fourth turn): runs the bot's 48-wide search (`--width`) to the game's end
  on one imagined order and counts the distinct first moves among the positions kept at
  each own turn ahead: once one is left, the deeper turns and the game's end decide
  nothing between first moves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import build  # noqa: E402

from century_tui.bots.hard import imagined  # noqa: E402
from century_tui.bots.planner import Beam  # noqa: E402
from century_tui.bots.race import Plan  # noqa: E402
from century_tui.bots.root import Planning  # noqa: E402
from century_tui.engine import DISCARDING, State  # noqa: E402

PACES = (3, 4, 5, 6)
AHEAD = (1, 2, 3)
DEPTH = 40


def trimmed(plan: Plan) -> Plan:
    """`plan` cut after its last claim (unchanged when it has none)."""
    claims = [i for i, step in enumerate(plan.steps) if step[0] == "claim"]
    if not claims:
        return plan
    return Plan(plan.steps[:claims[-1] + 1], plan.states[:claims[-1] + 2])


def planning(state: State, seat: int, weights) -> Planning:
    return Planning(imagined(state, 1), seat, weights, 10 ** 9, float("inf"), lambda: 0.0)


def alive(pl: Planning, width: int) -> list[int]:
    """Distinct first moves kept at each level of a `width`-wide search to the game's end."""
    beam = Beam(pl.evaluator, pl.trigger, pl.work)
    roots: list[tuple] = []
    for i, move in enumerate(pl.moves()):
        pl.child(beam, i, move, roots)
    return [len({node[1] for node in level}) for _, level in beam.levels(roots, width, DEPTH)]


def play(seed: int, rot: int, nodes: int, baseline_nodes: int, reports: set[str], width: int) -> tuple[list, list[list[int]]]:
    """One game; (forecast rows (foreseen - actual, by plan kind, pace, claims ahead),
    first moves alive per level at each hard turn)."""
    names = ("hard", "baseline") if rot == 0 else ("baseline", "hard")
    bots = [build(name, 1000 * seed + i, None, nodes, baseline_nodes, "cpu") for i, name in enumerate(names)]
    state = State.new(2, seed)
    me = names.index("hard")
    other = 1 - me
    foreseen, widths, came = [], [], []
    while not state.is_over:
        forecast = "forecast" in reports
        probed = "alive" in reports and state.players[me].turns % 4 == 0
        if state.seat == me and state.phase != DISCARDING and (forecast or probed):
            pl = planning(state, me, bots[me].weights)  # made only for a report that reads it
            if forecast:
                foreseen.append((state.players[other].turns, len(state.players[other].claimed), pl.game.others[0].plan))
            if probed:
                widths.append(alive(pl, width))
        before = len(state.players[other].claimed)
        state.advance(bots[state.seat].choose(state))
        if len(state.players[other].claimed) > before:
            came.append(state.players[other].turns)
    rows = []
    for turns, claimed, plan in foreseen:
        for kind, p in (("as made", plan), ("cut", trimmed(plan))):
            for m in AHEAD:
                if claimed + m <= len(came):
                    for pace in PACES:
                        rows.append((kind, pace, m, p.turns_to(0, m, pace) - (came[claimed + m - 1] - turns)))
    return rows, widths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="2000-2003", help="engine seeds, FIRST-LAST")
    parser.add_argument("--nodes", type=int, default=20000, help="the hard bot's node cap in the games")
    parser.add_argument("--baseline-nodes", type=int, default=0, help="the baseline's node cap (0: its full search)")
    parser.add_argument("--report", default="forecast,alive")
    parser.add_argument("--width", type=int, default=48, help="the beam the alive report searches")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition("-")
    reports = set(args.report.split(","))
    rows, widths = [], []
    for seed in range(int(first), int(last or first) + 1):
        for rot in (0, 1):
            r, w = play(seed, rot, args.nodes, args.baseline_nodes, reports, args.width)
            rows += r
            widths += w
            print(f"seed {seed} seat {rot}: done", file=sys.stderr)
    if "forecast" in reports:
        print("Foreseen less actual own turns to the other player's m-th next claim (bias; mean absolute error):")
        for kind in ("as made", "cut"):
            for pace in PACES:
                cells = []
                for m in AHEAD:
                    errs = [e for k, p, a, e in rows if (k, p, a) == (kind, pace, m)]
                    if errs:
                        cells.append(f"m={m}: {statistics.mean(errs):+.1f} ({statistics.mean(map(abs, errs)):.1f}; n={len(errs)})")
                print(f"  plan {kind:7}, then a claim every {pace} turns: " + "  ".join(cells))
    if "alive" in reports and widths:
        print(f"First moves kept at each own turn ahead ({args.width} wide, {len(widths)} positions; median):")
        depth = max(map(len, widths))
        med = [statistics.median(w[d] if d < len(w) else 1 for w in widths) for d in range(depth)]
        one = next((d + 1 for d, v in enumerate(med) if v <= 1), None)
        print("  " + " ".join(f"{d + 1}:{v:g}" for d, v in enumerate(med[:16])), f"(one left from turn {one})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
