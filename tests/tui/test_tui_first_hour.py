"""The first hour at the table (issue 42), through keys only: a stray key never spends a
turn, a key that cannot act says why (once), help and the key bar offer only what the game
allows, the caravan lines keep their columns, and the log says who plays first and why."""

from __future__ import annotations

import random

import pytest

from century_tui.engine import ACTION, DISCARDING, MERCHANT_CARDS, UPGRADE, Game, PlayUpgrade, Rest, Seat
from century_tui.legality import upgradable
from century_tui.storage import Settings
from century_tui.text import t
from century_tui.tui.app import CenturyApp
from century_tui.tui.modals import DiscardModal, UpgradeModal
from century_tui.tui.screens.help import HelpScreen
from century_tui.tui.widgets.caravans import CaravanLine
from century_tui.tui.widgets.hand import HandCard
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.rows import MerchantRow
from tests.helpers.driver import GatedBots, board, palette, run_board, screen_lines, settle, toasts, until
from tests.helpers.hosting import first_to_play

SEATS = [Seat("Ann"), Seat("Bob")]


def reached(found, seats=SEATS) -> Game:
    """The first position of a seeded random game where `found(state)` holds."""
    for seed in range(300):
        game, rng = Game(list(seats), seed), random.Random(seed)
        while not game.state.is_over:
            if found(game.state):
                return game
            game.apply(rng.choice(list(game.state.legal_moves())))
    raise AssertionError("no such position")


def nothing_to_raise(state) -> bool:
    """A person's turn with an upgrade card in hand and no cube it could raise."""
    return state.phase == ACTION and not upgradable(state.current.cubes) and any(
        MERCHANT_CARDS[c].kind == UPGRADE for c in state.current.hand_cards)


def upgrade_position(screen) -> int:
    """Where the hand on show holds an upgrade card."""
    return next(i for i, item in enumerate(screen.hand.items) if MERCHANT_CARDS[item.card].kind == UPGRADE)


def upgrade_card(game: Game) -> int:
    return next(c for c in game.state.current.hand_cards if MERCHANT_CARDS[c].kind == UPGRADE)


def app_of(game: Game) -> CenturyApp:
    return CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False), autosave=False)


def keys_shown(app) -> list[str]:
    """The keys the key bar offers now."""
    left, right = board(app).query_one(KeyBar)._entries()
    return [key for key, _shown, _words, enabled in left + right if enabled]


# ---------------------------------------------------------------- 1. a move that changes nothing
async def test_a_rest_with_nothing_to_take_back_asks_and_the_same_key_again_rests():
    game = Game(list(SEATS), first_to_play(0, SEATS))

    async def body(app, pilot):
        screen = board(app)
        await pilot.press("r")
        assert game.moves == []  # the stray key spent nothing
        assert "Rest now? You have no played cards to take back: press r again" in screen.prompt.text.plain
        assert screen.prompt.has_class("-problem")
        await pilot.press("r")
        await settle(pilot)
        assert game.moves == [Rest()] and game.current_seat.name == "Bob"
        assert screen.log_view.entries[-1].key == "log.rested_nothing"

    await run_board(app_of(game), body)


async def test_enter_answers_the_rest_question_and_any_other_key_takes_it_back():
    game = Game(list(SEATS), first_to_play(0, SEATS))

    async def body(app, pilot):
        screen = board(app)
        await pilot.press("r", "m")  # another key: no rest, and m still does what it does
        await settle(pilot)
        assert game.moves == [] and isinstance(app.focused, MerchantRow)
        assert "Rest now?" not in screen.prompt.text.plain
        await pilot.press("r", "escape", "r")  # Esc takes it back too: the next r asks again
        await settle(pilot)
        assert game.moves == [] and "Rest now?" in screen.prompt.text.plain
        await palette(pilot, "Language: Français")  # the question follows a switch of language
        await until(pilot, lambda: "Vous reposer maintenant ?" in screen.prompt.text.plain)
        assert screen.asked is not None
        await pilot.press("enter")
        await settle(pilot)
        assert game.moves == [Rest()]

    await run_board(app_of(game), body)


async def test_the_key_bar_says_what_enter_does_while_a_question_is_asked():
    """Play test: with the rest question up the key bar said "⏎ Play", where Enter rests."""
    game = Game(list(SEATS), first_to_play(0, SEATS))

    def enter_says(app) -> list[str]:
        left, _right = board(app).query_one(KeyBar)._entries()
        return [words for key, _shown, words, enabled in left if key == "enter" and enabled]

    async def body(app, pilot):
        assert enter_says(app) == [t("key.play")]
        await pilot.press("r")
        await until(pilot, lambda: enter_says(app) == [t("key.confirm")])
        await pilot.press("escape")  # the question taken back: Enter plays the card again
        await until(pilot, lambda: enter_says(app) == [t("key.play")])
        assert game.moves == []

    await run_board(app_of(game), body)


