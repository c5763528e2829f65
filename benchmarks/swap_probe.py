"""Probe which of the hard bot's moves another bot would have played better: play the other
bot's move in the hard bot's place, once, and let both bots play the game on.

Run by hand from the repository root (not a test; deterministic: the hard bot node-capped,
the baseline's search fixed, both a function of their seed and the position):

    python benchmarks/swap_probe.py --seeds 3000-3029 --every 4 --processes 2
    python benchmarks/swap_probe.py --seeds 3000-3029 --every 4 --alt hard#60000@7  # control

The games are the screens' (`bots.py --nodes N --baseline-nodes 0`: the hard bot against
the frozen baseline, seats swapped on each engine seed). At every `--every`-th own turn of
the hard bot (not an overflow's discard) the `--alt` bot is asked for its move in the same
position; where it differs (and with `--only KIND`, where one of the two is of that kind),
that move is played instead and the game goes on from there, both bots as before. Each
swap is a pair: the game's margin (the hard bot's score less the other's) as played and
with the one move changed. The summary, by the hard bot's turn and by the kinds of the two
moves, gives the swaps, the mean change of the margin (and its standard error), and the
games lost turned won and won turned lost.

A single changed move moves the rest of the game, so a swap's change is noisy; the mean over
many says whether the other bot's judgment beats the hard bot's where they differ. The
control is the hard bot itself with another seed (`hard#N@SEED`: another imagined deck
order, the same judgment): its swaps should change the margin by nothing on average.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import ROUND_CAP, add_screen_games, build, screen_games  # noqa: E402

from century_tui.engine import ACQUIRE, CLAIM, DISCARDING, REST, Move, State  # noqa: E402

TURNS = ((1, 8), (9, 16), (17, 24), (25, 99))
"""The hard bot's own turns, in the buckets the summary groups swaps by."""


def kind(move: Move) -> str:
    """A move's kind as the summary counts it: a card played is a play."""
    if move.kind in (ACQUIRE, CLAIM, REST):
        return str(move.kind)
    return "play"


def alt_bot(spec: str, game: int, seat: int, nodes: int, baseline_nodes: int):
    """The bot asked for the swapped move: `baseline`, or `hard#N@SEED` (the hard bot at N
    nodes with a seed of its own; without `@SEED`, the game's hard bot's seed: the same
    imagined deck orders, so only the nodes differ)."""
    name, _, seed = spec.partition("@")
    return build(name, int(seed) if seed else 1000 * game + seat, None, nodes, baseline_nodes)


def finish(state: State, bots: list, until: Callable[[State], bool] | None = None) -> State:
    """`state` played to its end by `bots` (or, with `until`, to the first position it holds
    for)."""
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        if until is not None and until(state):
            break
        state.advance(bots[state.seat].choose(state))
    return state


def margin(state: State, me: int) -> tuple[int, bool]:
    """The hard bot's score less the best other's, and whether it won."""
    scores = [state.score(i).total for i in range(state.n)]
    return scores[me] - max(s for i, s in enumerate(scores) if i != me), state.winner() == me


def play_asking(task: tuple, every: int, look=None) -> tuple[list, int, list[tuple[int, State, Move]], State]:
    """The task's game played out: its bots, the hard bot's seat, the positions asked (the
    bot's own turn, the position, its move there) at every `every`-th own turn of the hard
    bot (not an overflow's discard), and the last position. `look(turn, state)`, if given,
    sees the start of each of the hard bot's turns."""
    names, seed, game, budget, nodes, baseline_nodes, clock = task
    bots = [build(n, 1000 * game + i, budget, nodes, baseline_nodes, clock) for i, n in enumerate(names)]
    me = names.index("hard")
    state = State.new(len(names), seed)
    asked: list[tuple[int, State, Move]] = []
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        move = bots[state.seat].choose(state)
        if state.seat == me and state.phase != DISCARDING:
            turn = state.players[me].turns + 1
            if look is not None:
                look(turn, state)
            if turn % every == 0:
                asked.append((turn, state.clone(), move))
        state.advance(move)
    return bots, me, asked, state


def probe_game(task: tuple, every: int, alt: str, only: str | None = None) -> tuple[int, list[tuple]]:
    """One game played out, then each swap played out: the positions asked, and per swap
    (seed, seat, own turn, the hard bot's move kind, the other's, margin as played, won,
    margin swapped, won)."""
    bots, me, asked, state = play_asking(task, every)
    seed, game, nodes, baseline_nodes = task[1], task[2], task[4], task[5]
    other = alt_bot(alt, game, me, nodes, baseline_nodes)
    played = margin(state, me)
    out = []
    for turn, position, move in asked:
        instead = other.choose(position)
        if instead == move or (only and only not in (kind(move), kind(instead))):
            continue
        position.advance(instead)
        out.append((seed, me, turn, kind(move), kind(instead), *played, *margin(finish(position, bots), me)))
    return len(asked), out


def summary(rows: list[tuple], label: str, key, name=str) -> None:
    """A table of the swaps grouped by `key` (in its order, each group printed as `name`
    makes it): how many, the margin's mean change, games turned."""
    groups: dict = defaultdict(list)
    for r in rows:
        groups[key(r)].append(r)
    print(f"\n| {label} | swaps | margin change (SE) | lost turned won | won turned lost |")
    print("| --- | --- | --- | --- | --- |")
    for k in sorted(groups):
        rs = groups[k]
        d = [r[7] - r[5] for r in rs]
        m = sum(d) / len(d)
        se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) if len(d) > 1 else float("nan")
        print(f"| {name(k)} | {len(rs)} | {m:+.2f} ({se:.2f}) | {sum(not r[6] and r[8] for r in rs)} "
              f"| {sum(r[6] and not r[8] for r in rs)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_screen_games(parser)
    parser.add_argument("--every", type=int, default=4, help="swap at every N-th own turn of the hard bot")
    parser.add_argument("--alt", default="baseline", help="the bot whose move is swapped in (hard#N@SEED: the hard bot)")
    parser.add_argument("--only", choices=("play", "acquire", "claim", "rest"),
                        help="swap only where one of the two moves is of this kind")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    tasks = screen_games(args)
    start, rows, asked = time.perf_counter(), [], 0
    with multiprocessing.Pool(args.processes) as pool:
        jobs = [(t, args.every, args.alt, args.only) for t in tasks]
        for g, (n, got) in enumerate(pool.imap(_probe, jobs, chunksize=1)):
            rows += got
            asked += n
            print(f"\r{g + 1}/{len(tasks)} games, {len(rows)} swaps", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    only = f" (one of them: {args.only})" if args.only else ""
    print(f"{len(tasks)} games, {asked} positions asked (own turns {args.every}, {2 * args.every}, …), {len(rows)} "
          f"where the {args.alt} bot's move differs{only}, swapped ({time.perf_counter() - start:.0f} s)")
    for r in rows:
        print("swap", *r)
    summary(rows, "own turn", lambda r: next(t for t in TURNS if t[0] <= r[2] <= t[1]),
            lambda t: f"{t[0]}-{t[1]}")
    summary(rows, "hard's move → the other's", lambda r: f"{r[3]} → {r[4]}")
    summary(rows, "all", lambda r: "all")


def _probe(job: tuple) -> tuple[int, list[tuple]]:
    return probe_game(*job)


if __name__ == "__main__":
    main()
