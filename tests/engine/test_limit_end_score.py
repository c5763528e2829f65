"""Caravan limit (R-LIM-*), the end (R-END-*) and scoring (R-SCORE-*)."""

from __future__ import annotations

import pytest
from tests.helpers.engine import mask, mid, pid, position, snapshot

from century_tui.engine import (
    DISCARD,
    Acquire,
    Claim,
    Discard,
    IllegalMove,
    PlaySpice,
    PlayTrade,
    Rest,
    State,
)
from century_tui.engine import events as ev

ROW = ("M10", "M11", "M12", "M13", "M14", "M15")


# --------------------------------------------------------------------- limit
def test_over_ten_at_turn_end_returns_cubes_of_choice__R_LIM_1():
    s = position(cubes=(7, 2, 1, 0), hand=("M04",))  # gain 4Y -> 14 cubes
    me = s.seat
    events = s.apply(PlaySpice(mid("M04")))
    assert ev.DiscardRequired(me, 4) in events
    assert s.phase == "discard" and s.seat == me
    assert s.legal_kinds() == (DISCARD,)
    moves = s.legal_moves(DISCARD)
    assert all(sum(m.cubes) == 4 for m in moves)
    assert Discard((2, 2, 0, 0)) in moves and Discard((4, 0, 0, 0)) in moves
    assert len(moves) == len(set(moves))
    before = snapshot(s)
    for bad, rule in ((Rest(), "R-LIM-1"), (Discard((3, 0, 0, 0)), "R-LIM-1"), (Discard((0, 0, 4, 0)), "R-LIM-1")):
        with pytest.raises(IllegalMove) as info:
            s.apply(bad)
        assert info.value.rule == rule
        assert snapshot(s) == before
    events = s.apply(Discard((1, 2, 1, 0)))
    assert s.players[me].cubes == (10, 0, 0, 0)
    assert s.seat != me and s.phase == "action"
    assert ev.Discarded(me, (1, 2, 1, 0)) in events


def test_discard_outside_the_limit_stage_is_refused__R_LIM_1():
    s = position(cubes=(3, 0, 0, 0))
    with pytest.raises(IllegalMove) as info:
        s.apply(Discard((1, 0, 0, 0)))
    assert info.value.rule == "R-LIM-1"


def test_exactly_ten_needs_no_discard__R_LIM_1():
    s = position(cubes=(6, 0, 0, 0), hand=("M04",))
    me = s.seat
    s.apply(PlaySpice(mid("M04")))
    assert s.players[me].cubes == (10, 0, 0, 0) and s.seat != me


def test_more_than_ten_allowed_during_the_turn__R_LIM_2():
    # a repeated trade may pass through more than 10 cubes...
    s = position(cubes=(0, 0, 0, 5), hand=("M37",))  # 1B -> 3Y 1G
    me = s.seat
    s.apply(PlayTrade(mid("M37"), 5))
    assert s.players[me].cubes == (15, 0, 5, 0) and s.phase == "discard"
    # ...and cubes taken from an acquired card too
    s = position(cubes=(10, 0, 0, 0), merchant_row=ROW)
    s.merchant_cubes[0] = (0, 3, 0, 0)
    me = s.seat
    s.apply(Acquire(0))
    assert s.players[me].cubes == (10, 3, 0, 0) and s.phase == "discard"


# ----------------------------------------------------------------------- end
def ready_to_claim(s: State, claimed: int) -> None:
    """The acting player already holds `claimed` point cards and can pay slot 1."""
    p = s.current
    p.claimed = [c for c in s.point_deck[:claimed]]
    s.point_deck = s.point_deck[claimed:]
    p.cubes = (2, 2, 4, 2)
    s.point_row[0] = pid("P18")


@pytest.mark.parametrize("players,trigger", [(2, 6), (3, 6), (4, 5), (5, 5)])
def test_end_triggers_on_the_sixth_or_fifth_card__R_END_1(players, trigger):
    s = State.new(players, 7)
    ready_to_claim(s, trigger - 2)
    s.apply(Claim(0))
    assert s.end_triggered is None
    for _ in range(players - 1):
        s.apply(Rest())
    ready_to_claim(s, trigger - 1)
    me = s.seat
    events = s.apply(Claim(0))
    assert s.end_triggered == me
    assert ev.EndTriggered(me, trigger) in events


