"""The planner's worth of a position, in points, from tables it fills as it goes.

A line's worth is the bot's `worth` less `rival` times the best other player's: realised
points and coins fully; cubes by tier, fully when they pay part of the best row card to
aim at and less when spare, and near the end only for what they score; merchant cards
for what games showed each to be worth (`card_worth`), in the turns left. The turns left
come from the race (`World.end`, or the other players' pace and the bot's own): a known
end makes the last turns count cubes for their score and merchant cards for nothing. A
finished game counts the true scores, with a bonus for winning (the larger the sooner).

Everything here is a lookup on what a world shares (`Context`: the point row, its coins
and the turns left) and on the bot's own caravan number and cards, so a node's worth
costs a handful of list and dict reads (`bots/planner.py`).
"""

from __future__ import annotations

from functools import lru_cache, partial
from math import erf, sqrt

from msgspec import Struct
from msgspec.structs import replace

from century_tui.engine import COST, cards_of

from .caravan_tables import CUBES, SCORED, STATES, TIER_VALUE, within_tables
from .card_worth import FITTED
from .card_worth import worth as learned_worth
from .engine_value import throughput
from .heuristics import POINTS, RATES, deficit, value
from .world import World, coin_on


class Weights(Struct, frozen=True):
    """The evaluation's weights (the issue 17 bot's, fitted to games: docs/BOT_TUNING.md)."""

    matched: float = 0.9
    """Worth per tier point of cubes that pay part of the best target card."""
    spare: float = 0.7
    """Worth per tier point of the other cubes: they still need trades or a fitting card."""
    target: float = 0.3
    """Share of the best target's surplus (its worth less steps missing) counted now."""
    engine: float = 0.5
    """Share of the merchant cards' production per play counted, early in the game
    (with `learned` 0)."""
    engine_decay: float = 0.8
    """Each further merchant card counts this much less: a long hand cycles slowly."""
    engine_turns: float = 10.0
    """Turns left below which the engine counts for less (none at the end)."""
    throughput: float = 0.0
    """Above 0, the merchant cards count for what they make a turn played in cycles
    (`engine_value.throughput`) times this times the turns left (at most
    `throughput_turns`), instead of `engine`'s sum of rates."""
    throughput_turns: float = 30.0
    learned: float = 0.35
    """Above 0, the merchant cards count this times their worths fitted to games
    (`card_worth.worth`, in points) instead of `engine` times their hand-made rates
    (0: those). Counted fully, the fitted worths bought ten cards a game and lost; at
    0.35, about the hand-made sum's size, they won 148 of 240 games where the rates won
    130 (docs/BOT_TUNING.md)."""
    players: int = 2
    """The player count of the games whose fitted worths count (a key of
    `card_worth.FITTED`, set by `for_players`): worths fitted to two-player games won 7 of
    40 four-player games at 1000 ms where the hand-made rates won 16, and those fitted to
    four-player games 14 (docs/BOT_TUNING.md)."""
    ready: float = 0.3
    """Extra worth of a card in hand over one in the played pile (no rest needed)."""
    late_turns: float = 8.0
    """Turns left below which cubes count more and more for their score alone."""
    turns_per_claim: float = 4.0
    """The bot's own pace, for the turns left while no end is in sight."""
    rival: float = 0.7
    """Share of the best other player's worth taken off the bot's own."""
    rival_three: float = 0.5
    """`rival` with three players (`for_players`), where the best other player is the
    better of two: 0.5 won 109 of 180 screen games against two baselines where 0.7 won 95
    (docs/BOT_TUNING.md)."""
    line_spill: float = 2.0
    """Points each overflow along a line costs: the cubes thrown back were paid for."""
    funnel: float = 0.0
    """A search keeps `width * funnel / d` positions at own turn `d` when that is more
    than its width: wider where the first moves part, narrower where lines end."""
    claim_bonus: float = 0.0
    """Points a claim counts beyond its own along a line (times `discount ** d`). The
    bot's lines run to the game's end, so a bonus at every depth rewards the lines that
    claim most in all, not soonest: at 3 the bot bought 9 cards a game and won 31 of 60
    screen games where it won 48 (docs/BOT_TUNING.md). 0 for the bot and for the other
    players' plans (`race.PLAN_WEIGHTS`)."""
    win_delay: float = 20.0
    """A win found one own turn later counts this much less: no putting off a sure win."""
    win_sigma: float = 0.0
    """Above 0, a finished line's win counts by its chance: its margin over the other
    players' forecast scores, uncertain by this many points, plus `win_sigma_turn` a turn."""
    win_sigma_turn: float = 0.0
    discount: float = 1.0
    """A claim `d` own turns into a line counts `discount ** d` of its points (1: no
    discount): points sooner are surer, and the race goes to the quick."""

    def for_players(self, n: int) -> Weights:
        """The weights a game of `n` players is played with: the worths fitted to games of
        that many players, or the hand-made rates where there are none; with three
        players, `rival_three`."""
        w = replace(self, rival=self.rival_three) if n == 3 else self
        if not w.learned or n == w.players:
            return w
        return replace(w, players=n) if n in FITTED else replace(w, learned=0.0)


