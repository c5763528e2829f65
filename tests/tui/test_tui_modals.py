"""Each modal driven by keys and by clicks; Esc always leaves the game as it was.

Modals get plain data and dismiss with a move (or None); the game screen applies it.
Positions come from support.demo, so they are the same on every run.
"""

from __future__ import annotations

import contextlib
import itertools

import pytest
from rich.cells import cell_len
from tests.helpers.driver import asked_or_moved, board, click_button, hand_position, run_app, settle, toasts, until

from century_tui.engine import (
    MERCHANT_CARDS,
    Acquire,
    Discard,
    Game,
    PlayTrade,
    PlayUpgrade,
    cheapest_discard,
    cheapest_payment,
    times_affordable,
)
from century_tui.storage import Settings
from century_tui import text
from century_tui.text import words
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.modals import AcquireModal, DiscardModal, TradeModal, UpgradeModal


def fingerprint(state):
    return (
        state.seat, state.phase, tuple(state.point_row), tuple(state.merchant_row),
        tuple(state.merchant_cubes), state.upper_coins, state.lower_coins,
        tuple((p.cubes, p.hand, p.played, tuple(p.claimed), p.upper, p.lower, p.turns) for p in state.players),
    )


def replayed(game: Game, moves: int | None = None) -> Game:
    """A new game at a fixture's position (or its first `moves` moves): each test changes its own."""
    return Game(game.seats, game.seed, game.moves[:moves])


async def run(game, body, size=(80, 24)):
    """`game` on the board, then `body(app, pilot, board)`."""
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))
    await run_app(app, lambda app, pilot: body(app, pilot, board(app)), size)


async def open_hand_card(pilot, screen, card):
    await pilot.press("h", str(hand_position(screen, card) + 1), "enter")


# ---------------------------------------------------------------- upgrade
@pytest.fixture(scope="module")
def upgrade_game():
    return demo.advance_until(demo.new_game(), demo.can_upgrade)


async def test_upgrade_by_keys_steps_undo_and_esc(upgrade_game):
    game = replayed(upgrade_game)
    card = demo.upgrade_card(game.state)
    cubes = game.state.current.cubes
    seat = game.state.seat

    async def body(app, pilot, screen):
        before = fingerprint(screen.game.state)
        count = len(screen.game.moves)
        await open_hand_card(pilot, screen, card)
        modal = app.screen
        assert isinstance(modal, UpgradeModal)
        await pilot.press("1", "1")  # the same tier twice: two cubes, or one then again
        assert modal.steps == [0, 0]
        assert modal.after() == (cubes[0] - 2, cubes[1] + 2, cubes[2], cubes[3])
        await pilot.press("2")  # no steps left: refused, nothing changes
        assert modal.steps == [0, 0]
        await pilot.press("backspace", "2")
        assert modal.steps == [0, 1]
        await pilot.press("escape")
        assert not isinstance(app.screen, UpgradeModal)
        assert fingerprint(screen.game.state) == before and len(screen.game.moves) == count

        await open_hand_card(pilot, screen, card)
        await pilot.press("1", "2", "enter")  # Y→R then that R→G: one cube twice
        await settle(pilot)
        assert screen.game.moves[-1] == PlayUpgrade(card, (0, 1))
        assert screen.game.state.players[seat].cubes == (cubes[0] - 1, cubes[1], cubes[2] + 1, cubes[3])

    await run(game, body)


