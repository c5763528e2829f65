"""Watching a saved game again, move by move, forwards and backwards.

The board is drawn as in a game, read-only, from a replay table: the position is always a
replay of the first `k` moves of the file, so stepping back is as exact as stepping forward.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from century_tui.engine import Game
from century_tui.table import ReplayTable
from century_tui.text import t
from century_tui.timeline import rounds_played, running_scores
from century_tui.journal import describe
from century_tui.tui import chronicle
from century_tui.tui.keys import offered
from century_tui.tui.screens.board import BoardScreen
from century_tui.tui.widgets.score_chart import ScoreChart


class ReplayScreen(BoardScreen):
    STEP = Binding.Group("key.replay_step", compact=True)
    """Back and forward as one entry of the key bar ("←→ Step"), so every label fits 80
    columns in every language."""
    BINDINGS = [
        Binding("enter", "results", "key.results"),
        Binding("left", "step(-1)", "key.replay_back", priority=True, group=STEP),
        Binding("right", "step(1)", "key.replay_forward", priority=True, group=STEP),
        Binding("comma,b", "step(-1)", "key.replay_back", show=False, priority=True),
        Binding("period,n", "step(1)", "key.replay_forward", show=False, priority=True),
        Binding("tab", "app.focus_next", "key.next_area", show=False),  # nothing to pick in a replay
        Binding("t", "overview", "key.table", show=False),  # still there; the bar keeps room for c
        Binding("home", "goto_start", "key.replay_start", show=False, priority=True),
        Binding("end", "goto_end", "key.replay_end", show=False, priority=True),
        Binding("space", "toggle_play", "key.replay_play"),
        Binding("c", "chart(True)", "key.chart"),
        Binding("c", "chart(False)", "key.board"),
        Binding("escape", "chart(False)", "key.board", show=False),  # from the chart, back to the board
        Binding("escape,q", "app.quit", "key.quit", show=False),
        # the keys that play in a game (and Enter before the end) say this is a replay
        Binding("enter,r,d,u,ctrl+z,1,2,3,4,5,6,7,8,9,0", "read_only", show=False),
    ]

    def __init__(self, game: Game) -> None:
        self.replay = ReplayTable(game)
        super().__init__(self.replay)
        for row in (self.points, self.merchants, self.hand):
            row.picks = False  # their digits moved a cursor that shows nothing here: not offered
        self.timer = None
        whole = Game(game.seats, game.seed, self.replay.all_moves)
        self.chart = ScoreChart(whole.seats, running_scores(whole), at=0.0, classes="chart")
        """The whole game's running scores, with a line at the move on show (key c)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.chart

    @offered("chart")
    def chart_offered(self, show: object) -> bool:
        """One key: the chart instead of the board, and back."""
        return show != self.chart.display

    @offered("step")
    def step_offered(self, delta: object) -> bool | None:
        k = self.replay.at + int(delta)  # type: ignore[call-overload]
        return True if 0 <= k <= len(self.replay.all_moves) else None

    def action_read_only(self) -> None:
        self.app.bell()
        self.notify(t("replay.read_only"), severity="warning", timeout=4)

    def update_prompt(self) -> None:
        """Where the replay stands, named as the log and the review name moves: before move
        k + 1 (the review's "move 136" opens "before move 136"), or after the last."""
        at, total = self.replay.at, len(self.replay.all_moves)
        where = t("replay.position", move=at + 1, total=total) if at < total else t("replay.position_end", total=total)
        self.prompt.show(Text(where + " · " + t("replay.keys")))

    def goto(self, count: int) -> None:
        at = self.replay.at
        events = self.replay.goto(count)
        if self.replay.at == at:
            return
        if events is not None:
            self.log_view.add(describe(events, self.game))
        else:
            self.log_view.reset(chronicle.history(self.replay))
        self.refresh_board()
        self.chart.show_at(rounds_played(self.game.state))

    def action_chart(self, show: bool) -> None:
        """Show the chart of the running scores instead of the board, or the board again."""
        self.chart.display = show
        if show:
            self.chart.draw()  # where the replay is now: drawn only while on show
        for part in (self.points, self.merchants, self.query_one("#lower")):
            part.display = not show
        self.refresh_bindings()

    def action_step(self, delta: int) -> None:
        self.goto(self.replay.at + delta)

    def action_goto_start(self) -> None:
        self.goto(0)

    def action_goto_end(self) -> None:
        self.goto(len(self.replay.all_moves))

    def action_toggle_play(self) -> None:
        """Space: play the moves one after another, or pause."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            return

        def tick() -> None:
            if self.replay.at >= len(self.replay.all_moves) and self.timer is not None:
                self.timer.stop()
                self.timer = None
                return
            self.action_step(1)

        self.timer = self.set_interval(0.7, tick)
