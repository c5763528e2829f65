"""The list of unfinished games under the new-game form: players, round, when last saved,
newest first, and which another window has open (looked at again every `HELD_CHECK_S`, so
the mark goes soon after that window lets its game go, with no key pressed here). Enter or
a second click on a row selects it (DataTable.RowSelected, its key the save's path): the
form opens that game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from century_tui import storage
from century_tui.text import Names, t
from century_tui.tui.follow import FollowsWords

NEWGAME_WIDTH = 68
"""Cells for the list of games: the form's inside (form.tcss .newgame: width 76, border and
padding 2 a side), less a cell for its scrollbar when a long form scrolls."""

HELD_CHECK_S = 2.0
"""How often the list looks again at the games marked open elsewhere: a mark goes within
this once the other window has closed its game, with no key pressed here."""

MINUTE, SECOND = "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"
SAVED_MOST = 24
"""Cells at most for the list's Saved column: a name the game gives its saves fits."""

Listed = list[tuple[storage.SaveInfo, bool]]
"""Each game with whether another window has it open (`storage.unfinished_held`)."""


def saved_times(games: list[storage.SaveInfo]) -> list[str]:
    """When each game was saved, as the list shows it: to the minute; to the second where
    two games of the same players and round would read alike; the file's name (as `century
    resume` takes it, cut short past SAVED_MOST cells) where even the second is the same
    (two windows started at once)."""
    def alike(stamp: str) -> Counter:
        return Counter((info.players, info.round, info.modified.strftime(stamp)) for info in games)

    stamp = SECOND if max(alike(MINUTE).values(), default=1) > 1 else MINUTE
    same = alike(stamp)
    return [info.path.stem if same[(info.players, info.round, info.modified.strftime(stamp))] > 1
            else info.modified.strftime(stamp) for info in games]


class UnfinishedGames(FollowsWords, DataTable):
    """The unfinished games `games`, a row each, the cursor at first on the newest that no
    other window has open."""

    def __init__(self, games: Listed, **kwargs) -> None:
        super().__init__(cursor_type="row", cell_padding=1, **kwargs)
        self.games = games

    def on_mount(self) -> None:
        self.draw()
        if self.games:
            self.set_interval(HELD_CHECK_S, self.check_held)

    @property
    def chosen(self) -> Path | None:
        """The game under the cursor (None: no game listed)."""
        return self.games[self.cursor_row][0].path if self.games else None

    def draw(self) -> None:
        """The games, newest first, in the words now on show; the cursor on the game it was
        on, else on the newest that no other window has open."""
        self.display = bool(self.games)
        at = self.cursor_row if self.row_count else next((i for i, (_, held) in enumerate(self.games) if not held), 0)
        self.clear(columns=True)
        labels = [t("newgame.games"), t("newgame.round"), t("newgame.saved")]
        held_word = t("newgame.held")
        saved = saved_times([info for info, _ in self.games])
        widths = [cell_len(labels[1]), max(cell_len(labels[2]), 16, *(min(cell_len(w), SAVED_MOST) for w in saved))]
        if any(held for _, held in self.games):
            labels.append("")
            widths.append(cell_len(held_word))
        # what the other columns and each column's padding leave; a vertical scrollbar's cell
        widths.insert(0, max(12, NEWGAME_WIDTH - sum(widths) - 2 * len(widths) - 1))
        for label, width in zip(labels, widths):
            self.add_column(Text(label, "bold"), width=width)
        for (info, held), when in zip(self.games, saved):
            style = "dim" if held else ""
            cells = [
                Text(str(Names(tuple(info.players))), style, no_wrap=True, overflow="ellipsis"),
                Text(str(info.round), style, justify="right"),
                Text(when, style, no_wrap=True, overflow="ellipsis"),
                Text(held_word, "italic") if held else Text(""),
            ]
            self.add_row(*cells[: len(labels)], key=str(info.path))
        self.move_cursor(row=at)

    def check_held(self) -> None:
        """The games marked open elsewhere that no window holds now lose their mark (the
        other window closed its game: the list said so only after a key was pressed here)."""
        now = [(info, held and storage.still_held(info.path)) for info, held in self.games]
        if now != self.games:
            self.games = now
            self.draw()

    def read_again(self) -> None:
        """The games as they are on disk now (one was opened elsewhere, or is gone)."""
        self.games = storage.unfinished_held()
        self.draw()

    def words_changed(self) -> None:
        self.draw()
