"""Every player's running score by round, drawn with textual-plot.

Each player has a letter, written at every round on their line, and shown inverted in
the rounds where they claimed a point card: the letters tell the players apart under
NO_COLOR and in 16 colours, the colours only help. Words stay out of the plot (its
labels are markup, one character a cell): the caption above it and the legend below it
are plain text, player names included.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.strip import Strip
from textual.widgets import Static
from textual_hires_canvas import Canvas
from textual_plot import HiResMode, PlotWidget
from textual_plot.plot_widget import Legend

from century_tui.engine import Seat, printable
from century_tui.text import t
from century_tui.timeline import Running
from century_tui.tui.follow import FollowsWords

COLOURS = ("bright_cyan", "bright_magenta", "bright_yellow", "bright_green", "bright_red")
"""A colour per seat: the terminal's own bright colours, the same in every colour mode."""


def ticks(top: int, most: int = 4) -> list[int]:
    """Round numbers from 0 to past `top`, at most `most` + 1 of them: a short chart has
    room for a few labels only."""
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if top <= most * s or s == 500)
    return list(range(0, top + step, step))


def round_ticks(last: int, most: int = 9) -> list[int]:
    """Rounds to label from 0 to the last, which is always one: a tick on the frame's right
    edge, as the score's last tick is on its top edge, so that its corners join as the left
    ones do (╋; without it they were ┳ and ┻). A tick too close before the last goes."""
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100) if last <= most * s or s == 100)
    out = list(range(0, last, step))
    if len(out) > 1 and last - out[-1] < step / 2:
        out.pop()
    return out + [last]


def letters(names: list[str]) -> list[str]:
    """A one-cell letter per player: their initials when those differ, else 1, 2, 3…"""
    initials = [name[:1].upper() for name in names]
    if all(i.isalnum() and cell_len(i) == 1 for i in initials) and len(set(initials)) == len(names):
        return initials
    return [str(seat + 1) for seat in range(len(names))]


class SafeCanvas(Canvas):
    """textual-hires-canvas's Canvas, but a line it has no buffer for yet (before its first
    resize) is blank in its own style: a style-less segment crashes Textual's NO_COLOR filter."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        return strip if strip.cell_length else Strip.blank(self.size.width, self.rich_style)


class Plot(PlotWidget, can_focus=False):
    """The plot itself, which no key reaches (its own keys pan and zoom)."""

    def compose(self) -> ComposeResult:
        """PlotWidget's own layout, on SafeCanvas."""
        with Grid():
            for part in ("margin-top", "margin-left", "plot", "margin-bottom"):
                yield SafeCanvas(1, 1, id=part)
        yield Legend(id="legend")  # unused (the names are below), but the widget looks for it


class ScoreChart(FollowsWords, Vertical):
    DEFAULT_CSS = """
    ScoreChart { height: 1fr; }
    ScoreChart Plot { height: 1fr; min-height: 8; }
    ScoreChart .legend, ScoreChart .caption { height: auto; }
    """

    def __init__(self, seats: list[Seat], lines: list[Running], at: float | None = None, **kwargs) -> None:
        """`lines`: each seat's score round by round (`timeline.running_scores`)."""
        super().__init__(**kwargs)
        self.seats = seats
        self.lines = lines
        self.at = at
        """Where the replay is, in rounds (a vertical line), or None."""

    def compose(self) -> ComposeResult:
        yield Static(classes="caption")
        yield Plot(allow_pan_and_zoom=False)
        yield Static(classes="legend")

    def on_mount(self) -> None:
        self.draw()

    def words_changed(self) -> None:
        """The language changed (the app calls this on every node that has it)."""
        self.draw()

    def show_at(self, rounds: float | None) -> None:
        """Mark the position on show (the replay's current move)."""
        self.at = rounds
        if self.display:
            self.draw()

    def draw(self) -> None:
        plots = self.query(Plot)
        if not plots:  # not composed yet: drawn on mount
            return
        plot = plots.first()
        plot.clear()
        top = max(max(r.scores) for r in self.lines)
        last = max(len(r.scores) for r in self.lines) - 1
        plot.margin_top, plot.margin_bottom, plot.margin_left = 0, 1, 2 + len(str(top))
        self.query_one(".caption", Static).update(Text(t("results.chart_caption"), "bold"))
        plot.set_yticks(ticks(top))
        plot.set_ylimits(0, ticks(top)[-1])
        plot.set_xlimits(0, max(1, last))
        plot.set_xticks(round_ticks(max(1, last)))
        marks = letters([s.name for s in self.seats])
        people_last = sorted(range(len(self.lines)), key=lambda seat: self.seats[seat].bot is None)
        for seat in people_last:  # drawn last, a person's line lies on top of the bots'
            line = self.lines[seat]
            rounds = list(range(len(line.scores)))
            colour = COLOURS[seat % len(COLOURS)]
            plot.plot(rounds, line.scores, line_style=colour, hires_mode=HiResMode.BRAILLE)
            plot.scatter(rounds, line.scores, marker=marks[seat], marker_style=colour)
            claimed = [c.round for c in line.claims if c.round < len(line.scores)]
            plot.scatter(claimed, [line.scores[r] for r in claimed], marker=marks[seat],
                         marker_style=f"bold reverse {colour}")
        if self.at is not None:
            plot.add_v_line(self.at, line_style="bold")
        legend = Text()
        for seat, s in enumerate(self.seats):
            if seat:
                legend.append("  ")
            legend.append(marks[seat], f"bold {COLOURS[seat % len(COLOURS)]}")
            legend.append(" " + printable(s.name))
        legend.append("   ")
        legend.append(marks[0], "bold reverse")
        legend.append(" " + t("results.chart_claimed"), "dim")
        self.query_one(".legend", Static).update(legend)
