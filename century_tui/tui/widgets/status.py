"""The status line (round, whose turn, final round) and the prompt under the hand."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from century_tui.text import t, tier_letter, words
from century_tui.tui import render
from century_tui.tui.follow import FollowsWords


class StatusBar(FollowsWords, Widget):
    """Title, round and the player to act; 'Final round' once the end is triggered."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.round = 1
        self.player = ""
        self.thinking = False
        self.final = False
        self.over = False
        self.away: str | None = None
        """Why the person to play is not at the table ("disconnected", "waiting": Table.away)."""
        self.unsaved = False
        """The last autosave failed: a marker stays until one succeeds."""

    def set_unsaved(self, unsaved: bool) -> None:
        if unsaved != self.unsaved:
            self.unsaved = unsaved
            self.refresh()

    def show(self, round_: int, name: str, *, thinking: bool, final: bool, over: bool, away: str | None = None) -> None:
        now = (round_, name, thinking, final, over, away)
        if now == (self.round, self.player, self.thinking, self.final, self.over, self.away):
            return
        self.round, self.player, self.thinking, self.final, self.over, self.away = now
        self.set_class(final and not over, "-final")
        self.refresh()

    def render(self) -> Text:
        left = Text(" ")
        left.append(t("app.title"), render.accent_style())
        left.append("  ")
        left.append(t("board.round", round=self.round), "bold")
        left.append("  ")
        if self.over:
            left.append(t("board.game_over"), "bold")
        elif self.thinking:
            left.append(t("board.bot_thinking", name=self.player))
        else:
            left.append(t("board.you") + " ", "bold")
            left.append(t(f"board.to_play_{self.away}" if self.away else "board.to_play", name=self.player), "bold")
        right = Text("")
        if self.unsaved:
            right.append(" " + t("board.not_saved") + " ", "bold white on red")
        if self.final and not self.over:
            right.append(" " + t("board.final_round") + " ", "bold reverse")
        width = self.size.width
        legend = self._legend(width - left.cell_len - right.cell_len - 3)
        gap = width - left.cell_len - right.cell_len - legend.cell_len - 1
        if gap >= 2:
            left.append(" " * gap)
            left.append_text(legend)
            left.append(" ")
        else:  # the right end (Not saved, Final round) always shows: the left part gives way
            left.truncate(max(1, width - right.cell_len - 1), overflow="ellipsis")
            left.append(" " * max(1, width - left.cell_len - right.cell_len))
        left.append_text(right)
        left.truncate(width, overflow="ellipsis")
        return left

    def _legend(self, room: int) -> Text:
        """A key to the cubes in at most `room` cells: each cube with its good (turmeric...),
        else with its colour, else with its colour written short (digits and shapes share
        no initial with it), else the four cubes alone."""
        keys = (legend("goods"), legend("tiers"), legend("tiers_short"))
        return next((key for key in keys if key.cell_len <= room), legend(None))

    def words_changed(self) -> None:
        self.refresh()


def legend(names: str | None) -> Text:
    """The four cubes, each followed by its name from the skin's words (`goods`, `tiers` or
    `tiers_short`), in dim; a colour name that begins with the cube's letter shares it
    ([Y]ellow)."""
    out = Text()
    for tier in range(4):
        if tier:
            out.append(" ")
        out.append_text(render.cube(tier))
        if names is None:
            continue
        name = getattr(words(), names)[tier]
        shared = names != "goods" and name[:1].upper() == tier_letter(tier)
        out.append(name[1:] if shared else " " + name, "dim")
    return out


class PromptBar(Widget):
    """What Enter does with the picked card, or why it cannot be done."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = Text("")
        self.problem = False

    def show(self, text: Text, problem: bool = False) -> None:
        if text == self.text and problem == self.problem:
            return
        lines = lambda t: 1 if t.cell_len <= max(1, self.size.width) else 2  # noqa: E731
        relayout = lines(text) != lines(self.text)
        self.text = text
        if problem != self.problem:
            self.problem = problem
            self.set_class(problem, "-problem")
        self.refresh(layout=relayout)

    def render(self) -> Text:
        return self.text
