"""Fit the hard bot's evaluation weights to what positions were really worth (issue 17 §1).

Plays two-player games (node-capped: quick, deterministic, the same on a busy machine),
records at the start of every turn, for each seat, the parts the hard bot's `worth` is
made of, and the seat's final score and margin over the other player; then fits `worth`'s
terms to them by least squares, with one intercept per own turn played (the search
compares positions the same number of own turns ahead). Run by hand, from the root:

    python benchmarks/fit_eval.py --games 40 --out /tmp/fit.npz       # play and fit
    python benchmarks/fit_eval.py --load /tmp/fit.npz --target difference --by-stage
    CENTURY_HARD_WEIGHTS='ready=0' python benchmarks/fit_eval.py ...  # games of a variant

The games are the hard bot against itself and against the frozen baseline, seats swapped
on each engine seed (`bots.tasks_for`), from seed 100 (apart from the screens' 0-29).
Targets: the final score (what a term is worth to the player holding it), the final
margin on both players' terms, or the margin on the difference of their terms (one weight
for both, as `evaluate` weighs them). The last line is the fit as `CENTURY_HARD_WEIGHTS`.
Needs numpy (installed with the TUI's plotting widgets; not a dependency of the game).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import recorded, tasks_for, weights_from_env  # noqa: E402

from hard_issue17 import (  # noqa: E402
    Weights, _engine, _hand_rate, _leader_turns_left, _own_turns_left, _row_key, _target
)
from century_tui.bots.heuristics import value  # noqa: E402
from century_tui.engine import State  # noqa: E402

FEATURES = ("realised", "matched", "spare", "surplus", "scoring", "engine", "hand", "left", "leader_left",
            "to_move", "turns")
"""Per seat and position: realised points (cards and coins), tier worth of the cubes that pay
part of the target card and of the other cubes, the target's surplus, the cubes' score at the
end (non-yellow cubes), the merchant cards' production per play (best first, decayed), what the
hand makes per play, own and leader's turns-left estimates, whether the seat moves next, and
its own turns played."""
MATCHES = {"self": ("hard", "hard"), "baseline": ("hard", "baseline")}


def features(state: State, me: int, w: Weights) -> list[float]:
    """The parts `hard.worth` is made of, for seat `me`, unweighted."""
    p, score = state.players[me], state.score(me)
    realised = score.total - score.cubes  # cards and coins (R-SCORE-1)
    leader_left = _leader_turns_left(state, w)
    left = _own_turns_left(leader_left, p.turns, w)
    _, surplus, matched = _target(state, p.cubes, w, _row_key(state))
    return [realised, matched, value(p.cubes) - matched, surplus, p.cubes[1] + p.cubes[2] + p.cubes[3],
            _engine(p.hand | p.played, w.engine_decay), _hand_rate(p.hand), left, leader_left,
            float(state.seat == me), p.turns]


def record(task: tuple) -> dict:
    """One game (a `bots.tasks_for` task): features of both seats at the start of every turn,
    and each seat's final score and margin over the other."""
    w = Weights(**weights_from_env())
    rows: list[list[float]] = []
    seats: list[int] = []

    def look(state: State) -> None:
        for me in range(state.n):
            rows.append(features(state, me, w))
            seats.append(me)

    state = recorded(task, look)
    final = [state.score(i).total for i in range(state.n)]
    margin = [final[i] - max(final[j] for j in range(state.n) if j != i) for i in range(state.n)]
    return {"names": task[0], "over": state.is_over, "rows": rows, "seats": seats, "final": final, "margin": margin}


