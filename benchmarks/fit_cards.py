"""Fit what each merchant card is worth to a player holding it, from the planner's own games.

The hard bot values its merchant cards by a rate written by hand (`heuristics.card_rate`:
the cube tiers a play adds, trades counted twice when they are cheap), summed best first
with a decay. The games are lost in their middle, where that worth chooses the move
(docs/BOT_TUNING.md), so this fits one worth per card to what the games made of it.

Plays games at a node cap (two players unless `--players`; the hard bot against itself and
against the frozen baseline, seats swapped on each engine seed, from seed 20000: apart
from every screen's), records each seat at the start of every turn, and fits the points
still to come (the seat's final score less its realised points, which the bot counts
fully) by least squares on: its cubes while more than 8 own turns are left (by tier, or
with `--cubes parts` as the bot's evaluation parts them: what pays the row card aimed at,
the rest, its surplus) and what they score after; each deck card held (the starting two
are everyone's) as a common scale times its hand-made rate plus an offset of its own,
shrunk by a ridge, counted fully until 10 own turns are left (`--card-turns`) and less
after (as the bot counts its engine); the cards held, squared (a long hand cycles slowly);
the deck cards in hand; and one intercept per own turn played. The turns left are the
game's own, known afterwards.

    python benchmarks/fit_cards.py --games 200 --processes 2 --out /tmp/cards.npz
    python benchmarks/fit_cards.py --load /tmp/cards.npz --table    # the worths as Python
    python benchmarks/fit_cards.py --load /tmp/cards.npz --cubes parts   # the cube weights too
    python benchmarks/fit_cards.py --load /tmp/cards.npz --played-out 40  # and what a hand makes together

Needs numpy (not a dependency of the game).
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
from fit_eval import load_rows  # noqa: E402

from century_tui.bots.caravan_tables import INDEX  # noqa: E402
from century_tui.bots.card_worth import DECK  # noqa: E402
from century_tui.bots.engine_value import throughput  # noqa: E402
from century_tui.bots.evaluation import Weights, context  # noqa: E402
from century_tui.bots.heuristics import RATES  # noqa: E402
from century_tui.engine import MERCHANT_CARDS, State  # noqa: E402

OPPONENT = {"self": "hard", "baseline": "baseline"}
"""Who the hard bot plays in each match: itself, or the frozen baseline."""


def lineup(match: str, players: int) -> tuple[str, ...]:
    """The bots of a match, `players` seats, the hard bot first."""
    return ("hard",) + (OPPONENT[match],) * (players - 1)


W = Weights()
LATE, ENGINE_TURNS = W.late_turns, W.engine_turns
"""Own turns left below which the bot counts cubes for their score and its engine less."""


def record(task: tuple) -> dict:
    """One game: each seat at the start of every turn (points, cubes, cards, hand, turns
    played) and each seat's final score and own turns."""
    rows: list[tuple] = []

    def look(state: State) -> None:
        ctx = context(tuple(state.point_row), state.upper_coins, state.lower_coins, LATE, W)
        for me, p in enumerate(state.players):
            s = state.score(me)
            matched, spare, surplus = ctx.cube_parts(INDEX[p.cubes])
            rows.append((me, s.total - s.cubes, *p.cubes, p.hand | p.played, p.hand, p.turns,
                         (matched, spare, max(0.0, surplus))))

    state = recorded(task, look)
    return {"names": task[0], "over": state.is_over, "rows": rows,
            "final": [state.score(i).total for i in range(state.n)],
            "turns": [p.turns for p in state.players]}


