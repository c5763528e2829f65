"""The race in the planner's worlds (issue 41): the other players take the cards of their
plans unless the bot took them first, the end comes in the round someone takes the
trigger card, and who still plays in that round depends on where they sit (R-END-2)."""

from __future__ import annotations

import time

from century_tui.bots.caravan_tables import INDEX
from century_tui.bots.evaluation import Weights
from century_tui.bots.hard import HardBot
from century_tui.bots.heuristics import POINTS
from century_tui.bots.race import Plan, other
from century_tui.bots.root import Planning
from century_tui.bots.world import HOLD_GAIN, SNIPED_KEEPS, Game
from century_tui.engine import Claim, State

P03_4R, P05_2Y2G, P13_4G = 2, 4, 12
"""Point cards: 4 reds (8 points), 2 yellows 2 greens (8), 4 greens (12)."""


def world_with(plan: Plan, late: int, prow=(P03_4R, P05_2Y2G, P13_4G), others=((0, 0, 0, 0),), end=None,
               bar=0):
    """A first world (no coins) whose one other player follows `plan` (the bot's score `bar`)."""
    game = Game([20, 21, 22, 23], [30, 31, 32], [other(plan, late)], 2, (bar,))
    return game.world(0, prow, 0, 0, 0, (0, 1, 2, 3, 4, 5), (INDEX[(0, 0, 0, 0)],) * 6, 0, others, end)


def claiming(card: int, cubes=(0, 4, 0, 0)) -> Plan:
    """A plan that claims `card` at its first turn, holding `cubes` till then."""
    before = (INDEX[cubes], 0, 0)
    return Plan((("claim", card), ("play", -1)), (before, (INDEX[(0, 0, 0, 0)], 0, 0), before))


def test_another_player_takes_the_card_of_its_plan_at_its_turn():
    w = world_with(claiming(P03_4R), late=0).turn()
    assert P03_4R not in w.prow and w.prow[-1] == 20  # the next card of the imagined deck
    assert w.others[0][:3] == (1, 8, 1)  # one turn of its plan made, 8 points, one card


def test_a_card_the_bot_took_first_is_another_players_loss():
    """It takes what else its cubes pay for, or loses its turn, then gives up the card but
    keeps the worth of the cubes it would have paid (it will pay another card with them):
    the bot's gain is the card's surplus and a turn, not all its points."""
    w0 = world_with(claiming(P03_4R), late=0)
    taken, _ = w0.claim(0, triggers=False)
    w1 = taken.turn()
    assert w1.others[0] == (0, 0, 0, 1)  # nothing else for 4 reds: a turn lost, the plan waits
    kept = round(SNIPED_KEEPS * 8)  # 4 reds: 8 tiers
    assert 0 < kept < 8
    assert w1.turn().others[0][:3] == (1, kept, 0)  # then it goes on without the card
    greens = world_with(claiming(P03_4R, cubes=(0, 4, 4, 0)), late=0).claim(0, triggers=False)[0].turn()
    assert greens.others[0][:3] == (1, 12, 1) and P13_4G not in greens.prow  # the 4 greens instead


def test_the_end_comes_in_the_round_of_the_trigger_card():
    """Five cards claimed and a sixth in its plan: the game ends that round. Seated after the
    bot it plays in the bot's round, so the bot's move was its last; seated before, it
    plays in the next round, so the bot has one more turn."""
    five = ((0, 50, 5, 0),)
    after = world_with(claiming(P03_4R), late=0, others=five).turn()
    assert after.end == 0 and after.over
    before = world_with(claiming(P03_4R), late=1, others=five).turn()
    assert before.end == 1 and not before.over
    assert before.turn().over
    assert before.turn().others == before.others  # nobody plays past the end


def test_the_bots_own_trigger_card_ends_the_game_after_the_round():
    w0 = world_with(claiming(P13_4G), late=1)
    w1, _ = w0.claim(1, triggers=True)
    assert w1.end == 0
    done = w1.turn()
    assert done.over and done.others == w0.others  # seated before the bot: no more turn


def test_the_bot_takes_first_a_card_another_player_can_pay_for_now():
    """Two 8-point cards the bot can pay for (2 yellows 2 greens, 4 reds); the other player
    holds 4 reds and would claim that card: the bot takes it first."""
    state = State.new(2, 0)
    row = [P05_2Y2G, P03_4R, 33, 34, 35]
    state.point_deck = [c for c in state.point_row + state.point_deck if c not in row]
    state.point_row = row
    state.upper_coins = state.lower_coins = 0
    state.players[state.seat].cubes = (2, 4, 2, 0)
    state.players[1 - state.seat].cubes = (0, 4, 0, 0)
    assert HardBot(1, 600_000, max_nodes=5000).choose(state) == Claim(1)


def test_another_player_does_not_end_the_game_to_lose_it():
    """Its own search has no rivals, so its plan takes its sixth card whenever it can; but
    with the bot's score above what it would end with, it holds the card back and builds
    on (HOLD_GAIN points a turn) until ending the game wins it."""
    five = ((0, 50, 5, 0),)  # 50 points and five cards; the 4 reds card would end on 58
    waits = world_with(claiming(P03_4R), late=0, others=five, bar=60).turn()
    assert waits.end is None and P03_4R in waits.prow
    assert waits.others[0] == (0, 50 + HOLD_GAIN, 5, 0)  # its plan waits at the card, richer
    while waits.end is None:  # it ends the game once that is no longer a loss: 58 + its gains >= 60
        waits = waits.turn()
    assert waits.others[0][1] == 58 + HOLD_GAIN and waits.depth == 2
    assert world_with(claiming(P03_4R), late=0, others=five, bar=58).turn().end == 0  # level: it ends it
    assert world_with(claiming(P03_4R), late=0, others=five).turn().end == 0  # no score to beat: as planned


def test_another_player_does_not_end_the_game_behind_a_third():
    """With three players the score to beat is the best of everyone else's, not the bot's
    alone: a player one card from the end, ahead of the bot but behind the third player,
    holds its trigger card back too; with the third player behind as well, it ends the game."""
    for third_cards, waits in ((4, True), (0, False)):
        state = State.new(3, 0)
        me = state.seat
        mover, third = (me + 1) % 3, (me + 2) % 3
        row = [P03_4R, P05_2Y2G, 33, 34, 35]
        deck = sorted((c for c in state.point_row + state.point_deck if c not in row), key=lambda c: POINTS[c])
        state.players[mover].claimed = deck[:5]  # the five cheapest cards
        state.players[third].claimed = deck[-third_cards:] if third_cards else []  # the dearest
        state.point_deck, state.point_row = deck[5:len(deck) - third_cards], row
        state.upper_coins = state.lower_coins = 0
        state.players[mover].cubes = (0, 4, 0, 0)  # pays the 4 reds card: its sixth
        for p in state.players:
            p.hand = p.played = 0  # nothing to play: the plan is the claim
        planning = Planning(state, me, Weights(), None, float("inf"), time.perf_counter)
        after = planning.world.turn()
        ending = state.score(mover).total + POINTS[P03_4R]
        assert (max(state.score(third).total, state.score(me).total) > ending) == waits
        assert (P03_4R in after.prow) == waits and (after.end is None) == waits
