"""Play (R-PLAY-*), Acquire (R-ACQ-*), Rest (R-REST-*) and Claim (R-CLM-*)."""

from __future__ import annotations

import pytest
from tests.helpers.engine import mask, mid, pid, position, snapshot

from century_tui.engine import (
    CLAIM,
    TRADE,
    UPGRADE,
    Acquire,
    Claim,
    IllegalMove,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
)
from century_tui.engine import events as ev


def refused(s, move, rule):
    """Apply `move`, expect IllegalMove with `rule`, and check nothing changed."""
    before = snapshot(s)
    with pytest.raises(IllegalMove) as info:
        s.apply(move)
    assert info.value.rule == rule, info.value
    assert info.value.reason and info.value.reason[0].isupper()
    assert snapshot(s) == before
    return info.value


# ---------------------------------------------------------------------- play
def test_spice_card_gains_exactly_its_cubes__R_PLAY_1():
    s = position(cubes=(1, 0, 0, 0), hand=("M06",))  # gain 1Y 1G
    me = s.seat
    events = s.apply(PlaySpice(mid("M06")))
    assert s.players[me].cubes == (2, 0, 1, 0)
    assert s.players[me].played == mask("M06") and s.players[me].hand == 0
    assert ev.CubesGained(me, (1, 0, 1, 0)) in events


def test_spice_move_on_an_upgrade_card_is_refused__R_PLAY_1():
    s = position(hand=("M09",))
    refused(s, PlaySpice(mid("M09")), "R-PLAY-1")


def test_upgrade_same_cube_several_steps__R_PLAY_2():
    s = position(cubes=(1, 0, 0, 0), hand=("S06",))
    me = s.seat
    s.apply(PlayUpgrade(mid("S06"), (0, 1)))  # Y -> R -> G
    assert s.players[me].cubes == (0, 0, 1, 0)


def test_upgrade_several_cubes_once_each__R_PLAY_2():
    s = position(cubes=(3, 0, 0, 0), hand=("M09",))  # upgrade 3
    me = s.seat
    s.apply(PlayUpgrade(mid("M09"), (0, 0, 0)))
    assert s.players[me].cubes == (0, 3, 0, 0)


def test_upgrade_fewer_or_zero_steps_allowed__R_PLAY_2():
    s = position(cubes=(3, 0, 0, 0), hand=("M09",))
    me = s.seat
    s.apply(PlayUpgrade(mid("M09"), (0,)))
    assert s.players[me].cubes == (2, 1, 0, 0)
    s = position(cubes=(0, 0, 0, 2), hand=("S06",))  # nothing can be raised
    me = s.seat
    assert list(s.legal_moves(UPGRADE)) == [PlayUpgrade(mid("S06"), ())]
    s.apply(PlayUpgrade(mid("S06"), ()))
    assert s.players[me].cubes == (0, 0, 0, 2) and s.players[me].played == mask("S06")


def test_upgrade_never_adds_or_removes_cubes_and_tier3_stays__R_PLAY_2():
    s = position(cubes=(1, 1, 1, 1), hand=("M09",))
    for m in s.legal_moves(UPGRADE):
        t = s.clone()
        t.apply(m)
        assert sum(t.players[s.seat].cubes) == 4
        assert 3 not in m.steps
    refused(s, PlayUpgrade(mid("M09"), (3,)), "R-PLAY-2")
    refused(s, PlayUpgrade(mid("M09"), (0, 0)), "R-PLAY-2")  # only one yellow
    refused(s, PlayUpgrade(mid("M09"), (0, 1, 2, 2)), "R-PLAY-2")  # four steps on an upgrade 3


