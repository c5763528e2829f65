"""The coach (c): a hint in a worker, shown on the board, never a move; hints are a game's
choice from its start, saved with it; the move made after a hint is marked in the log."""

from __future__ import annotations

import pytest
from tests.helpers.driver import GatedBots, asked_or_moved, board, run_board, settle, toasts, until

from century_tui import cli
from century_tui.engine import ACQUIRE, CLAIM, REST, Claim, Game, Rest, Seat, dumps, loads
from century_tui.storage import Settings
from century_tui.text import t
from century_tui.tui import coach
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.coach import CoachLine
from century_tui.tui.widgets.keybar import KeyBar


@pytest.fixture(autouse=True)
def small_coach(monkeypatch):
    monkeypatch.setattr(coach, "NODES", 200)


def ann_first(hints: bool = True) -> Game:
    """Ann (a person) against an easy bot, Ann to play first."""
    for seed in range(50):
        g = Game([Seat("Ann"), Seat("Cy", "easy")], seed, hints=hints)
        if g.current_seat.is_human:
            return g
    raise AssertionError


def coached(monkeypatch, hints: bool = True) -> tuple[GatedBots, Game, CenturyApp]:
    """Ann first against an easy bot that moves when the test opens its gate: the bots, the
    game and its app."""
    bots = GatedBots(monkeypatch)
    game = ann_first(hints)
    return bots, game, CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)


def line(app) -> CoachLine:
    return board(app).query_one(CoachLine)


def lit(app) -> list:
    return list(board(app).query(".-hinted"))


async def test_the_coach_shows_a_move_and_never_makes_it(monkeypatch):
    bots, game, app = coached(monkeypatch)

    async def body(app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: line(app).thinking)
        assert line(app).display and t("coach.thinking") in str(line(app).render())
        hand = board(app).hand  # the hand keeps the keyboard, and its cursor in sight
        await pilot.pause()
        assert app.focused is hand and len(hand.query(".-cursor")) == 1
        assert t("key.cancel") in board(app).query_one(KeyBar).render().plain  # esc stops it
        bots.gate.set()
        await settle(pilot)
        await until(pilot, lambda: line(app).phrase is not None)
        coach_line = line(app)
        assert game.moves == [] and game.current_seat.name == "Ann"  # nothing played
        assert str(coach_line.phrase).startswith("Hint: ")
        assert len(lit(app)) == 1 and coach_line.move is not None
        assert coach_line.render().plain == str(coach_line.phrase)
        assert t("key.coach") in board(app).query_one(KeyBar).render().plain  # offered: c Hint
        await pilot.pause()
        assert t("key.cancel") not in board(app).query_one(KeyBar).render().plain

    await run_board(app, body)


async def test_esc_stops_the_coach_and_no_hint_comes(monkeypatch):
    bots, game, app = coached(monkeypatch)

    async def body(app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: line(app).thinking)
        assert app.focused is board(app).hand
        await pilot.press("escape")  # the board's key while the coach thinks
        assert not line(app).thinking and not line(app).display
        bots.gate.set()  # the search ends now: its answer is dropped
        await settle(pilot)
        await pilot.pause()
        assert line(app).phrase is None and lit(app) == []
        assert game.moves == [] and game.hinted == set()
        assert app.focused is board(app).hand

    await run_board(app, body)


async def test_a_move_made_while_the_coach_thinks_drops_its_hint(monkeypatch):
    """The hand keeps its keys while the coach thinks: a move made meanwhile plays, and the
    search's answer, for a position gone, lights nothing and marks nothing."""
    bots, game, app = coached(monkeypatch)

    async def body(app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: line(app).thinking)
        await pilot.press("r")  # Ann rests meanwhile
        assert game.moves == [Rest()]
        bots.gate.set()  # the coach's answer and Cy's move come now
        await settle(pilot)
        await until(pilot, lambda: not line(app).display)
        assert line(app).phrase is None and lit(app) == [] and game.hinted == set()

    await run_board(app, body)


def all_kinds() -> Game:
    """Ann to play, and she may claim slot 3, acquire, rest, or play her last card."""
    game = demo.advance_until(demo.new_game(), lambda s: {m for m in s.legal_moves() if m.kind == CLAIM} == {Claim(2)})
    return Game(game.seats, game.seed, game.moves, hints=True)


