"""The hard bot's move as a person waits for it: `century new --players Ann,bot:hard` in a
real pseudo-terminal read by a terminal emulator (pyte), a person's moves made through the
keyboard (as `ui_terminal.py` makes them), the settings a new player has (bot speed normal,
a budget of 1000 ms) unless told.

    python benchmarks/hard_in_game.py [--moves 20] [--seed 164] [--budget-ms 1000] [--delay-ms 600]

`bots.py` times the bot headless on its CPU clock; here it thinks where a person plays it,
beside the board, on the wall clock. For each bot move: the person's own move on screen
(from their key), the wall and CPU time the bot thought and the positions it searched (a
`sitecustomize.py` in the game's path writes them, with the move, to a file: the one thing
the game does that a player's `century` does not), the time from its choice to its move on
screen, and what the person waited, from their own move on screen to the bot's. Then the
same positions are searched again here, headless, with the same seeds and budget on the
wall clock: the share of that search the game's bot got through is what the board beside it
costs its strength. Run it at rest (docs/PERFORMANCE.md, "The hard bot in the game window").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ui_terminal import KEYS, QUIET_S, Terminal, keys_for, percentile, person_move, same_game  # noqa: E402

from century_tui.bots.hard import HardBot  # noqa: E402
from century_tui.engine import Game, Seat  # noqa: E402
from century_tui.engine.save import move_from_dict  # noqa: E402

HOOK = """
import json, os, time
from century_tui.bots.hard import HardBot
from century_tui.engine.save_doc import move_to_dict
choose = HardBot.choose
def timed(self, state):
    start, cpu = time.monotonic(), time.thread_time()
    move = choose(self, state)
    end = time.monotonic()
    with open(os.environ["BENCH_HARD_LOG"], "a") as f:
        f.write(json.dumps({"start": start, "end": end, "cpu": time.thread_time() - cpu, "nodes": self.nodes,
                            "seed": self.seed, "move": move_to_dict(move)}) + "\\n")
    return move
HardBot.choose = timed
"""
"""`sitecustomize.py` for the game and any process it starts (a bot's worker): each hard
bot's move, its times and positions noted in a file (`time.monotonic` is the machine's)."""


SEATS = (Seat("Ann"), Seat("Hard bot", "hard"))
"""The game's seats, as `century new --players Ann,bot:hard` makes them."""


