"""Games to come back to (issue 13 §8): `century resume NAME`, the unfinished games on the
new-game screen, a rematch from the results, the last seats remembered, and a new-game
form whose focus shows and whose seats each have their own remove button."""

from __future__ import annotations

import os
import time
from datetime import datetime

import pytest
from rich.cells import cell_len
from rich.color import ColorSystem
from textual.widgets import DataTable
from tests.helpers.textual_private import screen_strips
from tests.helpers.driver import run_app, board, played, click_button, screen_lines, settle, until

from century_tui import cli, storage, text
from century_tui.engine import Game, Seat
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen
from century_tui.timeline import running_scores
from century_tui.tui.screens.results import ResultsScreen


# ---------------------------------------------------------------- century resume NAME
def test_resume_takes_the_file_name_that_saves_prints(opened, capsys, tmp_path, monkeypatch):
    path = storage.new_save_path()
    storage.autosave(path, played(12))
    assert cli.main(["saves"]) == 0
    printed = capsys.readouterr().out.splitlines()[1].split()[-1]
    assert printed == path.name
    monkeypatch.chdir(tmp_path)  # anywhere: the name is looked up in the saves folder
    assert cli.main(["resume", printed]) == 0
    assert opened["app"]._first_game[1] == path
    assert cli.main(["resume", path.stem]) == 0  # without .json too
    assert opened["app"]._first_game[1] == path
    assert cli.main(["resume", str(path)]) == 0  # a path still works
    assert opened["app"]._first_game[1] == path