def test_round_finishes_up_to_the_seat_before_first__R_END_2():
    s = State.new(4, 3)
    first = s.first
    s.apply(Rest())  # position 0
    ready_to_claim(s, 4)
    trigger_seat = s.seat  # position 1 triggers
    s.apply(Claim(0))
    assert not s.is_over
    played_after = []
    while not s.is_over:
        played_after.append(s.position(s.seat))
        s.apply(Rest())
    assert played_after == [2, 3]
    assert {p.turns for p in s.players} == {1}
    assert s.seat == (first - 1) % 4  # the last turn was the seat before the first player
    assert s.round == 1  # the game ended in round 1: no round 2 begins
    assert trigger_seat == (first + 1) % 4


def test_last_seat_triggering_ends_at_once__R_END_2():
    s = State.new(3, 5)
    s.apply(Rest())
    s.apply(Rest())
    ready_to_claim(s, 5)
    events = s.apply(Claim(0))
    assert s.is_over
    assert isinstance(events[-1], ev.GameOver)
    assert {p.turns for p in s.players} == {1} and s.round == 1
    with pytest.raises(IllegalMove) as info:
        s.apply(Rest())
    assert info.value.rule == "R-END-2"
    assert s.legal_moves() == [] and s.legal_kinds() == ()


def test_first_player_triggering_lets_everyone_else_play__R_END_2():
    s = State.new(3, 9)
    ready_to_claim(s, 5)
    s.apply(Claim(0))
    s.apply(Rest())
    assert not s.is_over
    s.apply(Rest())
    assert s.is_over
    assert {p.turns for p in s.players} == {1}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_last_seat_is_the_one_just_before_the_first_and_its_turn_ends_the_game__R_END_2(players):
    for seed in range(12):
        s = State.new(players, seed)
        assert s.last == s.turn_order()[-1] == (s.first - 1) % players
    s = State.new(players, 9)
    ready_to_claim(s, (6 if players <= 3 else 5) - 1)  # the claim below triggers the end
    s.apply(Claim(0))
    while s.seat != s.last:
        assert not s.is_over
        s.apply(Rest())
    s.apply(Rest())  # the last seat's turn
    assert s.is_over


# --------------------------------------------------------------------- score
def test_score_example_from_the_rules__R_SCORE_1():
    s = State.new(2, 1)
    p = s.players[0]
    # cards worth 50: P35 (20) + P30 (17) + P19 (13)
    p.claimed = [pid("P35"), pid("P30"), pid("P19")]
    p.upper, p.lower = 2, 1
    p.cubes = (4, 2, 0, 1)
    sc = s.score(0)
    assert (sc.cards, sc.upper, sc.lower, sc.cubes, sc.total) == (50, 2, 1, 3, 60)
    assert sc.upper_points == 6 and sc.lower_points == 1


def test_yellow_cubes_and_merchant_cards_score_nothing__R_SCORE_1():
    s = State.new(2, 1)
    p = s.players[1]
    p.cubes = (10, 0, 0, 0)
    p.hand = mask("M01", "M02", "M09", "M35")
    assert s.score(1).total == 0


def test_tie_goes_to_the_later_player_in_turn_order__R_SCORE_2():
    s = State.new(3, 2)
    for p in s.players:
        p.cubes = (0, 0, 0, 0)
    first = s.first
    a, b, c = first, (first + 1) % 3, (first + 2) % 3
    s.players[a].claimed = [pid("P35")]  # 20
    s.players[b].claimed = [pid("P36")]  # 20, later than a
    s.players[c].claimed = [pid("P01")]  # 6
    assert s.winner() == b
    assert sorted(s.tied_with_winner()) == sorted([a, b])
    # more cards or the last claim do not matter, only turn order
    s.players[a].claimed = [pid("P01"), pid("P21")]  # 6 + 14 = 20 with two cards
    assert s.score(a).total == s.score(b).total == 20
    assert s.winner() == b
    # the last in turn order wins a three-way tie
    s.players[c].claimed = [pid("P35")]
    assert s.winner() == c