class Log:
    """The hard bot's moves as the hook notes them, read as they come."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = 0

    def new(self) -> list[dict]:
        whole = self.path.read_text().split("\n")[:-1] if self.path.exists() else []  # a line being written waits
        got = [json.loads(line) for line in whole[self.lines:]]
        self.lines = len(whole)
        return got


def bot_turns(term: Terminal, log: Log, game: Game, keys: list[tuple[str, str]], timeout: float) -> list[dict]:
    """Press the person's `keys` (the last one plays their move; none: the bot moves first)
    and read on until every bot move after it is on screen: the bot's records, each with
    `drawn` (ms from its choice to its move on screen), the first with `own` (ms to the
    person's move on screen) and `waited` (ms from there to the bot's move on screen)."""
    for key, kind in keys[:-1]:
        term.press(key, kind)
    sent = time.monotonic()
    if keys:
        os.write(term.master, KEYS.get(keys[-1][0], keys[-1][0].encode()))
    chunks, records = [], []
    while time.monotonic() < sent + timeout:
        ready, _, _ = select.select([term.master], [], [], QUIET_S)
        if ready:
            chunks.append((time.monotonic(), os.read(term.master, 1 << 16)))
        for record in log.new():  # the bot's move, on the benchmark's copy too
            records.append(record)
            game.apply(move_from_dict(record["move"]))
        if not ready and (game.state.is_over or game.current_seat.is_human):
            break
    changes = term.feed(chunks)
    person_drawn = max((at for at in changes if not records or at < records[0]["end"]), default=sent)
    for i, record in enumerate(records):
        later = records[i + 1]["start"] if i + 1 < len(records) else float("inf")
        drawn = [at for at in changes if record["end"] <= at < later]
        record["drawn"] = (drawn[-1] - record["end"]) * 1000 if drawn else None
    if keys and records:
        records[0]["own"] = (person_drawn - sent) * 1000
        if records[-1]["drawn"] is not None:
            records[0]["waited"] = (records[-1]["end"] + records[-1]["drawn"] / 1000 - person_drawn) * 1000
    return records


def play(moves: int, seed: int, budget: int, delay: int | None, size: tuple[int, int]) -> tuple[Game, list[dict]]:
    """A game of `moves` person's moves against the hard bot; the bot's records."""
    hook = Path(tempfile.mkdtemp(prefix="century-bench-"))
    (hook / "sitecustomize.py").write_text(HOOK)
    log = Log(hook / "hard.jsonl")
    os.environ.update(BENCH_HARD_LOG=str(log.path), PYTHONPATH=os.pathsep.join([str(hook), str(ROOT)]))
    term = Terminal([], size, handoff=False, bot_delay_ms=delay, program=[
        sys.executable, "-m", "century_tui", "new", "--players", "Ann,bot:hard", "--seed", str(seed),
        "--budget-ms", str(budget)])
    game = Game(SEATS, seed)
    rng = random.Random(1)
    records: list[dict] = []
    timeout = 30 + 3 * budget / 1000
    try:
        term.until("Ann's hand")
        records += bot_turns(term, log, game, [], timeout)  # a bot sitting first
        for _ in range(moves):
            state = game.state
            if state.is_over:
                break
            move = person_move(state, rng)
            keys = keys_for(state, move)
            game.apply(move)
            if game.state.phase == "discard" and game.current_seat.is_human:
                for key, kind in keys:
                    term.press(key, kind)
                continue  # the dialog opened by itself
            records += bot_turns(term, log, game, keys, timeout)
        same_game(term.home, game)
    finally:
        term.close()
    return game, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--moves", type=int, default=20, help="the person's moves")
    parser.add_argument("--seed", type=int, default=164)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--delay-ms", type=int, default=None, help="the bot speed's pause (default: the settings')")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    game, records = play(args.moves, args.seed, args.budget_ms, args.delay_ms, (width, height))
    headless = []
    replay = Game(SEATS, args.seed)
    wanted = iter(records)
    for move in game.moves:
        if not replay.current_seat.is_human:
            record = next(wanted)
            bot = HardBot(record["seed"], args.budget_ms)
            bot.choose(replay.state.clone())
            headless.append(bot.nodes)
        replay.apply(move)
    assert len(headless) == len(records), "each bot move searched again"
    think = [(r["end"] - r["start"]) * 1000 for r in records]
    cpu = [r["cpu"] * 1000 for r in records]
    drawn = [r["drawn"] for r in records if r["drawn"] is not None]
    waited = [r["waited"] for r in records if "waited" in r]
    own = [r["own"] for r in records if "own" in r]
    share = [r["nodes"] / h for r, h in zip(records, headless) if h]
    print(f"the hard bot in the game, {width}×{height}, seed {args.seed}, budget {args.budget_ms} ms, "
          f"bot pause {'the settings' if args.delay_ms is None else args.delay_ms} (load {load})")
    print(f"  bot moves: {len(records)}")
    for label, xs in (("the person's move on screen, ms", own), ("thinking, wall ms", think),
                      ("thinking, CPU ms", cpu), ("on screen after it chose, ms", drawn),
                      ("the person waited, ms", waited)):
        if not xs:  # e.g. no bot move reached the screen before the run's last move
            print(f"  {label:<32} none")
            continue
        print(f"  {label:<32} median {statistics.median(xs):7.1f}  p90 {percentile(xs, 0.9):7.1f}  "
              f"max {max(xs):7.1f}")
    print(f"  positions a move: in the game {statistics.median(r['nodes'] for r in records):,.0f}, headless "
          f"{statistics.median(headless):,.0f} (median); in the game / headless, median {statistics.median(share):.2f}")
    print(f"  over budget + 30 ms: {sum(t > args.budget_ms + 30 for t in think)} of {len(think)}")


if __name__ == "__main__":
    main()
