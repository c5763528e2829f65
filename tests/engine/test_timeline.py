"""The score chart's data: every player's running score by round and the rounds of their
claims, as the final scoring counts them (R-SCORE-1)."""

from __future__ import annotations

from century_tui.engine import (
    POINT_CARDS,
    STARTING_SPICE_IDS,
    STARTING_UPGRADE_IDS,
    Game,
    PlaySpice,
    PlayUpgrade,
    Rest,
    Seat,
)
from century_tui.engine import events as ev
from century_tui.timeline import Claimed, rounds_played, running_scores
from support.demo import finished


def test_an_opening_whose_scores_are_known():
    """Round 1: the first player raises two yellow cubes to red (+2), the second gains two
    yellows (+0). Round 2: the first rests, the second raises a yellow to red, then that red
    to green (+1: every cube above yellow scores 1, whatever its tier)."""
    game = Game([Seat("Ann"), Seat("Bob")], seed=1)
    first = game.state.first
    second = 1 - first
    game.apply(PlayUpgrade(STARTING_UPGRADE_IDS[first], (0, 0)))
    game.apply(PlaySpice(STARTING_SPICE_IDS[second]))
    game.apply(Rest())
    game.apply(PlayUpgrade(STARTING_UPGRADE_IDS[second], (0, 1)))
    lines = running_scores(game)
    assert lines[first].scores == (0, 2, 2)
    assert lines[second].scores == (0, 0, 1)
    assert lines[first].claims == lines[second].claims == ()
    assert rounds_played(game.state) == 2.0


def test_a_turn_under_way_is_not_a_round_yet():
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=1)
    game.apply(PlayUpgrade(STARTING_UPGRADE_IDS[game.state.first], (0, 0)))
    first = game.state.first
    assert [len(line.scores) for line in running_scores(game)] == [2 if s == first else 1 for s in range(3)]
    assert rounds_played(game.state) == 1 / 3


def test_a_finished_game_ends_on_the_final_scores_with_every_claim_in_its_round():
    game = finished(("Ann", "Bob", "Cy", "Di", "Ed"), seed=7)
    lines = running_scores(game)
    state = game.state
    claims_seen: list[list[Claimed]] = [[] for _ in range(5)]
    replay = Game(game.seats, game.seed)
    for move in game.moves:  # the round of each claim, read from the events of the replay
        seat, round_ = replay.state.seat, replay.state.players[replay.state.seat].turns + 1
        for event in replay.apply(move):
            if isinstance(event, ev.PointClaimed):
                claims_seen[seat].append(Claimed(round_, POINT_CARDS[event.card].points))
    for seat, line in enumerate(lines):
        score = state.score(seat)
        assert line.scores[-1] == score.total
        assert len(line.scores) == state.players[seat].turns + 1
        assert line.scores[0] == (1 if state.position(seat) >= 3 else 0)  # a red cube for the 4th and 5th
        assert list(line.claims) == claims_seen[seat]
        assert sum(c.points for c in line.claims) == score.cards
    assert rounds_played(state) == state.round
