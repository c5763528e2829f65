"""Issue 17's hard bot's model of the other players, frozen with it (`hard_issue17`): between its own turns in the search.

Each other player claims the best card it can pay for. Otherwise, in the model as it
always was, it rests: so a claim the bot put off looked free, since nobody else ever got
closer to it (issue 17: the bot claimed first on its own turn 12). With `build` on, it
plays instead the card of its hand that most closes its gap to its best row card: a
cheap rule, cached, no search (a one-turn greedy reply was tried and cost too many
nodes). `threatened` is what the evaluation asks: which row cards another player can pay
for within a play.
"""

from __future__ import annotations

from functools import lru_cache

from century_tui.engine import (
    DISCARDING, GAIN, KIND, PAY, REST, SPICE, STEPS, UPGRADE, Cubes, Move, PlaySpice,
    PlayTrade, PlayUpgrade, State, cards_of, covers, times_affordable, traded, upgraded
)

from century_tui.bots.heuristics import COST, POINTS, best_claim, deficit, discard_move, value


@lru_cache(maxsize=1 << 17)
def progress(hand: int, cubes: Cubes, row: tuple[int, ...]) -> tuple[Move | None, Cubes]:
    """The play from `hand` that most closes the gap (`deficit`) to the best card of `row`,
    the one with most points for the steps missing (plus two: near, but worth it), and the
    caravan it leaves; (None, `cubes`) when no play gets any closer. Cached: searches meet
    the same hands, caravans and rows again and again."""
    if not row:
        return None, cubes
    cost = COST[max(row, key=lambda c: (POINTS[c] / (deficit(cubes, COST[c]) + 2), -c))]
    best: tuple[Move | None, Cubes] = (None, cubes)
    rank = (deficit(cubes, cost), float("-inf"))  # a play must leave fewer steps missing, not only more cubes
    for card in cards_of(hand):
        kind = KIND[card]
        move: Move
        if kind == SPICE:
            after = traded(cubes, (0, 0, 0, 0), GAIN[card])
            move = PlaySpice(card)
        elif kind == UPGRADE:
            steps = _upgrade_steps(cubes, STEPS[card], cost)
            if not steps:
                continue
            after, move = upgraded(cubes, steps), PlayUpgrade(card, steps)
        else:
            times = times_affordable(cubes, PAY[card])
            if not times:
                continue
            after, move = traded(cubes, PAY[card], GAIN[card], times), PlayTrade(card, times)
        r = (deficit(after, cost), -value(after))
        if r < rank:
            best, rank = (move, after), r
    return best


def _upgrade_steps(cubes: Cubes, limit: int, cost: Cubes) -> tuple[int, ...]:
    """Up to `limit` steps, each the one that leaves the fewest steps missing to `cost`
    (then the most worth), none that leaves more; sorted, as the engine lists them."""
    steps: list[int] = []
    c = cubes
    for _ in range(limit):
        pick, rank = None, (deficit(c, cost), 0)  # free steps may raise what is spare
        for t in range(3):
            if c[t]:
                nxt = upgraded(c, (t,))
                r = (deficit(nxt, cost), -value(nxt))
                if r < rank:
                    pick, rank = (t, nxt), r
        if pick is None:
            break
        steps.append(pick[0])
        c = pick[1]
    return tuple(sorted(steps))


def opponents_move(state: State, me: int, build: bool) -> None:
    """Play the other seats until `me` acts again: each claims its best card, else rests,
    or with `build` plays the card that brings it nearest its best card (`progress`) and
    rests only when none does."""
    while state.seat != me and not state.is_over:
        if state.phase == DISCARDING:
            state.advance(discard_move(state))
            continue
        move = best_claim(state)
        if move is None and build:
            p = state.players[state.seat]
            move = progress(p.hand, p.cubes, tuple(state.point_row))[0]
        state.advance(move if move is not None else state.legal_moves(REST)[0])


@lru_cache(maxsize=1 << 17)
def reach(hand: int, cubes: Cubes, row: tuple[int, ...]) -> int:
    """Bitmask of the cards of `row` a player can pay for now or after its `progress` play."""
    after = progress(hand, cubes, row)[1]
    got = 0
    for i, c in enumerate(row):
        if covers(cubes, COST[c]) or covers(after, COST[c]):
            got |= 1 << i
    return got


def threatened(state: State, me: int) -> int:
    """Bitmask of the row cards some other player than `me` can pay for within a play."""
    row = tuple(state.point_row)
    got = 0
    for o, p in enumerate(state.players):
        if o != me:
            got |= reach(p.hand, p.cubes, row)
    return got
