"""What the planner's lines share: the rows, the decks, the coins and the other players.

In the planner's search (`bots/planner.py`) a line is the bot's own turns; everything
else about a position (the point and merchant rows, the coins left, how far the other
players have got along their predicted turns, when the game ends) is a `World`. A world
depends on what the bot's line took from the rows but on nothing else of the bot's, so
lines meet the same few worlds again and again: worlds are interned, their transitions
(the bot claims slot j, acquires slot i, the other players take their turns) are worked
out once and kept, and the evaluation keeps what it works out about a world in it too.

The other players move as `race.Plan` predicts (their own short search, made once a
move): they claim the cards of their plan when still there, take what else they can pay
for when the bot took it first, or lose a turn and keep the cubes' worth instead of the
card (`SNIPED_KEEPS`); past their plan, the row card with the most points every `pace`
turns. None of them ends the game to lose it: a trigger card that would leave a player
behind the bot's score, or another player's, waits (`HOLD_GAIN`).
"""

from __future__ import annotations

from century_tui.engine import COST, trigger_cards

from .caravan_tables import EMPTY, PAYABLE, SCORED, UNIT, added, payment_code, within_tables
from .heuristics import POINTS, value

SNIPED_KEEPS = 0.9
"""Points per tier of a point card's cost that another player keeps when the bot took the
card its plan claims and it could pay for no other. Its plan goes on with those cubes
spent, but in the game it holds them and pays another card with them: it loses a turn
and the card's surplus, not all its points. Counting the points lost (0.7 of them the
bot's gain, by `Weights.rival`) made taking another player's card look better than it is
(docs/BOT_TUNING.md)."""
KEPT = tuple(round(SNIPED_KEEPS * value(cost)) for cost in COST)
"""Points another player keeps of each point card taken from it (`SNIPED_KEEPS`)."""
HOLD_GAIN = 2
"""Points a turn another player gains while it holds back its trigger card. Its own
search has no rivals, so its plan ends the game whenever it can; a player behind does
not, it builds on (about two points a turn, as players do late in a game) and ends the
game once that wins. Believing the other player would end a game it loses, the bot sat
on a lead of 23 points with five cards and did not close (docs/BOT_TUNING.md)."""


def coin_on(index: int, upper: int, lower: int) -> int:
    """Points of the coin a claim of point slot `index` pays (R-CLM-3/4): 3, 1 or 0."""
    if index == 0:
        return 3 if upper else 1 if lower else 0
    return 1 if index == 1 and upper and lower else 0


class Other:
    """One other player as the worlds see it: its plan, where it sits, how it goes on."""

    __slots__ = ("plan", "late", "pace")

    def __init__(self, plan, late: int, pace: int) -> None:
        self.plan = plan
        """`race.Plan`: its predicted turns."""
        self.late = late
        """1 when it sits before the bot in a round (its next turn is in the next round)."""
        self.pace = pace
        """Own turns a claim past its plan."""


class Game:
    """What every world of one search shares: the imagined decks, who plays, the rules."""

    __slots__ = ("point_deck", "merchant_deck", "others", "trigger", "worlds", "n", "bars")

    def __init__(self, point_deck: list[int], merchant_deck: list[int], others: list[Other], n: int,
                 bars: tuple[int, ...] = ()) -> None:
        self.point_deck = point_deck
        """The imagined point deck in dealing order."""
        self.merchant_deck = merchant_deck
        self.others = others
        self.n = n
        self.trigger = trigger_cards(n)
        self.bars = bars or (0,) * len(others)
        """Per other player, the best score now of every player but it (the bot's
        included): its trigger card, ending the game below that, waits (0: it never
        waits). With three or more players a player behind a third does not end the
        game either."""
        self.worlds: dict[tuple, World] = {}

    def world(self, depth, prow, pdeal, upper, lower, mrow, mcubes, mdeal, others, end) -> World:
        """The interned world of these facts."""
        key = (depth, prow, pdeal, upper, lower, mrow, mcubes, mdeal, others, end)
        got = self.worlds.get(key)
        if got is None:
            got = self.worlds[key] = World(self, *key)
        return got