async def test_upgrade_with_no_step_asks_for_enter_twice(upgrade_game):
    """Enter on a fresh upgrade modal would waste the card: it warns once, then plays it."""
    game = replayed(upgrade_game)
    card = demo.upgrade_card(game.state)

    async def body(app, pilot, screen):
        count = len(screen.game.moves)
        await open_hand_card(pilot, screen, card)
        modal = app.screen
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is modal and len(screen.game.moves) == count
        assert "Enter again" in str(modal.query_one(".status").render())
        await pilot.press("1")  # a step clears the warning; undoing it needs the warning again
        assert "Enter again" not in str(modal.query_one(".status").render())
        await pilot.press("backspace", "enter")
        assert app.screen is modal
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.moves[-1] == PlayUpgrade(card, ())

    await run(game, body)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_upgrade_step_refused_says_why_in_the_modal(upgrade_game, language):
    """A step that cannot be taken is not only a bell: the modal says why, in the player's
    language (no cube of that tier left, no steps left), until the next step or undo; on
    one line at 80×24, so the buttons never move under the mouse."""
    game = replayed(upgrade_game)
    card = demo.upgrade_card(game.state)
    cubes = game.state.current.cubes
    assert cubes[2] == 1 and MERCHANT_CARDS[card].steps == 2  # the position this test needs

    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = board(app)
        await open_hand_card(pilot, screen, card)
        modal = app.screen
        status = lambda: str(modal.query_one(".status").render())  # noqa: E731
        await pilot.press("3", "3")  # the only third-tier cube is raised: none left
        assert modal.steps == [2]
        no_cube = text.t("error.no_cube_to_upgrade", tier=text.tier_name(2))
        assert no_cube in status() and modal.query_one(".status").size.height == 1
        await pilot.press("1")  # a step taken clears it
        assert modal.steps == [2, 0] and no_cube not in status()
        await pilot.press("1")  # both steps used
        assert modal.steps == [2, 0]
        assert text.t("modal.upgrade_no_steps", steps=2) in status()
        assert modal.query_one(".status").size.height == 1
        await pilot.press("backspace")
        assert text.t("modal.upgrade_no_steps", steps=2) not in status()


async def test_upgrade_by_clicks(upgrade_game):
    game = replayed(upgrade_game)
    card = demo.upgrade_card(game.state)

    async def body(app, pilot, screen):
        chip = next(c for c in screen.hand.chips.children if getattr(c, "item", None) and c.item.card == card)
        assert await pilot.click(chip)
        await asked_or_moved(pilot, screen, len(game.moves))  # under load the modal mounts later
        assert isinstance(app.screen, UpgradeModal)
        assert await pilot.click("#raise-0")
        await click_button(pilot, "#raise-0")
        assert await pilot.click("#undo")
        assert await pilot.click("#raise-1")
        assert await pilot.click("#confirm")
        await settle(pilot)
        assert screen.game.moves[-1] == PlayUpgrade(card, (0, 1))

    await run(game, body)


# ---------------------------------------------------------------- trade
@pytest.fixture(scope="module")
def trade_game():
    return demo.advance_until(demo.new_game(), demo.can_trade_twice)


async def test_trade_defaults_to_most_then_keys_and_esc(trade_game):
    game = replayed(trade_game)
    card = demo.trade_card(game.state)
    most = times_affordable(game.state.current.cubes, MERCHANT_CARDS[card].pay)
    assert most >= 2

    async def body(app, pilot, screen):
        before = fingerprint(screen.game.state)
        await open_hand_card(pilot, screen, card)
        modal = app.screen
        assert isinstance(modal, TradeModal) and modal.times == most
        await pilot.press("right")  # already the most
        assert modal.times == most
        await pilot.press("left")
        assert modal.times == most - 1
        await pilot.press("1")
        assert modal.times == 1
        await pilot.press("escape")
        assert fingerprint(screen.game.state) == before

        await open_hand_card(pilot, screen, card)
        await pilot.press("left", "enter")
        await settle(pilot)
        assert screen.game.moves[-1] == PlayTrade(card, most - 1)

    await run(game, body)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_trade_key_refused_says_why_in_the_modal(trade_game, language):
    """0, a count past the most, → at the most and ← at once do nothing, and say why in the
    status line (as the upgrade dialog does), in the player's language, until the next change."""
    game = replayed(trade_game)
    card = demo.trade_card(game.state)
    most = times_affordable(game.state.current.cubes, MERCHANT_CARDS[card].pay)
    assert most == 2  # the position this test needs: 3 is past the most

    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_hand_card(pilot, board(app), card)
        modal = app.screen
        assert isinstance(modal, TradeModal)
        status = lambda: str(modal.query_one(".status").render())  # noqa: E731
        at_most, at_least = text.t("modal.trade_at_most", max=most), text.t("modal.trade_at_least")
        for key, reason in (("3", at_most), ("right", at_most), ("0", at_least)):
            await pilot.press(key)
            assert modal.times == most and reason in status(), key
            assert modal.query_one(".status").size.height == 1
        await pilot.press("1")  # a change clears it
        assert modal.times == 1 and at_least not in status()
        await pilot.press("left")
        assert modal.times == 1 and at_least in status()


