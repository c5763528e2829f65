"""Bot strength and tempo tables: matches with seats swapped, play statistics, think times.

Run by hand (not a test), from the repository root, one worker on one core so the other
stays free (`nice -n 10 taskset -c 1 ... --processes 1`):

    python benchmarks/bots.py --matches baseline --games 120 --budget-ms 250   # issue 41
    python benchmarks/bots.py --matches time --games 120                       # 1000 v 250 ms
    python benchmarks/bots.py --matches 3,4 --games 60 --budget-ms 250
    python benchmarks/bots.py --suite levels --games 200            # issue 4's level ladder
    python benchmarks/bots.py --matches baseline --nodes 20000 --baseline-nodes 0
        # deterministic screens: the hard bot at N nodes, the baseline to its full depth
    python benchmarks/bots.py --report variant.json --apart reference.json
        # a screen saved with --save, against the reference's, game by game

Two-player matches are played in seat-swapped pairs: games 2k and 2k+1 use engine seed
`seed + k`, the first bot of the pair sitting first in one and second in the other.
Multi-player matches (one hard bot against others) rotate the hard bot through every
seat of each engine seed. A lineup name may carry its own budget, `hard@250`, or its own
node cap, `hard#20000`.

Issue 41: every search bot thinks on the same clock, the CPU time of its own thread
(`time.thread_time`; `--clock wall` for the wall clock), for `--budget-ms` a move, and
none is held to a node cap the other lacks: the frozen baseline
(benchmarks/baseline_hard.py) runs without the cap of six nodes a millisecond it gives
itself, so it searches its 48 x 6 beam to the end whatever the budget. Another process
on the machine then slows both sides alike. `--nodes N` caps the hard bot at N nodes a
move instead of the clock, `--baseline-nodes N` the baseline (0: no cap, its full
search: deterministic, for development). Games run in `--processes` worker processes.

Issue 41's targets: against the frozen baseline >= 80 % at 250 ms and at 1000 ms; the
bot at 1000 ms against itself at 250 ms >= 65 %; with 3 players against two baselines
>= 50 %, with 4 against three >= 40 %. Own turns, first claim, cards never played and
discards are reported beside the strength. Think times: wall clock (what a person
waits) and the thread's CPU time, median and p99 (target: p99 within budget + 30 ms).
Intervals are 95 %: Wilson for win rates, mean +- 1.96 standard errors for averages.

While tuning, CENTURY_HARD_WEIGHTS='engine=0.4,rival=0.5' overrides the hard bot's
`Weights`, CENTURY_HARD_SCHEDULE='24x40,48x40' its search schedule (beam x depth),
CENTURY_HARD_ORDER_WIDTH=96 the widest search of one imagined deck order (0: the
whole schedule on CENTURY_HARD_ORDERS=3 orders sharing the work), and CENTURY_PLAN_SIZE / CENTURY_PLAN_WEIGHTS
the other players' searches (`plan_from_env`).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import hard_issue17  # noqa: E402
from baseline_hard import BaselineHardBot  # noqa: E402

from century_tui.bots import HardBot, make_bot  # noqa: E402
from century_tui.bots.hard import Weights  # noqa: E402
from century_tui.engine import ACQUIRE, CLAIM, DISCARD, DISCARDING, SPICE, TRADE, UPGRADE, State

ROUND_CAP = 400
LEVEL_PAIRS = (("hard", "medium", 0.75), ("medium", "easy", 0.80), ("easy", "random", 0.80))
"""Issue 4's ladder: (first, second, share of wins the first must reach)."""
MATCHES = {
    "baseline": ("hard v baseline", ("hard", "baseline"), 0.80),
    "time": ("hard 1000 ms v hard 250 ms", ("hard@1000", "hard@250"), 0.65),
    "self": ("hard self-play", ("hard", "hard"), 0.0),
    "3": ("hard v 2 baselines", ("hard", "baseline", "baseline"), 0.50),
    "4": ("hard v 3 baselines", ("hard", "baseline", "baseline", "baseline"), 0.40),
    "3m": ("hard v 2 medium", ("hard", "medium", "medium"), 0.60),
    "4m": ("hard v 3 medium", ("hard", "medium", "medium", "medium"), 0.60),
    "issue17": ("hard v issue 17's hard", ("hard", "issue17"), 0.0),
    "nodes": ("hard at 4x the nodes v hard", ("hard#80000", "hard#20000"), 0.65),
    "issue17-baseline": ("issue 17's hard v baseline", ("issue17", "baseline"), 0.0),
}
"""Issue 41's matches (and earlier ones) by key: (label, the lineup with the measured bot
first, win-share target)."""
DEFAULT_MATCHES = "baseline,self,3,4"
SEARCHERS = ("hard", "baseline", "issue17")
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def weights_from_env() -> dict:
    """Weight overrides for the hard bot while tuning: CENTURY_HARD_WEIGHTS='engine=0.4,...'."""
    raw = os.environ.get("CENTURY_HARD_WEIGHTS", "")
    return {k: float(v) for k, v in (kv.split("=") for kv in raw.split(",") if kv)}