class World:
    """The shared facts of a position `depth` own turns into a line (the bot to move)."""

    __slots__ = ("game", "depth", "prow", "pdeal", "upper", "lower", "mrow", "mcubes", "mdeal", "others", "end",
                 "over", "_next", "_claims", "_acquires", "bought", "claimed", "memo")

    def __init__(self, game, depth, prow, pdeal, upper, lower, mrow, mcubes, mdeal, others, end) -> None:
        self.game: Game = game
        self.depth: int = depth
        self.prow: tuple[int, ...] = prow
        self.pdeal: int = pdeal
        """Point cards dealt so far from the imagined deck."""
        self.upper: int = upper
        self.lower: int = lower
        self.mrow: tuple[int, ...] = mrow
        self.mcubes: tuple[int, ...] = mcubes
        """The caravan number of the cubes lying on each merchant card."""
        self.mdeal: int = mdeal
        self.others: tuple[tuple[int, int, int, int], ...] = others
        """Per other player: (turns of its plan made, points, cards claimed, turns lost)."""
        self.end: int | None = end
        """The last round (counted from the bot's current one, 0), once triggered."""
        self.over: bool = end is not None and end < depth
        """The game ended before the bot's next turn."""
        self._next: World | None = None
        self._claims: dict = {}
        self._acquires: dict = {}
        self.bought: dict[int, tuple[World, int, int]] = {}
        """By `payment_code`: the world after the bot's acquire and the others' turns (`buy`)."""
        self.claimed: dict[int, tuple[World, int]] = {}
        """By 2 * slot + trigger: the world after the bot's claim and the others' turns (`take`)."""
        self.memo: dict = {}
        """What the evaluation worked out about this world."""

    # ------------------------------------------------------------ the bot's moves
    def claim(self, j: int, triggers: bool) -> tuple[World, int]:
        """The world once the bot claims point slot `j` (`triggers`: its last card), and the
        points it gets (the card's and the coin's)."""
        key = (j, triggers)
        got = self._claims.get(key)
        if got is None:
            prow, pdeal, upper, lower = _take_point(self.game, self.prow, self.pdeal, j, self.upper, self.lower)
            gain = POINTS[self.prow[j]] + coin_on(j, self.upper, self.lower)
            end = self.end if self.end is not None or not triggers else self.depth
            got = self._claims[key] = (
                self.game.world(self.depth, prow, pdeal, upper, lower, self.mrow, self.mcubes, self.mdeal,
                                self.others, end), gain)
        return got

    def acquire(self, i: int, tiers: tuple[int, ...]) -> tuple[World, int, int]:
        """The world once the bot takes merchant slot `i` placing `tiers` to its left, the
        card and the caravan number of the cubes that lay on it."""
        key = payment_code(i, tiers)
        got = self._acquires.get(key)
        if got is None:
            mrow, mcubes, mdeal = _take_merchant(self.game, self.mrow, self.mcubes, self.mdeal, i, tiers)
            got = self._acquires[key] = (
                self.game.world(self.depth, self.prow, self.pdeal, self.upper, self.lower, mrow, mcubes, mdeal,
                                self.others, self.end), self.mrow[i], self.mcubes[i])
        return got

    def buy(self, code: int, i: int, tiers: tuple[int, ...]) -> tuple[World, int, int]:
        """`acquire`, then the other players' turns; kept in `bought` (the search's path)."""
        w, card, on = self.acquire(i, tiers)
        got = self.bought[code] = (w.turn(), card, on)
        return got

    def take(self, j: int, triggers: bool) -> tuple[World, int]:
        """`claim`, then the other players' turns; kept in `claimed` (the search's path)."""
        w, gain = self.claim(j, triggers)
        got = self.claimed[2 * j + triggers] = (w.turn(), gain)
        return got

    # ------------------------------------------------------------ the others' turns
    def turn(self) -> World:
        """The world after the other players' turns, at the bot's next turn (depth + 1)."""
        got = self._next
        if got is None:
            got = self._next = _others_play(self)
        return got


def _take_point(game: Game, prow, pdeal, j, upper, lower):
    coin = coin_on(j, upper, lower)
    if coin == 3:
        upper -= 1
    elif coin == 1:
        lower -= 1
    row = prow[:j] + prow[j + 1:]
    if pdeal < len(game.point_deck):
        row += (game.point_deck[pdeal],)
        pdeal += 1
    return row, pdeal, upper, lower