async def test_trade_by_clicks(trade_game):
    game = replayed(trade_game)
    card = demo.trade_card(game.state)
    most = times_affordable(game.state.current.cubes, MERCHANT_CARDS[card].pay)

    async def body(app, pilot, screen):
        chip = next(c for c in screen.hand.chips.children if getattr(c, "item", None) and c.item.card == card)
        assert await pilot.click(chip)
        await asked_or_moved(pilot, screen, len(game.moves))
        assert isinstance(app.screen, TradeModal)
        assert await pilot.click("#less")
        assert await pilot.click("#more")
        assert await pilot.click("#less")
        assert await pilot.click("#confirm")
        await settle(pilot)
        assert screen.game.moves[-1] == PlayTrade(card, most - 1)

    await run(game, body)


# ---------------------------------------------------------------- acquire
@pytest.fixture(scope="module")
def acquire_game():
    return demo.advance_until(demo.new_game(seed=4), demo.can_pay_mixed)


async def test_acquire_payment_by_keys_and_esc(acquire_game):
    game = replayed(acquire_game)
    s = game.state
    cubes = s.current.cubes
    slot = 3

    async def body(app, pilot, screen):
        before = fingerprint(screen.game.state)
        await pilot.press("m", str(slot + 1), "enter")
        modal = app.screen
        assert isinstance(modal, AcquireModal)
        assert modal.payment == list(cheapest_payment(cubes, slot))  # the least valuable first
        top = max(t for t in range(4) if cubes[t])
        await pilot.press("escape")
        assert fingerprint(screen.game.state) == before

        await pilot.press("enter")
        modal = app.screen
        letter = words().letters[top].lower()
        await pilot.press(letter)  # the most valuable cube goes on slot 1
        assert modal.payment[0] == top and modal.at == 1
        await pilot.press("up", str(top + 1))  # its number does the same (for 黄赤緑茶)
        assert modal.payment[0] == top and modal.at == 1
        await pilot.press("up", "1")
        assert modal.payment[0] == 0
        await pilot.press("up", str(top + 1))
        want = tuple(modal.payment)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.moves[-1] == Acquire(slot, want)
        on_slot_1 = screen.game.state.merchant_cubes[0]
        assert on_slot_1[top] >= 1

    await run(game, body)


async def test_acquire_payment_by_clicks(acquire_game):
    game = replayed(acquire_game)
    cubes = game.state.current.cubes
    tiers = [t for t in range(4) if cubes[t]]

    async def body(app, pilot, screen):
        assert await pilot.click(screen.merchants.views[2])
        modal = app.screen
        assert isinstance(modal, AcquireModal)
        await settle(pilot)  # laid out: a click aims at where a widget is, (0, 0) before that
        assert await pilot.click(f"#pay-0-{tiers[-1]}")  # True: the click landed on it
        assert await pilot.click(f"#pay-1-{tiers[0]}")
        await settle(pilot)  # the buttons' Pressed messages handled (late on a loaded machine)
        want = tuple(modal.payment)
        assert want[0] == tiers[-1]
        assert await pilot.click("#confirm")
        await settle(pilot)
        assert screen.game.moves[-1] == Acquire(2, want)

    await run(game, body)


# ---------------------------------------------------------------- discard
@pytest.fixture(scope="module")
def discard_game():
    return demo.advance_until(demo.new_game(seed=5), demo.must_discard, rng_seed=5)


