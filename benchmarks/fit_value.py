"""Fit a value of the whole position to game outcomes, and say how much more it explains.

The hard bot's worth of a position is its realised points, its cubes (`Context.cube_worth`)
and its merchant cards (`Context.cards_worth`), less `rival` times the same of the best
other player. Its parts were fitted one player at a time to the points that player still
scored (`fit_cards.py`). This fits the two players together: the final margin of the
player to move over the other, as F(it) - F(other), where F is its realised points plus
a linear function of its cubes (by colour, what they score, the evaluation's parts and the
steps missing to each card of the point row) and its cards (their fitted worths, what the
hand makes, how many it holds, how many are in hand), each term's weight a quadratic in
s = min(own turns left, 40) / 40 (the turns left are the game's own, known afterwards).
It prints the held-out R² (fitted on even games, measured on odd) by stage of F and of
the bot's own worth (recorded as `evaluation.Context` gives it at each number of turns
left, read at the true one, scaled by least squares), and F's weights (`--table`: as
Python, for an evaluation to try them: docs/BOT_TUNING.md, the eighteenth session).

    python benchmarks/fit_value.py --games 400 --processes 2 --out /tmp/value.npz
    python benchmarks/fit_value.py --load /tmp/value.npz --table

Games: the hard bot at a node cap against the frozen baseline's full search, seats swapped
on each engine seed, from seed 30000 (apart from every screen's). Needs numpy (not a
dependency of the game).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import recorded, tasks_for  # noqa: E402
from fit_cards import ridge  # noqa: E402

from century_tui.bots.caravan_tables import INDEX  # noqa: E402
from century_tui.bots.card_worth import worth as card_worth  # noqa: E402
from century_tui.bots.evaluation import Weights, context, hand_rate  # noqa: E402
from century_tui.bots.heuristics import deficit  # noqa: E402
from century_tui.engine import COST, State  # noqa: E402

CUBE_TERMS = ("Y", "R", "G", "B", "scored", "matched", "spare", "surplus", "d1", "d2", "d3", "d4", "d5")
"""A caravan's terms: its cubes by colour, the non-yellow ones (each scores a point at the
end), the evaluation's parts (`Context.cube_parts`) and the steps missing to each card of
the point row, fewest first."""
CARD_TERMS = ("cardworth", "handrate", "ncards", "nhand")
"""A player's cards' terms: their fitted worths (`card_worth.worth`), what the hand makes a
play (`evaluation.hand_rate`), how many cards it holds, how many are in its hand."""
STAGES = ((0, 7), (8, 15), (16, 23), (24, 99))
W = Weights()
LEFT = int(max(W.late_turns, W.engine_turns))
"""Own turns left past which the bot's worth no longer changes (`evaluation.context`)."""


def seat_terms(state: State, me: int, contexts: list) -> list[float]:
    """Seat `me`'s realised points, turns played, the terms F weighs, and the bot's own worth
    of it with 0, 1 … `LEFT` own turns left (`contexts`: the evaluation's at each)."""
    p, s = state.players[me], state.score(me)
    cv = INDEX[p.cubes]
    matched, spare, surplus = contexts[0].cube_parts(cv)
    defs = sorted(deficit(p.cubes, COST[c]) for c in state.point_row)
    defs += [defs[-1] if defs else 0] * (5 - len(defs))
    cards = p.hand | p.played
    y, r, g, b = p.cubes
    realised = s.total - s.cubes
    return [realised, p.turns, y, r, g, b, r + g + b, matched, spare, surplus, *defs[:5],
            card_worth(cards, players=2), hand_rate(p.hand), cards.bit_count(), p.hand.bit_count(),
            *(realised + ctx.cube_worth(cv) + ctx.cards_worth(cards, p.hand) for ctx in contexts)]


def contexts_of(state: State) -> list:
    """The evaluation's contexts of `state`'s point row and coins with 0, 1 … `LEFT` own
    turns left."""
    prow = tuple(state.point_row)
    return [context(prow, state.upper_coins, state.lower_coins, float(k), W) for k in range(LEFT + 1)]


def record(task: tuple) -> dict:
    """One game: at the start of every turn, the seat to move and every seat's terms."""
    rows = []

    def look(state: State) -> None:
        contexts = contexts_of(state)
        rows.append((state.seat, [seat_terms(state, me, contexts) for me in range(state.n)]))

    state = recorded(task, look)
    return {"over": state.is_over, "rows": rows, "final": [state.score(i).total for i in range(state.n)],
            "turns": [p.turns for p in state.players]}


