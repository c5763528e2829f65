"""Set-up (R-SET-*), the one-action turn (R-TURN-*) and the supply (R-COMP-3/4)."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.helpers.engine import mid, position, snapshot

from century_tui.engine import (
    ACQUIRE,
    REST,
    STARTING_SPICE_IDS,
    STARTING_UPGRADE_IDS,
    Acquire,
    Claim,
    IllegalMove,
    PlaySpice,
    Rest,
    State,
    cards_of,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_five_point_cards_face_up_rest_in_deck__R_SET_1(players):
    s = State.new(players, 11)
    assert len(s.point_row) == 5
    assert len(s.point_deck) == 31
    assert len(set(s.point_row) | set(s.point_deck)) == 36


def test_point_row_is_shuffled_by_the_seed__R_SET_1():
    rows = {tuple(State.new(2, seed).point_row) for seed in range(20)}
    assert len(rows) == 20


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_coins_per_player_on_slots_1_and_2__R_SET_2(players):
    s = State.new(players, 3)
    assert s.upper_coins == 2 * players
    assert s.lower_coins == 2 * players
    assert s.coin_on(0) == "upper"
    assert s.coin_on(1) == "lower"
    assert s.coin_on(2) is None


def test_each_hand_is_one_create2_one_upgrade2_others_leave__R_SET_3():
    s = State.new(3, 5)
    for p in s.players:
        hand = p.hand_cards
        assert len(hand) == 2
        assert sum(c in STARTING_SPICE_IDS for c in hand) == 1
        assert sum(c in STARTING_UPGRADE_IDS for c in hand) == 1
        assert p.played == 0 and p.claimed == []
    in_game = {c for _, c in s.all_cards()}
    unused = set(STARTING_SPICE_IDS[3:]) | set(STARTING_UPGRADE_IDS[3:])
    assert not in_game & unused


@pytest.mark.parametrize("players", [2, 5])
def test_six_merchant_cards_face_up_no_cubes__R_SET_4(players):
    s = State.new(players, 8)
    assert len(s.merchant_row) == 6
    assert len(s.merchant_deck) == 37
    assert s.merchant_cubes == [(0, 0, 0, 0)] * 6
    assert len(set(s.merchant_row) | set(s.merchant_deck)) == 43


def test_first_player_random_and_play_goes_round__R_SET_5():
    firsts = Counter(State.new(4, seed).first for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3}
    s = State.new(3, 4)
    assert s.seat == s.first
    order = []
    for _ in range(6):
        order.append(s.seat)
        s.apply(Rest())
    assert order == [(s.first + i) % 3 for i in range(6)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_cubes_by_turn_position__R_SET_6(players):
    expected = [(3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (3, 1, 0, 0), (3, 1, 0, 0)]
    for seed in range(6):
        s = State.new(players, seed)
        for seat, p in enumerate(s.players):
            assert p.cubes == expected[s.position(seat)]


def test_fourth_and_fifth_get_a_tier1_not_four_tier0__R_SET_6():
    s = State.new(5, 2)
    by_position = {s.position(i): p.cubes for i, p in enumerate(s.players)}
    assert by_position[3] == by_position[4] == (3, 1, 0, 0)


def test_same_seed_same_game():
    a, b = State.new(4, 99), State.new(4, 99)
    assert snapshot(a) == snapshot(b)
    assert snapshot(State.new(4, 100)) != snapshot(a)


def test_no_acquire_then_play__R_TURN_1():
    s = position(cubes=(5, 0, 0, 0), hand=("S01", "S06"), merchant_row=("M01", "M11", "M12", "M13", "M14", "M15"))
    me = s.seat
    s.apply(Acquire(0))  # take M01 (gain 3Y)
    assert s.seat != me, "the turn passes after one action"
    before = snapshot(s)
    with pytest.raises(IllegalMove, match="not in your hand"):
        s.apply(PlaySpice(mid("M01")))  # it is now the other player's turn
    assert snapshot(s) == before
    s.apply(Rest())
    assert s.seat == me and s.is_legal(PlaySpice(mid("M01")))


def test_no_play_then_claim__R_TURN_1():
    s = position(cubes=(2, 2, 0, 0), hand=("S01", "S06"), point_row=("P01", "P02", "P03", "P04", "P05"))
    me = s.seat
    s.apply(PlaySpice(mid("S01")))
    assert s.seat != me
    assert s.players[me].claimed == []
    with pytest.raises(IllegalMove):
        s.apply(Claim(0))  # the other player's turn, and their 3-4 yellow cannot pay 2Y 2R


def test_rest_is_always_legal__R_TURN_2():
    for seed in range(30):
        s = State.new(2, seed)
        import random

        rng = random.Random(seed)
        while not s.is_over:
            if s.phase == "action":
                assert REST in s.legal_kinds()
                assert list(s.legal_moves(REST)) == [Rest()]
            moves = s.legal_moves()
            s.apply(rng.choice(moves) if rng.random() < 0.5 else moves[-1])


def test_legal_kinds_match_legal_moves():
    import random

    for seed in range(20):
        s, rng = State.new(3, seed), random.Random(seed)
        while not s.is_over:
            kinds = s.legal_kinds()
            by_kind = {k: s.legal_moves(k) for k in kinds}
            assert all(by_kind.values()), "a listed kind has moves"
            assert list(s.legal_moves()) == [m for k in kinds for m in by_kind[k]]
            assert all(m.kind == k for k, ms in by_kind.items() for m in ms)
            k = rng.choice(kinds)
            s.apply(rng.choice(by_kind[k]))


def test_legal_moves_are_distinct_and_legal():
    import random

    for seed in range(10):
        s, rng = State.new(2, seed), random.Random(seed)
        while not s.is_over:
            moves = list(s.legal_moves())
            assert len(moves) == len(set(moves))
            for m in moves[:: max(1, len(moves) // 15)]:
                assert s.is_legal(m)
            s.apply(rng.choice(moves))


def test_supply_is_unlimited__R_COMP_3():
    s = position(players=5, cubes=(0, 0, 0, 0), hand=("S01",))
    for p in s.players:
        p.cubes = (10, 0, 0, 0) if p is not s.current else p.cubes
    s.apply(PlaySpice(cards_of(s.current.hand)[0]))
    assert s.players[(s.seat - 1) % 5].cubes == (2, 0, 0, 0)


def test_caravan_limit_is_checked_at_turn_end__R_COMP_4():
    s = position(cubes=(10, 0, 0, 0), hand=("S01", "S06"))
    me = s.seat
    s.apply(PlaySpice(next(c for c in s.current.hand_cards if c in STARTING_SPICE_IDS)))
    assert s.phase == "discard" and s.seat == me
    assert s.legal_kinds() == ("discard",)


def test_acquire_kind_lists_every_payment():
    s = position(cubes=(1, 1, 0, 0), merchant_row=("M10", "M11", "M12", "M13", "M14", "M15"))
    moves = s.legal_moves(ACQUIRE)
    assert Acquire(0) in moves
    assert {m.payment for m in moves if m.index == 1} == {(0,), (1,)}
    assert {m.payment for m in moves if m.index == 2} == {(0, 1), (1, 0)}
    assert not [m for m in moves if m.index >= 3]