def plan_from_env() -> None:
    """While tuning, the other players' searches: CENTURY_PLAN_SIZE='8x16' (beam x depth)
    and CENTURY_PLAN_WEIGHTS='claim_bonus=3,discount=0.95' (set where the planner reads them)."""
    from century_tui.bots import hard, race, root

    if os.environ.get("CENTURY_PLAN_SIZE"):
        hard.PLAN_BEAM, hard.PLAN_DEPTH = map(int, os.environ["CENTURY_PLAN_SIZE"].split("x"))
    if os.environ.get("CENTURY_PLAN_WEIGHTS"):
        raw = os.environ["CENTURY_PLAN_WEIGHTS"]
        race.PLAN_WEIGHTS = root.PLAN_WEIGHTS = {k: float(v) for k, v in (kv.split("=") for kv in raw.split(","))}


plan_from_env()  # at import: worker processes import this module too


def searcher(name: str) -> bool:
    return name.split("@")[0].split("#")[0] in SEARCHERS


def build(name: str, seed: int, budget: int | None, nodes: int | None, baseline_nodes: int | None = None,
          clock: str = "cpu"):
    """A bot by name ('hard@250': with its own budget); 'baseline' is the frozen hard bot of
    issue 17's start, 'issue17' the hard bot issue 41 replaced. `nodes` caps the hard bot,
    `baseline_nodes` the baseline (0: its full search, no cap); otherwise every search
    bot thinks for its budget on `clock`, none with a node cap."""
    kind, _, own = name.partition("@")
    kind, _, capped = kind.partition("#")
    budget = int(own) if own else budget
    nodes = int(capped) if capped else nodes
    tick = CLOCKS[clock]
    if kind == "hard":
        kw: dict = {"weights": Weights(**weights_from_env()), "clock": tick}
        if os.environ.get("CENTURY_HARD_SCHEDULE"):  # e.g. '24x40,48x40'
            kw["schedule"] = tuple(tuple(map(int, bd.split("x"))) for bd in os.environ["CENTURY_HARD_SCHEDULE"].split(","))
        if os.environ.get("CENTURY_HARD_ORDERS"):  # imagined deck orders voting
            kw["orders"] = int(os.environ["CENTURY_HARD_ORDERS"])
        if os.environ.get("CENTURY_HARD_ORDER_WIDTH"):  # 0: the whole schedule on CENTURY_HARD_ORDERS orders
            kw["order_width"] = int(os.environ["CENTURY_HARD_ORDER_WIDTH"]) or None
        if nodes is not None:
            return HardBot(seed, budget_ms=600_000, max_nodes=nodes, **kw)
        return HardBot(seed, budget_ms=budget, **kw)
    if kind == "baseline":
        if baseline_nodes is not None:
            return BaselineHardBot(seed, budget_ms=600_000, max_nodes=baseline_nodes or UNCAPPED)
        return BaselineHardBot(seed, budget_ms=budget, max_nodes=UNCAPPED, clock=tick)
    if kind == "issue17":
        if nodes is not None:
            return hard_issue17.HardBot(seed, budget_ms=600_000, max_nodes=nodes)
        return hard_issue17.HardBot(seed, budget_ms=budget, clock=tick)
    return make_bot(name, seed=seed)


UNCAPPED = 10**12
"""The baseline's node cap in issue 41's matches: none (its own default is six a millisecond)."""


