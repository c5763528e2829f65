"""The hand's numbers and marks: what a player reads on each card and the key that picks it."""

from __future__ import annotations

import random

import pytest

from tests.helpers.driver import board, run_app

from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.widgets.hand import HandCard


def big_hand(cards: int = 11) -> Game:
    """A game of random moves, stopped where the player to act owns `cards` cards."""
    game, rng = Game([Seat("Ann"), Seat("Bob")], 5), random.Random(5)
    while not (len(game.state.current.owned) >= cards and game.state.phase == "action"):
        game.apply(rng.choice(list(game.state.legal_moves())))
    return Game(game.seats, game.seed, game.moves)


def chip_text(screen, position: int) -> str:
    chip = next(c for c in screen.hand.chips.query(HandCard) if c.position == position)
    return chip.render().plain


async def test_the_tenth_card_of_a_hand_is_numbered_0_and_0_picks_it():
    """1–9 pick the first nine cards; 0, next on the keyboard, the 10th, and its card shows
    the 0 as the others show their digit. The 11th on have no key (arrows reach them)."""
    game = big_hand()
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        screen = board(app)
        assert len(screen.hand.items) >= 11
        await pilot.press("h", "0")
        assert screen.hand.cursor == 9
        assert chip_text(screen, 8)[0] == "9" and chip_text(screen, 9)[0] == "0"
        assert chip_text(screen, 10)[0] == " "
        await pilot.press("1")
        assert screen.hand.cursor == 0

    await run_app(app, body, size=(120, 40), past_pass_screen=True)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_the_cursor_on_a_played_card_keeps_its_played_mark(language):
    """1▸✗+YY: the cursor's ▸ no longer hides the ✗ that says the card was played (without
    colour, the struck-through effect alone was left to say it). Every card's effect still
    fits the cell left at 80 columns (English says 'Upgr. 2' there)."""
    from century_tui.engine import MERCHANT_CARDS, PlaySpice
    from century_tui.tui import render
    from support import demo

    game = demo.new_game()
    for _ in range(2):  # Ann, then Bob, play their spice card
        game.apply(PlaySpice(next(c for c in game.state.current.hand_cards if MERCHANT_CARDS[c].kind == "spice")))
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)

    async def body(app, pilot):
        screen = board(app)
        assert [item.played for item in screen.hand.items] == [True, False]
        assert chip_text(screen, 0).startswith("1✗+")  # the turn starts on card 2
        await pilot.press("1")
        assert screen.hand.cursor == 0 and chip_text(screen, 0).startswith("1▸✗+")
        await pilot.press("2")
        assert chip_text(screen, 0).startswith("1✗+") and chip_text(screen, 1).startswith("2▸")
        left = screen.hand.chips.query(HandCard).first().size.width - 3  # a digit, ▸ and ✗
        for card in range(len(MERCHANT_CARDS)):
            assert render.merchant_effect(card, fit=left).cell_len <= left, (card, left)

    await run_app(app, body, past_pass_screen=True)
