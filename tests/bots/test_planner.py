"""The planner's core (issue 41): caravans as numbers, card effects as table lookups, the
shared worlds of its lines; each checked against the engine, which stays the rules' one
home. Node caps only, never the clock."""

from __future__ import annotations

import random

import pytest

from century_tui.bots import make_bot
from century_tui.bots.caravan_tables import AFTER_CLAIM, CUBES, INDEX, PAYABLE, STATES, plays
from century_tui.bots.evaluation import Weights
from century_tui.bots.hard import imagined
from century_tui.bots.root import Planning
from century_tui.engine import (
    ACQUIRE, CLAIM, COST, DISCARD, DISCARDING, REST, SPICE, TRADE, UPGRADE, State, covers
)


def positions(count: int, players: int = 2, seed: int = 0) -> list[State]:
    """Positions along games of medium and random bots (varied hands, caravans, rows)."""
    out = []
    rng = random.Random(seed)
    while len(out) < count:
        state = State.new(players, rng.randrange(10**6))
        bots = [make_bot("medium" if i % 2 else "random", rng.randrange(1000)) for i in range(players)]
        stop = rng.randrange(1, 40)
        while not state.is_over and state.players[state.seat].turns < stop:
            state.advance(bots[state.seat].choose(state))
        if not state.is_over:
            out.append(state)
    return out


def planning(state: State, nodes: int = 0) -> Planning:
    return Planning(imagined(state, 1), state.seat, Weights(), nodes, float("inf"), lambda: 0.0)


def test_a_caravan_within_the_limit_is_one_of_1001_numbers():
    assert STATES == 1001
    assert all(INDEX[CUBES[i]] == i for i in range(STATES))
    assert all(sum(CUBES[i]) <= 10 for i in range(STATES))


def test_what_each_caravan_pays_for_is_the_engines_answer():
    for cv in range(0, STATES, 7):
        for card, cost in enumerate(COST):
            assert bool(PAYABLE[cv] >> card & 1) == covers(CUBES[cv], cost)
            if covers(CUBES[cv], cost):
                assert CUBES[AFTER_CLAIM[card][cv]] == tuple(CUBES[cv][t] - cost[t] for t in range(4))


def test_a_cards_column_holds_every_distinct_result_the_engine_allows():
    """Each upgrade, each trade repetition, the spice: the distinct caravans the engine's
    legal plays of the card make (an upgrade of no step changes nothing, left out)."""
    for state in positions(30):
        if state.phase == DISCARDING:
            continue
        seat, cubes = state.seat, state.players[state.seat].cubes
        for kind in (SPICE, UPGRADE, TRADE):
            for card in {m.card for m in state.legal_moves(kind)}:
                engine = {state.child(m).players[seat].cubes for m in state.legal_moves(kind) if m.card == card}
                if kind == UPGRADE:
                    engine.discard(cubes)
                assert {CUBES[r] for r, _ in plays(card)[INDEX[cubes]]} == engine, (card, cubes)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_planners_moves_are_legal_and_lead_where_the_engine_does(players):
    """Every move the planner lists is legal, and its child (the bot's caravan, cards and
    points; the rows, coins and decks it shares with other lines) is the engine's position
    after the move, on the same imagined decks, before the other players move."""
    for state in positions(10, players, seed=players):
        plan = planning(state)
        moves = plan.moves()
        assert moves and len(set(moves)) == len(moves)
        for move in moves:
            assert move in state.legal_moves(move.kind), move
            engine = plan.state.child(move)
            if engine.phase == DISCARDING:
                continue  # the search's own overflow discard: checked below
            p = engine.players[state.seat]
            cv, hand, played, pts, ncl = plan.root
            world = plan.world
            if move.kind == CLAIM:
                world, gain = world.claim(move.index, ncl + 1 >= plan.trigger)
                assert gain == p.upper * 3 + p.lower + sum(_points(c) for c in p.claimed) - pts
            elif move.kind == ACQUIRE:
                world, card, _ = world.acquire(move.index, move.payment)
                assert p.hand == hand | 1 << card
            assert list(world.prow) == engine.point_row
            assert (world.upper, world.lower) == (engine.upper_coins, engine.lower_coins)
            assert list(world.mrow) == engine.merchant_row
            assert [CUBES[c] for c in world.mcubes] == engine.merchant_cubes
        if state.phase == DISCARDING:
            assert set(moves) == set(state.legal_moves(DISCARD))


def _points(card: int) -> int:
    from century_tui.engine import POINT_CARDS

    return POINT_CARDS[card].points


def test_a_rest_is_listed_only_with_cards_to_take_back():
    for state in positions(20):
        if state.phase == DISCARDING:
            continue
        moves = planning(state).moves()
        assert any(m.kind == REST for m in moves) == bool(state.players[state.seat].played)


def test_a_trade_card_without_its_input_makes_nothing_a_turn():
    """The starting cards make about 1.3 tier values a turn; a card that trades browns
    nobody makes adds none, a spice card of three yellows adds some, and an upgrade that
    has yellows to raise adds more."""
    from century_tui.bots.engine_value import throughput
    from century_tui.engine import CODES

    def of(*codes):
        return sum(1 << CODES[c] for c in codes)

    start = throughput(of("S01", "S06"))
    assert 1.0 < start < 2.0
    assert throughput(of("S01", "S06", "M17")) <= start + 0.05  # 2 browns -> 5 yellows: no browns
    assert throughput(of("S01", "S06", "M01")) > start + 0.3  # three yellows a play
    assert throughput(of("S01", "S06", "M01", "M09")) > throughput(of("S01", "S06", "M01"))


def test_a_dominated_position_leaves_the_beam():
    """Two lines with the same cards and world: the one with fewer cubes and no more points
    goes; one with other cubes stays (neither has every cube of the other)."""
    from century_tui.bots.planner import _unique

    world = object()
    best = (9.0, 0, INDEX[(2, 1, 0, 0)], 1, 0, 5, 0, world, 0.0, None, None)
    less = (8.0, 1, INDEX[(1, 1, 0, 0)], 1, 0, 5, 0, world, 0.0, None, None)
    other = (7.0, 2, INDEX[(0, 0, 1, 0)], 1, 0, 5, 0, world, 0.0, None, None)
    assert _unique([best, less, other], 10) == [best, other]