async def test_discard_opens_by_itself_esc_keeps_it_due_and_keys_choose(discard_game):
    cubes = discard_game.state.current.cubes
    seat = discard_game.state.seat
    excess = sum(cubes) - 10
    game = replayed(discard_game, -1)
    last = discard_game.moves[-1]  # the move that takes the caravan over 10

    async def body(app, pilot, screen):
        screen.play(last)
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DiscardModal)
        assert modal.chosen == list(cheapest_discard(cubes, excess))
        before = fingerprint(screen.game.state)
        await pilot.press("escape")
        assert fingerprint(screen.game.state) == before and screen.game.state.phase == "discard"
        await pilot.press("r")  # anything but the discard is refused, with the reason
        assert fingerprint(screen.game.state) == before
        assert isinstance(app.screen, DiscardModal)  # ...and the choice opens again
        await pilot.press("escape", "d")
        modal = app.screen
        assert isinstance(modal, DiscardModal)
        top = max(t for t in range(4) if cubes[t])
        # move one returned cube from the cheapest tier to the most valuable one
        low = next(t for t in range(4) if modal.chosen[t])
        while modal.at != low:
            await pilot.press("down")
        await pilot.press("left")
        while modal.at != top:
            await pilot.press("down")
        await pilot.press("right")
        want = tuple(modal.chosen)
        assert sum(want) == excess and want[top] >= 1
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.moves[-1] == Discard(want)
        assert sum(screen.game.state.players[seat].cubes) == 10

    await run(game, body)


async def test_the_discard_stage_key_bar_offers_only_what_works_there(discard_game):
    """Over 10 at the end of a turn, only the discard (and moving about, undo) works: the
    key bar offers no Rest, and no key it shows is refused; r still says why."""
    from century_tui.tui.widgets.keybar import KeyBar

    game = replayed(discard_game, -1)
    last = discard_game.moves[-1]

    async def body(app, pilot, screen):
        screen.play(last)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.game.state.phase == "discard" and app.screen is screen
        for area in ("h", "m", "p", "l"):
            await pilot.press(area)
            await settle(pilot)
            left, _right = app.screen.query_one(KeyBar)._entries()
            shown = {key: enabled for key, _shown, _words, enabled in left}
            assert "d" in shown and "r" not in shown, shown
            assert all(shown.values()), shown  # nothing offered that would be refused
        await pilot.press("r")
        assert isinstance(app.screen, DiscardModal)  # the reason, and the choice again

    await run(game, body)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_d_with_nothing_to_return_says_why(discard_game, language):
    """d when no cubes are due (not in the key bar then) rings and says why, in the player's
    language, as r and u do where they do nothing; nothing opens, nothing moves."""
    game = replayed(discard_game, -1)  # the person's turn, under 10 cubes
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)

    async def body(app, pilot):
        screen = board(app)
        assert screen.can_act() and app.screen is screen
        before = fingerprint(game.state)
        await pilot.press("d")
        await settle(pilot)
        why = text.t("error.no_discard_due")
        await until(pilot, lambda: toasts(app))
        assert toasts(app) == [why]
        assert app.screen is screen and fingerprint(game.state) == before

    await run_app(app, body)


