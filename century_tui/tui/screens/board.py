"""The board: the point row, the merchant row, every caravan, a hand and the log, drawn
from a table. The game screen and the replay viewer both extend it.

State flows down: `refresh_board` hands each widget its slice of the table's state.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from century_tui.engine import trigger_cards
from century_tui.table import Table
from century_tui.text import Names, t
from century_tui.tui import chronicle
from century_tui.tui.context import window
from century_tui.tui.follow import FollowsWords
from century_tui.tui.keys import OffersKeys, offered
from century_tui.tui.lifecycle import closed
from century_tui.legality import Legality
from century_tui.tui.repaint import Screen
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.styles import BoardStyled
from century_tui.tui.widgets.caravans import CaravanInfo, Caravans
from century_tui.tui.widgets.cursor_row import CursorRow
from century_tui.tui.widgets.hand import HandItem, HandView
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.log import GameLog
from century_tui.tui.widgets.rows import MerchantRow, PointRow, SlotView
from century_tui.tui.widgets.status import PromptBar, StatusBar


def end_news(state, names: list[str]) -> str:
    """What the table should know of the end (R-END-1): '' while it is far."""
    if state.is_over:
        return ""
    if state.end_triggered is not None:
        return t("board.last_round", last=names[state.last])
    trigger = trigger_cards(state.n)
    close = [names[i] for i in state.turn_order() if len(state.players[i].claimed) == trigger - 1]
    if not close:
        return ""
    if len(close) == 1:
        return t("board.near_end", name=close[0], count=trigger - 1)
    return t("board.near_end_many", names=Names(tuple(close)), count=trigger - 1)


class BoardScreen(OffersKeys, BoardStyled, SizeGuard, FollowsWords, Screen):
    """A table's position on show. Who may act, and how, is the extending screen's."""

    AUTO_FOCUS = "HandView"
    """Where the focus starts: Textual would first light the point row (its first
    focusable), restyling it and then the hand again; and a claim would be one Enter away."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "key.next_area"),
        Binding("shift+tab", "app.focus_previous", "key.prev_area", show=False),
        Binding("p", "jump('points')", "key.jump_points", show=False),
        Binding("m", "jump('merchants')", "key.jump_merchants", show=False),
        Binding("h", "jump('hand')", "key.jump_hand", show=False),
        Binding("l", "jump('log')", "key.jump_log", show=False),
    ]

    def __init__(self, table: Table, *, resumed: bool = False) -> None:
        super().__init__()
        self.table = table
        self.resumed = resumed
        self._bindings_key: tuple = ()
        self._legal: tuple[tuple[int, int], Legality] | None = None
        self.behind = False
        """The position changed and the board does not show it yet (`catch_up` draws it)."""
        self.turn_starts = False
        """A person's turn starts, its cursor not placed yet: `catch_up` puts it on the hand's
        first playable card and focuses the hand, whatever row was focused before (a row left
        focused by the last move, or browsed while a bot played, may have changed under it;
        the hand is the player's own, so an Enter out of habit plays what the prompt says).
        A row's own cursor stays where it was: its key (m, p) goes back there."""
        self.status = StatusBar(id="status")
        self.points = PointRow(id="points")
        self.merchants = MerchantRow(id="merchants")
        self.caravans = Caravans(table.state.n, id="caravans")
        self.news = Static(id="news")
        self.hand = HandView(len(table.state.players[table.hand_seat()].owned), id="hand")
        self.prompt = PromptBar(id="prompt")
        self.log_view = GameLog(id="log")

    @property
    def game(self):
        return self.table.game

    @property
    def state(self):
        return self.table.state

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        self.fit(self.app.size.width, self.app.size.height)  # before the widgets: styled once
        yield self.status
        yield self.points
        yield self.merchants
        with Container(id="lower"):
            with Vertical(id="left"):
                yield self.caravans
                yield self.news
                yield self.hand
                yield self.prompt
            yield self.log_view
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.log_view.add(chronicle.history(self.table, self.resumed))
        self.fit(self.app.size.width, self.app.size.height)
        for area in (self.points, self.merchants, self.hand):
            self.watch(area, "cursor", self._cursor_moved, init=False)
        self.refresh_board()
        self.set_focus(self.hand)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def home_focus(self):
        return self.hand  # never the point row: a claim would be one Enter away

    def fit(self, width: int, height: int) -> None:
        """Let a large terminal breathe: the log beside the board, taller cards. One class
        update: each restyles every widget of the board."""
        self.update_classes({"-wide": width >= 110, "-tall": height >= 32, "-taller": height >= 40})

    def can_act(self) -> bool:
        """A person at this screen may act now: the rows and the hand take choices."""
        return False

    # ------------------------------------------------------------ state flows down
    def refresh_board(self) -> None:
        s = self.state
        active = self.can_act()
        seats = self.table.seats
        names = [x.name for x in seats]
        legal = self.legality() if active else None
        points = []
        for i, card in enumerate(s.point_row):
            coin = s.coin_on(i)
            coins = s.upper_coins if coin == "upper" else s.lower_coins if coin == "lower" else 0
            points.append(SlotView(card, bool(legal and legal.claims[i] is None), coin, coins))
        self.points.show(points, len(s.point_deck))
        merchants = [
            SlotView(card, bool(legal and legal.acquires[i] is None), cubes=s.merchant_cubes[i])
            for i, card in enumerate(s.merchant_row)
        ]
        self.merchants.show(merchants, len(s.merchant_deck))
        self.points.active = self.merchants.active = self.hand.active = active
        self.caravans.show([  # in turn order: the first player on top
            CaravanInfo(
                name=names[i], bot=seats[i].bot, cubes=p.cubes, hand=len(p.hand_cards),
                played=len(p.played_cards), claimed=len(p.claimed), upper=p.upper, lower=p.lower,
                current=(i == s.seat and not s.is_over), first=(i == s.first),
            )
            for i, p in ((i, s.players[i]) for i in s.turn_order())
        ])
        self.show_news()
        shown = self.table.hand_seat()
        if legal is not None and shown == s.seat:
            items = [HandItem(c, played, ok) for c, played, ok in legal.hand(s)]
        else:
            p = s.players[shown]
            items = [HandItem(c, bool(p.played >> c & 1), False) for c in p.owned]
        self.hand.show(names[shown], items)
        self.status.show(s.round, names[s.seat], thinking=self.table.thinking,
                         final=s.end_triggered is not None, over=s.is_over, away=self.table.away(s.seat))
        self.update_prompt()
        hand = self.hand.selected
        key = (
            active, s.phase, s.is_over, self.points.selected.ok, self.merchants.selected.ok, hand and hand.ok,
            self.table.undo_owner() is not None, bool(self.game.redo_moves),
        )
        if key != self._bindings_key:  # the footer rebuilds itself: only when a key changed
            self._bindings_key = key
            self.refresh_bindings()

    def catch_up(self, ahead: bool = False) -> None:
        """Draw the position on the board if it is behind, and put the cursor on a new turn's
        first playable card; `ahead`, under another screen (the pass screen), draw the board's
        widgets too, so that showing it again costs a copy of their lines, not a redraw."""
        if self.behind and not closed(self):
            self.behind = False
            self.refresh_board()
        if self.turn_starts:
            self.turn_starts = False
            self.hand.to_first_playable()
            self.set_focus(self.hand)  # not hand.focus(), which repaints the whole hand first
        if ahead:
            self.prepare()

    def on_screen_resume(self) -> None:
        self.catch_up()  # the pass screen was answered before it was painted (keys in a burst)

    def prepare(self) -> None:
        """Draw now the widgets a move changed while another screen covers the board (the
        pass screen, as one person hands the keyboard to the next): showing the board again
        is then a copy of lines drawn already, not a redraw of every widget."""
        if self.app.screen is self or closed(self):
            return
        for widget in self.walk_children(Widget):
            size = widget.region.size
            if size:
                widget.render_lines(Region(0, 0, size.width, size.height))

    def legality(self) -> Legality:
        """What the player to act may do in the position on show: asked of the engine once
        per position, for the cards' marks, the prompt, Enter and a click alike."""
        key = (self.table.epoch, len(self.game.moves))
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, Legality.of(self.state))
        return self._legal[1]

    def show_news(self) -> None:
        """The end coming, for the whole table: who is one card from it, then the last round."""
        news = end_news(self.state, self.table.names)
        self.news.display = bool(news)
        if news:
            self.news.update(Text(news))

    def update_prompt(self) -> None:
        """The line under the hand: what the selected card or slot would do."""

    def watch_focused(self, old: Widget | None, new: Widget | None) -> None:
        """The focus moved (`m`, Tab, a click, a new turn): the rows it left and reached
        draw it, and the prompt follows, before this frame is painted. Left to Textual's
        Focus and Blur events, each row drew it a frame later, so a focus key took two
        frames where one does."""
        for row in (old, new):
            if isinstance(row, CursorRow):
                row.mark_cursor()
        self.update_prompt()

    def on_descendant_focus(self, event) -> None:
        self.update_prompt()

    def _cursor_moved(self, _value: int) -> None:
        """A row's cursor moved: say what Enter would do (in the same frame as the move)."""
        self.update_prompt()

    # ------------------------------------------------------------ keys
    def action_jump(self, area: str) -> None:
        """Straight to a row: p point cards, m merchant cards, h hand, l log. Focus is set
        at once (not deferred like `widget.focus()`), so keys typed in the same burst, as
        "m2⏎" over SSH, reach the new row."""
        self.set_focus(self.query_one(f"#{area}"))

    def action_overview(self) -> None:
        """Everyone's caravan, hand and played pile at a glance."""
        from century_tui.tui.screens.overview import OverviewScreen

        if not isinstance(self.app.screen, OverviewScreen):
            self.app.push_screen(OverviewScreen(self.game))

    @offered("results")
    def results_offered(self) -> bool:
        return self.state.is_over

    def action_results(self) -> None:
        if self.state.is_over:
            self.show_results()

    def show_results(self) -> None:
        window(self).show_results(self.game, chronicle.running_scores(self.table))

    def words_changed(self) -> None:
        self.refresh_board()
