"""Help: the rules in short, what each cube stands for, and every key, reachable at any
time (? or F1)."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from century_tui.text import t, words
from century_tui.tui import render
from century_tui.tui.repaint import ModalScreen
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import OnTop, closed
from century_tui.tui.follow import FollowsWords


BULLETS = ("• ", "・")
"""How a rule of the list starts, in the languages' help texts."""


def rules(text: str) -> Group:
    """The rules text, a bulleted line wrapping under its own words, not under the bullet."""
    parts = []
    for line in text.strip().split("\n"):
        bullet = next((b for b in BULLETS if line.startswith(b)), None)
        parts.append(hanging(bullet, line[len(bullet):]) if bullet else Text(line))
    return Group(*parts)


def cubes() -> Text:
    """Each tier's cube and the goods it is in this skin ("yellow: turmeric")."""
    out = Text()
    for tier, (colour, good) in enumerate(zip(words().tiers, words().goods)):
        out.append_text(render.cube(tier))
        out.append(" " + (good if colour in good else t("help.tier_good", tier=colour, good=good)) + "\n")
    out.rstrip()
    return out


KEY_LINE = re.compile(r"(.*?\S)\s{3,}(\S.*)$")
"""A line of the keys text: the key, three or more spaces, what it does ("p  m  h  l"
keeps its own double spaces)."""


def keys(text: str) -> Group:
    """The keys text, one key a line, each description wrapping under itself."""
    lines = [KEY_LINE.match(line) or line for line in text.strip("\n").split("\n")]
    width = max((cell_len(m[1]) for m in lines if isinstance(m, re.Match)), default=0)
    return Group(*(hanging(m[1], m[2], width + 1) if isinstance(m, re.Match) else Text(m) for m in lines))


def hanging(head: str, body: str, width: int | None = None) -> Grid:
    """`head`, then `body` wrapped in a column of its own beside it."""
    grid = Grid.grid()
    grid.add_column(no_wrap=True, width=width)
    grid.add_column(ratio=1, overflow="fold")  # Japanese has no spaces: it breaks anywhere
    grid.add_row(head, body)
    return grid


class HelpScreen(OnTop, SizeGuard, FollowsWords, ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", "key.close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog helpbox"):
            yield Static(classes="body")

    def on_mount(self) -> None:
        if closed(self):
            return
        self.draw()
        self.query_one(VerticalScroll).focus()

    def draw(self) -> None:
        heading = lambda key: Text(t(key), "bold underline")  # noqa: E731
        parts: list = [Text(t("help.title") + " · " + t("app.title"), "bold"), Text("")]
        parts += [heading("help.rules_title"), rules(t("help.rules")), Text("")]
        parts += [heading("help.cubes_title"), cubes(), Text(t("help.cube_code")), Text("")]
        parts += [heading("help.keys_title"), keys(t("help.keys")), Text("")]
        marks = t("help.marks", ok=t("board.mark_ok"), played=t("card.played_mark"),
                  first=t("board.first_player"), you=t("board.you"))
        parts += [heading("help.marks_title"), keys(marks), Text("")]
        parts += [heading("help.mouse_title"), Text(t("help.mouse")), Text("")]
        parts.append(Text(t("help.close"), "dim"))
        self.query_one(".body", Static).update(Group(*parts))

    def words_changed(self) -> None:
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)