async def test_discard_by_clicks(discard_game):
    cubes = discard_game.state.current.cubes
    excess = sum(cubes) - 10
    game = replayed(discard_game, -1)

    async def body(app, pilot, screen):
        screen.play(discard_game.moves[-1])
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DiscardModal)
        low = next(t for t in range(4) if modal.chosen[t])
        top = max(t for t in range(4) if cubes[t])
        assert await pilot.click(f"#minus-{low}")
        assert app.screen.query_one("#confirm").disabled  # one short of the excess
        assert await pilot.click(f"#plus-{top}")
        want = tuple(modal.chosen)
        assert await pilot.click("#confirm")
        await settle(pilot)
        assert screen.game.moves[-1] == Discard(want) and sum(want) == excess

    await run(game, body)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_discard_keys_that_do_nothing_ring_and_say_why_in_the_dialog(discard_game, language):
    """Play test: Right on a colour not held, + past the number due and Enter one short did
    nothing silently, and the preview said "1 over 10: at the end of the turn you choose what
    to return" inside the very dialog where that is chosen. Each now rings and says why on the
    dialog's status line; the preview warns of nothing there."""
    from textual.widgets import Static

    cubes = discard_game.state.current.cubes  # (8, 0, 4, 0): 2 to return, yellow at first
    excess = sum(cubes) - 10
    game = replayed(discard_game, -1)
    bells = []

    async def body(app, pilot, screen):
        app.bell = lambda: bells.append(1)
        screen.play(discard_game.moves[-1])
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DiscardModal) and modal.at == 0 and modal.chosen == [2, 0, 0, 0]

        def status() -> str:
            return str(modal.query_one(".status", Static).render())

        def said(key: str, **values) -> bool:
            return status() == text.t(key, **values) and len(bells) == rung + 1

        rung = len(bells)
        await pilot.press("right")  # 2 of 2 chosen already
        assert said("modal.discard_enough", excess=excess) and modal.chosen == [2, 0, 0, 0]
        await pilot.press("down")  # red: none held
        assert status() == text.t("modal.discard_chosen", chosen=2, excess=excess)  # a move clears the reason
        rung = len(bells)
        app.cube_code = "shapes"  # the tier named as every refusal names it: "red (■)"
        await pilot.press("right")
        assert said("modal.discard_none_held", tier=text.tier_word(1)) and "■" in status()
        rung = len(bells)
        await pilot.press("left")
        assert said("modal.discard_none_chosen", tier=text.tier_word(1))
        app.cube_code = "letters"
        await pilot.press("up", "left")  # one yellow back: 1 of 2
        assert modal.chosen == [1, 0, 0, 0] and "over 10" not in str(modal.preview.render())
        assert status() == text.t("modal.discard_chosen", chosen=1, excess=excess)
        rung = len(bells)
        await pilot.press("enter")
        assert said("modal.discard_more", missing=1, chosen=1, excess=excess) and app.screen is modal
        width = modal.query_one(".status").size.width  # every reason on its one line, in either skin
        for skin, code in itertools.product(("spice", "golem"), ("letters", "shapes")):  # shapes: "green (◆)"
            app.skin, app.cube_code = skin, code
            for tier in range(4):
                name = text.tier_word(tier)
                for said in (
                    text.t("modal.discard_none_held", tier=name), text.t("modal.discard_none_chosen", tier=name),
                    *(text.t("modal.discard_all_chosen", tier=name, held=n) for n in (1, 9)),
                    *(text.t("modal.discard_enough", excess=n) for n in (1, 9)),
                    *(text.t("modal.discard_more", missing=n, chosen=9 - n, excess=9) for n in (1, 8)),
                ):
                    assert cell_len(said) <= width, (skin, code, said)
        app.skin, app.cube_code = "spice", "letters"
        await pilot.press("down", "down", "right", "enter")  # a green makes 2: Enter plays
        await settle(pilot)
        assert screen.game.moves[-1] == Discard((1, 0, 1, 0))

    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)
    await run_app(app, lambda app, pilot: body(app, pilot, board(app)))


@contextlib.asynccontextmanager
async def preview_alone():
    """A move's preview in an app of its own."""
    from textual.app import App

    from century_tui.tui.modals.base import Preview

    class One(App):
        def compose(self):
            yield Preview()

    async with One().run_test(size=(80, 10)) as pilot:
        yield pilot.app.query_one(Preview)


async def test_preview_warns_when_a_move_leaves_more_than_ten():
    """The discard that follows a big trade is announced in the preview, not a surprise."""
    async with preview_alone() as preview:
        preview.show((2, 2, 1, 2), (4, 4, 1, 4))
        assert "3 over 10" in str(preview.render())
        preview.show((2, 2, 1, 2), (4, 4, 1, 1))
        assert "over 10" not in str(preview.render())