def test_a_bare_name_not_in_the_saves_folder_is_still_read_from_the_current_one(opened, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    storage.autosave(tmp_path / "kept.json", played(12))
    assert cli.main(["resume", "kept.json"]) == 0
    assert opened["app"]._first_game[1].resolve() == (tmp_path / "kept.json").resolve()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_no_save_has_is_said_in_one_line_in_the_player_s_language(opened, capsys, language):
    storage.autosave(storage.new_save_path(), played(12))
    assert cli.main(["--lang", language, "resume", "nothing-like-it.json"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing-like-it.json" in err and str(storage.saves_dir()) in err
    assert ("no saved game" if language == "en" else "aucune partie") in err
    assert "app" not in opened
    assert cli.main(["replay", "nothing-like-it"]) == 1  # replay takes names the same way
    assert "nothing-like-it" in capsys.readouterr().err


# ---------------------------------------------------------------- unfinished games on the form
needs_flock = pytest.mark.skipif(storage.fcntl is None, reason="no fcntl here: no locks")

TABLES = [("Ann", "Bob"), ("Cy", "Dee", "Eve"), ("Zoé", "Li")]


def saved_games() -> list[tuple[Game, object]]:
    """Three unfinished games, the first the newest, plus a finished one and a damaged one."""
    out = []
    for age, names in enumerate(TABLES):
        game = played(12 + 10 * age, seed=age, seats=[Seat(n) for n in names])
        path = storage.saves_dir() / f"game-{age}.json"
        storage.autosave(path, game)
        os.utime(path, (time.time() - 3600 * age,) * 2)
        out.append((game, path))
    storage.autosave(storage.saves_dir() / "done.json", played())
    (storage.saves_dir() / "bad.json").write_text("{")
    return out


def table_lines(app) -> list[str]:
    table = app.screen.query_one("#games", DataTable)
    return [" ".join(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count)]


async def test_the_form_lists_the_unfinished_games_newest_first_and_opens_any_by_keys():
    games = saved_games()
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        lines = table_lines(app)
        assert len(lines) == 3  # the finished and the damaged game are not offered
        for line, (game, path) in zip(lines, games):
            names = ", ".join(s.name for s in game.seats)
            date = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            assert line.startswith(names) and f" {game.state.round} " in line and date in line
        app.screen.query_one("#games").focus()
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        screen = board(app)
        assert screen.save_path == games[2][1] and screen.game.moves == games[2][0].moves

    await run_app(app, body)


async def test_a_click_on_a_listed_game_opens_it():
    games = saved_games()
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        row = app.screen.query_one("#games", DataTable).region.y + 2  # the heading, the newest, then this
        for _ in range(2):  # the first click puts the cursor there, the second opens
            assert await pilot.click(offset=(10, row))
            await pilot.pause()
        await settle(pilot)
        assert board(app).save_path == games[1][1]

    await run_app(app, body)


async def continue_opens(pilot, path) -> None:
    """Continue (Ctrl+O) opens the game under the list's cursor: the one at `path`."""
    await pilot.press("ctrl+o")
    await settle(pilot)
    assert board(pilot.app).save_path == path


@needs_flock
async def test_a_game_open_elsewhere_is_shown_so_and_opening_it_says_where():
    games = saved_games()
    other = storage.lock_save(games[0][1])  # the newest is open in another window
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        lines = table_lines(app)
        assert text.t("newgame.held") in lines[0]
        assert all(text.t("newgame.held") not in line for line in lines[1:])
        table = app.screen.query_one("#games", DataTable)
        assert table.cursor_row == 1  # Continue takes the newest game free to open
        table.focus()
        await pilot.press("up", "enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        error = str(app.screen.query_one(".error").render())
        assert games[0][1].name in error and f"(process {os.getpid()})" in error
        await pilot.press("ctrl+o")  # the cursor's game, still refused
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("down")
        await continue_opens(pilot, games[1][1])

    try:
        await run_app(app, body)
    finally:
        other.release()


@needs_flock
async def test_a_game_opened_elsewhere_after_the_list_was_drawn_is_marked_once_refused():
    games = saved_games()
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert all(text.t("newgame.held") not in line for line in table_lines(app))
        other = storage.lock_save(games[0][1])  # another window opens the newest meanwhile
        try:
            await pilot.press("ctrl+o")
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            assert text.t("newgame.held") in table_lines(app)[0]
        finally:
            other.release()

    await run_app(app, body)


@needs_flock
async def test_the_open_elsewhere_mark_goes_once_the_other_window_closes_its_game(monkeypatch):
    """No key pressed here: the list looks again at the games it marked, now and then."""
    from century_tui.tui.widgets import unfinished_games

    monkeypatch.setattr(unfinished_games, "HELD_CHECK_S", 0.05)
    games = saved_games()
    other = storage.lock_save(games[0][1])  # the newest is open in another window
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        assert text.t("newgame.held") in table_lines(app)[0]
        other.release()  # the other window closes its game
        await until(pilot, lambda: not any(text.t("newgame.held") in line for line in table_lines(app)))
        assert app.screen.query_one("#games", DataTable).cursor_row == 1  # the cursor stays put
        await continue_opens(pilot, games[1][1])  # what the list says holds

    try:
        await run_app(app, body)
    finally:
        other.release()


async def test_two_games_of_the_same_players_and_round_saved_in_one_minute_are_told_apart():
    """Their times show the seconds (every other list keeps the minutes); saved in the same
    second, their file names."""
    game = played(12, seed=1, seats=[Seat("Ann"), Seat("Bob")])
    minute = (time.time() // 60) * 60 - 3600
    for n, second in enumerate((10, 40)):
        path = storage.saves_dir() / f"same-{n}.json"
        storage.autosave(path, game)
        os.utime(path, (minute + second,) * 2)
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        lines = table_lines(app)
        assert len(lines) == 2 and lines[0] != lines[1]
        assert [line.split()[-1][-3:] for line in lines] == [":40", ":10"]  # newest first

    await run_app(app, body)
    for n in range(2):  # saved in one second (two windows started at once): their file names
        os.utime(storage.saves_dir() / f"same-{n}.json", (minute + 10,) * 2)
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def named(app, pilot):
        assert sorted(line.split()[-1] for line in table_lines(app)) == ["same-0", "same-1"]

    await run_app(app, named)


async def test_the_list_fits_80x24_with_five_seats_and_many_games():
    for n in range(8):
        storage.autosave(storage.saves_dir() / f"g{n}.json", played(12, seed=n))
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n")
        await settle(pilot)
        form = app.screen.query_one(".newgame")
        table = app.screen.query_one("#games", DataTable)
        # the form grew three rows: its layout may take a frame or two more to come to rest
        # (a scrollbar shown for a frame, the table as wide as the form's inside again after it)
        await until(pilot, lambda: table.region.width == form.content_region.width)
        assert form.max_scroll_y == 0  # nothing of the form hidden below
        assert table.region.height >= 4 and table.region.right <= form.region.right - 2
        assert table.max_scroll_x == 0  # every column in view
        assert "Start" in "".join(screen_lines(app))

    await run_app(app, body)


# ---------------------------------------------------------------- the seats on the form
def seats(app) -> list[tuple[str, str, str]]:
    return [(str(r.query_one(".seat-label").render()), r.name_input.value, str(r.kind.value))
            for r in app.screen.rows()]


def fill(app, rows) -> None:
    for row, (name, kind) in zip(app.screen.rows(), rows):
        row.name_input.value = name
        row.kind.value = kind


FOUR = [("Ann", "human"), ("Bob", "bot:easy"), ("Cy", "bot:hard"), ("Dee", "human")]


async def test_each_seat_has_its_own_remove_button_and_the_others_keep_their_names_and_kinds():
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        fill(app, FOUR)
        await click_button(pilot, "#drop-2")
        await settle(pilot)
        assert seats(app) == [("Seat 1", "Ann", "human"), ("Seat 2", "Cy", "bot:hard"), ("Seat 3", "Dee", "human")]
        app.screen.query_one("#name-1").focus()
        await pilot.press("ctrl+r")  # the keyboard's way: the seat being edited goes
        await settle(pilot)
        assert seats(app) == [("Seat 1", "Cy", "bot:hard"), ("Seat 2", "Dee", "human")]
        assert app.focused is app.screen.query_one("#name-1")
        assert all(drop.disabled for drop in app.screen.query(".drop"))  # two seats: none goes
        error = lambda: str(app.screen.query_one(".error").render())  # noqa: E731
        await pilot.press("ctrl+r")  # and the key says why
        await settle(pilot)
        assert len(seats(app)) == 2 and error() == "A game needs at least 2 players."
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+n")  # to five seats, then one more
        await settle(pilot)
        assert seats(app)[2] == ("Seat 3", "Player 3", "human")
        assert len(seats(app)) == 5 and error() == "A game takes at most 5 players."

    await run_app(app, body)


async def test_a_default_name_follows_its_seat_number_when_a_seat_above_goes():
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        app.screen.query_one("#name-3").value = "Cy"
        await click_button(pilot, "#drop-1")
        await settle(pilot)
        assert [name for _, name, _ in seats(app)] == ["Player 1", "Cy", "Player 3"]

    await run_app(app, body)


async def test_tabbing_through_the_seats_never_lands_on_a_remove_button():
    """Tab Tab Tab Enter from a name used to reach "− Seat" and remove a seat by mistake."""
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        await pilot.press("ctrl+n")
        await settle(pilot)
        form = app.screen
        form.query_one("#name-3").focus()
        await pilot.press("tab", "tab", "tab", "enter")
        await settle(pilot)
        assert len(form.rows()) == 3
        await pilot.press("escape")  # Enter opened the skin's menu: closed, the form as it was
        await settle(pilot)
        assert app.screen is form and len(form.rows()) == 3
        form.query_one("#name-1").focus()
        for _ in range(12):
            await pilot.press("tab")
            focused = app.focused
            assert focused is not None and "drop" not in focused.classes and focused.id != "remove"

    await run_app(app, body)


# ---------------------------------------------------------------- the last seats remembered
async def test_the_last_seats_are_offered_again_on_the_next_new_game():
    app = CenturyApp(settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        await pilot.press("ctrl+n")
        await settle(pilot)
        fill(app, [("Ann", "human"), ("Bob", "bot:medium"), ("", "bot:hard")])
        await pilot.press("ctrl+s")
        await settle(pilot)
        board(app)

    await run_app(app, body)
    again = CenturyApp()  # a new window, the settings read from disk

    async def check(app, pilot):
        assert isinstance(app.screen, NewGameScreen)
        assert [(name, kind) for _, name, kind in seats(app)] == [
            ("Ann", "human"), ("Bob", "bot:medium"), (text.bot_name("hard"), "bot:hard")]

    await run_app(again, check)


async def test_the_command_line_s_seats_are_remembered_too_and_a_strange_entry_is_not_taken_back(opened):
    assert cli.main(["new", "--players", "Ann,bot:easy"]) == 0
    app = opened["app"]

    async def body(app, pilot):
        board(app)

    await run_app(app, body)
    settings, notice = storage.load_settings()
    assert notice is None and [(s.name, s.bot) for s in settings.seats] == [("Ann", None), (text.bot_name("easy"), "easy")]
    settings.seats = [storage.SeatChoice(name="A\x1bB", bot=None), storage.SeatChoice(name="Bo", bot="godlike")]
    storage.save_settings(settings)

    async def check(app, pilot):
        assert [(name, kind) for _, name, kind in seats(app)] == [("Player 1", "human"), ("Bo", "human")]

    await run_app(CenturyApp(), check)


# ---------------------------------------------------------------- a visible focus
def look(app, widget):
    """How the middle cell of `widget` is drawn (a button's label, a field's inside): its
    background (the foreground in reverse video) and whether it is in reverse video."""
    x, y = widget.region.x + widget.region.width // 2, widget.region.y
    at = 0
    for segment in screen_strips(app)[y]:
        if at <= x < at + cell_len(segment.text):
            style = segment.style
            return (style.color if style.reverse else style.bgcolor), bool(style.reverse)
        at += cell_len(segment.text)
    raise AssertionError("no such cell")


def apart(a, b, truecolor: bool) -> float:
    """How far two looks are apart: the RGB distance of their backgrounds in true colour; in 16
    colours, 255 when the terminal is sent another colour or reverse video, else 0."""
    if truecolor:
        return sum((p - q) ** 2 for p, q in zip(a[0].get_truecolor(), b[0].get_truecolor())) ** 0.5

    def sent(look):
        colour, reverse = look
        return (None if colour is None or colour.is_default else colour.downgrade(ColorSystem.STANDARD).number, reverse)

    return 0 if sent(a) == sent(b) else 255


@pytest.mark.parametrize("colours", ["truecolor", "16"])
async def test_a_focused_text_box_or_dropdown_stands_out_like_a_focused_button(colours, monkeypatch):
    if colours == "16":
        monkeypatch.delenv("COLORTERM")
        monkeypatch.setenv("TERM", "xterm-16color")
    app = CenturyApp(settings=Settings(bot_delay_ms=0))

    async def body(app, pilot):
        truecolor = colours == "truecolor"
        assert app.ansi_color is not truecolor
        seed = app.screen.query_one("#seed")

        async def focus_shows(widget) -> float:
            looks = []
            for target in (widget, seed if widget is not seed else app.screen.query_one("#name-2")):
                target.focus()
                await pilot.pause()
                looks.append(look(app, widget))
            return apart(*looks, truecolor)

        button = await focus_shows(app.screen.query_one("#quit"))
        assert button >= 100  # the yardstick: a focused button is lit up
        for field in ("#name-1", "#kind-1", "#seed"):
            gap = await focus_shows(app.screen.query_one(field))
            assert gap >= 100, f"{field}: focused and not focused are {gap:.0f} apart"

    await run_app(app, body)


# ---------------------------------------------------------------- rematch
async def test_a_rematch_seats_the_same_players_and_bots_with_a_new_seed():
    game = played(seats=(Seat("Ann"), Seat("Cy", "easy"), Seat("Dee")))
    start = Game(game.seats, game.seed, game.moves[:-1])
    app = CenturyApp(start, settings=Settings(bot_delay_ms=0, handoff=False))

    async def body(app, pilot):
        last = board(app)
        last.play(game.moves[-1])
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert text.t("key.rematch") in "".join(screen_lines(app))  # in the key bar
        await pilot.press("ctrl+r")
        await settle(pilot)
        first = board(app)
        await until(pilot, lambda: first.save_path is not None)  # its first save follows its first frame
        assert first.game.seats == game.seats and first.game.seed != game.seed
        assert not first.game.state.is_over and first.save_path not in (None, last.save_path)  # a file of its own
        # again from the button, after a finished rematch
        app.push_screen(ResultsScreen(game, running_scores(game)))
        await settle(pilot)
        await click_button(pilot, "#rematch")
        await settle(pilot)
        second = board(app)
        assert second is not first and second.game.seats == game.seats

    await run_app(app, body)
