"""The engine as one surface: a state's refusal of a move and its child position, the
phases and kinds as enums with the old strings, and the one home of the cube arithmetic
(the engine, the bots and the move dialogs all use it)."""

from __future__ import annotations

import random

import pytest
from tests.helpers.engine import mid, position, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from century_tui.engine import (
    DISCARD,
    HIDDEN,
    KINDS,
    MERCHANT_CARDS,
    Acquire,
    Claim,
    Discard,
    IllegalMove,
    MoveKind,
    Phase,
    PlayTrade,
    PlayUpgrade,
    Rest,
    State,
    cheapest_discard,
    cheapest_payment,
    traded,
    upgraded,
)
from century_tui.engine.cubes import StepRefused

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
caravans = st.tuples(*[st.integers(0, 6)] * 4)


def random_positions(seed: int, count: int = 300) -> list[State]:
    """Positions of a random 3-player game, every one of them (copies)."""
    rng, s, out = random.Random(seed), State.new(3, seed), []
    while not s.is_over and len(out) < count:
        out.append(s.clone())
        s.advance(rng.choice(list(s.legal_moves(rng.choice(s.legal_kinds())))))
    return out


# ------------------------------------------------------------ refusal and child
def test_refusal_is_none_for_a_legal_move_and_the_engine_s_reason_otherwise():
    s = position(cubes=(2, 0, 0, 0), hand=("S01", "S06"), point_row=("P01", "P02", "P03", "P04", "P05"))
    before = snapshot(s)
    assert s.refusal(Rest()) is None
    refused = s.refusal(Claim(0))
    assert isinstance(refused, IllegalMove) and (refused.rule, refused.code) == ("R-CLM-1", "claim_cost")
    with pytest.raises(IllegalMove) as raised:
        s.clone().apply(Claim(0))
    assert (raised.value.code, raised.value.params) == (refused.code, refused.params)
    assert s.refusal(Discard((1, 0, 0, 0))).code == "no_discard_due"
    assert s.refusal("not a move").code == "unknown_move"  # type: ignore[arg-type]
    assert snapshot(s) == before


def test_child_is_the_position_after_the_move_and_leaves_the_parent_alone():
    for s in random_positions(4, 120):
        before = snapshot(s)
        move = s.legal_moves()[0]
        child = s.child(move)
        made = s.clone()
        made.apply(move)
        assert snapshot(child) == snapshot(made)
        assert snapshot(s) == before


def test_child_of_an_illegal_move_raises_and_leaves_the_parent_alone():
    s = position(cubes=(0, 0, 0, 0), hand=("S01",))
    before = snapshot(s)
    with pytest.raises(IllegalMove) as raised:
        s.child(Acquire(2, (0, 0)))
    assert raised.value.code == "slot_cost"
    assert snapshot(s) == before


# ------------------------------------------------------------ phases and kinds
def test_phases_and_kinds_are_enums_whose_values_are_the_old_strings():
    assert [str(p) for p in Phase] == ["action", "discard", "over"]
    assert list(KINDS) == list(MoveKind)
    assert [str(k) for k in MoveKind] == ["spice", "upgrade", "trade", "acquire", "rest", "claim", "discard"]
    assert Phase.DISCARD == MoveKind.DISCARD == "discard"  # one string, two enums: which is meant is named
    assert Discard.kind is MoveKind.DISCARD and Rest.kind is MoveKind.REST


def test_legal_moves_of_every_kind_stay_out_of_the_cycle_collector():
    """The engine caches legal moves; the collector must not walk them (moves.py: why)."""
    import gc

    seen: set[str] = set()
    for s in random_positions(5, 200):
        for kind in s.legal_kinds():
            for m in s.legal_moves(kind):
                assert not gc.is_tracked(m), m
                seen.add(str(m.kind))
    assert seen >= {"spice", "upgrade", "trade", "acquire", "rest", "claim"}


def test_a_turn_over_the_limit_is_in_the_discard_phase_with_only_discard_moves():
    s = position(cubes=(9, 0, 0, 0), hand=("S01",))
    s.apply(next(m for m in s.legal_moves(MoveKind.SPICE)))
    assert s.phase is Phase.DISCARD
    assert s.legal_kinds() == (DISCARD,)


# ------------------------------------------------------------ the cube arithmetic
def test_upgraded_raises_a_cube_a_tier_for_each_step_lowest_first():
    assert upgraded((2, 0, 0, 0), (0, 0)) == (0, 2, 0, 0)
    assert upgraded((1, 0, 0, 0), (0, 1)) == (0, 0, 1, 0)  # the same cube twice
    assert upgraded((1, 0, 0, 0), [1, 0]) == (0, 0, 1, 0)  # any order: lowest first
    assert upgraded((1, 2, 3, 4), ()) == (1, 2, 3, 4)


@pytest.mark.parametrize(
    ("cubes", "steps", "code", "tier"),
    [((1, 0, 0, 0), (1,), "no_cube_to_upgrade", 1), ((0, 0, 0, 1), (3,), "top_tier", 3),
     ((1, 0, 0, 0), (4,), "bad_tier", 4), ((1, 0, 0, 0), (0, 0), "no_cube_to_upgrade", 0)],
)
def test_upgraded_refuses_a_step_it_cannot_make(cubes, steps, code, tier):
    with pytest.raises(StepRefused) as refused:
        upgraded(cubes, steps)
    assert (refused.value.code, refused.value.tier) == (code, tier)