async def test_preview_shows_the_caravan_s_ten_places_and_no_more():
    """Twelve cubes down to ten: no empty places drawn after the ten (as if it held twelve)."""
    from century_tui import text

    async with preview_alone() as preview:
        preview.show((10, 0, 0, 2), (8, 0, 0, 2))
        now, after = str(preview.render()).split("→")
        letters = text.words().letters
        assert letters[0] * 10 + letters[3] * 2 in now
        assert after.rstrip().endswith(letters[0] * 8 + letters[3] * 2)
        preview.show((3, 0, 0, 0), (1, 1, 0, 0))  # under ten: the empty places shown on both sides
        now, after = str(preview.render()).split("→")
        assert now.count("·") == 7 and after.count("·") == 8


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_acquire_a_cube_taken_from_another_slot_is_said(acquire_game, language):
    """Play test: YYYRR, slot 4: r, Down, r put red on slots 1 and 3; r on slot 2 then made
    slot 2 red and slot 3 yellow again, unsaid. The cube still moves (the key means "red
    here"), and the status line says from where, on its one line, in either skin."""
    game = replayed(acquire_game)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = AcquireModal(3, (3, 2, 0, 0), list(game.state.merchant_row), (0, 0, 0, 0))
        app.push_screen(modal)
        await settle(pilot)
        status = lambda: str(modal.query_one(".status").render())  # noqa: E731
        height = modal.query_one(".dialog").size.height
        await pilot.press("2", "down", "2")  # red on slots 1 and 3, as r does in letters
        assert modal.payment == [1, 0, 1] and status() == ""
        await pilot.press("up", "2")
        assert modal.payment == [1, 1, 0]
        moved = text.t("modal.acquire_moved", tier=text.tier_name(1), slot=3, here=2, other=text.tier_name(0))
        assert status() == moved
        assert modal.query_one(".dialog").size.height == height
        await pilot.press("up")  # the next key clears it
        assert status() == ""
        width = modal.query_one(".status").size.width
        for skin in ("spice", "golem"):
            app.skin = skin
            for code in ("letters", "shapes"):  # shapes: "green (◆)", as the screen shows it
                app.cube_code = code
                for tier in range(4):
                    for other in range(4):
                        said = text.t("modal.acquire_moved", tier=text.tier_word(tier), slot=3, here=2,
                                      other=text.tier_word(other))
                        assert cell_len(said) <= width, (skin, code, said)


@pytest.mark.parametrize("language", ["en", "fr", "es", "pt", "ja"])
async def test_acquire_key_refused_says_why_in_the_modal(acquire_game, language):
    """A cube the caravan does not hold (its number, or its letter), and ←/→ with one colour
    held, change nothing and say why in the dialog's status line, in the player's language;
    the line is kept when empty, so nothing moves under the mouse."""
    game = replayed(acquire_game)
    cubes = game.state.current.cubes
    assert cubes == (2, 1, 0, 0)  # the position this test needs: no third tier

    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m", "4", "enter")
        modal = app.screen
        assert isinstance(modal, AcquireModal)
        status = lambda: str(modal.query_one(".status").render())  # noqa: E731
        height = modal.query_one(".dialog").size.height
        payment = list(modal.payment)
        none_held = text.t("modal.acquire_none_held", tier=text.tier_name(2))
        keys = ["3"] + ([words().letters[2].lower()] if words().letters[2].isascii() else [])
        for key in keys:
            await pilot.press(key)
            assert modal.payment == payment and modal.at == 0 and none_held in status(), key
            assert modal.query_one(".dialog").size.height == height
        await pilot.press("2")  # a change clears it
        assert modal.payment[0] == 1 and none_held not in status()
        await pilot.press("escape")
        await settle(pilot)

        one = AcquireModal(2, (3, 0, 0, 0), list(game.state.merchant_row), (0, 0, 0, 0))
        app.push_screen(one)
        await settle(pilot)
        await pilot.press("right")
        assert one.payment == [0, 0]
        one_colour = text.t("modal.acquire_one_colour", tier=text.tier_name(0))
        assert one_colour in str(one.query_one(".status").render())
        width = one.query_one(".status").size.width  # every reason on its one line, in either skin
        names = set()
        for skin in ("spice", "golem"):
            app.skin = skin
            names |= {text.tier_name(tier) for tier in range(4)}
            for tier in range(4):
                for key in ("modal.acquire_one_colour", "modal.acquire_none_held"):
                    assert cell_len(text.t(key, tier=text.tier_name(tier))) <= width, (skin, key, tier)
        assert len(names) > 4  # both skins' tiers were measured
