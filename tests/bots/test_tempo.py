"""The hard bot's model of the other players and its tempo knobs (issue 17 §1): in the
search another player who cannot claim plays the card that brings it nearest its best
card instead of resting, the evaluation can see who is a play away from a card, and a
claim now can count for more than the same claim later (docs/BOT_TUNING.md: the screens)."""

from __future__ import annotations

import pytest

from century_tui.bots import make_bot
from century_tui.bots.hard import HardBot, Weights
from century_tui.bots.model import opponents_move, progress, threatened
from century_tui.bots.heuristics import deficit
from century_tui.engine import (
    ACQUIRE, COST, DISCARDING, KIND, TRADE, UPGRADE, Acquire, Claim, PlaySpice, Rest, State, upgraded
)

M01, M03, M07, M09 = 0, 2, 6, 8
"""Spice 3 yellows, spice 1 green, spice 2 reds, upgrade 3 steps."""
P05_2Y2G, P08_5R, P09_2R2G = 4, 7, 9
"""Point cards: 2 yellows 2 greens (8), 5 reds (10), 2 reds 2 greens (10)."""


def position(row: list[int], other_cubes, other_hand: list[int]) -> State:
    """A fresh two-player game with `row` face up (no coins), the seat not to move holding
    `other_cubes` and only the cards `other_hand`."""
    state = State.new(2, 0)
    state.point_deck = [c for c in state.point_row + state.point_deck if c not in row]
    state.point_row = list(row)
    state.upper_coins = state.lower_coins = 0
    other = state.players[1 - state.seat]
    other.cubes, other.played = other_cubes, 0
    other.hand = sum(1 << c for c in other_hand)
    return state


def test_the_model_plays_the_card_that_closes_the_gap_to_its_best_card():
    """2Y 1G facing 2Y 2G: three yellows or two reds only make cubes to upgrade later, the
    green spice pays the card. It rests when no card of its hand gets it any closer."""
    row = (P05_2Y2G, P08_5R)
    assert progress(1 << M01 | 1 << M03 | 1 << M07, (2, 0, 1, 0), row) == (PlaySpice(M03), (2, 0, 2, 0))
    assert progress(1 << M01 | 1 << M07, (2, 0, 1, 0), row)[0] == PlaySpice(M07)  # two reds: one step each
    assert progress(0, (2, 0, 1, 0), row) == (None, (2, 0, 1, 0))


@pytest.mark.parametrize("cubes", [(3, 0, 1, 0), (4, 0, 0, 0), (1, 2, 0, 0), (0, 0, 3, 1), (2, 1, 1, 0)])
def test_the_model_upgrades_as_well_as_any_engine_move_would(cubes):
    """Its upgrade steps are chosen one at a time (no list of every step combination), yet
    leave as few steps missing to its card as the best of the engine's upgrade moves."""
    state = position([P09_2R2G], (0, 0, 0, 0), [])
    me = state.players[state.seat]
    me.cubes, me.hand = cubes, 1 << M09
    move, after = progress(me.hand, cubes, (P09_2R2G,))
    best = min(deficit(upgraded(cubes, m.steps), COST[P09_2R2G]) for m in state.legal_moves(UPGRADE))
    if best == deficit(cubes, COST[P09_2R2G]):
        assert move is None
    else:
        assert move in state.legal_moves(UPGRADE) and deficit(after, COST[P09_2R2G]) == best


def test_other_players_in_the_search_build_instead_of_resting_when_asked():
    """Between the bot's turns another player that cannot claim rested: a claim the bot put
    off looked free. With `build` it plays its best card, and claims next time round."""
    state = position([P05_2Y2G, P08_5R], (2, 0, 1, 0), [M03, M07])
    me = state.seat
    state.advance(Rest())
    resting = state.clone()
    opponents_move(resting, me, build=False)
    assert resting.players[1 - me].cubes == (2, 0, 1, 0)
    opponents_move(state, me, build=True)
    assert state.players[1 - me].cubes == (2, 0, 2, 0)
    state.advance(Rest())
    opponents_move(state, me, build=True)
    assert state.players[1 - me].claimed == [P05_2Y2G]