def collect(games: int, nodes: int, baseline_nodes: int, matches: list[str], seed: int, processes: int,
            players: int = 2) -> dict:
    tasks = [t for m in matches for t in tasks_for(lineup(m, players), games, seed, None, nodes, baseline_nodes)]
    out: dict[str, list] = {k: [] for k in ("seat", "realised", "cubes", "cards", "hand", "turns", "final",
                                            "end", "game", "hard", "parts")}
    with multiprocessing.Pool(processes) as pool:
        for g, r in enumerate(pool.imap(record, tasks, chunksize=1)):
            print(f"\r{g + 1}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
            if not r["over"]:
                continue
            for me, realised, c0, c1, c2, c3, cards, hand, turns, parts in r["rows"]:
                for k, v in (("seat", me), ("realised", realised), ("cubes", (c0, c1, c2, c3)), ("cards", cards),
                             ("hand", hand), ("turns", turns), ("final", r["final"][me]),
                             ("end", r["turns"][me]), ("game", g), ("hard", r["names"][me] == "hard"),
                             ("parts", parts)):
                    out[k].append(v)
    print(file=sys.stderr)
    return {k: np.array(v) for k, v in out.items()}


def design(data: dict, cube_terms: str = "tiers", card_turns: float = ENGINE_TURNS,
           played_out: float = 0.0) -> tuple[np.ndarray, list[str]]:
    """The regressors: what the worth is made of, unweighted, and a column per own turn.
    The cubes while more than `LATE` turns are left by tier ("tiers") or as the bot's
    evaluation parts them ("parts": those that pay part of the best row card to aim at,
    the rest, the card's surplus; `evaluation.Context.cube_parts`). With `played_out` T,
    also what the cards make a turn played in cycles (`engine_value.throughput`: what a
    hand makes together, which worths card by card cannot see) times the turns left, at
    most T."""
    left = np.maximum(0, data["end"] - data["turns"])
    late = np.minimum(1.0, left / LATE)
    eng = np.minimum(1.0, left / card_turns)
    cubes = data["cubes"].astype(float)
    scored = cubes[:, 1:].sum(axis=1)  # every non-yellow cube scores a point (R-SCORE-1)
    held = np.array([[(int(m) >> c) & 1 for c in range(DECK)] for m in data["cards"]], float)
    in_hand = np.array([(int(h) & ((1 << DECK) - 1)).bit_count() for h in data["hand"]], float)
    n = held.sum(axis=1)
    if cube_terms == "parts":
        cols, names = [late * data["parts"][:, t] for t in range(3)], ["matched", "spare", "surplus"]
    else:
        cols, names = [late * cubes[:, t] for t in range(4)], ["Y", "R", "G", "B"]
    cols.append((1 - late) * scored)
    rated = held @ np.array(RATES[:DECK])
    cols += [eng * held[:, c] for c in range(DECK)] + [eng * rated, eng * n * n, late * in_hand]
    names += ["scored late"] + [f"card {c}" for c in range(DECK)]
    names += ["hand-made rates", "cards held squared", "deck cards in hand"]
    if played_out:
        cols.append(np.array([throughput(int(m)) for m in data["cards"]]) * np.minimum(left, played_out))
        names.append("played-out engine")
    turns = np.minimum(data["turns"], 45)
    steps = (turns[:, None] == np.unique(turns)[None, :]).astype(float)
    return np.column_stack(cols + [steps]), names


def ridge(A: np.ndarray, b: np.ndarray, penalised: np.ndarray, lam: float) -> np.ndarray:
    """Least squares with `lam` times the squares of the penalised coefficients added: a card
    seldom held keeps near its hand-made rate times the fitted scale."""
    extra = np.sqrt(lam) * np.eye(A.shape[1])[penalised]
    return np.linalg.lstsq(np.vstack([A, extra]), np.concatenate([b, np.zeros(len(extra))]), rcond=None)[0]


def fit(data: dict, boots: int, lam: float, cube_terms: str = "tiers",
        card_turns: float = ENGINE_TURNS, played_out: float = 0.0) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Each card's worth is the fitted scale times its hand-made rate plus its own offset,
    the offsets shrunk by a ridge (`lam`); R² held out: fitted on even games, measured on odd."""
    A, names = design(data, cube_terms, card_turns, played_out)
    b = (data["final"] - data["realised"]).astype(float)  # the points still to come: realised count fully
    penalised = np.array([n.startswith("card ") for n in names] + [False] * (A.shape[1] - len(names)))
    coef = ridge(A, b, penalised, lam)
    odd = data["game"] % 2 == 1
    held_coef = ridge(A[~odd], b[~odd], penalised, lam)
    held = 1 - np.var(b[odd] - A[odd] @ held_coef) / np.var(b[odd])
    r2 = 1 - np.var(b - A @ coef) / np.var(b)
    games = {g: np.flatnonzero(data["game"] == g) for g in np.unique(data["game"])}
    rng, keys = np.random.default_rng(0), np.array(list(games))
    boot = [ridge(A[i], b[i], penalised, lam)
            for i in (np.concatenate([games[g] for g in rng.choice(keys, len(keys))]) for _ in range(boots))]
    se = np.std(boot, axis=0)
    print(f"{len(b)} positions from {len(games)} games; ridge {lam:g}; R² {r2:.3f} (held out {held:.3f})")
    return coef[: len(names)], se[: len(names)], names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per match (seat-swapped pairs)")
    ap.add_argument("--nodes", type=int, default=8000, help="the hard bot's node cap a move")
    ap.add_argument("--baseline-nodes", type=int, default=0, help="the baseline's node cap (0: its full search)")
    ap.add_argument("--matches", default="self,baseline")
    ap.add_argument("--players", type=int, default=2, choices=range(2, 6), help="seats a game")
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--out", help="save the rows (.npz)")
    ap.add_argument("--load", action="append", help="fit rows saved by --out (repeatable)")
    ap.add_argument("--boots", type=int, default=100)
    ap.add_argument("--ridge", type=float, default=100.0, help="shrinks each card's offset from its rate")
    ap.add_argument("--table", action="store_true", help="print the card worths as a Python tuple")
    ap.add_argument("--cubes", choices=("tiers", "parts"), default="tiers",
                    help="the cubes by tier, or as the bot's evaluation parts them (rows saved since parts were)")
    ap.add_argument("--card-turns", type=float, default=ENGINE_TURNS,
                    help="own turns left below which the cards count less (Weights.engine_turns)")
    ap.add_argument("--played-out", type=float, default=0.0, metavar="T",
                    help="also fit the cards' played-out engine times the turns left, at most T")
    args = ap.parse_args(argv)
    if args.load:
        data = load_rows(args.load)
    else:
        data = collect(args.games, args.nodes, args.baseline_nodes, args.matches.split(","), args.seed,
                       args.processes, args.players)
        if args.out:
            np.savez(args.out, **data)
    coef, se, names = fit(data, args.boots, args.ridge, args.cubes, args.card_turns, args.played_out)
    first, scale = names.index("card 0"), coef[names.index("hand-made rates")]
    worth = [scale * RATES[c] + coef[first + c] for c in range(DECK)]
    print("| term | points (95 %) | hand-made rate | card's worth | card |")
    print("|---|---|---|---|---|")
    for i, n in enumerate(names):
        card = MERCHANT_CARDS[i - first] if n.startswith("card ") else None
        what = (f"{RATES[i - first]:.1f} | {worth[i - first]:.2f} | {card.code} {card.pay} -> {card.gain} {card.steps}"
                if card else " | | ")
        print(f"| {n} | {coef[i]:.2f} ± {1.96 * se[i]:.2f} | {what} |")
    if args.table:
        print("CARD_WORTH = (" + ", ".join(f"{c:.2f}" for c in worth) + ")")
        print(f"HELD_SQUARED = {coef[names.index('cards held squared')]:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