def test_upgrade_orders_reaching_one_caravan_are_one_move__R_PLAY_2():
    s = position(cubes=(1, 1, 0, 0), hand=("S06",))
    moves = s.legal_moves(UPGRADE)
    results = []
    for m in moves:
        t = s.clone()
        t.apply(m)
        results.append(t.players[s.seat].cubes)
    assert len(results) == len(set(results))
    # Y->R then R->G, or one Y->R->G: both end at (0, 1, 1, 0); listed once
    assert results.count((0, 1, 1, 0)) == 1
    assert set(results) == {(1, 1, 0, 0), (0, 2, 0, 0), (1, 0, 1, 0), (0, 1, 1, 0), (1, 0, 0, 1)}


def test_upgrade_steps_in_any_order_are_accepted__R_PLAY_2():
    a = position(cubes=(1, 1, 0, 0), hand=("S06",))
    b = a.clone()
    a.apply(PlayUpgrade(mid("S06"), (1, 0)))
    b.apply(PlayUpgrade(mid("S06"), (0, 1)))
    assert snapshot(a) == snapshot(b)


def test_trade_repeats_k_times_while_affordable__R_PLAY_3():
    s = position(cubes=(6, 0, 0, 0), hand=("M10",))  # 2Y -> 1G
    assert [m.times for m in s.legal_moves(TRADE)] == [1, 2, 3]
    me = s.seat
    t = s.clone()
    events = t.apply(PlayTrade(mid("M10"), 3))
    assert t.players[me].cubes == (0, 0, 3, 0)
    assert ev.Traded(me, mid("M10"), 3, (6, 0, 0, 0), (0, 0, 3, 0)) in events
    t = s.clone()
    t.apply(PlayTrade(mid("M10"), 2))
    assert t.players[me].cubes == (2, 0, 2, 0)
    e = refused(s, PlayTrade(mid("M10"), 4), "R-PLAY-3")
    assert "8Y" in e.reason
    refused(s, PlayTrade(mid("M10"), 0), "R-PLAY-3")


def test_trade_is_never_done_in_reverse__R_PLAY_4():
    s = position(cubes=(0, 0, 3, 0), hand=("M10",))  # 2Y -> 1G; holding greens only
    assert list(s.legal_moves(TRADE)) == []
    assert TRADE not in s.legal_kinds()
    refused(s, PlayTrade(mid("M10"), 1), "R-PLAY-3")


def test_played_card_waits_for_rest__R_PLAY_5():
    s = position(players=2, cubes=(2, 0, 0, 0), hand=("M01",))
    me = s.seat
    s.apply(PlaySpice(mid("M01")))
    s.apply(Rest())  # the other player
    assert s.seat == me
    refused(s, PlaySpice(mid("M01")), "R-PLAY-5")
    s.apply(Rest())
    s.apply(Rest())
    s.apply(PlaySpice(mid("M01")))
    assert s.players[me].cubes == (8, 0, 0, 0)


def test_card_not_owned_is_refused():
    s = position(hand=("S01",))
    refused(s, PlaySpice(mid("M02")), "R-TURN-1")


# ------------------------------------------------------------------- acquire
ROW = ("M10", "M11", "M12", "M13", "M14", "M15")


def test_slot_4_costs_one_cube_on_each_card_left__R_ACQ_1():
    s = position(cubes=(2, 1, 0, 0), hand=(), merchant_row=ROW)
    me = s.seat
    events = s.apply(Acquire(3, (0, 1, 0)))
    assert s.players[me].cubes == (0, 0, 0, 0)
    assert s.merchant_cubes[:3] == [(1, 0, 0, 0), (0, 1, 0, 0), (1, 0, 0, 0)]
    assert s.players[me].hand == mask("M13")
    assert ev.CubesPlaced(me, (0, 1, 0)) in events


def test_slot_1_is_free__R_ACQ_1():
    s = position(cubes=(0, 0, 0, 0), hand=(), merchant_row=ROW)
    me = s.seat
    s.apply(Acquire(0))
    assert s.players[me].hand == mask("M10")