WIN_BONUS = 1000.0
"""What a sure win is worth beyond the scores."""
SQRT2 = sqrt(2)


@lru_cache(maxsize=1 << 16)
def engine_rate(cards: int, decay: float) -> float:
    """Production per play of the merchant cards in bitmask `cards`, best first, each
    further card `decay` times less."""
    got, k = 0.0, 1.0
    for r in sorted((RATES[c] for c in cards_of(cards)), reverse=True):
        got += r * k
        k *= decay
    return got


@lru_cache(maxsize=1 << 16)
def hand_rate(hand: int) -> float:
    """What the cards in bitmask `hand` make per play, together."""
    return sum(RATES[c] for c in cards_of(hand))


class Context:
    """What the worth of any caravan and cards depends on in some worlds: the point row,
    its coins, the turns left. `cubes[cv]` is a caravan's worth (filled when first asked),
    `engine[mask]` the cards' and `ready[hand]` the hand's."""

    __slots__ = ("prow", "coins", "late", "rate", "engine_share", "ready_share", "cubes", "engine", "ready", "w")

    def __init__(self, prow: tuple[int, ...], upper: int, lower: int, left: float, w: Weights) -> None:
        self.prow = prow
        self.coins = tuple(POINTS[c] + coin_on(j, upper, lower) for j, c in enumerate(prow))
        self.late = min(1.0, left / w.late_turns)
        # what the merchant cards make (a function of their bitmask), and the share of it counted
        if w.throughput:
            self.rate, self.engine_share = throughput, w.throughput * min(left, w.throughput_turns)
        else:
            self.rate = (partial(learned_worth, players=w.players) if w.learned
                         else partial(engine_rate, decay=w.engine_decay))
            self.engine_share = (w.learned or w.engine) * min(1.0, left / w.engine_turns)
        self.ready_share = w.ready * self.late
        self.cubes: list[float | None] = [None] * STATES
        self.engine: dict[int, float] = {}
        self.ready: dict[int, float] = {}
        self.w = w

    def cube_worth(self, cv: int) -> float:
        got = self.cubes[cv]
        if got is None:
            got = self.cubes[cv] = self._cube_worth(cv)
        return got

    def _cube_worth(self, cv: int) -> float:
        w = self.w
        matched, spare, surplus = self.cube_parts(cv)
        planned = w.matched * matched + w.spare * spare + w.target * max(0.0, surplus)
        return self.late * planned + (1 - self.late) * SCORED[cv]

    def cube_parts(self, cv: int) -> tuple[float, float, float]:
        """Caravan `cv`'s parts as the worth weighs them: the tier value of the cubes that pay
        part of the best row card to aim at, the rest's, and that card's surplus (its coins
        and points less its cost at `matched` and the steps missing)."""
        w, cubes = self.w, CUBES[cv]
        surplus, cost = float("-inf"), None
        for j, card in enumerate(self.prow):
            k = COST[card]
            s = self.coins[j] - value(k) * w.matched - deficit(cubes, k)
            if s > surplus:
                surplus, cost = s, k
        matched = 0
        if cost is not None:
            matched = value((min(cubes[0], cost[0]), min(cubes[1], cost[1]), min(cubes[2], cost[2]),
                             min(cubes[3], cost[3])))
        return matched, TIER_VALUE[cv] - matched, surplus

    def cards_worth(self, mask: int, hand: int) -> float:
        e = self.engine.get(mask)
        if e is None:
            e = self.engine[mask] = self.rate(mask) * self.engine_share
        r = self.ready.get(hand)
        if r is None:
            r = self.ready[hand] = hand_rate(hand) * self.ready_share
        return e + r


