"""A game's running scores by round, for the score chart: pure Python, no Textual.

A player's score (point cards + coins + cubes worth points, as `State.score` counts it at
the end) changes only during their own turn, so their score after their turn in round r
is their score at the end of round r.
"""

from __future__ import annotations

from msgspec import Struct

from century_tui.engine import POINT_CARDS, Game, State


class Claimed(Struct, frozen=True):
    """A point card claimed: in which round (from 1) and what it is worth."""

    round: int
    points: int


class Running(Struct, frozen=True):
    """One player's score through the game."""

    scores: tuple[int, ...]
    """scores[r]: the score at the end of round r; scores[0] at the start (the fourth and
    fifth in turn order start with a red cube, worth 1)."""
    claims: tuple[Claimed, ...]


def running_scores(game: Game) -> list[Running]:
    """Every player's score by round and the point cards they claimed, by seat, from one
    replay of the game's moves from its seed. Unfinished turns are left out."""
    scores: list[list[int]] = [[] for _ in game.seats]
    claims: list[list[Claimed]] = [[] for _ in game.seats]
    for state in game.positions():
        for seat, p in enumerate(state.players):
            done = len(scores[seat])  # rounds recorded, the start included
            for card in p.claimed[len(claims[seat]):]:
                claims[seat].append(Claimed(done, POINT_CARDS[card].points))
            if p.turns >= done:  # the start, or a turn just ended
                scores[seat].append(state.score(seat).total)
    return [Running(tuple(s), tuple(c)) for s, c in zip(scores, claims)]


def rounds_played(state: State) -> float:
    """Where a position lies on the chart's round axis: 1.0 once every player has ended
    one turn, 1.5 halfway through the second round of a game of two or four."""
    return sum(p.turns for p in state.players) / state.n