def test_a_card_another_player_can_pay_within_a_play_is_threatened():
    state = position([P05_2Y2G, P08_5R, P09_2R2G], (2, 0, 1, 0), [M03])
    assert threatened(state, state.seat) == 0b001  # the green spice pays 2Y 2G, nothing else
    assert threatened(state, 1 - state.seat) == 0  # the bot itself holds nothing near
    state.players[1 - state.seat].hand = 0
    assert threatened(state, state.seat) == 0


def midgame(seed: int, turns: int) -> State:
    """A two-player position `turns` own turns in, reached by medium bots."""
    state = State.new(2, seed)
    bots = [make_bot("medium", i) for i in range(2)]
    while state.players[state.seat].turns < turns:
        state.advance(bots[state.seat].choose(state))
    return state


def test_a_claim_now_can_count_for_more_than_the_same_claim_later():
    """Turn twelve with 5Y 4G: the bot could pay slot 3 (4G, 12 points) and nobody else
    could take it, so claiming now or some turns later looked the same and it took a
    merchant card first. With `claim_now` a claim as the move played counts more."""
    state = midgame(8, 12)
    assert HardBot(1, 600_000, max_nodes=1500).choose(state) != Claim(3)
    assert HardBot(1, 600_000, max_nodes=1500, weights=Weights(claim_now=2.0)).choose(state) == Claim(3)


def overflowing() -> State:
    """5Y 4G and a hand of trades: M29 four times makes 17 cubes and throws 7 back."""
    state = midgame(1, 6)
    state.players[state.seat].cubes = (5, 0, 4, 0)
    return state


def test_a_move_that_overflows_the_caravan_can_cost_what_it_throws_back():
    """`overflowing`: the search counted the 7 cubes thrown back as no loss; with `spill`
    it plays a trade that keeps everything."""
    state = overflowing()
    for weights, spills in ((Weights(line_spill=0.0), True), (Weights(line_spill=0.0, spill=1.0), False)):
        after = state.clone()
        after.advance(HardBot(1, 600_000, max_nodes=1500, weights=weights).choose(state))
        assert (after.phase == DISCARDING) == spills


def test_an_overflow_anywhere_along_a_line_costs_what_it_throws_back():
    """`line_spill` counts every overflow of a line, the move played now's included: in the
    position `overflowing` the bot keeps every cube; and over a stretch of self-play at a node cap
    it throws back fewer cubes than without it, as the screens found (docs/BOT_TUNING.md).
    Without it, that position spills (the test before)."""
    state = overflowing()
    after = state.clone()
    after.advance(HardBot(1, 600_000, max_nodes=1500).choose(state))
    assert after.phase != DISCARDING

    def discards(weights: Weights) -> int:
        count = 0
        for seed in (1, 5):
            s = midgame(seed, 4)
            bots = [HardBot(i, 600_000, max_nodes=600, weights=weights) for i in range(2)]
            while not s.is_over and s.players[s.seat].turns < 30:
                move = bots[s.seat].choose(s)
                count += s.phase == DISCARDING
                s.advance(move)
        return count

    assert discards(Weights()) < discards(Weights(line_spill=0.0))  # 2 points each, the default


@pytest.mark.parametrize("seed", [4, 6, 11])
def test_a_trade_card_bought_now_can_cost_something(seed):
    """Turn one, the starting cards in hand and a free trade card in slot 0: the bot took
    it, and the cards it bought and never played were such trade cards. With `trade_buy`
    it plays its hand."""
    state = midgame(seed, 1)
    assert KIND[state.merchant_row[0]] == TRADE
    assert HardBot(1, 600_000, max_nodes=1500).choose(state) == Acquire(0, ())
    assert HardBot(1, 600_000, max_nodes=1500, weights=Weights(trade_buy=1.0)).choose(state).kind != ACQUIRE