def collect(games: int, nodes: int, baseline_nodes: int, seed: int, processes: int) -> dict[str, np.ndarray]:
    """Rows of (the mover's terms, the other's terms), the mover's final margin, own turns
    left of both, the mover's turns played and the game's number."""
    tasks = tasks_for(("hard", "baseline"), games, seed, None, nodes, baseline_nodes)
    terms, margin, left, game = [], [], [], []
    with multiprocessing.Pool(processes) as pool:
        for g, r in enumerate(pool.imap(record, tasks, chunksize=1)):
            print(f"\r{g + 1}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
            if not r["over"]:
                continue
            for seat, seats in r["rows"]:
                other = 1 - seat
                terms.append((seats[seat], seats[other]))
                margin.append(r["final"][seat] - r["final"][other])
                left.append([r["turns"][i] - seats[i][1] for i in (seat, other)])
                game.append(g)
    print(file=sys.stderr)
    return {"terms": np.array(terms, float), "margin": np.array(margin, float),
            "left": np.array(left, float), "game": np.array(game)}


TERMS = slice(2, 2 + len(CUBE_TERMS) + len(CARD_TERMS))
"""Where F's terms are in a seat's row (after the realised points and the turns played)."""


def bot_worth(terms: np.ndarray, left: np.ndarray) -> np.ndarray:
    """The bot's own worth of each seat (`Weights` as shipped), the turns left known."""
    worths = terms[:, TERMS.stop:]
    return worths[np.arange(len(terms)), np.minimum(left, LEFT).astype(int)]


def design(terms: np.ndarray, left: np.ndarray) -> np.ndarray:
    """F's regressors for one side: each term, times s and times s²."""
    x = terms[:, TERMS]
    s = (np.minimum(left, 40) / 40)[:, None]
    return np.column_stack([x, x * s, x * s * s])


def shrunk(A: np.ndarray, b: np.ndarray, lam: float) -> np.ndarray:
    """Least squares with every weight shrunk by a ridge (`fit_cards.ridge`)."""
    return ridge(A, b, np.ones(A.shape[1], bool), lam)


def r2(y: np.ndarray, p: np.ndarray) -> float:
    return float(1 - np.var(y - p) / np.var(y))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games (seat-swapped pairs)")
    ap.add_argument("--nodes", type=int, default=8000, help="the hard bot's node cap a move")
    ap.add_argument("--baseline-nodes", type=int, default=0, help="the baseline's node cap (0: its full search)")
    ap.add_argument("--seed", type=int, default=30000)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--out", help="save the rows (.npz)")
    ap.add_argument("--load", action="append", help="fit rows saved by --out (repeatable)")
    ap.add_argument("--ridge", type=float, default=10.0, help="shrinks every weight toward 0")
    ap.add_argument("--table", action="store_true", help="print F's weights as Python")
    args = ap.parse_args(argv)
    if args.load:
        parts = [dict(np.load(f)) for f in args.load]
        data = {k: np.concatenate([p[k] + (i * 100_000 if k == "game" else 0) for i, p in enumerate(parts)])
                for k in parts[0]}
    else:
        data = collect(args.games, args.nodes, args.baseline_nodes, args.seed, args.processes)
        if args.out:
            np.savez(args.out, **data)
    terms, margin, left, game = data["terms"], data["margin"], data["left"], data["game"]
    turns = terms[:, 0, 1]
    A = design(terms[:, 0], left[:, 0]) - design(terms[:, 1], left[:, 1])
    y = margin - (terms[:, 0, 0] - terms[:, 1, 0])  # realised points count fully in F
    odd = game % 2 == 1
    fitted = A[odd] @ shrunk(A[~odd], y[~odd], args.ridge) + (terms[odd, 0, 0] - terms[odd, 1, 0])
    yo, to = margin[odd], turns[odd]
    rows = [("F, fitted", fitted)]
    for name, rival in ((f"the bot's worth (`rival` {W.rival}), scaled", W.rival), ("the same, `rival` 1", 1.0)):
        mine = bot_worth(terms[:, 0], left[:, 0]) - rival * bot_worth(terms[:, 1], left[:, 1])
        rows.insert(-1, (name, np.polyval(np.polyfit(mine[~odd], margin[~odd], 1), mine[odd])))
    print(f"{len(margin)} positions from {len(np.unique(game))} games; held-out R² of the final margin")
    print("| value | all | " + " | ".join(f"own turns {a}–{b}" for a, b in STAGES) + " |")
    print("|---|---|" + "---|" * len(STAGES))
    for name, p in rows:
        cells = [r2(yo[(to >= a) & (to <= b)], p[(to >= a) & (to <= b)]) for a, b in STAGES]
        print(f"| {name} | {r2(yo, p):.3f} | " + " | ".join(f"{c:.3f}" for c in cells) + " |")
    coef = shrunk(A, y, args.ridge).reshape(3, -1)
    names = CUBE_TERMS + CARD_TERMS
    print("\n| term | " + " | ".join(f"s = {s}" for s in (0, 0.25, 0.5, 0.75, 1)) + " |")
    print("|---|" + "---|" * 5)
    for i, n in enumerate(names):
        print(f"| {n} | " + " | ".join(f"{coef[0, i] + coef[1, i] * s + coef[2, i] * s * s:+.2f}"
                                      for s in (0, 0.25, 0.5, 0.75, 1)) + " |")
    if args.table:
        print("FIT_TERMS =", names)
        print("FIT_COEF = (" + ", ".join("(" + ", ".join(f"{coef[j, i]:.4f}" for j in range(3)) + ")"
                                          for i in range(len(names))) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
