"""What the easy, medium and hard bots share: cube values, sub-choices and move pruning.

Everything here reads only public information (caravans, hands, rows, coins).
Moves come from `state.legal_moves()`; the two built directly (the cheapest-payment
acquire and the overflow discard) are members of those lists, as the tests check. The
cube arithmetic is the engine's (`century_tui.engine.cubes`), as the move dialogs' is.
"""

from __future__ import annotations

from typing import Sequence

from century_tui.engine import (
    ACQUIRE, CARAVAN_LIMIT, CLAIM, COST, DISCARDING, GAIN, KIND, MERCHANT_CARDS, PAY, POINT_CARDS,
    REST, SPICE, STEPS, TRADE, UPGRADE, Acquire, Claim, Cubes, Discard, Move, PlayTrade, PlayUpgrade, State, cheapest_discard,
    cheapest_payment, covers, traded, upgraded
)

COIN_VALUE = {"upper": 3, "lower": 1, None: 0}

POINTS = tuple(c.points for c in POINT_CARDS)


def value(c: Cubes) -> int:
    """Cube worth by tier (Y=1, R=2, G=3, B=4): point cards are priced almost exactly so."""
    return c[0] + 2 * c[1] + 3 * c[2] + 4 * c[3]


def claim_value(state: State, index: int) -> int:
    """Points plus the coin a claim of point slot `index` would bring now."""
    return POINTS[state.point_row[index]] + COIN_VALUE[state.coin_on(index)]


_DEFICIT: dict[tuple[Cubes, Cubes], int] = {}


def deficit(have: Cubes, need: Cubes) -> int:
    """Upgrade steps still missing to pay `need` from `have`; a new cube of tier t counts t + 1.

    Exact matches are kept first; spare lower cubes then fill the highest shortfalls.
    A cheap estimate of how far a point card is, not an exact plan. Cached: searches ask
    it for the same few caravans and costs again and again.
    """
    key = (have, need)
    got = _DEFICIT.get(key)
    if got is None:
        if len(_DEFICIT) > 200_000:
            _DEFICIT.clear()
        got = _DEFICIT[key] = _deficit(have, need)
    return got


def _deficit(have: Cubes, need: Cubes) -> int:
    spare = [max(0, have[t] - need[t]) for t in range(4)]
    short = [max(0, need[t] - have[t]) for t in range(4)]
    steps = 0
    for t in (3, 2, 1):
        s = short[t]
        if not s:
            continue
        for low in range(t - 1, -1, -1):
            use = min(s, spare[low])
            if use:
                spare[low] -= use
                steps += use * (t - low)
                s -= use
                if not s:
                    break
        steps += s * (t + 1)
    return steps + short[0]


def card_rate(card: int) -> float:
    """Cube worth a merchant card adds per play, assuming a typical caravan.

    Trades count two repetitions when the pay is small (the strong players' habit
    of repeating trades to the maximum), one when it is four cubes or more.
    """
    kind = KIND[card]
    if kind == SPICE:
        return float(value(GAIN[card]))
    if kind == UPGRADE:
        return float(STEPS[card])
    pay = PAY[card]
    reps = 2.0 if sum(pay) <= 2 else 1.5 if sum(pay) == 3 else 1.0
    return (value(GAIN[card]) - value(pay)) * reps


RATES = tuple(card_rate(c) for c in range(len(MERCHANT_CARDS)))


# ------------------------------------------------------------- sub-choices
def cheapest_acquires(state: State) -> list[Acquire]:
    """One acquire per affordable slot, paying with the cheapest cubes (R-ACQ-1)."""
    cubes = state.players[state.seat].cubes
    held = sum(cubes)
    return [Acquire(i, cheapest_payment(cubes, i)) for i in range(min(held + 1, len(state.merchant_row)))]


def least_valuable_discard(cubes: Cubes, excess: int, keep: Cubes = (0, 0, 0, 0)) -> Discard:
    """Return the `excess` least valuable cubes (R-LIM-1).

    Cubes beyond `keep` (what the bot is saving for a point card) go first,
    cheapest tier first; only then, again cheapest first, the ones it was saving.
    Without the saving rule a caravan of browns facing a card that needs yellows
    would throw away every yellow it makes, and the game would never end.
    """
    return Discard(cheapest_discard(cubes, excess, keep))


def nearest_card(state: State, cubes: Cubes) -> int | None:
    """Point row index with the fewest steps missing (then most points), None if the row is empty."""
    row = state.point_row
    if not row:
        return None
    return min(range(len(row)), key=lambda i: (deficit(cubes, COST[row[i]]), -POINTS[row[i]], i))


