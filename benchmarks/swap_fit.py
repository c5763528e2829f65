"""Weigh the parts of the hard bot's worth by what changing one move did to the game.

The fits (`fit_cards.py`, `fit_value.py`) weigh a position's parts by how games ended from
positions like it, and learn what goes with winning (a player ahead holds more cards
because it is ahead), not what makes a win (docs/BOT_TUNING.md, the eighteenth session).
This asks the game instead. At every `--every`-th own turn of the hard bot it plays, in
place of the bot's move, another move worth a thought (`Planning.moves`: a kind of move at
random, then one of that kind), and both bots play that game on from there, as
`swap_probe.py` does. The two games share their deal, their bots and everything before the
move; they differ by one move, so what follows from it is the move's doing. Each swap is a
pair: the two positions at the bot's next turn (after the other player's reply) and the two
final margins. The change of the margin is regressed on the change of the worth's parts
(both players' realised points, cubes, merchant cards and the hand's readiness, each as
`evaluation.Context` weighs it, both positions read with the own turns left of the game as
played): a part the bot weighs right gets a weight of 1 for its own and `-rival` for the
other's.

    python benchmarks/swap_fit.py --seeds 40000-40059 --every 3 --processes 2 --out /tmp/swaps.npz
    python benchmarks/swap_fit.py --load /tmp/swaps.npz

The games: the hard bot at `--nodes` (8,000) against the frozen baseline's full search,
seats swapped on each engine seed. Deterministic. Needs numpy (not a dependency of the game).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import add_screen_games, screen_games  # noqa: E402
from fit_value import LEFT, W, contexts_of  # noqa: E402
from swap_probe import finish, kind, margin, play_asking  # noqa: E402

from century_tui.bots.caravan_tables import INDEX  # noqa: E402
from century_tui.bots.evaluation import hand_rate  # noqa: E402
from century_tui.bots.root import Planning  # noqa: E402
from century_tui.engine import DISCARDING, State  # noqa: E402

PARTS = ("points", "cubes", "cards", "ready")
"""A seat's parts of the worth: realised points (claims and coins), its caravan
(`Context.cube_worth`), its merchant cards (`rate × engine_share`) and its hand's
readiness (`hand_rate × ready_share`)."""


def parts(state: State, seat: int, contexts: list) -> list[list[float]]:
    """Seat's parts of the worth with 0, 1 … `LEFT` own turns left (`contexts`: the
    evaluation's at each, `fit_value.contexts_of`)."""
    p = state.players[seat]
    s = state.score(seat)
    cv, cards = INDEX[p.cubes], p.hand | p.played
    return [[s.total - s.cubes, ctx.cube_worth(cv), ctx.rate(cards) * ctx.engine_share,
             hand_rate(p.hand) * ctx.ready_share] for ctx in contexts]


def snapshot(state: State, me: int) -> tuple:
    """Both seats' parts and own turns played (the other seat: the best one by score)."""
    other = max((i for i in range(state.n) if i != me), key=lambda i: state.score(i).total)
    contexts = contexts_of(state)
    return (parts(state, me, contexts), parts(state, other, contexts), state.players[me].turns,
            state.players[other].turns, me, other)


def final(state: State, me: int) -> tuple[int, list[int]]:
    """The bot's final margin (`swap_probe.margin`) and every seat's own turns."""
    return margin(state, me)[0], [p.turns for p in state.players]


def probe_game(task: tuple, every: int) -> list[tuple]:
    """One game, then each swap: per swap (seed, seat, own turn, kinds, the game's snapshot
    at the next turn and final, the swap's)."""
    starts: dict[int, tuple] = {}

    def look(turn: int, state: State) -> None:
        starts[turn] = snapshot(state, state.seat)

    bots, me, asked, state = play_asking(task, every, look)
    seed = task[1]
    rng = random.Random(seed * 7 + me)
    played = final(state, me)
    ended = snapshot(state, me)
    out = []
    for turn, position, move in asked:
        planning = Planning(position, me, W, 1, float("inf"), time.perf_counter)
        others = [m for m in planning.moves() if m != move]
        planning.close()
        if not others:
            continue
        kinds = sorted({kind(m) for m in others})
        pick = rng.choice(kinds)  # a kind first: acquires and claims are few among the plays
        instead = rng.choice([m for m in others if kind(m) == pick])
        position.advance(instead)
        nxt = finish(position, bots, lambda s: s.seat == me and s.phase != DISCARDING)  # the bot's next turn
        swapped_next = snapshot(nxt, me)
        swapped = final(finish(nxt, bots), me)
        out.append((seed, me, turn, kind(move), kind(instead), starts.get(turn + 1, ended), played,
                    swapped_next, swapped))
    return out


