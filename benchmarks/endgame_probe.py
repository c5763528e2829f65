"""Probe the hard bot's last turns: would an exact search of both players' turns near the
end, knowing the real decks, have saved the games it lost?

Run by hand from the repository root (not a test; deterministic: the hard bot node-capped,
the baseline's search fixed):

    python benchmarks/endgame_probe.py --seeds 3000-3029 --nodes 60000      # the screens' games
    python benchmarks/endgame_probe.py --seeds 3000-3004 --depth 6 --near 1

It plays the hard bot against the frozen baseline (two players, seats swapped on each
engine seed, as `bots.py` does) and, in each game the bot lost, at each of its turns from
the moment a player holds `--near` cards fewer than the trigger (or the end is triggered),
searches every line of both players' next `--depth` turns on the real position (the real
decks: an upper bound on what such a search could know) and asks of each move: does it
win whatever the other player does (+1), lose whatever it does (-1), or is that not
settled within the depth (0)? Moves are those worth a thought (each distinct play, each
merchant slot paid with the cheapest cubes, each claim, rest; an overflow's cheapest
discard), alpha-beta on the three values, at most `--max-nodes` positions a probe (past
that, the turn prints `?`). Each lost game prints the bot's probed turns as
`turn:played/best` (the value of the bot's move and of the best move); the summary counts
"missed win" where some move won and the bot's did not, "missed hope" where the bot's move
lost and another was not settled. Neither (and lost positions from the first probe on)
says the game was decided before the last turns: a search of both players' last turns
would not have saved it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import ROUND_CAP, add_screen_games, build, screen_games  # noqa: E402

from century_tui.bots.heuristics import cheapest_acquires, least_valuable_discard  # noqa: E402
from century_tui.engine import ACQUIRE, CARAVAN_LIMIT, DISCARDING, Move, State, trigger_cards  # noqa: E402


class Budget(Exception):
    """A probe searched its `--max-nodes`."""


def _key(state: State, seat: int) -> tuple:
    p = state.players[seat]
    return (tuple(p.cubes), p.hand, p.played, tuple(p.claimed), p.upper, p.lower, tuple(state.point_row),
            tuple(state.merchant_row), tuple(state.merchant_cubes), state.phase, state.upper_coins, state.lower_coins)


def children(state: State) -> list[tuple[Move, State]]:
    """The moves worth a thought and the positions they make, one move per distinct result."""
    if state.phase == DISCARDING:
        cubes = state.players[state.seat].cubes
        moves: list[Move] = [least_valuable_discard(cubes, sum(cubes) - CARAVAN_LIMIT)]
    else:
        moves = [m for m in state.legal_moves() if m.kind != ACQUIRE] + cheapest_acquires(state)
    out, seen = [], set()
    for move in moves:
        after = state.clone()
        after.advance(move)
        key = _key(after, state.seat)
        if key not in seen:
            seen.add(key)
            out.append((move, after))
    return out


def outcome(state: State, me: int) -> int:
    """+1 if `me` won the finished game, else -1."""
    return 1 if state.winner() == me else -1


class Probe:
    """An exact search of both players' turns, for player `me`, `depth` turns deep."""

    def __init__(self, me: int, depth: int, max_nodes: int) -> None:
        self.me, self.depth, self.max_nodes = me, depth, max_nodes
        self.nodes = 0

    def value(self, state: State, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Budget
        if state.is_over:
            return outcome(state, self.me)
        if depth == 0:
            return 0
        mine = state.seat == self.me
        best = -2 if mine else 2
        for _, after in children(state):
            v = self.value(after, _left(state, after, depth), alpha, beta)
            if mine:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    def moves(self, state: State, played: Move) -> tuple[int, int] | None:
        """The value of `played` (searched alone if it is not among the moves worth a
        thought: another payment) and of the best move; None if the probe ran out of nodes."""
        self.nodes = 0
        options = children(state)
        if played not in {m for m, _ in options}:
            after = state.clone()
            after.advance(played)
            options.append((played, after))
        try:
            values = {m: self.value(after, _left(state, after, self.depth), -2, 2) for m, after in options}
        except Budget:
            return None
        return values[played], max(values.values())


def _left(state: State, after: State, depth: int) -> int:
    """Turns left to search after a move from `state` to `after`: a discard is the same turn."""
    return depth if after.seat == state.seat else depth - 1


def probe_game(task: tuple, depth: int, near: int, max_nodes: int) -> dict:
    names, seed, game, budget, nodes, baseline_nodes, clock = task
    bots = [build(n, 1000 * game + i, budget, nodes, baseline_nodes, clock) for i, n in enumerate(names)]
    me = names.index("hard")
    trigger = trigger_cards(2)
    state = State.new(2, seed)
    probes: list[tuple] = []
    probe = Probe(me, depth, max_nodes)
    positions = []
    while not state.is_over and state.players[state.seat].turns < ROUND_CAP:
        move = bots[state.seat].choose(state)
        late = state.end_triggered is not None or max(len(p.claimed) for p in state.players) >= trigger - near
        if state.seat == me and late and state.phase != DISCARDING:
            positions.append((state.clone(), move))
        state.advance(move)
    won = state.is_over and outcome(state, me) == 1
    if not won:
        for position, move in positions:
            probes.append((position.players[me].turns, *(probe.moves(position, move) or (None, None))))
    final = [state.score(i).total for i in range(2)]
    return {"seed": seed, "names": names, "won": won, "final": (final[me], final[1 - me]), "probes": probes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_screen_games(parser)
    parser.add_argument("--depth", type=int, default=4, help="turns searched, both players' (4: two each)")
    parser.add_argument("--near", type=int, default=1, help="probe from when a player holds the trigger less this")
    parser.add_argument("--max-nodes", type=int, default=200_000, help="positions a probe searches at most")
    args = parser.parse_args()
    tasks = screen_games(args)
    start = time.perf_counter()
    lost = probed = decided = unsettled = missed_win = missed_hope = 0
    for task in tasks:
        got = probe_game(task, args.depth, args.near, args.max_nodes)
        if got["won"]:
            continue
        lost += 1
        marks = []
        for turn, mine, best in got["probes"]:
            probed += 1
            if mine is None:
                unsettled += 1
                marks.append(f"{turn}:?")
                continue
            decided += mine == -1 and best == -1
            missed_win += best == 1 and mine < 1
            missed_hope += best == 0 and mine == -1
            marks.append(f"{turn}:{mine:+d}/{best:+d}")
        print(f"seed {got['seed']} {'/'.join(got['names'])} lost {got['final'][0]}-{got['final'][1]}: "
              f"{' '.join(marks) or 'no turn near the end'}", flush=True)
    print(f"\n{len(tasks)} games, {lost} lost by the hard bot, {probed} of its turns probed "
          f"({args.depth} turns deep, from {args.near} card(s) short of the trigger; "
          f"{time.perf_counter() - start:.0f} s): every move lost {decided}, "
          f"missed win {missed_win}, missed hope {missed_hope}, over {args.max_nodes:,} positions {unsettled}")


if __name__ == "__main__":
    main()
