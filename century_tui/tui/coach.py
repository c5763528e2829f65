"""The coach at the table: `c` asks the hard bot for the move of the person at the keyboard.

The board keeps its turn and its keyboard: the coach thinks in a worker thread (a spinner
on its line under the hand, Esc stops it), then lights up the card, slot or Rest button it
would play, puts the cursor and the focus there (Enter then plays it) and says why in one
line (`century_tui.advice`). It never moves: the person still chooses. A game allows hints
or not from its start (`Game.hints`); the move made after a hint is marked in the log. The
board's hooks are its bindings, `ask(screen)` and `stop(screen)` (tui/screens/game.py).
"""

from __future__ import annotations

import time
from typing import Any

from rich.spinner import Spinner
from rich.text import Text
from textual.widget import Widget
from textual.worker import get_current_worker

from century_tui.advice import Phrase, hint
from century_tui.engine import ACQUIRE, CLAIM, REST, Move
from century_tui.review import review_seed
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.follow import FollowsWords

NODES = 8000
"""Node cap of the coach's search: the same hint for the same position, in about half a
second (the clock is only a safety net)."""
BUDGET_MS = 10_000


def styled(phrase: Phrase) -> Text:
    """A phrase in colour: its cubes and cards as the board draws them, nested phrases too."""
    params: dict[str, Any] = {k: styled(v) if isinstance(v, Phrase) else v for k, v in phrase.params.items()}
    return render.rt(phrase.key, **params)


def place(board, move: Move) -> tuple[Widget, int | None]:
    """Where `move` is played on `board`: the point or merchant row and its slot, or the
    hand and the card's place in it (None for Rest, or a card not there)."""
    if move.kind == CLAIM:
        return board.points, move.index
    if move.kind == ACQUIRE:
        return board.merchants, move.index
    hand = board.hand
    if move.kind == REST:
        return hand, None
    return hand, next((n for n, item in enumerate(hand.items) if item.card == move.card), None)


def light(board, move: Move) -> list[Widget]:
    """Light up what `move` uses on `board`: the point or merchant slot, the hand card, or
    Rest (the coach's hint, the review's better move); the widgets lit."""
    row, index = place(board, move)
    if move.kind == REST:
        lit = list(board.hand.query(".rest"))
    elif index is None:
        lit = []
    elif row is board.hand:
        lit = [list(board.hand.query(".chip"))[index]]  # the chips hold the hand's items in order
    else:
        lit = [row.views[index]]  # type: ignore[attr-defined]
    for widget in lit:
        widget.add_class("-hinted")
    return lit


def aim(board, move: Move) -> None:
    """Put the cursor of the row or hand that `move` uses on its slot or card, and the focus
    there, so that Enter plays it (Rest: the focus on the hand, whose r rests)."""
    row, index = place(board, move)
    if index is not None:
        row.cursor = index  # type: ignore[attr-defined]
    board.set_focus(row)  # at once: a key typed next reaches the row


def unlight(lit: list[Widget]) -> None:
    for widget in lit:
        widget.remove_class("-hinted")


def coach_line(screen) -> CoachLine:
    """The screen's coach line, under the prompt (mounted at the first question)."""
    found = screen.query(CoachLine)
    if found:
        return found.first()
    line = CoachLine(id="coach")
    screen.prompt.parent.mount(line, after=screen.prompt)
    return line


def ask(screen) -> None:
    """`c` on the board: think of a hint for the person to play, or say why there is none."""
    if not screen.game.hints:
        refuse(screen, t("coach.off"))
        return
    if not screen.can_act():
        refuse(screen, t("coach.not_now"))
        return
    coach_line(screen).think()


def stop(screen) -> None:
    """Esc on the board while the coach thinks: no hint (the search's answer is dropped)."""
    for line in screen.query(CoachLine):
        line.stop()


def refuse(screen, words: str) -> None:
    screen.app.bell()
    screen.notify(words, severity="warning", timeout=5)


class CoachLine(FollowsWords, Widget):
    """The coach's line: a spinner while it thinks, then the hint, until the game moves on.
    It never takes the focus: the hand keeps its cursor in sight and its keys meanwhile."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.display = False
        self.spinner = Spinner("dots")
        self.phrase: Phrase | None = None
        self.move: Move | None = None
        self.thinking = False
        self.epoch = -1
        """The board's epoch the hint was asked in: a move, undo or redo makes it stale."""
        self.lit: list[Widget] = []
        self.timer = None

    @property
    def board(self):
        return self.screen

    def think(self) -> None:
        """Start the search (again, if the game moved on since the last one)."""
        board = self.board
        if self.thinking and self.epoch == board.epoch:
            return
        self.clear()
        self.thinking = True
        self.epoch = board.epoch
        self.show_line(True)
        self.auto_refresh = 1 / 12
        board.refresh_bindings()  # Esc stops it
        game = board.game
        self.run_worker(
            lambda: self._search(game.state.clone(), review_seed(game.seed, len(game.moves)), board.epoch),
            thread=True, exclusive=True, group="coach", exit_on_error=True,
        )
        self.watch_game()

    def _search(self, state, seed: int, epoch: int) -> None:
        """In the worker thread: the hard bot's move (through make_bot, as every bot)."""
        from century_tui import bots

        move = bots.make_bot("hard", seed=seed, budget_ms=BUDGET_MS, max_nodes=NODES).choose(state)
        if get_current_worker().is_cancelled:
            return
        try:
            self.app.call_from_thread(self.found, epoch, move)
        except RuntimeError:  # the app is closing
            pass

    def found(self, epoch: int, move: Move) -> None:
        if not self.is_attached:  # the board has gone meanwhile
            return
        board = self.board
        if not self.thinking or epoch != board.epoch or not board.can_act():
            return  # stopped, or the game moved on meanwhile
        self.thinking = False
        self.auto_refresh = None
        state = board.game.state
        self.move = move
        self.phrase = hint(state, move, [s.name for s in board.game.seats])
        board.game.hint_shown()
        self.lit = light(board, move)
        aim(board, move)
        board.refresh_bindings()
        self.refresh(layout=True)
        self.show_line(True)

    def clear(self) -> None:
        if self.thinking:
            self.board.refresh_bindings()  # no Esc any more
        unlight(self.lit)
        self.lit = []
        self.phrase = None
        self.move = None
        self.thinking = False
        self.auto_refresh = None
        self.show_line(False)

    def show_line(self, on: bool) -> None:
        """Show or hide this line; the log below, a line shorter or taller, keeps its newest
        line in view if it was."""
        if self.display == on:
            return
        log = self.board.log_view
        at_end = log.scroll_y >= log.max_scroll_y
        self.display = on
        if at_end:
            self.call_after_refresh(log.scroll_end, animate=False)

    def watch_game(self) -> None:
        """Drop the hint once the game moves on (a move, undo or redo bumps the board's epoch)."""

        def check() -> None:
            if self.board.epoch != self.epoch:
                self.clear()
                self.timer.stop()

        if self.timer is not None:
            self.timer.stop()
        self.timer = self.set_interval(0.1, check)

    def stop(self) -> None:
        if self.thinking:
            self.workers.cancel_group(self, "coach")
            self.clear()
            self.notify(t("coach.cancelled"), timeout=3)

    def render(self) -> Text:
        if self.thinking:
            out = self.spinner.render(time.monotonic())
            out = out if isinstance(out, Text) else Text(str(out))
            out.append(" " + t("coach.thinking"))
            return out
        return styled(self.phrase) if self.phrase is not None else Text("")

    def words_changed(self) -> None:
        self.refresh(layout=True)