def collect(games: int, nodes: int, baseline_nodes: int, matches: list[str], seed: int, processes: int) -> dict:
    """Play the games and stack their rows: X (features), y (final score), margin, game index,
    and whether the seat was the hard bot."""
    tasks = [t for m in matches for t in tasks_for(MATCHES[m], games, seed, None, nodes, baseline_nodes)]
    X, y, margin, game, hard = [], [], [], [], []
    with multiprocessing.Pool(processes) as pool:
        for g, r in enumerate(pool.imap(record, tasks, chunksize=1)):
            print(f"\r{g + 1}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
            if not r["over"]:
                continue
            for row, me in zip(r["rows"], r["seats"]):
                X.append(row)
                y.append(r["final"][me])
                margin.append(r["margin"][me])
                game.append(g)
                hard.append(r["names"][me] == "hard")
    print(file=sys.stderr)
    return {"X": np.array(X), "y": np.array(y, float), "margin": np.array(margin, float),
            "game": np.array(game), "hard": np.array(hard)}


STAGES = ((20, 99, "has no card yet"), (10, 20, "has 1-2 cards"), (0, 10, "has 3-5 cards"),
          (-1, 0, "has triggered the end"))
"""Stages of the game by the leader's turns-left estimate (23, 19, 15, ..., 3 as the leader
claims its cards; 0 once the end is triggered)."""
TERMS = ("realised", "matched", "spare", "target", "end cubes", "engine", "ready")
"""`worth`'s terms, unweighted, as it weighs them (`Weights` field names; "end cubes", the
non-yellow cubes counted as they score near the end, weighs 1)."""


def terms(X: np.ndarray) -> np.ndarray:
    """`worth`'s terms for rows of FEATURES: worth = realised + the sum of the others times
    their weights. `late` (1 until 8 own turns are left, then down to 0) shifts the cubes'
    worth from the plan to their score; the engine counts fully until 10 turns are left."""
    f = {name: X[:, i] for i, name in enumerate(FEATURES)}
    late = np.minimum(1.0, f["left"] / 8.0)
    return np.column_stack([
        f["realised"], late * f["matched"], late * f["spare"], late * f["surplus"],
        (1 - late) * f["scoring"], np.minimum(1.0, f["left"] / 10.0) * f["engine"], late * f["hand"],
    ])


def fit(data: dict, target: str = "y", boots: int = 200, title: str = "") -> np.ndarray:
    """Least squares of the final score (target "y") or of the final margin over the other
    player (target "margin": both seats' terms, the other's with a minus sign; "difference":
    the margin on own terms less the other's, one weight for both, as `evaluate` weighs them
    with `rival` 1) on `worth`'s terms, with one intercept per own turn played: the search compares positions the same
    number of own turns ahead, so what matters is what a term is worth at equal time (without
    it, cards bought early and points claimed late blur into each other). Standard errors by
    a bootstrap over games (positions of one game are far from independent); R² held out:
    fitted on even games, measured on odd ones. Returns the coefficients of the own terms
    divided by realised points' (`worth` counts those 1)."""
    X = data["X"]
    A, names, b = terms(X), list(TERMS), data["y"]
    other = A[np.arange(len(X)) ^ 1]  # rows come in pairs: both seats of one position, seat 0 first
    if target == "margin":
        A = np.column_stack([A, -other])
        names += ["other's " + n for n in TERMS]
    elif target == "difference":
        A = A - other
    if target != "y":
        b = data["margin"]
    turns = np.minimum(X[:, FEATURES.index("turns")], 45).astype(int)
    A = np.column_stack([A, (turns[:, None] == np.unique(turns)[None, :]).astype(float)])
    coef, r2 = _lsq(A, b)
    odd = data["game"] % 2 == 1
    held_coef, _ = _lsq(A[~odd], b[~odd])
    held = 1 - np.var(b[odd] - A[odd] @ held_coef) / np.var(b[odd])
    games = {g: np.flatnonzero(data["game"] == g) for g in np.unique(data["game"])}
    rng, keys = np.random.default_rng(0), np.array(list(games))
    boot = [_lsq(A[i], b[i])[0] for i in (np.concatenate([games[g] for g in rng.choice(keys, len(keys))])
                                          for _ in range(boots))]
    se = np.std(boot, axis=0)
    print(f"{title}{len(X)} positions from {len(games)} games; target: "
          f"{'final score' if target == 'y' else 'final margin over the other'}; "
          f"R² {r2:.2f} (held out {held:.2f})\n")
    print("| term | coefficient | per realised point |")
    print("|---|---|---|")
    scale = coef[0] if abs(coef[0]) > 0.1 else float("nan")  # no points realised yet: no scale
    for i, n in enumerate(names):
        print(f"| {n} | {coef[i]:.2f} ± {1.96 * se[i]:.2f} | {coef[i] / scale:.2f} |")
    return coef[: len(TERMS)] / scale


def load_rows(paths: list[str]) -> dict:
    """Rows saved by --out, stacked (each file's game numbers kept apart; the fields every
    file has)."""
    parts = [dict(np.load(f)) for f in paths]
    for k, p in enumerate(parts):
        p["game"] = p["game"] + 100_000 * k
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0] if all(k in p for p in parts)}


def _lsq(A: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, float]:
    coef, *_ = np.linalg.lstsq(A, b, rcond=None)
    return coef, 1 - np.var(b - A @ coef) / np.var(b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per match (seat-swapped pairs)")
    ap.add_argument("--nodes", type=int, default=1500, help="the hard bot's node cap a move")
    ap.add_argument("--baseline-nodes", type=int, default=1500, help="the baseline's node cap a move")
    ap.add_argument("--matches", default="self,baseline", help="'self', 'baseline' or both")
    ap.add_argument("--seed", type=int, default=100, help="first engine seed (apart from the screens' 0-29)")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--out", help="save the rows (.npz) for later fits")
    ap.add_argument("--load", action="append", help="fit rows saved by --out instead of playing (repeatable)")
    ap.add_argument("--target", choices=("y", "margin", "difference"), default="y")
    ap.add_argument("--by-stage", action="store_true",
                    help="also fit each stage apart (the leader's cards claimed: 0, 1-2, 3-5 and the end)")
    ap.add_argument("--hard-only", action="store_true", help="fit only the hard bot's seats")
    args = ap.parse_args(argv)
    if args.load:
        data = load_rows(args.load)
    else:
        data = collect(args.games, args.nodes, args.baseline_nodes, args.matches.split(","), args.seed, args.processes)
        if args.out:
            np.savez(args.out, **data)
    if args.hard_only:
        data = {k: v[data["hard"]] for k, v in data.items()}
    own = fit(data, args.target)
    if args.by_stage:
        leader_left = data["X"][:, FEATURES.index("leader_left")]
        for lo, hi, label in STAGES:
            sel = (leader_left > lo) & (leader_left <= hi)
            fit({k: v[sel] for k, v in data.items()}, args.target, title=f"\nThe leader {label}: ")
    print("\nAs weights: CENTURY_HARD_WEIGHTS='" + ",".join(
        f"{n}={max(0.0, c):.2f}" for n, c in zip(TERMS[1:], own[1:]) if n != "end cubes") + "'")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