async def test_an_upgrade_card_that_can_raise_nothing_asks_before_it_is_played():
    game = reached(nothing_to_raise)
    card = upgrade_card(game)
    moves = len(game.moves)

    async def body(app, pilot):
        screen = board(app)
        position = [item.card for item in screen.hand.items].index(card)
        await pilot.press("h", str(position + 1), "enter")
        assert len(game.moves) == moves
        assert "Play this card? No spice can be raised: press Enter again" in screen.prompt.text.plain
        await pilot.press("right")  # another key takes it back
        assert screen.asked is None and len(game.moves) == moves
        await pilot.press("left", "enter", "enter")
        await settle(pilot)
        assert game.moves[moves:] == [PlayUpgrade(card, ())]

    await run_board(app_of(game), body)


async def test_a_rest_that_takes_cards_back_is_played_at_once():
    game = Game(list(SEATS), first_to_play(0, SEATS))
    game.apply(next(m for m in game.state.legal_moves() if m.kind == "spice"))
    game.apply(Rest())  # Bob rests (a bot or the network would, without a question)

    async def body(app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert game.moves[-1] == Rest() and len(game.moves) == 3

    await run_board(app_of(game), body)


async def test_a_modal_opened_by_a_click_takes_the_question_back():
    """A click is no key: a move's modal opened by one drops the question, so that an Enter
    after backing out of it is not taken as the answer."""
    game = Game(list(SEATS), first_to_play(0, SEATS))

    async def body(app, pilot):
        screen = board(app)
        await pilot.press("r")
        assert screen.asked is not None
        chip = next(c for c in screen.query(HandCard) if c.position == upgrade_position(screen))
        assert await pilot.click(chip)  # Upgrade 2, with yellows to raise: its modal opens
        await until(pilot, lambda: isinstance(app.screen, UpgradeModal))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert screen.asked is None and "Rest now?" not in screen.prompt.text.plain
        await pilot.press("enter")  # the upgrade card, under the cursor: its modal again, no rest
        await until(pilot, lambda: isinstance(app.screen, UpgradeModal))
        assert game.moves == []

    await run_board(app_of(game), body)


@pytest.mark.parametrize("skin", ["spice", "golem"])
def test_looks_asking_before_a_rest_that_changes_nothing(skin, snap_compare):
    game = Game(list(SEATS), first_to_play(0, SEATS))
    app = CenturyApp(game, skin=skin, settings=Settings(skin=skin, bot_delay_ms=0, handoff=False), autosave=False)
    assert snap_compare(app, press=["r"], terminal_size=(80, 24))


# ---------------------------------------------------------------- 2. a key that cannot act
async def test_at_a_joined_terminal_a_key_that_cannot_act_says_why_once_and_the_bar_offers_only_what_works():
    from tests.tui.test_tui_remote import Hosted, on_board

    async with Hosted(first=0) as h:
        ann = await h.join(0)
        app = h.app(1)  # Bob's terminal, while Ann plays
        rings: list[int] = []
        async with app.run_test(size=(80, 24)) as pilot:
            app.bell = lambda: rings.append(1)
            screen = await on_board(pilot, app)
            await until(pilot, lambda: "Ann is playing at another terminal" in screen.prompt.text.plain)
            shown = keys_shown(app)
            assert "r" not in shown and "u" not in shown and "enter" not in shown and "d" not in shown
            await pilot.press("m", "2", "enter")
            await until(pilot, lambda: "Ann is playing: your turn comes next." in screen.prompt.text.plain)
            assert screen.prompt.has_class("-problem") and rings == [1]
            await pilot.press("r", "enter", "d")  # said once: no more bells, no toasts
            await pilot.pause()
            assert rings == [1] and not toasts(app) and len(h.hosted.table.game.moves) == 0
            ann.play(Rest())
            await until(pilot, lambda: screen.can_act())
            assert "your turn comes next" not in screen.prompt.text.plain
            assert "r" in keys_shown(app)


async def test_at_a_hot_seat_table_the_wait_names_the_next_person_and_the_refusal_goes_with_the_turn(monkeypatch):
    seats = [Seat("Ann"), Seat("Cy", "easy"), Seat("Bob")]
    game = Game(list(seats), first_to_play(0, seats))
    game.apply(Rest())  # Ann rested: Cy (a bot) to play, answering once the test opens the gate
    bots = GatedBots(monkeypatch)
    app = app_of(game)

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: board(app).thinking)
        screen = board(app)
        assert "r" not in keys_shown(app)
        await pilot.press("r")
        await until(pilot, lambda: "Cy is playing: Bob plays next." in screen.prompt.text.plain)
        bots.gate.set()
        await settle(pilot)
        assert game.current_seat.name == "Bob" and screen.can_act()
        assert "plays next" not in screen.prompt.text.plain and not toasts(app)