def play(task: tuple) -> dict:
    """One game with `names` by seat; per seat: the result, play statistics and think times
    (wall clock and the thread's CPU time, in seconds)."""
    names, engine_seed, game, budget, nodes, baseline_nodes, clock = task
    bots = [build(n, 1000 * game + i, budget, nodes, baseline_nodes, clock) for i, n in enumerate(names)]
    state = State.new(len(names), engine_seed)
    n = len(names)
    think: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    nodes: list[list[int]] = [[] for _ in range(n)]
    first_claim: list[int | None] = [None] * n
    acquired: list[set[int]] = [set() for _ in range(n)]
    played: list[set[int]] = [set() for _ in range(n)]
    discards = [0] * n
    wall, tick = time.perf_counter, time.thread_time
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        seat = state.seat
        t0, c0 = wall(), tick()
        move = bots[seat].choose(state)
        cpu[seat].append(tick() - c0)
        nodes[seat].append(getattr(bots[seat], "nodes", 0))
        think[seat].append(wall() - t0)
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
            "cpu": cpu[i],
            "nodes": nodes[i],
        })
    return {"names": names, "seed": engine_seed, "capped": not over, "seats": seats}


def recorded(task: tuple, look: Callable[[State], None]) -> State:
    """Play a task's game (`tasks_for`), calling `look` on the position at the start of every
    turn (an overflow discard ends the turn before it); the last position (over, or at
    `ROUND_CAP`). The fits (`fit_cards.py`, `fit_eval.py`, `fit_value.py`) record by it."""
    names, engine_seed, game, budget, nodes, baseline_nodes, clock = task
    bots = [build(n, 1000 * game + i, budget, nodes, baseline_nodes, clock) for i, n in enumerate(names)]
    state = State.new(len(names), engine_seed)
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        if state.phase != DISCARDING:
            look(state)
        state.advance(bots[state.seat].choose(state))
    return state


def tasks_for(lineup: tuple[str, ...], games: int, seed: int, budget, nodes, baseline_nodes=None,
              clock: str = "cpu") -> list[tuple]:
    """Seat-swapped games: each engine seed is played once with the first bot in each seat."""
    n = len(lineup)
    out = []
    for g in range(games):
        k, rot = divmod(g, n)
        names = tuple(lineup[(s - rot) % n] for s in range(n))  # the first bot sits in seat `rot`
        out.append((names, seed + k, g, budget, nodes, baseline_nodes, clock))
    return out


def add_screen_games(parser: argparse.ArgumentParser, seeds: str = "3000-3004", nodes: int = 60000) -> None:
    """The probes' games, as a screen plays them: `--seeds FIRST-LAST` (each engine seed
    twice, seats swapped), the hard bot at `--nodes` against the baseline at
    `--baseline-nodes` (0: its full search). `screen_games` makes them."""
    parser.add_argument("--seeds", default=seeds, help="engine seeds, FIRST-LAST (each played twice, seats swapped)")
    parser.add_argument("--nodes", type=int, default=nodes, help="the hard bot's node cap in the games")
    parser.add_argument("--baseline-nodes", type=int, default=0, help="the baseline's node cap (0: its full search)")


def seed_range(text: str) -> range:
    """The engine seeds of `--seeds FIRST-LAST` (or one seed)."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def screen_games(args: argparse.Namespace) -> list[tuple]:
    """The games `add_screen_games`' arguments ask for, as `tasks_for` makes them."""
    seeds = seed_range(args.seeds)
    return tasks_for(("hard", "baseline"), 2 * len(seeds), seeds[0], None, args.nodes, args.baseline_nodes)


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


