"""Headless games between bots: throughput and strength figures. Never imports Textual."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field

from century_tui.bots import make_bot
from century_tui.engine import State

DEFAULT_ROUND_CAP = 400
"""Rounds after which a game is abandoned as a livelock and reported as capped."""


@dataclass
class BotTally:
    seats: int = 0
    """Seat appearances (a bot named twice in a lineup counts twice)."""
    wins: int = 0
    score: int = 0
    think: list[float] = field(default_factory=list)
    """Seconds per decision, kept only when asked for."""

    def as_dict(self, games: int) -> dict:
        d = {
            "win_share": self.wins / games if games else 0.0,
            "mean_score": self.score / self.seats if self.seats else 0.0,
            "seats": self.seats,
        }
        if self.think:
            d["median_ms"] = statistics.median(self.think) * 1000
            d["max_ms"] = max(self.think) * 1000
        return d


@dataclass
class SimReport:
    players: int
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    turns: int = 0
    capped: int = 0
    by_bot: dict[str, BotTally] = field(default_factory=dict)
    seat_wins: list[int] = field(default_factory=list)
    seat_scores: list[int] = field(default_factory=list)

    def as_dict(self) -> dict:
        played = self.games - self.capped
        return {
            "games": self.games,
            "players": self.players,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "moves_per_s": self.moves / self.seconds if self.seconds else 0.0,
            "turns_per_player": self.turns / (self.games * self.players) if self.games else 0.0,
            "capped": self.capped,
            "by_bot": {name: t.as_dict(played) for name, t in self.by_bot.items()},
            "by_seat": [
                {
                    "seat": i + 1,
                    "win_share": w / played if played else 0.0,
                    "mean_score": sc / played if played else 0.0,
                }
                for i, (w, sc) in enumerate(zip(self.seat_wins, self.seat_scores))
            ],
        }

    def text(self) -> str:
        d = self.as_dict()
        lines = [
            f"games {d['games']}   moves {d['moves']}   {d['seconds']:.2f} s   "
            f"{d['games_per_s']:.1f} games/s   {d['moves_per_s']:.0f} moves/s",
            f"turns per player {d['turns_per_player']:.1f}   games hitting the turn cap {d['capped']}",
            "",
            f"{'seat':<10}{'win share':>10}{'mean score':>12}",
        ]
        for s in d["by_seat"]:
            lines.append(f"{s['seat']:<10}{s['win_share']:>10.1%}{s['mean_score']:>12.1f}")
        lines += ["", f"{'bot':<10}{'win share':>10}{'mean score':>12}"]
        for name, b in d["by_bot"].items():
            extra = ""
            if "median_ms" in b:
                extra = f"   think median {b['median_ms']:.1f} ms, max {b['max_ms']:.1f} ms"
            lines.append(f"{name:<10}{b['win_share']:>10.1%}{b['mean_score']:>12.1f}{extra}")
        return "\n".join(lines)


def lineup(bots: list[str], players: int, game: int) -> list[str]:
    """Bots by seat for game `game`: the list cycled over seats, rotated one seat per game."""
    return [bots[(seat + game) % len(bots)] for seat in range(players)]


def simulate(
    bots: list[str],
    games: int,
    players: int,
    seed: int = 0,
    round_cap: int = DEFAULT_ROUND_CAP,
    budget_ms: int | None = None,
    time_moves: bool = False,
) -> SimReport:
    """Play `games` complete games; game g uses seed `seed + g` and rotated seats."""
    report = SimReport(players, seat_wins=[0] * players, seat_scores=[0] * players)
    for name in bots:
        report.by_bot.setdefault(name, BotTally())
    clock = time.perf_counter
    start = clock()
    for g in range(games):
        names = lineup(bots, players, g)
        rng = random.Random(seed * 1_000_003 + g)
        seats = [make_bot(name, rng.randrange(2**32), budget_ms) for name in names]
        state = State.new(players, seed + g)
        moves = 0
        cap = round_cap
        while not state.is_over:
            seat = state.seat
            if state.players[seat].turns >= cap:
                break
            if time_moves:
                t0 = clock()
                move = seats[seat].choose(state)
                report.by_bot[names[seat]].think.append(clock() - t0)
            else:
                move = seats[seat].choose(state)
            state.advance(move)
            moves += 1
        report.games += 1
        report.moves += moves
        report.turns += sum(p.turns for p in state.players)
        if not state.is_over:
            report.capped += 1
            continue
        winner = state.winner()
        report.seat_wins[winner] += 1
        report.by_bot[names[winner]].wins += 1
        for seat, name in enumerate(names):
            total = state.score(seat).total
            report.seat_scores[seat] += total
            tally = report.by_bot[name]
            tally.seats += 1
            tally.score += total
    report.seconds = clock() - start
    return report