# ---------------------------------------------------------------- 3. the coach, where allowed
@pytest.mark.parametrize("hints", [False, True])
async def test_help_and_the_key_bar_name_the_coach_only_where_the_game_allows_hints(hints):
    game = Game(list(SEATS), first_to_play(0, SEATS), hints=hints)

    async def body(app, pilot):
        assert ("c" in keys_shown(app)) == hints
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = " ".join(" ".join(screen_lines(app)).split())
        if hints:
            assert "a hint from the coach;" in text and "no hint in this game" not in text
        else:
            assert "no hint in this game: the coach is for a game started with “Hints allowed”" in text

    await run_board(app_of(game), body, size=(120, 60))


# ---------------------------------------------------------------- 4. the caravan lines' columns
def columns_of(app) -> list[int]:
    """Where each caravan line's words after the cubes start."""
    hand = t("caravan.line", hand=0, played=0, point_cards="", claimed=0, upper="", lower="").split()[0]
    lines = [line for line in screen_lines(app) if f"  {hand} " in line]
    assert len(lines) == len(app.table.seats)
    return [line.index(f"  {hand} ") for line in lines]


async def test_every_caravan_line_keeps_its_columns_while_a_discard_is_pending():
    game = reached(lambda s: s.phase == DISCARDING)
    assert sum(game.state.current.cubes) > 10

    async def body(app, pilot):
        await until(pilot, lambda: isinstance(app.screen, DiscardModal))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DiscardModal))
        assert len(set(columns_of(app))) == 1

    await run_board(app_of(game), body)


@pytest.mark.parametrize("skin", ["spice", "golem"])
async def test_every_caravan_line_has_the_same_words_long_names_and_bots_or_not(skin):
    seats = [Seat("Bartholomew Jo"), Seat("Ann"), Seat("Zed", "hard"), Seat("Cy")]
    game = Game(list(seats), 3)

    async def body(app, pilot):
        lines = [str(line.render()) for line in board(app).query(CaravanLine)]
        word = "point cards" if skin == "spice" else "golem cards"
        assert all(word in line for line in lines), lines
        assert len(set(columns_of(app))) == 1

    app = CenturyApp(game, skin=skin, settings=Settings(skin=skin, bot_delay_ms=0, handoff=False), autosave=False)
    await run_board(app, body)


@pytest.mark.parametrize("skin", ["spice", "golem"])
def test_looks_caravans_over_ten_after_esc_on_the_discard(skin, snap_compare):
    game = reached(lambda s: s.phase == DISCARDING)
    app = CenturyApp(game, skin=skin, settings=Settings(skin=skin, bot_delay_ms=0, handoff=False), autosave=False)

    async def past_the_discard(pilot) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, DiscardModal))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, DiscardModal))

    assert snap_compare(app, run_before=past_the_discard, terminal_size=(80, 24))


# ---------------------------------------------------------------- 5. who starts, and why
async def test_the_log_says_who_plays_first_and_that_it_was_drawn_at_random():
    game = Game(list(SEATS), first_to_play(1, SEATS))

    async def body(app, pilot):
        first = board(app).log_view.entries[0]
        assert first.key == "log.new_game"
        text = "\n".join(screen_lines(app))
        assert "A new game, in turn order: Bob, Ann. Bob plays first, drawn at random." in text

    await run_board(app_of(game), body)


async def test_a_hosted_game_says_who_plays_first_and_why_in_the_lobby_and_the_joined_log():
    from century_tui.net.join import JoinApp
    from century_tui.tui.lobby import LobbyApp
    from tests.helpers.hosting import Hosting

    async with Hosting(Game(list(SEATS), first_to_play(1, SEATS))) as host:
        hosted = host.tables[0]
        lobby = LobbyApp(host)
        async with lobby.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Bob plays first (drawn at random)" in "\n".join(screen_lines(lobby)))
            hosted.table.play(Rest())  # Bob, at his terminal
            await until(pilot, lambda: "Ann to play (move 1)" in "\n".join(screen_lines(lobby)))
        joined = JoinApp(f"127.0.0.1:{host.port}", hosted.code_for(0), settings=Settings())
        async with joined.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "A new game, in turn order: Bob, Ann. Bob plays first, drawn at random."
                        in "\n".join(screen_lines(joined)))
