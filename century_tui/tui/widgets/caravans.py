"""Every player's caravan, one line each: cubes, cards, claimed count, coins.

The player to act stands out (a marker and a highlight); the first player carries a
flag. Claimed point cards show only as a count until the end (R-CLM-2). Every line has the
same columns, whatever it holds: the cubes take as many cells on each line (more than 10
while a discard is pending, on every line), and the words after them are the same on each
(the most that fit on all), so the lines read as one table.
"""

from __future__ import annotations

from msgspec import Struct
from rich.cells import cell_len
from rich.text import Text
from textual.containers import Vertical
from textual.widget import Widget

from century_tui.engine import CARAVAN_LIMIT, MAX_PLAYERS, Cubes
from century_tui.text import bot_name, t
from century_tui.tui import render
from century_tui.tui.follow import FollowsWords


class CaravanInfo(Struct, frozen=True):
    name: str
    bot: str | None
    cubes: Cubes
    hand: int
    played: int
    claimed: int
    upper: int
    lower: int
    current: bool
    first: bool


def bot_tag(level: str | None, name: str, short: bool = False) -> str:
    """'(hard bot)', the level in the player's language ('(hard)' when `short`); nothing for
    a person, or for a bot still under the name the game gave it ("Medium bot", "Medium bot
    2"), which says it."""
    if not level:
        return ""
    given = [bot_name(level)] + [bot_name(level, n) for n in range(2, MAX_PLAYERS + 2)]
    if name.casefold() in (g.casefold() for g in given):
        return ""
    return t("board.bot_tag_short" if short else "board.bot_tag", level=t(f"level.{level}"))


STATS = ("caravan.line", "caravan.line_compact", "caravan.line_short")
"""The words after the cubes, the most first: every line takes the first that fits on all."""


class Columns(Struct, frozen=True):
    """What every line of the table shares: the cells of the name and of the cubes, the
    words after them and whether the bot tag is short."""

    name_width: int = 8
    cube_cells: int = CARAVAN_LIMIT
    """The widest caravan's cubes (10 places, more while a discard is pending)."""
    stats: str = STATS[0]
    short_tag: bool = False


def stats(info: CaravanInfo, key: str) -> Text:
    """A caravan's cards and coins in the words of `key`."""
    upper = render.coin(True)
    upper.append(str(info.upper))
    lower = render.coin(False)
    lower.append(str(info.lower))
    return render.rt(key, hand=info.hand, played=info.played, claimed=info.claimed, upper=upper, lower=lower)


def columns(infos: list[CaravanInfo], width: int) -> Columns:
    """The columns of a table `width` cells wide: the bot tag in full if it can be, and the
    most words that fit on every line with it (else the fewest, cut short)."""
    name_width = min(max(cell_len(i.name) for i in infos), 14)  # cells: アン is 4 wide
    cube_cells = max(render.cubes(i.cubes, slots=CARAVAN_LIMIT).cell_len for i in infos)
    before = 3 + name_width + 1 + cube_cells + 2  # marks, name, cubes and the gap after them
    tags = [max((cell_len(tag) + 1 for i in infos if (tag := bot_tag(i.bot, i.name, short))), default=0)
            for short in (False, True)]
    for short, tag_width in enumerate(tags):
        for key in STATS:
            if all(stats(i, key).cell_len <= width - before - tag_width for i in infos):
                return Columns(name_width, cube_cells, key, bool(short))
    return Columns(name_width, cube_cells, STATS[-1], True)


class CaravanLine(FollowsWords, Widget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.info: CaravanInfo | None = None
        self.columns = Columns()

    def show(self, info: CaravanInfo, columns: Columns) -> None:
        if (info, columns) == (self.info, self.columns):
            return
        self.info = info
        self.columns = columns
        self.set_class(info.current, "-current")
        self.refresh()

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        out = Text()
        out.append(t("board.you") if info.current else " ", "bold")
        out.append(t("board.first_player") if info.first else " ", "bold")
        out.append(" ")
        columns = self.columns
        name = Text(info.name, "bold" if info.current else "")
        name.truncate(columns.name_width, overflow="ellipsis", pad=True)
        out.append_text(name)
        out.append(" ")
        cubes = render.cubes(info.cubes, slots=CARAVAN_LIMIT)
        cubes.pad_right(columns.cube_cells - cubes.cell_len)  # over 10 on some line: as wide on all
        out.append_text(cubes)
        out.append("  ")
        out.append_text(stats(info, columns.stats))
        tag = bot_tag(info.bot, info.name, short=columns.short_tag)
        if tag:
            out.append(" ")
            out.append(tag, "italic dim")
        out.truncate(self.size.width, overflow="ellipsis")
        return out

    def words_changed(self) -> None:
        self.refresh()


class Caravans(Vertical):
    """One line per seat, in the order given (the board gives turn order)."""

    def __init__(self, count: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines = [CaravanLine(classes="caravan") for _ in range(count)]
        self.infos: list[CaravanInfo] = []

    def compose(self):
        yield from self.lines

    def show(self, infos: list[CaravanInfo]) -> None:
        self.infos = infos
        shared = columns(infos, self.size.width or self.app.size.width)
        for line, info in zip(self.lines, infos):
            line.show(info, shared)

    def on_resize(self) -> None:
        if self.infos:
            self.show(self.infos)