def test_an_upgrade_the_engine_refuses_names_the_same_step__R_PLAY_2():
    s = position(cubes=(1, 0, 0, 0), hand=("S06",))
    with pytest.raises(IllegalMove) as raised:
        s.apply(PlayUpgrade(mid("S06"), (0, 0)))
    assert (raised.value.rule, raised.value.code, raised.value.params) == ("R-PLAY-2", "no_cube_to_upgrade", {"tier": 0})


@given(caravans, st.integers(1, 4))
@SETTINGS
def test_traded_n_times_is_the_trade_made_n_times(cubes, times):
    pay, gain = (2, 0, 0, 0), (0, 1, 1, 0)
    once = cubes
    for _ in range(times):
        once = traded(once, pay, gain)
    assert traded(cubes, pay, gain, times) == once


def test_every_legal_upgrade_and_trade_leads_where_the_arithmetic_says():
    for s in random_positions(8):
        c = s.current.cubes
        for m in s.legal_moves(MoveKind.UPGRADE):
            assert s.child(m).players[s.seat].cubes == upgraded(c, m.steps)  # type: ignore[union-attr]
        for m in s.legal_moves(MoveKind.TRADE):
            card = MERCHANT_CARDS[m.card]  # type: ignore[union-attr]
            after = s.child(m).players[s.seat].cubes
            assert after == traded(c, card.pay, card.gain, m.times)  # type: ignore[union-attr]


def test_cheapest_payment_is_a_legal_acquire_of_the_least_valuable_cubes__R_ACQ_1():
    for s in random_positions(5):
        if s.phase != Phase.ACTION:
            continue
        c = s.current.cubes
        legal = set(s.legal_moves(MoveKind.ACQUIRE))
        for i in range(min(sum(c) + 1, len(s.merchant_row))):
            pay = cheapest_payment(c, i)
            assert Acquire(i, pay) in legal
            assert list(pay) == sorted(pay)
            assert sum(pay) == min(sum(m.payment) for m in legal if m.index == i)  # type: ignore[union-attr]
    assert cheapest_payment((0, 0, 2, 1), 3) == (2, 2, 3)
    assert cheapest_payment((1, 0, 0, 0), 3) == (0,)  # the caravan runs out


@given(caravans, st.integers(0, 8), caravans)
@SETTINGS
def test_cheapest_discard_returns_the_excess_sparing_what_is_kept(cubes, excess, keep):
    excess = min(excess, sum(cubes))
    out = cheapest_discard(cubes, excess, keep)
    assert sum(out) == excess and all(0 <= out[t] <= cubes[t] for t in range(4))
    spare = [cubes[t] - min(keep[t], cubes[t]) for t in range(4)]
    if excess <= sum(spare):  # enough beyond `keep`: nothing kept is returned
        assert all(out[t] <= spare[t] for t in range(4))
    plain = cheapest_discard(cubes, excess)
    assert sum(plain[t] * t for t in range(4)) == min(
        sum(d[t] * t for t in range(4)) for d in _all_discards(cubes, excess)
    )


def _all_discards(cubes, excess):
    from itertools import product

    return [d for d in product(*(range(n + 1) for n in cubes)) if sum(d) == excess]


def test_a_trade_the_caravan_cannot_pay_is_refused_with_what_it_needs__R_PLAY_3():
    trade = next(i for i, c in enumerate(MERCHANT_CARDS) if c.kind == MoveKind.TRADE and c.pay[0] >= 2)
    s = position(cubes=(1, 0, 0, 0), hand=(MERCHANT_CARDS[trade].code,))
    refused = s.refusal(PlayTrade(trade, 1))
    assert refused is not None and refused.code == "trade_unaffordable"


def hidden_copy(s: State) -> State:
    """`s` as a player knows it: the decks face down, the claimed point cards unknown."""
    players = [p.clone() for p in s.players]
    for p in players:
        p.claimed = [HIDDEN] * len(p.claimed)
    return State.with_hidden_decks(
        players, first=s.first, seat=s.seat, phase=s.phase, end_triggered=s.end_triggered,
        point_row=list(s.point_row), point_deck=len(s.point_deck), merchant_row=list(s.merchant_row),
        merchant_cubes=list(s.merchant_cubes), merchant_deck=len(s.merchant_deck),
        upper_coins=s.upper_coins, lower_coins=s.lower_coins)


def test_a_position_with_hidden_decks_is_checked_by_the_rules_as_the_real_one():
    """What another terminal's board checks a move against: the same legal moves and the same
    refusals as the host's position, a card drawn from a deck unknown (HIDDEN)."""
    for s in random_positions(5, count=120):
        seen = hidden_copy(s)
        assert seen.point_deck == [HIDDEN] * len(s.point_deck)
        assert seen.merchant_deck == [HIDDEN] * len(s.merchant_deck)
        assert list(seen.legal_moves()) == list(s.legal_moves())
        for move in [*s.legal_moves(), Claim(4), Acquire(5, ()), Rest()]:
            real, hidden = s.refusal(move), seen.refusal(move)
            assert (real is None) == (hidden is None)
            if real is not None:
                assert (real.rule, real.code) == (hidden.rule, hidden.code)
        claims = [m for m in s.legal_moves() if isinstance(m, Claim)]
        if claims and s.point_deck:
            after = seen.child(claims[0])
            assert HIDDEN in after.point_row  # the card that came up is the host's to tell


def test_a_position_with_hidden_decks_has_two_to_five_players():
    with pytest.raises(ValueError):
        State.with_hidden_decks(
            [], first=0, seat=0, phase=Phase.ACTION, end_triggered=None, point_row=[], point_deck=0,
            merchant_row=[], merchant_cubes=[], merchant_deck=0, upper_coins=0, lower_coins=0)
