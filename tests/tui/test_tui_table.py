"""A table of players reads the board at a glance (issue 13 §3–5): a hand whose cards keep
their numbers, the whole table in view (`t`), turn order and the end coming, and a clean
hand-over between people."""

from __future__ import annotations

from rich.text import Text
from tests.helpers.driver import run_board, screen_lines, settle, toasts, until
from textual import events

from century_tui.engine import MERCHANT_CARDS, Acquire, Game, PlaySpice, Rest, Seat, trigger_cards
from century_tui.storage import Settings
from century_tui.text import t, words
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.game import GameScreen
from century_tui.tui.screens.handoff import HandOffScreen
from century_tui.tui.screens.overview import OverviewScreen


run = run_board


def spice_card(game: Game) -> int:
    return next(c for c in game.state.current.owned if MERCHANT_CARDS[c].kind == "spice")


# ---------------------------------------------------------------- a stable hand
async def test_a_played_card_keeps_its_place_and_an_acquired_card_goes_last():
    """Ann plays her first card, then acquires: card 1 stays card 1 (marked as played), the
    new card is the last one, and next turn the cursor is on the first card she can play."""
    game = Game([Seat("Ann"), Seat("Bob")], 3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        ann = game.state.seat
        before = [item.card for item in screen.hand.items]
        first = before[0]
        assert MERCHANT_CARDS[first].kind == "spice"  # starting cards: spice, then upgrade
        await pilot.press("h", "1", "enter")  # Ann plays card 1
        await pilot.press("r")  # Bob rests
        await settle(pilot)
        assert game.state.seat == ann
        items = screen.hand.items
        assert [i.card for i in items] == before and items[0].played and not items[1].played
        assert screen.hand.cursor == 1, "the turn starts on the first card that can be played"
        chip = next(c for c in screen.hand.chips.children if getattr(c, "position", None) == 0)
        assert t("card.played_mark") in chip.render().plain
        taken = game.state.merchant_row[0]
        await pilot.press("m", "1", "enter")  # Ann acquires slot 1
        await pilot.press("r")  # Bob rests
        await settle(pilot)
        assert [i.card for i in screen.hand.items] == before + [taken]
        await pilot.press("h", "1", "enter")  # card 1 from memory: refused, not another card
        await settle(pilot)
        assert game.moves[-1] == Rest() and game.state.seat == ann
        await pilot.press("r", "r")  # Ann rests, Bob rests: Ann's cards stay where they are
        await settle(pilot)
        assert game.state.seat == ann
        assert [(i.card, i.played) for i in screen.hand.items] == [(c, False) for c in before + [taken]]

    await run(app, body)


# ---------------------------------------------------------------- the whole table
async def test_t_shows_every_player_in_turn_order_with_hand_and_played_pile():
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cy")], 3)
    s = game.state
    assert s.first == 2  # Cy, Ann, Bob: turn order is not seat order
    game.apply(PlaySpice(spice_card(game)))
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        await pilot.press("t")
        assert isinstance(app.screen, OverviewScreen)
        lines = screen_lines(app)
        top = next(n for n, line in enumerate(lines) if t("table.title", round=s.round) in line)
        lines = lines[top:]  # the view, not the board behind it
        order = [game.seats[i].name for i in s.turn_order()]
        rows = [next(n for n, line in enumerate(lines) if f" {name} " in line) for name in order]
        assert rows == sorted(rows), "players are listed in turn order"
        first_line = lines[rows[0]]
        assert t("board.first_player") in first_line
        assert sum(t("table.hand") in line for line in lines) == 3
        assert sum(t("table.played") in line for line in lines) == 3
        hidden = t("table.points_hidden", count=0, trigger=trigger_cards(3))
        assert sum(hidden in line for line in lines) == 3, "point cards show as a count"
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)

    await run(app, body, size=(100, 30))


async def test_t_at_the_end_shows_the_point_cards_themselves():
    game = demo.finished(("Ann", "Bob"), seed=48)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        await pilot.press("escape")  # the results screen opens on a finished game
        await settle(pilot)
        await pilot.press("t")
        assert isinstance(app.screen, OverviewScreen)
        text = "\n".join(screen_lines(app))
        for p in game.state.players:
            from century_tui.engine import POINT_CARDS

            shown = t("results.claimed_sep").join(str(POINT_CARDS[c].points) for c in p.claimed)
            assert shown in text

    await run(app, body, size=(100, 30))


# ---------------------------------------------------------------- turn order and the end
async def test_caravans_are_listed_in_turn_order_first_player_on_top():
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cy")], 3)
    assert game.state.first == 2  # Cy, Ann, Bob: turn order is not seat order
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        lines = [line.info.name for line in app.screen.caravans.lines]
        assert lines == [game.seats[i].name for i in game.state.turn_order()]
        assert app.screen.caravans.lines[0].info.first

    await run(app, body)


def near_the_end(trigger_missing: int, seed: int = 11) -> Game:
    """A two-person game played until someone is `trigger_missing` cards from the end."""
    target = trigger_cards(2) - trigger_missing
    return demo.advance_until(
        Game([Seat("Ann"), Seat("Bob")], seed),
        lambda s: s.phase == "action" and max(len(p.claimed) for p in s.players) >= target,
    )


