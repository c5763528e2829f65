"""The review after a game (the results' Review button): each person's costliest moves.

The moves are weighed in a worker thread (`century_tui.review`, a progress bar meanwhile,
Esc stops it); Enter on a move opens the replay viewer at the position before it, with
the bot's move lit up. Esc there comes back here.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from century_tui.engine import Game, Move
from century_tui.review import Cancelled, Costly, Review, explained, review
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.coach import light, styled, unlight
from century_tui.tui.follow import FollowsWords
from century_tui.tui.lifecycle import OnTop, closed
from century_tui.tui.repaint import Screen
from century_tui.tui.screens.replay import ReplayScreen
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.widgets.keybar import KeyBar


INDENT = "\u00a0\u00a0"
"""Two no-break spaces: an option's lines lose ordinary leading spaces."""


class ReviewScreen(OnTop, SizeGuard, FollowsWords, Screen):
    BINDINGS = [
        Binding("escape", "back", "key.cancel"),
        Binding("enter", "open", "key.open_position"),
    ]

    def __init__(self, game: Game, found: Review | None = None) -> None:
        """`found`: the review made before for this game (opening it again costs nothing)."""
        super().__init__()
        self.game = game
        self.found: Review | None = found
        self.costly: dict[str, Costly] = {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="review"):
            yield Static(classes="title")
            yield Static(classes="header")
            yield ProgressBar(id="progress", show_eta=False)
            yield OptionList(id="moves")
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        if self.found is not None:
            self.show(self.found)
            return
        self.draw_title()
        self.query_one(OptionList).display = False
        self.weigh()

    def draw_title(self) -> None:
        self.query_one(".title", Static).update(render.screen_title(t("review.title")))
        words = t("review.header") if self.found is not None else t("review.computing")
        self.query_one(".header", Static).update(Text(words))

    @work(thread=True, exclusive=True, group="review", exit_on_error=True)
    def weigh(self) -> None:
        """In a worker thread: the review, its progress shown as it goes."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.query_one(ProgressBar).update, progress=done, total=total)

        try:
            found = review(self.game, progress=progress, stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        if not worker.is_cancelled:
            try:
                self.app.call_from_thread(self.show, found)
            except RuntimeError:  # the app is closing
                pass

    def show(self, found: Review) -> None:
        """The costliest moves, person by person: a heading, then each move in three lines."""
        if closed(self):
            return
        self.found = found
        self.query_one(ProgressBar).display = False
        moves = self.query_one(OptionList)
        moves.display = True
        self.draw_title()
        self.draw_moves()
        moves.focus()

    def draw_moves(self) -> None:
        moves = self.query_one(OptionList)
        highlighted = moves.highlighted
        moves.clear_options()
        self.costly = {}
        assert self.found is not None
        if not self.found.by_seat:
            moves.add_option(Option(Text(t("review.no_people")), disabled=True))
            return
        for seat, costs in self.found.by_seat.items():
            name = Text(t("review.person", name=self.game.seats[seat].name), "bold")
            if not costs:
                name.append(": " + self.found.no_costly_move(seat), "")
            moves.add_option(Option(name, disabled=True))
            for costly in costs:
                item, better, cost = (styled(p) for p in explained(self.game, costly))
                item.stylize("bold")
                key = f"move-{costly.index}"
                self.costly[key] = costly
                body = Text(INDENT).join([Text(""), item])  # no-break spaces: the list keeps them
                for line in (better, cost):
                    body.append("\n" + INDENT * 2)
                    body.append_text(line)
                moves.add_option(Option(body, id=key))
        if highlighted is None:  # the first move (the first line is a name)
            highlighted = next((i for i, o in enumerate(moves.options) if not o.disabled), None)
        moves.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        costly = self.costly.get(event.option.id or "")
        if costly is not None:
            self.app.push_screen(ReviewReplay(self.game, costly.index, costly.better))

    def action_open(self) -> None:
        moves = self.query_one(OptionList)
        if moves.display and moves.highlighted is not None:
            moves.action_select()

    def action_back(self) -> None:
        """Esc: stop the weighing if it still runs, and go back to the results."""
        self.workers.cancel_group(self, "review")
        if self.found is None:
            self.notify(t("review.cancelled"), timeout=3)
        self.dismiss()

    def words_changed(self) -> None:
        self.draw_title()
        if self.found is not None:
            self.draw_moves()


class ReviewReplay(ReplayScreen):
    """The replay viewer opened at a reviewed move, the bot's move lit up there; Esc (or q)
    goes back to the review instead of quitting."""

    BINDINGS = [Binding("escape,q", "back", "key.close", show=False, priority=True)]

    def __init__(self, game: Game, at: int, better: Move) -> None:
        super().__init__(game)
        self.at = at
        self.better = better
        self.lit: list = []

    def on_mount(self) -> None:
        self.call_after_refresh(self.goto, self.at)

    def goto(self, count: int) -> None:
        super().goto(count)
        unlight(self.lit)
        self.lit = light(self, self.better) if len(self.game.moves) == self.at else []

    def action_back(self) -> None:
        if self.app.screen is self:
            self.dismiss()