@pytest.mark.parametrize("kind", ["claim", "acquire", "card", "rest"])
async def test_the_hint_takes_the_cursor_and_the_focus_to_its_card_so_enter_plays_it(monkeypatch, kind):
    """The hinted slot or card is where the cursor and the focus go, so Enter plays it (the
    coach still plays nothing): a claim in the point row, an acquire in the merchant row,
    a card in the hand; for a rest, the hand keeps its cursor."""
    import century_tui.bots as bots

    game = all_kinds()
    assert len(game.moves) == 21
    state = game.state
    legal = list(state.legal_moves())
    owned = state.current.owned
    wanted = {
        "claim": Claim(2),
        "acquire": max((m for m in legal if m.kind == ACQUIRE), key=lambda m: m.index),
        "card": max((m for m in legal if m.kind not in (CLAIM, ACQUIRE, REST)), key=lambda m: owned.index(m.card)),
        "rest": Rest(),
    }[kind]
    assert wanted in legal

    class Says:
        name = "coach"

        def choose(self, _state):
            return wanted

    monkeypatch.setattr(bots, "make_bot", lambda level, **_kw: Says())
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        screen = board(app)
        before = screen.hand.cursor
        assert app.focused is screen.hand
        await pilot.press("c")
        await until(pilot, lambda: line(app).phrase is not None)
        if kind in ("claim", "acquire"):
            row, at = screen.points if kind == "claim" else screen.merchants, wanted.index
        else:
            row, at = screen.hand, before if kind == "rest" else owned.index(wanted.card)
        assert app.focused is row and row.cursor == at
        assert len(game.moves) == 21  # nothing played
        if kind == "card":
            assert at != before  # the cursor went there
        if kind == "rest":
            return
        await pilot.press("enter")
        await asked_or_moved(pilot, screen, 21)
        if len(game.moves) > 21:
            assert game.moves[21] == wanted
        else:
            assert app.screen.__class__.__name__ in ("AcquireModal", "TradeModal", "UpgradeModal")

    await run_board(app, body)


async def test_hints_are_refused_with_a_reason_in_a_game_without_them(monkeypatch):
    _, game, app = coached(monkeypatch, hints=False)

    async def body(app, pilot):
        before = len(toasts(app))
        await pilot.press("c")
        await pilot.pause()
        await until(pilot, lambda: len(toasts(app)) > before)
        assert toasts(app)[before:] == [t("coach.off")]
        assert not board(app).query(CoachLine) and not list(app.workers)  # nothing thinks
        assert t("key.coach") not in board(app).query_one(KeyBar).render().plain  # not offered

    await run_board(app, body)


async def test_the_move_after_a_hint_is_marked_in_the_log_and_saved(monkeypatch):
    bots, game, app = coached(monkeypatch)
    bots.gate.set()

    async def body(app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: line(app).phrase is not None)
        await pilot.press("r")  # Ann rests (whatever the hint said); Cy answers
        await settle(pilot)
        assert game.moves[0] == Rest() and game.hinted == {0}  # Cy's move is not marked
        assert [e.move for e in board(app).log_view.entries if e.key == "log.hinted"] == [1]
        await until(pilot, lambda: not line(app).display)  # the game moved on: the hint goes
        assert lit(app) == []

    await run_board(app, body)
    again = loads(dumps(game))
    assert again.hints and again.hinted == {0}


def test_the_hint_flag_survives_save_and_load_and_a_game_without_is_saved_as_before():
    with_hints = Game([Seat("Ann"), Seat("Bob")], 7, hints=True)
    with_hints.apply(Rest())
    assert loads(dumps(with_hints)).hints is True
    plain = Game([Seat("Ann"), Seat("Bob")], 7)
    plain.apply(Rest())
    text = dumps(plain)
    assert "hint" not in text  # byte for byte the save format before hints
    assert loads(text).hints is False and loads(text).hinted == set()


def test_a_hinted_index_past_the_moves_is_damage():
    from century_tui.engine import SaveError

    g = Game([Seat("Ann"), Seat("Bob")], 7, hints=True)
    g.apply(Rest())
    text = dumps(g).replace('"hinted": []', '"hinted": [5]')
    with pytest.raises(SaveError) as e:
        loads(text)
    assert e.value.code == "damaged" and e.value.params["field"] == "hinted"


def test_undo_forgets_the_mark_of_the_move_taken_back():
    g = Game([Seat("Ann"), Seat("Bob")], 7, hints=True)
    g.hint_shown()
    g.apply(Rest())
    assert g.hinted == {0}
    g.undo()
    assert g.hinted == set()


def test_a_hint_shown_for_a_position_taken_back_marks_no_later_move():
    """Bob asks for a hint, then takes back Ann's move: the hint was for a position that is
    gone, so Bob's move after Ann's new one is not marked (it was, by its index)."""
    g = Game([Seat("Ann"), Seat("Bob")], 7, hints=True)
    g.apply(Rest())
    g.hint_shown()  # Bob's hint, for the position after Ann's rest
    g.truncate(0)  # Bob takes Ann's move back (with her consent)
    g.apply(next(iter(g.state.legal_moves())))  # Ann plays something else
    g.apply(Rest())  # and Bob, with no hint on show
    assert g.hinted == set()
    g.hint_shown()  # a hint for this very position stays good through an undo of later moves
    g.apply(Rest())
    g.truncate(2)
    g.apply(Rest())
    assert g.hinted == {2}


def test_hints_on_the_command_line_and_the_form(opened):
    assert cli.main(["new", "--players", "Ann,Bob", "--hints"]) == 0
    assert opened["app"]._first_game[0].hints is True
    assert cli.main(["new", "--players", "Ann,Bob"]) == 0
    assert opened["app"]._first_game[0].hints is False


async def test_the_new_game_form_starts_a_game_with_hints():
    from century_tui.tui.screens.game import GameScreen
    from century_tui.tui.widgets.form_controls import FormCheck

    app = CenturyApp(settings=Settings(bot_delay_ms=0), autosave=False, names=["Ann", "Bob"])

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            box = app.screen.query_one("#hints", FormCheck)
            assert box.value is False  # off by default
            box.value = True
            app.screen.action_start()
            await settle(pilot)
            assert isinstance(board(app), GameScreen) and board(app).game.hints is True

    await go()
