"""The score chart: one key between the table and the chart on the results screen, every
player told apart by a letter (under NO_COLOR too), and the replay's line at its move."""

from __future__ import annotations

from tests.helpers.driver import screen_lines, settle, until

from century_tui.storage import Settings
from century_tui.timeline import rounds_played
from century_tui.tui.app import CenturyApp
from support.demo import FIVE, finished
from century_tui.tui.screens.replay import ReplayScreen
from century_tui.tui.screens.results import ResultsScreen
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.score_chart import ScoreChart, letters


def keybar_text(app) -> str:
    return "".join(s.text for s in app.screen.query_one(KeyBar).render_line(0))


async def test_c_switches_between_the_table_and_the_chart_and_says_so(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # Textual's monochrome filter once met a style-less line here
    game = finished(FIVE, seed=7)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await settle(pilot)
        assert app.no_color
        assert " c Chart " in keybar_text(app)
        assert not app.screen.query_one(ScoreChart).display
        await pilot.press("c")
        await settle(pilot)
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert app.screen.query_one(ScoreChart).display and " c Table " in keybar_text(app)
        assert "Score by round" in text
        legend = next(line for line in lines if "A Ann" in line)
        for mark, name in zip("ABCDE", FIVE):
            assert f"{mark} {name}" in legend  # the legend: a letter per player
        plot = text.split("Score by round")[1].split(legend)[0]
        assert all(mark in plot for mark in "ABCDE")  # each player's letter on their line
        await pilot.press("c")
        await settle(pilot)
        assert not app.screen.query_one(ScoreChart).display and "Total" in "\n".join(screen_lines(app))


def test_letters_are_initials_when_they_tell_players_apart():
    assert letters(["Ann", "bob", "Cy"]) == ["A", "B", "C"]
    assert letters(["Ann", "Amy"]) == ["1", "2"]
    assert letters(["Ann", "émile"]) == ["A", "É"]
    assert letters(["Ann", "花子"]) == ["1", "2"]  # one cell each, or numbers for all
    assert letters(["Ann", "-x-"]) == ["1", "2"]


async def test_the_replay_chart_marks_the_move_on_show():
    game = finished(("Ann", "Bob"), seed=48)
    app = CenturyApp(game, replay=True, settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        chart = screen.query_one(ScoreChart)
        await pilot.press("c")
        await settle(pilot)
        assert chart.display and not screen.points.display
        assert chart.lines[0].scores[-1] == game.state.score(0).total  # the whole game, from the start
        for _ in range(7):
            await pilot.press("right")
        await settle(pilot)
        assert len(screen.game.moves) == 7
        assert chart.at == rounds_played(screen.game.state) > 0
        await pilot.press("end")
        await settle(pilot)
        assert chart.at == game.state.round
        app.language = "fr"  # as Ctrl+P does: the chart's words follow
        await settle(pilot)
        assert "Score par manche" in "\n".join(screen_lines(app))
        await pilot.press("c")
        await settle(pilot)
        assert not chart.display and screen.points.display


async def test_esc_on_the_replay_s_chart_goes_back_to_the_board_and_on_the_board_quits():
    app = CenturyApp(finished(("Ann", "Bob"), seed=48), replay=True, settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("c")
        await settle(pilot)
        assert screen.query_one(ScoreChart).display
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running and screen.points.display and not screen.query_one(ScoreChart).display
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running)


def test_round_ticks_end_on_the_last_round_so_the_frame_s_corners_join():
    from century_tui.tui.widgets.score_chart import round_ticks

    assert round_ticks(41) == [0, 5, 10, 15, 20, 25, 30, 35, 41]  # 40 too close before 41
    assert round_ticks(38) == [0, 5, 10, 15, 20, 25, 30, 35, 38]
    assert round_ticks(1) == [0, 1]
    assert round_ticks(145)[-1] == 145


async def test_a_person_s_line_is_drawn_over_the_bots_lines():
    """Four seats at 80×24, one person first in turn order: every point of theirs shows
    their letter (it was hidden under the bots' letters, drawn after it)."""
    from century_tui.engine import Game, Seat
    from century_tui.timeline import running_scores
    from textual_hires_canvas import Canvas

    base = finished(("Zed", "Bob", "Cy", "Di"), seed=7)
    game = Game([Seat("Zed"), Seat("Bob", "medium"), Seat("Cy", "hard"), Seat("Di", "easy")], 7)
    for move in base.moves:
        game.apply(move)
    app = CenturyApp(game, settings=Settings(bot_delay_ms=0), autosave=False)

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        lines = screen_lines(app)
        chart = app.screen.query_one(ScoreChart)
        plot = chart.query_one("Plot")
        area = plot.query_one("#plot", Canvas).region
        scores = running_scores(game)[0].scores
        assert "┳" not in lines[area.y] and "╋" in lines[area.y][area.right - 2:], lines[area.y]  # the corners
        for round_, score in enumerate(scores[:-1]):  # the last lies on the frame, drawn over all
            x, y = plot.get_pixel_from_coordinate(round_, score)
            assert lines[area.y + y][area.x + x] == "Z", (round_, lines[area.y + y])
