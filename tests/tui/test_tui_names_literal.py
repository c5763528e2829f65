"""Player names are shown as typed, everywhere: a name that looks like Textual markup
("[b]Bob[/b]", "[/]", an "[@click=…]" action) is text, never styling or a command."""

from __future__ import annotations

from tests.helpers.driver import run_app, board, screen_lines, settle, until

from century_tui import storage
from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.handoff import HandOffScreen
from century_tui.tui.screens.new_game import NewGameScreen
from century_tui.tui.screens.results import ResultsScreen

NAMES = ("[/]", "[b]Bob[/b]", "[@click=app.quit]Q[/]")


async def run(app, body, size=(120, 40)):
    """The app past its pass screen, with its toasts drawn; still running after `body` (no
    markup error, no injected quit)."""

    async def checked(app, pilot):
        await body(app, pilot)
        assert app.is_running

    await run_app(app, checked, size, past_pass_screen=True, notifications=True)


def shown(app) -> str:
    return "\n".join(screen_lines(app))


async def test_names_like_markup_show_literally_on_board_pass_screen_and_undo_toast():
    game = Game([Seat(n) for n in NAMES], seed=5)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0, handoff=True))

    async def body(app, pilot):
        for name in NAMES:
            assert name in shown(app)  # the caravans
        first = game.current_seat.name
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        assert app.screen.player in shown(app)
        await pilot.press("enter", "u")  # the next person asks to take back the first's move
        await settle(pilot)
        assert f"Take back {first}’s move?" in shown(app)
        await pilot.press("enter")
        await settle(pilot)
        while isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        assert board(app).game.moves == []
        await until(pilot, lambda: "taken back" in shown(app))  # the toast rack shows it a moment later
        toast = next(line for line in screen_lines(app) if "taken back" in line)
        assert board(app).game.current_seat.name in toast  # as typed

    await run(app, body)


async def test_names_like_markup_show_literally_on_results_and_continue():
    finished = demo.finished(NAMES, seed=4)
    app = CenturyApp(finished, settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert isinstance(app.screen, ResultsScreen)
        for name in NAMES:
            assert name in shown(app)

    await run(app, body)

    ongoing = demo.new_game(NAMES, seed=4)
    storage.autosave(storage.new_save_path(), ongoing)
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def resume(app, pilot):
        assert isinstance(app.screen, NewGameScreen)
        assert "[/], [b]Bob[/b], [@click=app.quit]Q[/]" in shown(app)

    await run(app, resume)


def test_the_new_game_form_refuses_a_pasted_control_character():
    from century_tui.seats import validate_seats

    seats, problem = validate_seats([("Ann", "human"), ("B\x1b[2Job", "human")])
    assert seats == [] and problem == "Seat 2: a name cannot hold control characters (such as \\x1b)."
    assert validate_seats([("Ann", "human"), ("Zoë 🎲", "human")])[1] is None


def test_unnamed_bots_are_numbered_without_gaps_and_around_typed_names():
    from century_tui.seats import validate_seats

    seats, _ = validate_seats([("", "bot:easy"), ("", "bot:easy"), ("", "bot:easy")])
    assert [s.name for s in seats] == ["Easy bot", "Easy bot 2", "Easy bot 3"]
    seats, _ = validate_seats([("", "bot:easy"), ("Easy bot", "human"), ("", "bot:hard")])
    assert [s.name for s in seats] == ["Easy bot 2", "Easy bot", "Hard bot"]