def collect(tasks: list, every: int, processes: int) -> dict[str, np.ndarray]:
    """Per swap: both seats' parts at every number of turns left in the game as played (`a`)
    and swapped (`b`) at the bot's next turn, the own turns left in the game as played, both
    final margins, the bot's own turn."""
    rows = []
    with multiprocessing.Pool(processes) as pool:
        for g, got in enumerate(pool.imap(_probe, [(t, every) for t in tasks], chunksize=1)):
            rows += got
            print(f"\r{g + 1}/{len(tasks)} games, {len(rows)} swaps", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    a, b, left, ya, yb, turn = [], [], [], [], [], []
    for seed, me, t, mine, instead, a_next, (a_margin, a_turns), b_next, (b_margin, b_turns) in rows:
        a.append((a_next[0], a_next[1]))
        b.append((b_next[0], b_next[1]))
        left.append((a_turns[a_next[4]] - a_next[2], a_turns[a_next[5]] - a_next[3]))
        ya.append(a_margin)
        yb.append(b_margin)
        turn.append(t)
    return {"a": np.array(a), "b": np.array(b), "left": np.array(left), "ya": np.array(ya, float),
            "yb": np.array(yb, float), "turn": np.array(turn)}


def changes(data: dict[str, np.ndarray]) -> np.ndarray:
    """The swap's change of each part (the bot's, then the other's), both positions read with
    the own turns left of the game as played: the swap's own length is its outcome, and the
    worth's parts grow with the turns left."""
    k = np.clip(data["left"], 0, LEFT).astype(int)
    rows = np.arange(len(k))
    diff = data["b"] - data["a"]  # swap, seat, turns left, part
    return np.concatenate([diff[rows, 0, k[:, 0]], diff[rows, 1, k[:, 1]]], axis=1)


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Least squares without an intercept (a swap that changes nothing changes nothing) and
    the weights' standard errors."""
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    sigma2 = resid @ resid / max(1, len(y) - x.shape[1])
    cov = sigma2 * np.linalg.pinv(x.T @ x)
    return coef, np.sqrt(np.diag(cov))


def report(data: dict[str, np.ndarray]) -> None:
    x, y, turn = changes(data), data["yb"] - data["ya"], data["turn"]
    n = len(PARTS)
    print(f"{len(y)} swaps; the margin's change {y.mean():+.2f} a swap (SD {y.std():.1f})")
    total = x[:, :n].sum(1) - W.rival * x[:, n:].sum(1)
    for label, keep in (("all", turn > 0), ("own turns 1–12", turn <= 12), ("13 on", turn > 12)):
        c, se = fit(total[keep, None], y[keep])
        print(f"the bot's worth (its own less {W.rival} of the other's), {label}: slope {c[0]:.2f} (SE {se[0]:.2f}), "
              f"{keep.sum()} swaps")
    print("\n| part | the bot's own: weight (SE) | the other's: weight (SE) | sd of its change |")
    print("|---|---|---|---|")
    for label, keep in (("all", turn > 0), ("own turns 1–12", turn <= 12), ("13 on", turn > 12)):
        c, se = fit(x[keep], y[keep])
        print(f"| **{label}** ({keep.sum()} swaps) | | | |")
        for i, name in enumerate(PARTS):
            print(f"| {name} | {c[i]:+.2f} ({se[i]:.2f}) | {c[n + i]:+.2f} ({se[n + i]:.2f}) | "
                  f"{x[keep, i].std():.2f} / {x[keep, n + i].std():.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_screen_games(parser, seeds="40000-40004", nodes=8000)
    parser.add_argument("--every", type=int, default=3, help="swap at every N-th own turn of the hard bot")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--out", help="save the swaps (.npz)")
    parser.add_argument("--load", action="append", help="report on swaps saved by --out (repeatable)")
    args = parser.parse_args(argv)
    if args.load:
        parts_ = [dict(np.load(f)) for f in args.load]
        data = {k: np.concatenate([p[k] for p in parts_]) for k in parts_[0]}
    else:
        start = time.perf_counter()
        data = collect(screen_games(args), args.every, args.processes)
        print(f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
        if args.out:
            np.savez(args.out, **data)
    report(data)
    return 0


def _probe(job: tuple) -> list[tuple]:
    return probe_game(*job)


if __name__ == "__main__":
    raise SystemExit(main())