_CONTEXTS: dict[tuple, Context] = {}


def context(prow: tuple[int, ...], upper: int, lower: int, left: float, w: Weights) -> Context:
    """The context of these facts, kept from search to search (turns left past the ones
    the worth depends on count alike)."""
    left = min(left, max(w.late_turns, w.engine_turns, w.throughput_turns if w.throughput else 0.0))
    key = (prow, upper > 0, lower > 0, left, w)
    got = _CONTEXTS.get(key)
    if got is None:
        if len(_CONTEXTS) > 4096:
            _CONTEXTS.clear()
        got = _CONTEXTS[key] = Context(prow, upper, lower, left, w)
    return got


class Evaluator:
    """The worth of the planner's positions for one search: the bot's seat facts, the
    other players' plans, and a `Context` per distinct row, coins and turns left."""

    def __init__(self, w: Weights, trigger: int, my_position: int, positions: list[int]) -> None:
        self.w = w
        self.trigger = trigger
        self.my_position = my_position
        """The bot's place in turn order, and the other players' (`positions`): ties go
        to the player later in turn order (R-SCORE-2)."""
        self.positions = positions

    def left(self, world: World, ncl: int) -> float:
        """Own turns the bot probably has left, its next one included: to the known end,
        else to the soonest end the other players' pace or its own makes."""
        if world.end is not None:
            return float(world.end - world.depth + 1)
        mine = (self.trigger - ncl) * self.w.turns_per_claim - 1
        for (k, pts, n, lost), other in zip(world.others, world.game.others):
            plan = other.plan
            theirs = plan.turns_to(k, self.trigger - n, other.pace) + other.late
            mine = min(mine, theirs)
        return max(1.0, mine)

    def frame(self, world: World, ncl: int) -> tuple[Context, float]:
        """The context of the bot's worth in `world` with `ncl` cards claimed, and the best
        other player's worth there (times `rival`), kept in the world."""
        got = world.memo.get(ncl)
        if got is None:
            ctx = context(world.prow, world.upper, world.lower, self.left(world, ncl), self.w)
            rival = 0.0
            if world.others and self.w.rival:
                rival = self.w.rival * max(
                    pts + ctx.cube_worth(within_tables(other.plan.cubes(k)))
                    + ctx.cards_worth(other.plan.cards(k), other.plan.hand(k))
                    for (k, pts, n, lost), other in zip(world.others, world.game.others)
                )
            got = world.memo[ncl] = (ctx, rival)
        return got

    def others_scores(self, world: World) -> list[int]:
        """The other players' final scores `world` forecasts: their points there and what
        their planned caravans score."""
        return [opts + SCORED[within_tables(other.plan.cubes(k))]
                for (k, opts, n, lost), other in zip(world.others, world.game.others)]

    def final(self, world: World, pts: int, cv: int, depth: int) -> float:
        """A finished game's worth: the bot's score less `rival` times the best other's,
        plus the win bonus times the chance of a win (`Weights.win_sigma`: the other
        players' scores are a forecast, the less sure the further the end)."""
        w = self.w
        mine = pts + SCORED[cv]
        best, margin = 0, float("inf")
        for score, pos in zip(self.others_scores(world), self.positions):
            best = max(best, score)
            margin = min(margin, mine - score + (0.5 if pos < self.my_position else -0.5))
        sigma = w.win_sigma + w.win_sigma_turn * depth
        chance = (1.0 if margin > 0 else 0.0) if sigma <= 0 else 0.5 * (1 + erf(margin / (sigma * SQRT2)))
        return mine - w.rival * best + (WIN_BONUS - w.win_delay * depth) * chance
