"""Undo and redo are replays of the move list (issue 5): round trips over random games."""

from __future__ import annotations

import random

from tests.helpers.engine import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from century_tui.engine import Game, Rest, Seat, dumps, loads


def lineup(mask: int, players: int) -> list[Seat]:
    return [Seat(f"P{i}", "random" if mask >> i & 1 else None) for i in range(players)]


def test_undo_takes_back_the_last_human_move_and_the_bots_after_it():
    g = Game([Seat("Ann"), Seat("Bot", "easy")], 3)
    ann = g.state.seat
    g.apply(Rest())  # whoever is first
    g.apply(Rest())
    g.apply(Rest())
    human_moves = [i for i, s in enumerate(g.movers) if g.seats[s].is_human]
    assert g.undo_point() == human_moves[-1]
    before = len(g.moves)
    assert g.undo()
    assert len(g.moves) == human_moves[-1]
    assert len(g.redo_moves) == before - human_moves[-1]
    assert g.redo()
    assert len(g.moves) == before and not g.redo_moves
    assert ann in g.movers


def test_no_undo_without_a_human_move():
    g = Game([Seat("A", "random"), Seat("B", "random")], 1)
    g.apply(Rest())
    assert g.undo_point() is None and not g.undo()
    assert not g.redo()


def test_a_new_move_clears_redo():
    g = Game([Seat("Ann"), Seat("Bob")], 2)
    g.apply(Rest())
    g.apply(Rest())
    g.undo()
    assert g.redo_moves
    g.apply(Rest())
    assert not g.redo_moves


def test_once_the_next_human_moved_only_their_move_can_go():
    g = Game([Seat("Ann"), Seat("Bob")], 2)
    g.apply(Rest())
    g.apply(Rest())
    g.undo()
    assert len(g.moves) == 1  # Bob's move only; Ann's stays


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**31), st.integers(0, 31), st.integers(0, 2**31))
def test_undo_redo_round_trip_over_random_games(players, seed, bots, choice_seed):
    rng = random.Random(choice_seed)
    g = Game(lineup(bots, players), seed)
    trail = [snapshot(g.state)]
    while not g.state.is_over and len(g.moves) < 250:
        g.apply(rng.choice(list(g.state.legal_moves())))
        trail.append(snapshot(g.state))
    end = snapshot(g.state)
    undone = 0
    while g.undo():
        undone += 1
        assert snapshot(g.state) == trail[len(g.moves)]
        assert all(not g.seats[s].is_human for s in g.movers[g.undo_point() + 1 :] if g.undo_point() is not None)
        if rng.random() < 0.2:
            break
    # the redo list survives a save and load
    g2 = loads(dumps(g))
    assert g2.redo_moves == g.redo_moves and snapshot(g2.state) == snapshot(g.state)
    while g.redo():
        assert snapshot(g.state) == trail[len(g.moves)]
    assert snapshot(g.state) == end
