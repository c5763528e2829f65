"""What a run of bot games adds up to: each game's result, and the summary by bot and by seat
(`century sim` prints it in the player's words, or as JSON)."""

from __future__ import annotations

import statistics

from msgspec import Struct, field


class BotTally(Struct):
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


class GameResult(Struct, frozen=True):
    """What one game adds to the summary."""

    number: int
    names: tuple[str, ...]
    """The bot level in each seat."""
    moves: int
    turns: int
    scores: tuple[int, ...] | None
    """Final totals by seat; None for a game stopped at the round cap."""
    winner: int | None
    think: tuple[tuple[float, ...], ...] = ()
    """Seconds per decision, by seat (when asked for)."""


class SimReport(Struct):
    players: int
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    turns: int = 0
    capped: int = 0
    by_bot: dict[str, BotTally] = field(default_factory=dict)
    seat_wins: list[int] = field(default_factory=list)
    seat_scores: list[int] = field(default_factory=list)
    asked: int = 0
    """Games asked for: more than `games` when the run was stopped (Ctrl+C)."""
    jobs: int = 1

    @classmethod
    def start(cls, bots: list[str], players: int, games: int, jobs: int = 1) -> SimReport:
        """The report of a run of `games` games before any is played."""
        report = cls(players, seat_wins=[0] * players, seat_scores=[0] * players, asked=games, jobs=jobs)
        for name in bots:
            report.by_bot.setdefault(name, BotTally())
        return report

    @property
    def interrupted(self) -> bool:
        return self.games < self.asked

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.moves += result.moves
        self.turns += result.turns
        for seat, times in enumerate(result.think):
            self.by_bot[result.names[seat]].think.extend(times)
        if result.scores is None or result.winner is None:
            self.capped += 1
            return
        self.seat_wins[result.winner] += 1
        self.by_bot[result.names[result.winner]].wins += 1
        for seat, (name, total) in enumerate(zip(result.names, result.scores)):
            self.seat_scores[seat] += total
            tally = self.by_bot[name]
            tally.seats += 1
            tally.score += total

    def as_dict(self) -> dict:
        played = self.games - self.capped
        return {
            "games": self.games,
            "asked": self.asked,
            "interrupted": self.interrupted,
            "players": self.players,
            "jobs": self.jobs,
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


MEASURED = ("seconds", "games_per_s", "moves_per_s", "jobs", "median_ms", "max_ms")
"""The fields of `as_dict` that are measurements (or how they were taken), not results:
all others are the same for a seed whatever the number of jobs."""
