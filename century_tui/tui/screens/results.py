"""The end: each player's score in parts, the winner, and on a tie, why (R-SCORE-2)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table as Grid
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from century_tui.engine import POINT_CARDS, Game, GameRecord, new_seed
from century_tui.text import Names, t
from century_tui.timeline import Running
from century_tui.tui import render
from century_tui.tui.repaint import Screen
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.score_chart import ScoreChart
from century_tui.tui.widgets.word_button import WordButton
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.keys import OffersKeys, offered
from century_tui.tui.lifecycle import OnTop, closed
from century_tui.tui.screens.game_history import game_screen_under
from century_tui.tui.context import window
from century_tui.tui.follow import FollowsWords


class ResultsScreen(OffersKeys, OnTop, SizeGuard, FollowsWords, Screen):
    BINDINGS = [
        Binding("escape,b", "board", "key.board"),
        Binding("n", "new_game", "key.new_game"),
        Binding("n", "hosts_only('new_game')", show=False),  # where the game is the host's: says so
        Binding("ctrl+r", "rematch", "key.rematch"),
        Binding("ctrl+r", "hosts_only('rematch')", show=False),
        Binding("q", "app.quit", "key.quit", show=False),
        Binding("u,ctrl+z", "undo", "key.undo"),
        Binding("c", "chart(True)", "key.chart"),
        Binding("c", "chart(False)", "key.scores"),
        Binding("v", "review", "key.review", show=False),
        Binding("v", "hosts_only('review')", show=False),
    ]

    def __init__(self, game: GameRecord, running: list[Running]) -> None:
        """`running`: everyone's score round by round, for the chart (`Table.running_scores`)."""
        super().__init__()
        self.game = game
        self.running = running
        self.charted = False
        """The chart of the running scores is on show instead of the scores."""
        self.reviewed = None
        """The review made from this screen, if one was (century_tui.review.Review)."""

    HOSTS_ONLY = {"new_game": "notify.remote_new_game", "rematch": "notify.remote_rematch",
                  "review": "notify.remote_review"}
    """What a game played on a host's machine does not offer here, and the words that say
    why: its seed (the review's replay) and its save file are the host's, and a new game
    is the host's to start."""

    @property
    def remote(self) -> bool:
        """The game is played on a host (`century join` or `watch`), not in this process."""
        table = window(self).table
        return table is not None and not table.played_here

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="results"):
            yield Static(classes="title")
            yield Static(classes="winner")
            yield Static(classes="scores")
            yield Static(classes="claimed")
            yield ScoreChart(self.game.seats, self.running, classes="chart")
            with Horizontal(classes="buttons"):
                yield WordButton(t("results.board"), id="board", compact=True)
                hosts = [WordButton(t("results.new_game"), id="new", variant="primary", compact=True),
                         WordButton(t("results.rematch"), id="rematch", compact=True),
                         WordButton(t("results.review"), id="review", compact=True)]
                for button in hosts:  # offered where the game is played: on the host; hidden
                    button.display = not self.remote  # from the first frame, not after it
                yield from hosts
                yield WordButton(t("results.quit"), id="quit", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.draw()
        self.query_one("#board" if self.remote else "#new", Button).focus()

    def ranking(self) -> list[int]:
        s = self.game.state
        return sorted(range(s.n), key=lambda i: (s.score(i).total, s.position(i)), reverse=True)

    def draw(self) -> None:
        s = self.game.state
        names = [x.name for x in self.game.seats]
        winner = s.winner()
        best = s.score(winner)
        self.query_one(".title", Static).update(render.screen_title(t("results.title")))
        line = Text()
        line.append(t("results.winner", name=names[winner], total=best.total), render.accent_style())
        tied = s.tied_with_winner()
        if len(tied) > 1:
            order = sorted(tied, key=s.position)
            line.append("\n")
            line.append(
                t("results.tie", names=Names(tuple(names[i] for i in order)), total=best.total, name=names[winner]),
                "italic",
            )
        self.query_one(".winner", Static).update(line)

        # one line a row, no name cut; a long header word may take a second line
        scores = Grid(expand=False, box=None, padding=(0, 1), header_style="bold")
        widest = max(cell_len(n) for n in names) + 2  # the winner's star
        scores.add_column(t("results.player"), min_width=widest, no_wrap=True)
        for key in ("results.cards", "results.upper", "results.lower", "results.cube_points", "results.total"):
            scores.add_column(t(key), justify="right", overflow="fold")
        for rank, seat in enumerate(self.ranking()):
            sc = s.score(seat)
            name = Text(("★ " if seat == winner else "  ") + names[seat], "bold" if seat == winner else "")
            scores.add_row(
                name,
                t("results.cards_cell", points=sc.cards, count=len(s.players[seat].claimed)),
                t("results.coins_cell", points=sc.upper_points, count=sc.upper),
                t("results.coins_cell", points=sc.lower_points, count=sc.lower),
                t("results.cubes_cell", points=sc.cubes),
                Text(str(sc.total), "bold"),
            )
        self.query_one(".scores", Static).update(scores)

        claimed = Text(t("results.note"), "dim")
        for seat in self.ranking():
            cards = s.players[seat].claimed
            line = render.rt(
                "results.claimed",
                name=names[seat],
                cards=t("results.claimed_sep").join(str(POINT_CARDS[c].points) for c in cards) or "—",
            )
            claimed.append("\n")
            claimed.append_text(line)
        self.query_one(".claimed", Static).update(claimed)

    def words_changed(self) -> None:
        self.draw()
        self.query_one("#board", Button).label = t("results.board")
        self.query_one("#new", Button).label = t("results.new_game")
        self.query_one("#rematch", Button).label = t("results.rematch")
        self.query_one("#review", Button).label = t("results.review")
        self.query_one("#quit", Button).label = t("results.quit")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "board":
            self.action_board()
        elif event.button.id == "new":
            self.action_new_game()
        elif event.button.id == "rematch":
            self.action_rematch()
        elif event.button.id == "review":
            self.action_review()
        elif event.button.id == "quit":
            await self.app.action_quit()  # as Ctrl+Q: an unsaved game asks first

    @offered("chart")
    def chart_offered(self, show: object) -> bool:
        """One key: the chart while the scores are on show, and back."""
        return show != self.charted

    @offered(*HOSTS_ONLY)
    def local_keys_offered(self) -> bool:
        """Not in the key bar of a remote client: the key falls through to hosts_only, which says why."""
        return not self.remote

    @offered("hosts_only")
    def hosts_only_offered(self, action: object) -> bool:
        return self.remote

    @offered("undo")
    def undo_offered(self) -> bool:
        """As the game screen under it offers it: never to a watcher."""
        under = game_screen_under(self)
        return under is not None and under.check_action("undo", ()) is not False

    def action_hosts_only(self, action: str) -> None:
        """A key the key bar leaves out on a remote client (n, Ctrl+R, v): why, in a toast."""
        self.app.bell()
        self.notify(t(self.HOSTS_ONLY[action]), severity="warning", timeout=8)

    def action_chart(self, show: bool) -> None:
        """Show the chart of the running scores instead of the scores' grid, or the grid again."""
        self.charted = show
        self.query_one(ScoreChart).display = show
        for part in self.query(".scores, .claimed"):
            part.display = not show
        self.refresh_bindings()

    def action_board(self) -> None:
        self.dismiss()

    def action_new_game(self) -> None:
        window(self).open_new_game()

    def action_review(self) -> None:
        """Each person's costliest moves, by the hard bot (tui/screens/review.py)."""
        from century_tui.tui.screens.review import ReviewScreen

        def keep(_: object = None) -> None:
            self.reviewed = screen.found  # opened again, it shows at once

        screen = ReviewScreen(self.game, self.reviewed)
        self.app.push_screen(screen, keep)

    def action_rematch(self) -> None:
        """The same seats again, people and bots, with a new seed (and a new save file)."""
        if window(self).unsaved_warning("notify.leave_unsaved"):
            return
        window(self).start_game(Game(list(self.game.seats), new_seed(), hints=self.game.hints))

    def action_undo(self) -> None:
        """Undo reaches back through this screen to the board (which closes it)."""
        under = game_screen_under(self)
        if under is not None:
            under.action_undo()
