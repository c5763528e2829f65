"""Property tests over random move sequences (hypothesis)."""

from __future__ import annotations

import random

from tests.helpers.engine import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from century_tui.engine import (
    MARKET_IDS,
    MERCHANT_CARDS,
    POINT_CARDS,
    STARTING_SPICE_IDS,
    STARTING_UPGRADE_IDS,
    Acquire,
    Claim,
    Discard,
    Game,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
    Seat,
    State,
    add,
    dumps,
    from_tiers,
    loads,
    scale,
    sub,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 5), st.integers(0, 2**31), st.integers(0, 2**31).map(random.Random))
"""(players, game seed, the move-choosing RNG)."""


def expected_cubes(s: State, move) -> tuple[int, int, int, int]:
    """The acting player's caravan after `move`, worked out from the move alone."""
    c = s.current.cubes
    if isinstance(move, PlaySpice):
        return add(c, MERCHANT_CARDS[move.card].gain)
    if isinstance(move, PlayUpgrade):
        for t in move.steps:
            c = add(sub(c, from_tiers([t])), from_tiers([t + 1]))
        return c
    if isinstance(move, PlayTrade):
        card = MERCHANT_CARDS[move.card]
        return add(sub(c, scale(card.pay, move.times)), scale(card.gain, move.times))
    if isinstance(move, Acquire):
        return add(sub(c, from_tiers(move.payment)), s.merchant_cubes[move.index])
    if isinstance(move, Claim):
        return sub(c, POINT_CARDS[s.point_row[move.index]].cost)
    if isinstance(move, Discard):
        return sub(c, move.cubes)
    assert isinstance(move, Rest)
    return c


def check_cards_in_one_place(s: State) -> None:
    places = list(s.all_cards())
    merchant = [c for place, c in places if not place.startswith(("point", "claimed"))]
    points = [c for place, c in places if place.startswith(("point", "claimed"))]
    starting = set(STARTING_SPICE_IDS[: s.n]) | set(STARTING_UPGRADE_IDS[: s.n])
    assert sorted(merchant) == sorted(list(MARKET_IDS) + list(starting))
    assert sorted(points) == list(range(len(POINT_CARDS)))


def play_out(s: State, rng: random.Random, check=None, limit=5000) -> int:
    moves = 0
    while not s.is_over and moves < limit:
        kinds = s.legal_kinds()
        move = rng.choice(list(s.legal_moves(rng.choice(kinds))))
        if check:
            check(s, move)
        s.apply(move)
        moves += 1
    return moves


@SETTINGS
@given(games)
def test_cubes_change_only_as_the_move_says(game):
    players, seed, rng = game
    s = State.new(players, seed)

    def check(s, move):
        seat = s.seat
        others = [p.cubes for i, p in enumerate(s.players) if i != seat]
        want = expected_cubes(s, move)
        s2 = s.clone()
        s2.apply(move)
        assert s2.players[seat].cubes == want, move
        assert [p.cubes for i, p in enumerate(s2.players) if i != seat] == others

    play_out(s, rng, check, limit=400)


@SETTINGS
@given(games)
def test_invariants_hold_through_whole_games(game):
    players, seed, rng = game
    s = State.new(players, seed)

    def check(s, move):
        check_cards_in_one_place(s)
        if s.phase == "action":
            assert all(sum(p.cubes) <= 10 for p in s.players), "no caravan over 10 between turns"
        assert all(min(p.cubes) >= 0 for p in s.players)

    play_out(s, rng, check)
    assert s.is_over
    check_cards_in_one_place(s)
    assert len({p.turns for p in s.players}) == 1, "everyone had the same number of turns"
    assert s.end_triggered is not None


@SETTINGS
@given(games)
def test_a_players_cards_keep_their_order(game):
    """`owned` lists hand and played pile together, each card once, in the order it came:
    the two starting cards, then each acquired card appended. A card never moves in it."""
    players, seed, rng = game
    s = State.new(players, seed)
    for seat, p in enumerate(s.players):
        assert p.owned == (STARTING_SPICE_IDS[seat], STARTING_UPGRADE_IDS[seat])

    def check(s, move):
        before = [p.owned for p in s.players]
        taken = s.merchant_row[move.index] if isinstance(move, Acquire) else None
        s2 = s.clone()
        s2.apply(move)
        for seat, p in enumerate(s2.players):
            assert sorted(p.owned) == sorted(p.hand_cards + p.played_cards)
            grown = (taken,) if seat == s.seat and taken is not None else ()
            assert p.owned == before[seat] + grown, move

    play_out(s, rng, check, limit=400)


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**31), st.integers(0, 2**31))
def test_deterministic_even_with_the_global_random_stirred(players, seed, bot_seed):
    def run(stir: bool):
        s, rng = State.new(players, seed), random.Random(bot_seed)
        trail = []
        while not s.is_over:
            if stir:
                random.seed(random.random())
                random.shuffle(list(range(10)))
            s.apply(rng.choice(list(s.legal_moves())))
            trail.append(snapshot(s))
        return trail

    random.seed(12345)
    assert run(False) == run(True)


@SETTINGS
@given(games, st.integers(0, 600))
def test_save_load_round_trip(game, stop):
    players, seed, rng = game
    g = Game([Seat(f"P{i}", None if i else "random") for i in range(players)], seed)
    while not g.state.is_over and len(g.moves) < stop:
        g.apply(rng.choice(list(g.state.legal_moves())))
    loaded = loads(dumps(g))
    assert loaded.moves == g.moves and loaded.redo_moves == []
    assert loaded.seats == g.seats and loaded.seed == g.seed
    assert snapshot(loaded.state) == snapshot(g.state)