def run(tasks: list[tuple], processes: int, save=None) -> list[dict]:
    """Play the tasks in worker processes, showing progress on stderr; `save(games)` is
    called after each game (a long run stopped early keeps the games it played). Ctrl+C
    stops every worker and says how many games were played (KeyboardInterrupt goes on)."""
    out = []
    with multiprocessing.Pool(processes, initializer=_leave_interrupt) as pool:
        try:
            for i, r in enumerate(pool.imap_unordered(play, tasks, chunksize=1), 1):
                out.append(r)
                if save:
                    save(out)
                print(f"\r{i}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            print(f"\nstopped after {len(out)} of {len(tasks)} games", file=sys.stderr)
            raise
    print(file=sys.stderr)
    return out


def _leave_interrupt() -> None:
    """A worker leaves Ctrl+C to the run, which stops them all: no traceback from each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def won(game: dict, name: str) -> bool:
    """Whether the bot `name` won `game` (a saved game's result)."""
    return any(s["won"] for s in game["seats"] if s["name"] == name)


def mean_scores(games: list[dict], name: str) -> str:
    """The mean score of the bot `name` and of the others in `games`, as the tables give it."""
    mine = [s["score"] for r in games for s in r["seats"] if s["name"] == name]
    theirs = [s["score"] for r in games for s in r["seats"] if s["name"] != name]
    return f"{statistics.mean(mine):.1f} – {statistics.mean(theirs):.1f}"


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
        wins = sum(won(r, me) for r in done)
        lo, hi = wilson(wins, len(done))
        share = wins / len(done) if done else 0.0
        mark = "" if not target else (" ok" if share >= target else (" ?" if hi >= target else " LOW"))
        print(f"| {label:<16} | {len(rs)} | {share:.1%} ({lo:.1%}–{hi:.1%}){mark} | {target:.0%} | "
              f"{mean_scores(done, me)} | {len(rs) - len(done)} |")

    print("\nPer player per game, mean (95 % CI):\n")
    print("| match | bot | own turns | first claim (own turn) | acquired | never played | discards |")
    print("|---|---|---|---|---|---|---|")
    for label, lineup, _ in matches:
        for name in dict.fromkeys(lineup):
            ss = [s for r in results[label] for s in r["seats"] if s["name"] == name]
            print(f"| {label} | {name} | {mean_ci([s['turns'] for s in ss])} | "
                  f"{mean_ci([s['first_claim'] for s in ss])} | {mean_ci([s['acquired'] for s in ss])} | "
                  f"{mean_ci([s['unplayed'] for s in ss])} | {mean_ci([s['discards'] for s in ss])} |")

    print("\n| bot | moves | wall: median ms | p99 ms | max ms | over budget + 30 ms | CPU: median ms | p99 ms "
          "| nodes: median |")
    print("|---|---|---|---|---|---|---|---|---|")
    think: dict[str, tuple[list[float], list[float], list[int]]] = {}
    for rs in results.values():
        for r in rs:
            for s in r["seats"]:
                wall, cpu, counted = think.setdefault(s["name"], ([], [], []))
                wall.extend(s["think"])
                cpu.extend(s["cpu"])
                counted.extend(s.get("nodes", ()))  # runs saved before 4 December have none
    for name, (ts, cs, ns) in think.items():
        ms, cms = [t * 1000 for t in ts], [t * 1000 for t in cs]
        own = int(name.partition("@")[2] or 0) or budget
        over = "-" if own is None or not searcher(name) else str(sum(m > own + 30 for m in ms))
        print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {percentile(ms, 0.99):.1f} | "
              f"{max(ms):.1f} | {over} | {statistics.median(cms):.1f} | {percentile(cms, 0.99):.1f} | "
              f"{format(statistics.median(ns), ',.0f') if ns and searcher(name) else '-'} |")


def report(args: argparse.Namespace) -> int:
    """The tables of saved games (`--report`), as the run that played them would print them."""
    saved = [json.loads(Path(f).read_text()) for f in args.report.split(",")]
    first = saved[0]["args"]
    keys = args.matches or first["matches"] or DEFAULT_MATCHES
    budget = args.budget_ms or first["budget_ms"]
    nodes = args.nodes or first["nodes"]
    matches = tuple(MATCHES[k] for k in keys.split(","))
    flat = [g for run in saved for g in run["games"]]
    results = {label: [r for r in flat if tuple(sorted(r["names"])) == tuple(sorted(lineup))]
               for label, lineup, _ in matches}
    seeds = sorted({g["seed"] for g in flat})
    print(f"{len(saved)} saved runs, {len(flat)} games, engine seeds {seeds[0]}–{seeds[-1]} "
          f"({'the hard bot at %s nodes a move' % nodes if nodes else '%s ms a move' % (budget or 1000)})\n")
    tempo_report(matches, results, None if nodes else (budget or 1000))
    return 0


def apart(args: argparse.Namespace) -> int:
    """Saved runs (`--report`) against a reference run (`--apart`), game by game: the games
    both played to the end (the same engine seed and seating), each one's wins on them, and
    the games only one of them won. Two-player screens differ by a few games in 60, which a
    comparison of win rates from different seeds cannot see."""
    reference = json.loads(Path(args.apart).read_text())

    def by_game(runs: list[dict]) -> dict[tuple, dict]:
        return {(g["seed"], tuple(g["names"])): g for run in runs for g in run["games"] if not g["capped"]}

    mine = by_game([json.loads(Path(f).read_text()) for f in args.report.split(",")])
    ref = by_game([reference])
    keys = args.matches or reference["args"]["matches"] or DEFAULT_MATCHES
    for label, lineup, _ in (MATCHES[k] for k in keys.split(",")):
        me = lineup[0]
        both = [k for k in mine if k in ref and sorted(k[1]) == sorted(lineup)]
        if not both or lineup.count(me) == len(lineup):
            continue
        w, r = [won(mine[k], me) for k in both], [won(ref[k], me) for k in both]
        print(f"{label}: {len(both)} games both played: {sum(w)} won here, {sum(r)} by the reference; "
              f"apart: the reference only {sum(b and not a for a, b in zip(w, r))}, "
              f"here only {sum(a and not b for a, b in zip(w, r))}; mean score "
              f"{mean_scores([mine[k] for k in both], me)} (the reference {mean_scores([ref[k] for k in both], me)})")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=("tempo", "levels"), default="tempo")
    ap.add_argument("--games", type=int, default=60, help="games per match (a multiple of the players)")
    ap.add_argument("--budget-ms", type=int, default=None, help="search bots' budget per move (default 1000)")
    ap.add_argument("--nodes", type=int, default=None, help="cap the hard bot at N nodes a move instead")
    ap.add_argument("--matches", default=None,
                    help=f"tempo suite: which matches, of {', '.join(MATCHES)} (default {DEFAULT_MATCHES})")
    ap.add_argument("--pairs", default=None, help="levels suite: e.g. hard:medium,medium:easy")
    ap.add_argument("--baseline-nodes", type=int, default=None,
                    help="cap the baseline at N nodes a move (0: its full search, no cap; deterministic)")
    ap.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                    help="the clock every search bot's budget is read on (default: its thread's CPU time)")
    ap.add_argument("--seed", type=int, default=0, help="first engine seed")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--save", default=None, help="write every game's result to this JSON file (after each game)")
    ap.add_argument("--report", default=None,
                    help="play nothing: the tables of the games saved in these JSON files (comma-separated; "
                         "their own --matches, --budget-ms and --nodes unless given), runs on other seeds pooled")
    ap.add_argument("--apart", default=None,
                    help="with --report: compare its games with this saved reference run, game by game")
    args = ap.parse_args(argv)
    if args.apart and not args.report:
        ap.error("--apart compares the runs given by --report")
    if args.report:
        return apart(args) if args.apart else report(args)

    if args.suite == "levels":
        chosen = LEVEL_PAIRS
        if args.pairs:
            targets = {(a, b): t for a, b, t in LEVEL_PAIRS}
            chosen = tuple((a, b, targets.get((a, b), 0.0)) for a, b in (p.split(":") for p in args.pairs.split(",")))
        matches = tuple((f"{a} v {b}", (a, b), t) for a, b, t in chosen)
    else:
        matches = tuple(MATCHES[k] for k in (args.matches or DEFAULT_MATCHES).split(","))
    tasks = {label: tasks_for(lineup, args.games, args.seed, args.budget_ms, args.nodes, args.baseline_nodes,
                              args.clock)
             for label, lineup, _ in matches}
    def save(games: list[dict]) -> None:
        """Whole or not at all: a Ctrl+C during a write leaves the games saved before."""
        part = Path(f"{args.save}.part")
        part.write_text(json.dumps({"args": vars(args), "games": games}))
        part.replace(args.save)

    start = time.perf_counter()
    try:
        flat = run([t for ts in tasks.values() for t in ts], args.processes, save if args.save else None)
    except KeyboardInterrupt:
        if args.save:
            print(f"the games played are in {args.save}: bots.py --report {args.save}", file=sys.stderr)
        return 130
    seconds = time.perf_counter() - start
    results = {label: [r for r in flat if tuple(sorted(r["names"])) == tuple(sorted(lineup))]
               for label, lineup, _ in matches}
    work = f"the hard bot at {args.nodes} nodes a move" if args.nodes else f"{args.budget_ms or 1000} ms a move"
    if args.baseline_nodes is not None:
        work += f", the baseline at {args.baseline_nodes or 'uncapped'} nodes"
    print(f"{args.games} games per match, seats swapped on each engine seed from {args.seed}, "
          f"search bots at {work} ({args.clock} clock); {seconds:.0f} s on {args.processes} processes\n")
    tempo_report(matches, results, None if args.nodes else (args.budget_ms or 1000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
