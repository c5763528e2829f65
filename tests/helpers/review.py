"""A game with one costly move in it, for the review's tests (of the code and of its screen)."""

from __future__ import annotations

import random

from century_tui import review as rv
from century_tui.bots import make_bot
from century_tui.bots.hard import HardBot
from century_tui.engine import Claim, Game, Rest, Seat


SMALL = dict(search=(4, 2), nodes=300)
"""A small search for tests: the review's choices, in a fraction of the time."""


def bots_choice(game: Game) -> object:
    """What the review's bot plays in the game's position (the small search)."""
    index = len(game.moves)
    bot = HardBot(rv.review_seed(game.seed, index), rv.FOREVER_MS, SMALL["nodes"], schedule=(SMALL["search"],),
                  order_width=None)  # as the review's: one search
    return bot.choose(game.state)


def one_slip(seed: int = 4, to_end: bool = False) -> tuple[Game, int, Claim]:
    """Ann (a person) plays every action as the review's bot would, but once rests where it
    claims; Cy, an easy bot, plays its own moves. The game stops a few moves after the slip
    (or at its end). Returns the game, the slip's index and the claim Ann passed up."""
    game = Game([Seat("Ann"), Seat("Cy", "easy")], seed)
    rng = random.Random(seed)
    slip: tuple[int, Claim] | None = None
    while not game.state.is_over and (slip is None or to_end or len(game.moves) < slip[0] + 4):
        s = game.state
        if s.seat == 1:
            game.apply(make_bot("easy", seed=rng.randrange(1000)).choose(s))
        elif s.phase != "action":
            game.apply(make_bot("hard", seed=1).choose(s))  # a discard: not reviewed
        else:
            move = bots_choice(game)
            if slip is None and isinstance(move, Claim):
                slip = (len(game.moves), move)
                move = Rest()
            game.apply(move)
    assert slip is not None, "no claim within the game: choose another seed"
    return game, slip[0], slip[1]
