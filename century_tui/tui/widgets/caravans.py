"""Every player's caravan, one line each: cubes, cards, claimed count, coins.

The player to act stands out (a marker and a highlight); the first player carries a
flag. Claimed point cards show only as a count until the end (R-CLM-2).
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


class CaravanLine(FollowsWords, Widget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.info: CaravanInfo | None = None
        self.name_width = 8
        self.tag_widths = (0, 0)

    def show(self, info: CaravanInfo, name_width: int, tag_widths: tuple[int, int]) -> None:
        """`tag_widths`: the cells the widest bot tag of the table takes, in full and short."""
        if (info, name_width, tag_widths) == (self.info, self.name_width, self.tag_widths):
            return
        self.info = info
        self.name_width = name_width
        self.tag_widths = tag_widths
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
        name = Text(info.name, "bold" if info.current else "")
        name.truncate(self.name_width, overflow="ellipsis", pad=True)
        out.append_text(name)
        out.append(" ")
        out.append_text(render.cubes(info.cubes, slots=CARAVAN_LIMIT))
        out.append("  ")
        upper = render.coin(True)
        upper.append(str(info.upper))
        lower = render.coin(False)
        lower.append(str(info.lower))
        # the most words that fit, the bot tag in full if it can be; every line has the same
        # room, so all lines read alike
        for short, tag_width in enumerate(self.tag_widths):
            room = self.size.width - out.cell_len - tag_width
            for key in ("caravan.line", "caravan.line_compact", "caravan.line_short"):
                stats = render.rt(key, hand=info.hand, played=info.played, claimed=info.claimed, upper=upper, lower=lower)
                if stats.cell_len <= room:
                    break
            if stats.cell_len <= room:
                break
        out.append_text(stats)
        tag = bot_tag(info.bot, info.name, short=bool(short))
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

    def compose(self):
        yield from self.lines

    def show(self, infos: list[CaravanInfo]) -> None:
        width = min(max(cell_len(i.name) for i in infos), 14)  # cells: アン is 4 wide
        tags = tuple(
            max((cell_len(tag) + 1 for i in infos if (tag := bot_tag(i.bot, i.name, short))), default=0)
            for short in (False, True)
        )
        for line, info in zip(self.lines, infos):
            line.show(info, width, tags)  # type: ignore[arg-type]