def _take_merchant(game: Game, mrow, mcubes, mdeal, i, tiers):
    cubes = [added(mcubes[k], UNIT[t]) for k, t in enumerate(tiers)] + list(mcubes[len(tiers):])
    row, on = mrow[:i] + mrow[i + 1:], tuple(cubes[:i] + cubes[i + 1:])
    if mdeal < len(game.merchant_deck):
        row += (game.merchant_deck[mdeal],)
        on += (EMPTY,)
        mdeal += 1
    return row, on, mdeal


def _others_play(w: World) -> World:
    """Each other player's turn between the bot's turn `w.depth` and its next, in seat order
    after the bot: its plan's step, unless the round it would play in is past the end, or
    the step is a trigger card that would lose it the game (then it holds: `HOLD_GAIN`)."""
    game = w.game
    prow, pdeal, upper, lower = w.prow, w.pdeal, w.upper, w.lower
    mrow, mcubes, mdeal, end = w.mrow, w.mcubes, w.mdeal, w.end
    others = list(w.others)
    for o, other in enumerate(game.others):
        rnd = w.depth + other.late
        if end is not None and rnd > end:
            continue
        k, pts, ncl, lost = others[o]
        before = others[o]
        plan = other.plan
        step = plan.steps[k] if k < len(plan.steps) else None
        card = -1
        if step is None:
            if (k - len(plan.steps)) % other.pace == other.pace - 1:
                card = max(prow, key=_points, default=-1)
            k += 1
        elif step[0] == "claim":
            if step[1] in prow:
                card = step[1]
            else:  # the bot took it first: what else it can pay for, or a turn lost
                card = _payable(prow, plan.cubes(k))
                if card < 0 and lost < 1:
                    lost += 1
                    others[o] = (k, pts, ncl, lost)
                    continue
                if card < 0:  # it goes on without the card, but still holds the cubes it would have paid
                    pts += KEPT[step[1]]
            k, lost = k + 1, 0
        else:
            if step[0] == "acquire" and step[1] in mrow:
                i = mrow.index(step[1])
                mrow, mcubes, mdeal = _take_merchant(game, mrow, mcubes, mdeal, i, (0,) * i)
            k += 1
        if (card >= 0 and end is None and ncl + 1 >= game.trigger
                and _ends_on(plan, k, pts, card, prow, upper, lower) < game.bars[o]):
            k, pts, ncl, lost = before  # it would lose: it holds the card back, its plan waits there
            others[o] = (k, pts + HOLD_GAIN, ncl, lost)
            continue
        if card >= 0:
            j = prow.index(card)
            pts += POINTS[card] + coin_on(j, upper, lower)
            ncl += 1
            prow, pdeal, upper, lower = _take_point(game, prow, pdeal, j, upper, lower)
            if end is None and ncl >= game.trigger:
                end = rnd
        others[o] = (k, pts, ncl, lost)
    return game.world(w.depth + 1, prow, pdeal, upper, lower, mrow, mcubes, mdeal, tuple(others), end)


def _ends_on(plan, k: int, pts: int, card: int, prow, upper: int, lower: int) -> int:
    """The score another player with `pts` points ends the game on by claiming `card` at turn
    `k` of `plan`: its points, the card's, the coin's and what its cubes then score."""
    return pts + POINTS[card] + coin_on(prow.index(card), upper, lower) + SCORED[within_tables(plan.cubes(k))]


def _payable(prow: tuple[int, ...], cv: int) -> int:
    """The row card worth most that caravan `cv` pays for, -1 if none."""
    mask = PAYABLE[within_tables(cv)]  # the empty caravan's: none
    best = -1
    for c in prow:
        if mask >> c & 1 and (best < 0 or POINTS[c] > POINTS[best]):
            best = c
    return best


def _points(card: int) -> tuple[int, int]:
    """A point card's rank when another player takes one past its plan: the most points
    (as strong players do; the nearest card from its last caravan scored some 7 points too
    few a game over 25 turns)."""
    return POINTS[card], -card