def test_payment_must_cover_each_card_to_the_left__R_ACQ_1():
    s = position(cubes=(2, 1, 0, 0), hand=(), merchant_row=ROW)
    refused(s, Acquire(3, (0, 0)), "R-ACQ-1")  # two cubes for three cards
    refused(s, Acquire(3, (1, 1, 0)), "R-ACQ-1")  # only one red
    refused(s, Acquire(2, (0, 7)), "R-ACQ-1")  # no such tier
    refused(s, Acquire(6), "R-ACQ-1")  # no slot 7


def test_cannot_take_a_card_with_too_few_cubes__R_ACQ_2():
    s = position(cubes=(1, 1, 0, 0), hand=(), merchant_row=ROW)
    e = refused(s, Acquire(3, (0, 1, 0)), "R-ACQ-2")
    assert e.reason == "Slot 4 costs 3 cubes to acquire; you hold 2."
    assert all(m.index <= 2 for m in s.legal_moves("acquire"))


def test_cubes_on_the_taken_card_go_to_the_caravan__R_ACQ_3():
    s = position(cubes=(3, 0, 0, 0), hand=(), merchant_row=ROW)
    s.merchant_cubes = [(0, 0, 0, 0), (1, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    me = s.seat
    events = s.apply(Acquire(2, (0, 0)))
    assert s.players[me].cubes == (1, 2, 0, 0)
    # the two cubes just placed stay on slots 1 and 2
    assert s.merchant_cubes[:2] == [(1, 0, 0, 0), (2, 0, 0, 0)]
    assert ev.MerchantAcquired(me, mid("M12"), 2, (0, 2, 0, 0)) in events


def test_acquired_card_goes_to_hand_for_next_turn__R_ACQ_4():
    s = position(cubes=(3, 0, 0, 0), hand=("S01",), merchant_row=ROW)
    me = s.seat
    s.apply(Acquire(0))
    assert s.players[me].hand & mask("M10")
    assert s.seat != me
    s.apply(Rest())
    assert PlayTrade(mid("M10"), 1) in s.legal_moves(TRADE)


def test_row_slides_left_with_cubes_and_refills__R_ACQ_5():
    s = position(cubes=(3, 0, 0, 0), hand=(), merchant_row=ROW)
    s.merchant_cubes = [(0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 0)]
    top = s.merchant_deck[-1]
    events = s.apply(Acquire(1, (0,)))
    assert s.merchant_row == [mid(c) for c in ("M10", "M12", "M13", "M14", "M15")] + [top]
    assert s.merchant_cubes == [(1, 0, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    assert ev.RowRefilled("merchant", top) in events


def test_empty_deck_leaves_the_row_shorter__R_ACQ_5():
    s = position(cubes=(3, 0, 0, 0), hand=(), merchant_row=ROW)
    s.merchant_deck = []
    events = s.apply(Acquire(0))
    assert len(s.merchant_row) == 5 and len(s.merchant_cubes) == 5
    assert ev.RowRefilled("merchant", None) in events


# ---------------------------------------------------------------------- rest
def test_rest_returns_every_played_card__R_REST_1():
    s = position(hand=("S01",), played=("S06", "M10", "M20"))
    me = s.seat
    events = s.apply(Rest())
    assert s.players[me].hand == mask("S01", "S06", "M10", "M20")
    assert s.players[me].played == 0
    assert ev.Rested(me, tuple(sorted(mid(c) for c in ("S06", "M10", "M20")))) in events


def test_rest_with_nothing_played_is_legal__R_REST_1():
    s = position(hand=("S01", "S06"))
    me = s.seat
    s.apply(Rest())
    assert s.players[me].hand == mask("S01", "S06")


def test_no_merchant_card_ever_leaves_its_owner__R_REST_2():
    import random

    from century_tui.engine import State

    for seed in range(15):
        s, rng = State.new(3, seed), random.Random(seed)
        owned = [p.hand | p.played for p in s.players]
        while not s.is_over:
            s.apply(rng.choice(list(s.legal_moves())))
            now = [p.hand | p.played for p in s.players]
            assert all(old & new == old for old, new in zip(owned, now))
            assert all(p.hand & p.played == 0 for p in s.players)
            owned = now


# --------------------------------------------------------------------- claim
POINTS = ("P07", "P01", "P13", "P35", "P18")  # 2Y1R1B, 2Y2R, 4G, 5B, 1Y1R1G1B


def test_claim_returns_exactly_the_cost__R_CLM_1():
    s = position(cubes=(3, 2, 0, 1), hand=(), point_row=POINTS)
    me = s.seat
    events = s.apply(Claim(0))
    assert s.players[me].cubes == (1, 1, 0, 0)
    assert s.players[me].claimed == [pid("P07")]
    assert ev.PointClaimed(me, pid("P07"), 0, (2, 1, 0, 1)) in events


def test_a_better_cube_never_stands_in__R_CLM_1():
    s = position(cubes=(0, 0, 0, 8), hand=(), point_row=POINTS)
    e = refused(s, Claim(0), "R-CLM-1")  # 2Y 1R 1B with browns only
    assert "P07" in e.reason
    assert [m.index for m in s.legal_moves(CLAIM)] == [3]  # 5B only


def test_claimed_card_lies_face_down_counted__R_CLM_2():
    s = position(cubes=(0, 0, 4, 0), hand=(), point_row=POINTS)
    me = s.seat
    s.apply(Claim(2))
    p = s.players[me]
    assert len(p.claimed) == 1 and pid("P13") not in s.point_row
    assert s.score(me).cards == 12


def claim_with(s, index, cubes=(2, 2, 4, 2)):
    """Give the acting player enough cubes, claim `index`, then let the other player rest."""
    me = s.seat
    s.players[me].cubes = cubes
    events = s.apply(Claim(index))
    s.apply(Rest())
    assert s.seat == me
    return events


def test_slot_1_pays_upper_slot_2_pays_lower__R_CLM_3():
    s = position(hand=(), point_row=POINTS)
    me = s.seat
    events = claim_with(s, 0)
    assert (s.players[me].upper, s.upper_coins) == (1, 3)
    assert ev.CoinTaken(me, True) in events
    claim_with(s, 1)
    assert (s.players[me].lower, s.lower_coins) == (1, 3)
    claim_with(s, 2)
    assert (s.players[me].upper, s.players[me].lower) == (1, 1)


def test_last_upper_coin_moves_silver_to_slot_1__R_CLM_4():
    s = position(hand=(), point_row=POINTS)
    me = s.seat
    s.upper_coins, s.lower_coins = 1, 2
    events = claim_with(s, 0)
    assert ev.SilverMoved(2) in events
    assert s.coin_on(0) == "lower" and s.coin_on(1) is None
    claim_with(s, 1)  # slot 2 now pays nothing
    assert (s.players[me].upper, s.players[me].lower) == (1, 0)
    claim_with(s, 0)  # slot 1 pays silver
    assert (s.players[me].lower, s.lower_coins) == (1, 1)
    s.lower_coins = 0
    events = claim_with(s, 0, (0, 0, 0, 5))  # no coins left: nothing
    assert (s.players[me].upper, s.players[me].lower) == (1, 1)
    assert not [e for e in events if isinstance(e, ev.CoinTaken)]


def test_point_row_slides_and_refills__R_CLM_5():
    s = position(cubes=(3, 3, 3, 1), hand=(), point_row=POINTS)
    top = s.point_deck[-1]
    s.apply(Claim(1))
    assert s.point_row == [pid(c) for c in ("P07", "P13", "P35", "P18")] + [top]
    s = position(cubes=(3, 3, 3, 1), hand=(), point_row=POINTS)
    s.point_deck = []
    events = s.apply(Claim(1))
    assert len(s.point_row) == 4
    assert ev.RowRefilled("point", None) in events
