"""Merchant cards worth what the games made of them (issue 41): the fitted worths as the
planner counts them. Node caps only, never the clock."""

from __future__ import annotations

import pytest

from century_tui.bots.caravan_tables import INDEX
from century_tui.bots.card_worth import CARD_WORTH, CARD_WORTH_4, DECK, HELD_SQUARED, HELD_SQUARED_4, worth
from century_tui.bots.evaluation import Context, Weights, engine_rate
from century_tui.bots.hard import HardBot
from century_tui.bots.heuristics import POINTS, value
from century_tui.engine import COST, MERCHANT_CARDS, State


def mask(*cards: int) -> int:
    return sum(1 << c for c in cards)


def test_every_deck_card_has_a_worth_and_the_starting_cards_count_nothing():
    assert len(CARD_WORTH) == DECK
    assert all(c.code.startswith("M") for c in MERCHANT_CARDS[:DECK])
    assert all(not c.code.startswith("M") for c in MERCHANT_CARDS[DECK:])
    start = State.new(2, 0).players[0]
    assert worth(start.hand | start.played) == 0.0


def test_cards_held_add_their_worths_and_each_further_card_counts_less():
    one, two = mask(7), mask(7, 22)
    assert worth(one) == CARD_WORTH[7] + HELD_SQUARED
    assert worth(two) == CARD_WORTH[7] + CARD_WORTH[22] + 4 * HELD_SQUARED
    assert HELD_SQUARED < 0  # a long hand cycles slowly
    assert worth(two) - worth(one) < CARD_WORTH[22]


def test_the_planner_counts_the_fitted_worths_while_learned_is_on():
    """`learned` switches the engine's worth from the hand-made rates to the fitted worths,
    fully until `engine_turns` are left and less after; off, the hand-made rates as before."""
    cards = mask(7, 22, 43, 48)
    prow = tuple(range(5))
    on = Weights(learned=0.5)
    far, near = Context(prow, 1, 1, 20.0, on), Context(prow, 1, 1, 5.0, on)
    assert far.cards_worth(cards, 0) == 0.5 * worth(cards)
    assert near.cards_worth(cards, 0) == 0.5 * 0.5 * worth(cards)
    off = Weights(learned=0.0)
    assert Context(prow, 1, 1, 20.0, off).cards_worth(cards, 0) == off.engine * engine_rate(cards, off.engine_decay)


def test_the_caravan_parts_fit_cards_records_are_what_the_worth_weighs():
    """`benchmarks/fit_cards.py --cubes parts` fits the cube weights to `cube_parts`: the
    cubes paying the row card aimed at, the rest, and that card's surplus."""
    w = Weights()
    card = 0
    cost = COST[card]
    cv = INDEX[(cost[0] + 2, cost[1], cost[2], cost[3])]  # what the card asks, and two yellows more
    ctx = Context((card,), 0, 0, 20.0, w)  # one card in the row, no coins, far from the end
    matched, spare, surplus = ctx.cube_parts(cv)
    assert (matched, spare) == (value(cost), 2)
    assert surplus == POINTS[card] - w.matched * value(cost)
    assert ctx.cube_worth(cv) == pytest.approx(w.matched * matched + w.spare * spare + w.target * max(0.0, surplus))


def test_each_player_count_plays_the_worths_fitted_to_its_games_or_the_rates():
    """Two and four players have worths fitted to games of that many players; three and
    five value the merchant cards by the hand-made rates; three weigh the better of the
    two other players less (all else as shipped)."""
    w = Weights()
    assert w.for_players(2) is w
    assert w.for_players(4) == Weights(players=4)
    assert w.for_players(5) == Weights(learned=0.0)
    assert w.for_players(3) == Weights(learned=0.0, rival=w.rival_three) and w.rival_three < w.rival
    cards = mask(7, 22)
    assert worth(cards, 4) == CARD_WORTH_4[7] + CARD_WORTH_4[22] + 4 * HELD_SQUARED_4
    assert worth(cards, 4) != worth(cards, 2)
    assert Context(tuple(range(5)), 1, 1, 20.0, Weights(players=4)).cards_worth(cards, 0) == w.learned * worth(cards, 4)

    def appraise(players: int, weights: Weights) -> tuple:
        return HardBot(1, budget_ms=60_000, max_nodes=800, schedule=((6, 4),), weights=weights).appraise(
            State.new(players, 5))

    assert appraise(3, w) == appraise(3, Weights(learned=0.0))  # the same search, move and worths
    assert appraise(2, w)[1] != appraise(2, Weights(learned=0.0))[1]  # two players: the fitted worths count
    assert appraise(4, w)[1] != appraise(4, Weights(learned=0.0))[1]  # four: theirs