async def test_the_board_says_one_more_card_ends_the_game():
    game = near_the_end(1)
    s = game.state
    assert s.end_triggered is None
    close = next(i for i, p in enumerate(s.players) if len(p.claimed) == trigger_cards(2) - 1)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        want = t("board.near_end", name=game.seats[close].name, count=trigger_cards(2) - 1)
        assert app.screen.news.display and want in "\n".join(screen_lines(app))

    await run(app, body)


async def test_the_board_says_last_round_once_the_end_is_triggered():
    game = next(  # the first player triggers the end: the second still plays
        g for g in (near_the_end(0, seed) for seed in range(11, 60)) if not g.state.is_over
    )
    s = game.state
    assert s.end_triggered is not None
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        last = game.seats[(s.first - 1) % s.n].name
        lines = "\n".join(screen_lines(app))
        assert t("board.last_round", last=last) in lines and t("board.final_round") in lines

    await run(app, body)


async def test_no_end_news_while_the_end_is_far():
    app = CenturyApp(Game([Seat("Ann"), Seat("Bob")], 3), settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        assert not app.screen.news.display

    await run(app, body)


# ---------------------------------------------------------------- hand-over
async def test_the_last_person_s_refusal_toast_is_gone_at_the_hand_over():
    game = Game([Seat("Ann"), Seat("Bob")], 3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("p", "1", "enter")  # a point card Ann cannot pay: refused, a toast
        await settle(pilot)
        await until(pilot, lambda: toasts(app))  # the refusal was said
        await pilot.press("r")  # Ann rests: the pass screen for Bob
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        assert not toasts(app), "Ann's toast does not cover Bob's pass screen"

    await run(app, body)


async def test_a_person_whose_move_someone_else_took_back_is_told_on_their_pass_screen():
    game = Game([Seat("Ann"), Seat("Bob")], 3)
    first = game.current_seat.name
    second = game.seats[1 - game.state.seat].name
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("m", "1", "enter", "enter")  # the first acquires slot 1; the second sits
        await settle(pilot)
        assert isinstance(game.moves[0], Acquire) and game.current_seat.name == second
        await pilot.press("u", "enter")  # the second takes it back, confirmed
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == first
        told = str(app.screen.query_one(".missed").render())
        assert t("handoff.taken_back", name=second, move="").rstrip() in told
        await pilot.press("enter")
        await pilot.press("r", "enter", "r")  # the first rests, the second rests: no notice now
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == first
        assert t("handoff.taken_back", name=second, move="").rstrip() not in str(
            app.screen.query_one(".missed").render()
        )

    await run(app, body)


async def test_the_pass_screen_shows_what_happened_since_that_person_s_last_turn_only():
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cy")], 7)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        names = [game.seats[i].name for i in game.state.turn_order()]
        for _ in range(3):  # everyone rests once; then two more rests before the first's turn
            await pilot.press("r", "enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and game.current_seat.name == names[0]
        await pilot.press("r")
        await settle(pilot)
        missed = str(app.screen.query_one(".missed").render())
        assert names[0] in missed and names[2] in missed  # since the second's last turn:
        assert missed.count(t("log.rested_nothing", name=names[1])) == 0  # not their own rest

    await run(app, body)


async def test_a_coin_stack_of_ten_is_never_cut_on_a_point_card():
    """Five players start with ten silver coins on slot 2: at 80×24 the card shows the
    number whole with its word ("○10 silver", its space dropped), never "○ 10 silv…"."""
    game = Game([Seat(n) for n in ("Ann", "Bob", "Cy", "Dee", "Eve")], 3)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        card = app.screen.points.views[1]
        shown = card.render().plain
        assert "10" in shown and "…" not in shown, shown
        assert t("card.coins_on", count=10, coin=words().lower_short) in shown, shown

    await run(app, body)


async def test_a_move_and_the_pass_screen_answered_in_one_burst_show_the_next_person_s_turn():
    """The board under a pass screen is drawn once that screen is on show (the next person
    sees it sooner). A move and Enter typed in one burst answer the pass screen before it
    is painted: the board then shows the next person's hand all the same, the cursor on
    their first playable card and the focus on the hand."""
    game = Game([Seat("Ann"), Seat("Bob")], 3)
    second = game.seats[1 - game.state.seat].name
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        screen = app.screen
        await pilot.press("end")  # the cursor on the last card: not where the next turn starts
        await settle(pilot)
        app.post_message(events.Key("r", "r"))  # a rest; Enter for the next pass screen at once
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert app.screen is screen and game.current_seat.name == second
        assert [item.card for item in screen.hand.items] == list(game.state.current.owned)
        assert Text.from_markup(str(screen.hand.heading.border_title)).plain == t("board.hand_title", name=second)
        first = next(i for i, item in enumerate(screen.hand.items) if item.ok)
        assert screen.hand.cursor == first != len(screen.hand.items) - 1
        assert app.focused is screen.hand

    await run(app, body)
