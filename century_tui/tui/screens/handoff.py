"""The pass screen between two people: "Pass to Bob", and what Bob missed."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.context import window
from century_tui.journal import Entry
from century_tui.tui.lifecycle import OnTop
from century_tui.tui.screens.game_history import game_screen_under
from century_tui.tui.repaint import Screen
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.follow import FollowsWords


MISSED_LINES = 12
"""Log lines the pass screen shows at most (the newest): what fits at 80×24."""
HOLD_S = 0.5
"""Seconds after a pass screen comes up behind a person's turn during which Enter, Space and
clicks pass nothing: a second Enter or a double click meant for the move that ended the turn
must not show the next person's hand to the one who made it."""


def missed_since(entries: list[Entry], seat: int) -> list[Entry]:
    """Log lines since `seat` last moved: what the next person missed. "Bob must return 2"
    is left out where "Bob returned …" follows: the second says it all."""
    out: list[Entry] = []
    for entry in reversed(entries):
        if entry.seat == seat and entry.key not in ("log.round",):
            break
        after = next((e for e in reversed(out) if e.seat == entry.seat), None)  # their next line
        if entry.key == "log.discard_required" and after is not None and after.key == "log.discarded":
            continue
        out.append(entry)
    return list(reversed(out))


def since_start(missed: list[Entry]) -> bool:
    """The lines go back to the game's start: this person has not had a turn yet."""
    return bool(missed) and missed[0].key == "log.new_game"


def missed_words(missed: list[Entry], taken_back: tuple[str, list[Entry]] | None = None) -> Text:
    """What the pass screen tells of the turns missed: a move of this person's taken back
    by someone else (after which nothing else is new: all before it was seen as it was
    made), else the log lines since their last turn or, before it, since the game began."""
    out = Text()
    if taken_back is not None:
        who, lines = taken_back
        move = Text(" ").join(render.rt(e.key, **e.params) for e in lines)
        out.append_text(render.rt("handoff.taken_back", name=who, move=move))
        out.stylize("bold")
        out.append("\n\n")
        out.append(t("handoff.nothing_else"), "bold dim")
        return out
    heading = "handoff.since_start" if since_start(missed) else "handoff.since"
    out.append(t(heading) if missed else t("handoff.nothing"), "bold dim")
    shown = missed[-MISSED_LINES:]
    if len(shown) < len(missed):
        out.append("\n…", "dim")
    for entry in shown:
        out.append("\n")
        out.append_text(render.rt(entry.key, **entry.params))
    return out


class HandOffScreen(OnTop, SizeGuard, FollowsWords, Screen[None]):
    BINDINGS = [
        Binding("enter,space", "go", "key.continue"),
        Binding("u,ctrl+z", "undo", "key.undo"),
    ]

    def __init__(self, name: str = "", missed: list[Entry] | None = None,
                 taken_back: tuple[str, list[Entry]] | None = None) -> None:
        """`missed`: the log lines since this person's last turn; `taken_back`: who took back
        this person's last move, and that move's log lines (None: nobody did)."""
        super().__init__()
        self.title_line = Static(classes="title")
        self.prompt = Static(classes="prompt")
        self.missed_lines = Static(classes="missed")
        self.held_until = 0.0
        """`time.monotonic()` before which the screen is not passed (`HOLD_S`), set by `show`."""
        self.show(name, missed or [], taken_back)

    def compose(self) -> ComposeResult:
        """The words are in the widgets before they are mounted: nothing is left to find at
        mount, when under load Textual may not have mounted the dialog's children yet."""
        with Vertical(classes="dialog handoff"):
            yield self.title_line
            yield self.prompt
            yield self.missed_lines

    def show(self, name: str, missed: list[Entry], taken_back: tuple[str, list[Entry]] | None = None) -> None:
        """Ask for the keyboard to pass to `name`. The game keeps one pass screen and shows it
        again each turn with new words: composing a new one, then removing it, cost two
        layouts and two full redraws of the board per turn."""
        self.player = name
        self.missed = missed
        self.taken_back = taken_back
        self.held_until = time.monotonic() + HOLD_S if self.after_a_turn() else 0.0  # as it goes up:
        # a key typed with the one that ended the turn comes after, in the same burst
        self.words_changed()
        if self.is_mounted:  # off the stack, it saw no resize
            self.check_size(self.app.size)

    def texts(self) -> tuple[Text, Text, Text]:
        missed = missed_words(self.missed, self.taken_back)
        return Text(t("handoff.title", name=self.player), "bold"), Text(t("handoff.prompt", name=self.player)), missed

    def words_changed(self) -> None:
        for widget, text in zip((self.title_line, self.prompt, self.missed_lines), self.texts()):
            widget.update(text)

    def after_a_turn(self) -> bool:
        """A person had the keyboard until now (not so at a game's first pass screen)."""
        try:
            table = window(self).table
        except (RuntimeError, TypeError):  # made with no app running, or not the game's
            return False
        return table is not None and table.at_keyboard is not None

    def action_go(self) -> None:
        if time.monotonic() >= self.held_until:
            self.dismiss(None)

    def on_click(self) -> None:
        self.action_go()

    def action_undo(self) -> None:
        """Undo reaches back through this screen to the board (which closes it)."""
        under = game_screen_under(self)
        if under is not None:
            under.action_undo()
