"""The review after a game: for each person, the three moves that cost the most.

At every action a person took, the hard bot (a fixed search and a node cap, never the
clock, so a file always gets the same review) says what it would have played; where that
differs, it weighs both moves alike, each followed by its best line to the same depth,
and the difference is what the move cost, in points of its evaluation. Pure Python:
`century review FILE` and the review screen both call `review`.
"""

from __future__ import annotations

from typing import Callable

from msgspec import Struct, field

from century_tui.advice import Phrase, move_words, why
from century_tui.bots.hard import WIN_BONUS, HardBot
from century_tui.engine import ACTION, Game, Move, State
from century_tui.text import t

SEARCH = (16, 4)
"""(beam, depth in own turns) of every search the review makes: the bot's first search,
a little narrower, so a game of eighty person moves is reviewed in seconds."""
NODES = 4000
"""Node cap per search: enough for SEARCH to finish; a cap, not a clock, decides."""
SHOWN = 3
"""Moves listed per person."""
SMALL = 0.5
"""A move that costs less than this (in points) is not a mistake worth showing."""
FOREVER_MS = 10**9
"""The bot's clock budget: never the limit, so the node cap alone decides."""


class Costly(Struct, frozen=True):
    """A person's move and what the bot would have played instead."""

    index: int
    """Position of the move in the game (0-based): the position before it is `state_after(index)`."""
    seat: int
    round: int
    played: Move
    better: Move
    before: float
    """The bot's evaluation of the position with its own move (its best line), in points."""
    after: float
    """Its evaluation with the move played (that move's best line), in points."""

    @property
    def cost(self) -> float:
        return self.before - self.after

    @property
    def threw_win(self) -> bool:
        """The bot saw a win after its move and none after the one played."""
        return self.before >= WIN_BONUS / 2 > self.after

    @property
    def both_win(self) -> bool:
        """The bot saw a win after either move: its evaluations then carry its win bonus
        (some 900 points), which is no figure to show a person; the cost alone is."""
        return self.after >= WIN_BONUS / 2


class Review(Struct, frozen=True):
    """The costliest moves of each person (seat → up to SHOWN, costliest first)."""

    by_seat: dict[int, list[Costly]]
    weighed: dict[int, int] = field(default_factory=dict)
    """How many of each person's moves were weighed (none: they never moved)."""

    def no_costly_move(self, seat: int) -> str:
        """What is said of a person with no costly move: well played, or that they never moved."""
        return t("review.well_played" if self.weighed.get(seat) else "review.no_moves")


class Cancelled(Exception):
    """The review was stopped before it ended."""


def review_seed(game_seed: int, index: int) -> int:
    """The bot's seed at move `index`: the same file, the same imagined decks."""
    return (game_seed * 1_000_033 + index * 7_907 + 101) % (2**63)


def person_moves(game: Game) -> list[int]:
    """Indices of the actions people took (returning cubes over ten is not reviewed)."""
    states = game.positions()
    out = []
    for index, state in enumerate(states):
        if index == len(game.moves):
            break
        if game.seats[game.movers[index]].is_human and state.phase == ACTION:
            out.append(index)
    return out


def weigh(state: State, played: Move, seed: int, search: tuple[int, int], nodes: int) -> Costly | None:
    """The bot's move in `state` and both evaluations, or None when it plays `played` too."""
    bot = HardBot(seed, budget_ms=FOREVER_MS, max_nodes=nodes, schedule=(search,), order_width=None)  # one search
    better = bot.choose(state)
    if better == played:
        return None
    worth = {}
    for move in (better, played):  # one search per move, to the same depth: alike
        worth[move] = bot.appraise(state, [move])[1][move]
    return Costly(-1, state.seat, state.round, played, better, worth[better], worth[played])


def review(
    game: Game,
    *,
    search: tuple[int, int] | None = None,
    nodes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Review:
    """Weigh every person's action (with SEARCH and NODES unless told); `progress(done,
    total)` after each, `stop()` checked before each (Cancelled when it says so)."""
    search = SEARCH if search is None else search
    nodes = NODES if nodes is None else nodes
    todo = set(person_moves(game))
    total = len(todo)
    found: dict[int, list[Costly]] = {i: [] for i, s in enumerate(game.seats) if s.is_human}
    weighed = dict.fromkeys(found, 0)
    done = 0
    if progress:
        progress(0, total)
    for index, state in enumerate(game.positions()):
        if index not in todo:
            continue
        if stop is not None and stop():
            raise Cancelled
        got = weigh(state.clone(), game.moves[index], review_seed(game.seed, index), search, nodes)
        weighed[state.seat] += 1
        if got is not None and got.cost >= SMALL:
            found[got.seat].append(
                Costly(index, got.seat, got.round, got.played, got.better, got.before, got.after)
            )
        done += 1
        if progress:
            progress(done, total)
    return Review({
        seat: sorted(costs, key=lambda c: (-c.cost, c.index))[:SHOWN] for seat, costs in found.items()
    }, weighed)


def _points(value: float) -> str:
    """A worth with one decimal, in the language's decimal mark (4,5 in French)."""
    return f"{value:.1f}".replace(".", t("cli.sim_decimal_mark"))


def explained(game: Game, costly: Costly) -> list[Phrase]:
    """What a player reads of one costly move: when and what, the better move and why, the cost."""
    state = game.state_after(costly.index)
    names = [s.name for s in game.seats]
    out = [
        Phrase("review.item", {"round": costly.round, "move": costly.index + 1, "played": move_words(state, costly.played)}),
        Phrase("review.better", {"better": move_words(state, costly.better), "why": why(state, costly.better, names)}),
    ]
    if costly.threw_win:
        out.append(Phrase("review.cost_win"))
    elif costly.both_win:
        out.append(Phrase("review.cost_both_win", {"cost": _points(costly.cost)}))
    else:
        out.append(Phrase("review.cost", {
            "cost": _points(costly.cost), "before": _points(costly.before), "after": _points(costly.after),
        }))
    return out


def report(game: Game, found: Review) -> list[str]:
    """The review as lines of text (the command line's output)."""
    if not found.by_seat:
        return [t("review.no_people")]
    lines: list[str] = []
    for seat, costs in found.by_seat.items():
        name = t("review.person", name=game.seats[seat].name)
        if not costs:
            lines.append(f"{name}: {found.no_costly_move(seat)}")
            continue
        lines.append(name)
        for costly in costs:
            item, *rest = explained(game, costly)
            lines.append("  " + str(item))
            lines += ["    " + str(p) for p in rest]
    return lines