def needed_cubes(have: Cubes, need: Cubes) -> Cubes:
    """The cubes of `have` that `deficit` would use for `need`: exact matches, then the
    spare lower cubes it plans to upgrade into the missing higher ones."""
    used = [min(have[t], need[t]) for t in range(4)]
    spare = [have[t] - used[t] for t in range(4)]
    for t in (3, 2, 1):
        s = need[t] - used[t]
        for low in range(t - 1, -1, -1):
            if s <= 0:
                break
            take = min(s, spare[low])
            spare[low] -= take
            used[low] += take
            s -= take
    return (used[0], used[1], used[2], used[3])


def discard_move(state: State) -> Discard:
    """The overflow discard: keep what the nearest point card needs, return the cheapest rest.

    What it needs includes the lower cubes it will upgrade: ten browns and two new
    yellows facing a card of greens keep the yellows (the only way to greens).
    """
    cubes = state.players[state.seat].cubes
    near = nearest_card(state, cubes)
    keep = needed_cubes(cubes, COST[state.point_row[near]]) if near is not None else (0, 0, 0, 0)
    return least_valuable_discard(cubes, sum(cubes) - CARAVAN_LIMIT, keep)


def best_claim(state: State) -> Claim | None:
    """The claimable point card worth most (points + coin), or None."""
    claims = state.legal_moves(CLAIM)
    if not claims:
        return None
    return max(claims, key=lambda m: (claim_value(state, m.index), -m.index))


def obvious_move(state: State) -> Move | None:
    """What the simple bots play before thinking: the overflow discard, else the best claim."""
    if state.phase == DISCARDING:
        return discard_move(state)
    return best_claim(state)


def claim_enablers(state: State, cubes_after: Sequence[Cubes]) -> set[int]:
    """Indices of caravans in `cubes_after` that could pay some card of the point row."""
    costs = [COST[c] for c in state.point_row]
    return {i for i, c in enumerate(cubes_after) if any(covers(c, k) for k in costs)}


def pruned_upgrades(state: State) -> list[PlayUpgrade]:
    """Upgrades using every step they can, plus shorter ones that make a claim possible."""
    moves = state.legal_moves(UPGRADE)
    if not moves:
        return []
    cubes = state.players[state.seat].cubes
    most: dict[int, int] = {}
    for m in moves:
        if len(m.steps) > most.get(m.card, -1):
            most[m.card] = len(m.steps)
    full = [m for m in moves if len(m.steps) == most[m.card] and m.steps]
    short = [m for m in moves if len(m.steps) < most[m.card] and m.steps]
    if short:
        ok = claim_enablers(state, [upgraded(cubes, m.steps) for m in short])
        full += [short[i] for i in sorted(ok)]
    return full


def pruned_trades(state: State) -> list[PlayTrade]:
    """Each trade repeated to the maximum, plus fewer repetitions that make a claim possible."""
    moves = state.legal_moves(TRADE)
    if not moves:
        return []
    best: dict[int, PlayTrade] = {}
    for m in moves:
        if m.card not in best or m.times > best[m.card].times:
            best[m.card] = m
    out = list(best.values())
    short = [m for m in moves if m.times < best[m.card].times]
    if short:
        cubes = state.players[state.seat].cubes
        ok = claim_enablers(state, [traded(cubes, PAY[m.card], GAIN[m.card], m.times) for m in short])
        out += [short[i] for i in sorted(ok)]
    return out


def candidate_moves(state: State) -> list[Move]:
    """The legal moves worth thinking about, in a fixed order.

    Acquires collapse to the cheapest payment per slot, trades to the maximum
    repetitions, upgrades to full use of their steps (shorter variants kept when
    they enable a claim); rest only when a card is waiting in the played pile.
    """
    if state.phase == DISCARDING:
        return [discard_move(state)]
    kinds = state.legal_kinds()
    out: list[Move] = []
    for kind in kinds:
        if kind == CLAIM:
            out += state.legal_moves(CLAIM)
        elif kind == SPICE:
            out += state.legal_moves(SPICE)
        elif kind == TRADE:
            out += pruned_trades(state)
        elif kind == UPGRADE:
            out += pruned_upgrades(state)
        elif kind == ACQUIRE:
            out += cheapest_acquires(state)
        elif kind == REST and (state.players[state.seat].played or not out):
            out.append(state.legal_moves(REST)[0])
    return out

