"""Every player at a glance (`t`): every player in turn order, with caravan, hand,
played pile, point cards and coins. Hands and played piles are public (README: visibility
in pass-and-play); claimed point cards show only as a count until the game is over."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from century_tui.engine import CARAVAN_LIMIT, POINT_CARDS, GameRecord, trigger_cards
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.lifecycle import OnTop, closed
from century_tui.tui.repaint import ModalScreen
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.follow import FollowsWords


def cards_text(owned: tuple[int, ...], played: int, want_played: bool) -> Text:
    """The cards of a hand (or of the played pile), each with its number in the hand."""
    out = Text()
    for position, card in enumerate(owned):
        if bool(played >> card & 1) != want_played:
            continue
        if out:
            out.append("  ")
        out.append(f"{position + 1} ", "bold dim")
        out.append_text(render.merchant_effect(card))
    return out if out else Text(t("table.none"), "dim")


def player_block(game: GameRecord, seat: int, name_width: int) -> Grid:
    """One player: a heading line (markers, name, coins, point cards), then caravan, hand
    and played pile, each on its own line."""
    s = game.state
    p = s.players[seat]
    heading = Text()
    heading.append(t("board.you") if seat == s.seat and not s.is_over else " ", "bold")
    heading.append(t("board.first_player") if seat == s.first else " ", "bold")
    heading.append(" ")
    name = Text(game.seats[seat].name, "bold")
    name.align("left", name_width)
    heading.append_text(name)
    heading.append("  ")
    upper, lower = render.coin(True), render.coin(False)
    upper.append(f" {p.upper}")
    lower.append(f" {p.lower}")
    heading.append_text(upper)
    heading.append("  ")
    heading.append_text(lower)
    heading.append("   ")
    if s.is_over:
        cards = t("results.claimed_sep").join(str(POINT_CARDS[c].points) for c in p.claimed) or "—"
        heading.append(t("table.points_shown", count=len(p.claimed), cards=cards))
    else:
        heading.append(t("table.points_hidden", count=len(p.claimed), trigger=trigger_cards(s.n)))
    grid = Grid.grid(padding=(0, 1))
    grid.add_column(width=2)  # the lines under the heading are indented under the name
    grid.add_column(no_wrap=True, style="dim")
    grid.add_column(ratio=1)
    grid.add_row("", t("table.caravan"), render.cubes(p.cubes, slots=CARAVAN_LIMIT))
    grid.add_row("", t("table.hand"), cards_text(p.owned, p.played, False))
    grid.add_row("", t("table.played"), cards_text(p.owned, p.played, True))
    block = Grid.grid()
    block.add_column()
    block.add_row(heading)
    block.add_row(grid)
    return block


class OverviewScreen(OnTop, SizeGuard, FollowsWords, ModalScreen[None]):
    """Everyone's caravan, hand and played pile in one view; Esc (or t) closes it."""

    BINDINGS = [
        Binding("escape,t,q", "close", "key.close"),
    ]

    def __init__(self, game: GameRecord) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog overview"):
            yield Static(self.body(), classes="body")

    def on_mount(self) -> None:
        if closed(self):
            return
        self.query_one(VerticalScroll).focus()

    def body(self) -> Group:
        s = self.game.state
        title = Text(t("table.title", round=s.round), "bold")
        parts: list = [title]
        width = max(cell_len(seat.name) for seat in self.game.seats)
        for seat in s.turn_order():
            parts.append(Text(""))
            parts.append(player_block(self.game, seat, width))
        parts.append(Text(""))
        parts.append(Text(t("table.close"), "dim"))
        return Group(*parts)

    def words_changed(self) -> None:
        self.query_one(".body", Static).update(self.body())

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event) -> None:
        """A click outside the box closes it, as Esc does."""
        if event.widget is self:
            self.dismiss(None)
