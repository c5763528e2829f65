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
- hope (every fourth turn, the same search): what the best line foresees against what
  came: the bot's points 5 and 10 own turns on, both players' final scores, the own turn
  the game ends, and whether it is won. Foreseen less actual (positive: the line hoped
  for more than the game gave).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import add_screen_games, build, seed_range  # noqa: E402

from century_tui.bots.caravan_tables import SCORED  # noqa: E402
from century_tui.bots.hard import imagined  # noqa: E402
from century_tui.bots.planner import Beam, line_of  # noqa: E402
from century_tui.bots.race import Plan  # noqa: E402
from century_tui.bots.root import Planning  # noqa: E402
from century_tui.engine import DISCARDING, State  # noqa: E402

PACES = (3, 4, 5, 6)
AHEAD = (1, 2, 3)
DEPTH = 40
HOPE_AHEAD = (5, 10)


def trimmed(plan: Plan) -> Plan:
    """`plan` cut after its last claim (unchanged when it has none)."""
    claims = [i for i, step in enumerate(plan.steps) if step[0] == "claim"]
    if not claims:
        return plan
    return Plan(plan.steps[:claims[-1] + 1], plan.states[:claims[-1] + 2])


def planning(state: State, seat: int, weights, seed: int) -> Planning:
    """The bot's view of `state` as its first search sees it: the deck order it imagines
    with its own `seed` (`HardBot.appraise`), no node cap."""
    return Planning(imagined(state, seed), seat, weights, 10 ** 9, float("inf"), lambda: 0.0)


def search(pl: Planning, width: int) -> tuple[list[int], tuple | None]:
    """A `width`-wide search to the game's end: the distinct first moves kept at each
    level, and the best position of the last level."""
    beam = Beam(pl.evaluator, pl.trigger, pl.work)
    roots: list[tuple] = []
    for i, move in enumerate(pl.moves()):
        pl.child(beam, i, move, roots)
    counts, best = [], None
    for _, level in beam.levels(roots, width, DEPTH):
        counts.append(len({node[1] for node in level}))
        best = level[0] if level else best
    return counts, best


def hope(pl: Planning, best: tuple, turns: int) -> dict:
    """What the best line foresees, from the bot's own turn `turns` + 1: its realised
    points after each own turn (keyed by the own turns played then), and at its end (when
    it reaches the game's end) both final scores and the end's own turn."""
    line = line_of(best)
    got: dict = {"points": {turns + d: node[5] for d, node in enumerate(line, 1)}}
    world = best[7]
    if world.over:
        others = pl.evaluator.others_scores(world)
        _, pts, ncl, _ = world.others[0]
        got |= {"mine": best[5] + SCORED[best[2]], "theirs": max(others), "end": turns + world.depth,
                "their cards": ncl, "their points": pts}
    return got


def play(seed: int, rot: int, nodes: int, baseline_nodes: int, reports: set[str], width: int
         ) -> tuple[list, list[list[int]], list[tuple]]:
    """One game; (forecast rows (foreseen - actual, by plan kind, pace, claims ahead),
    first moves alive per level at each probed turn, hope rows (what, foreseen - actual))."""
    names = ("hard", "baseline") if rot == 0 else ("baseline", "hard")
    bots = [build(name, 1000 * seed + i, None, nodes, baseline_nodes, "cpu") for i, name in enumerate(names)]
    state = State.new(2, seed)
    me = names.index("hard")
    other = 1 - me
    foreseen, widths, came, hopes = [], [], [], []
    realised = {0: 0}  # the bot's points from cards and coins after each of its own turns
    while not state.is_over:
        forecast = "forecast" in reports
        probed = bool({"alive", "hope"} & reports) and state.players[me].turns % 4 == 0
        if state.seat == me and state.phase != DISCARDING and (forecast or probed):
            pl = planning(state, me, bots[me].weights, bots[me].seed)  # made only for a report that reads it
            if forecast:
                foreseen.append((state.players[other].turns, len(state.players[other].claimed), pl.game.others[0].plan))
            if probed:
                counts, best = search(pl, width)
                widths.append(counts)
                if best is not None:
                    hopes.append(hope(pl, best, state.players[me].turns))
        before = len(state.players[other].claimed)
        state.advance(bots[state.seat].choose(state))
        if len(state.players[other].claimed) > before:
            came.append(state.players[other].turns)
        score = state.score(me)
        realised[state.players[me].turns] = score.total - score.cubes
    rows = []
    for turns, claimed, plan in foreseen:
        for kind, p in (("as made", plan), ("cut", trimmed(plan))):
            for m in AHEAD:
                if claimed + m <= len(came):
                    for pace in PACES:
                        rows.append((kind, pace, m, p.turns_to(0, m, pace) - (came[claimed + m - 1] - turns)))
    mine, their = state.score(me), state.score(other)
    won = state.winner() == me
    hoped = []
    for h in hopes:
        start = min(h["points"]) - 1
        for d in HOPE_AHEAD:
            if start + d in h["points"] and start + d in realised:
                hoped.append((f"points {d} own turns on", h["points"][start + d] - realised[start + d]))
        if "mine" in h:
            span = h["end"] - start
            near = "1-5" if span <= 5 else "6-15" if span <= 15 else "16+"
            hoped += [("own final score", h["mine"] - mine.total), ("other's final score", h["theirs"] - their.total),
                      (f"other's final score, the end {near} own turns on", h["theirs"] - their.total),
                      ("the end's own turn", h["end"] - state.players[me].turns),
                      ("other's cards at the end", h["their cards"] - len(state.players[other].claimed)),
                      ("other's points from cards and coins", h["their points"] - (their.total - their.cubes)),
                      ("won" if h["mine"] > h["theirs"] else "lost", int(won))]  # the line's end, ties aside
    return rows, widths, hoped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_screen_games(parser, seeds="2000-2003", nodes=20000)
    parser.add_argument("--report", default="forecast,alive,hope")
    parser.add_argument("--width", type=int, default=48, help="the beam the alive report searches")
    args = parser.parse_args(argv)
    reports = set(args.report.split(","))
    rows, widths, hoped = [], [], []
    for seed in seed_range(args.seeds):
        for rot in (0, 1):
            r, w, h = play(seed, rot, args.nodes, args.baseline_nodes, reports, args.width)
            rows += r
            widths += w
            hoped += h
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
    if "hope" in reports and hoped:
        print(f"The best line of the {args.width}-wide search against the game (foreseen less actual):")
        for what in ("points 5 own turns on", "points 10 own turns on", "own final score", "other's final score",
                     *(f"other's final score, the end {near} own turns on" for near in ("1-5", "6-15", "16+")),
                     "other's points from cards and coins", "other's cards at the end", "the end's own turn"):
            errs = [e for k, e in hoped if k == what]
            if errs:
                print(f"  {what}: {statistics.mean(errs):+.1f} (mean absolute {statistics.mean(map(abs, errs)):.1f};"
                      f" n={len(errs)})")
        for what in ("won", "lost"):
            wins = [e for k, e in hoped if k == what]
            if wins:
                print(f"  positions whose line ends {what}: {len(wins)}, the game won from"
                      f" {sum(wins)} ({100 * sum(wins) / len(wins):.0f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
