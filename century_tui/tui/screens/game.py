"""The board: one screen holding the game, through which every move passes.

State flows down (`refresh_board` hands each widget its slice of the state), intent
flows up (widgets post `Chosen` messages; the screen turns them into moves, asks a modal
for what is missing, and calls `play`). `play` is the one door every move goes through,
human or bot: apply → log → autosave → refresh → next turn (bot, pass screen, results).
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.widgets import Static

from century_tui import storage
from century_tui.engine import (
    ACTION,
    DISCARDING,
    Acquire,
    MERCHANT_CARDS,
    POINT_CARDS,
    Claim,
    IllegalMove,
    Move,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
)
from century_tui.engine import events as ev
from century_tui.engine.game import Game
from century_tui.engine.state import CARAVAN_LIMIT, trigger_cards
from century_tui.text import Coin, Names, t
from century_tui.tui import coach, render
from century_tui.tui.journal import Entry, describe, history
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.keys import Localized, refresh_bindings_soon
from century_tui.tui.modals import AcquireModal, DiscardModal, TradeModal, UpgradeModal
from century_tui.tui.options import (
    acquire_options,
    acquire_payments,
    claim_options,
    hand_options,
    play_probe,
    refusal,
    trade_max,
    upgradable,
)
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.widgets.caravans import CaravanInfo, Caravans
from century_tui.tui.widgets.hand import HandItem, HandView
from century_tui.tui.widgets.log import GameLog
from century_tui.tui.widgets.rows import CardRow, MerchantRow, PointRow, SlotView
from century_tui.tui.widgets.status import HintBar, StatusBar
from century_tui.tui.lifecycle import closed


def end_news(state, names: list[str]) -> str:
    """What the table should know of the end (R-END-1): '' while it is far."""
    if state.is_over:
        return ""
    if state.end_triggered is not None:
        return t("board.last_round", last=names[(state.first - 1) % state.n])
    trigger = trigger_cards(state.n)
    close = [names[i] for i in state.turn_order() if len(state.players[i].claimed) == trigger - 1]
    if not close:
        return ""
    if len(close) == 1:
        return t("board.near_end", name=close[0], count=trigger - 1)
    return t("board.near_end_many", names=Names(tuple(close)), count=trigger - 1)


def bot_seed(game_seed: int, move_number: int) -> int:
    """A bot's seed for one move: the same game replays identically."""
    return (game_seed * 1_000_003 + move_number * 7_919 + 17) % (2**63)


class GameScreen(SizeGuard, Localized, Screen):
    BINDINGS = [
        Binding("tab", "app.focus_next", "key.next_area"),
        Binding("shift+tab", "app.focus_previous", "key.prev_area", show=False),
        Binding("p", "jump('points')", "key.jump_points", show=False),
        Binding("m", "jump('merchants')", "key.jump_merchants", show=False),
        Binding("h", "jump('hand')", "key.jump_hand", show=False),
        Binding("l", "jump('log')", "key.jump_log", show=False),
        Binding("r", "rest", "key.rest"),
        Binding("t", "table", "key.table"),
        Binding("d", "discard", "key.discard"),
        Binding("enter", "results", "key.results"),
        Binding("u,ctrl+z", "undo", "key.undo"),
        Binding("ctrl+y,U", "redo", "key.redo"),
        Binding("c", "coach(True)", "key.coach"),  # tui/coach.py: shown where hints are allowed,
        Binding("c", "coach(False)", "key.coach", show=False),  # else hidden, saying why not
    ]

    def __init__(self, game: Game, save_path: Path | None = None, *, resumed: bool = False) -> None:
        super().__init__()
        self.localize_bindings()
        self.game = game
        self.save_path = save_path
        self.resumed = resumed
        self.thinking = False
        self.epoch = 0
        """Bumped whenever the game changes (a move, undo, redo): stale bot moves are dropped."""
        self.last_human: int | None = None
        """The seat of the person at the keyboard: the last whose pass screen was answered
        (or whose turn began, without one). None before the first, so that the first human
        turn gets the pass screen too."""
        self.save_error: str | None = None
        """Why the last autosave failed; None once one succeeds (the marker goes too)."""
        self.leave_warned = False
        """Quitting or leaving was refused once for this failure (the second time lets go)."""
        self.taken_back: dict[int, tuple[str, list[Entry]]] = {}
        """Seat → (who took it back, the log lines of the move): a person whose move someone
        else took back is told so on their pass screen."""
        self._bindings_key: tuple = ()
        s = game.state
        self.status = StatusBar(id="status")
        self.points = PointRow(id="points")
        self.merchants = MerchantRow(id="merchants")
        self.caravans = Caravans(s.n, id="caravans")
        self.news = Static(id="news")
        self.hand = HandView(id="hand")
        self.hint = HintBar(id="hint")
        self.log_view = GameLog(id="log")

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield self.status
        yield self.points
        yield self.merchants
        with Container(id="lower"):
            with Vertical(id="left"):
                yield self.caravans
                yield self.news
                yield self.hand
                yield self.hint
            yield self.log_view
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.log_view.add(history(self.game, self.resumed))
        self.fit(self.app.size.width, self.app.size.height)
        for area in (self.points, self.merchants, self.hand):
            self.watch(area, "cursor", self._cursor_moved, init=False)
        self.refresh_board()
        self.hand.focus()
        if self.save_path is None:
            self.autosave()  # a new game's own file, resumable from the first turn
        self.call_after_refresh(self.next_turn)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def home_focus(self):
        return self.hand  # never the point row: a claim would be one Enter away

    def fit(self, width: int, height: int) -> None:
        """Let a large terminal breathe: the log beside the board, taller cards."""
        self.set_class(width >= 110, "-wide")
        self.set_class(height >= 32, "-tall")
        self.set_class(height >= 40, "-taller")

    # ------------------------------------------------------------ who may act
    @property
    def state(self):
        return self.game.state

    def human_turn(self) -> bool:
        s = self.state
        return not s.is_over and self.game.current_seat.is_human and not self.thinking

    def can_act(self) -> bool:
        """A person may take an action now (not a bot's turn, no discard pending, not over)."""
        return self.human_turn() and self.state.phase == ACTION

    # ------------------------------------------------------------ state flows down
    def refresh_board(self) -> None:
        s = self.state
        active = self.can_act()
        names = [x.name for x in self.game.seats]
        claims = claim_options(s) if active else []
        points = []
        for i, card in enumerate(s.point_row):
            coin = s.coin_on(i)
            coins = s.upper_coins if coin == "upper" else s.lower_coins if coin == "lower" else 0
            points.append(SlotView(card, bool(claims and claims[i].ok), coin, coins))
        self.points.show(points, len(s.point_deck))
        buys = acquire_options(s) if active else []
        merchants = [
            SlotView(card, bool(buys and buys[i].ok), cubes=s.merchant_cubes[i])
            for i, card in enumerate(s.merchant_row)
        ]
        self.merchants.show(merchants, len(s.merchant_deck))
        self.points.active = self.merchants.active = self.hand.active = active
        self.caravans.show([  # in turn order: the first player on top
            CaravanInfo(
                name=names[i], bot=self.game.seats[i].bot, cubes=p.cubes, hand=len(p.hand_cards),
                played=len(p.played_cards), claimed=len(p.claimed), upper=p.upper, lower=p.lower,
                current=(i == s.seat and not s.is_over), first=(i == s.first),
            )
            for i, p in ((i, s.players[i]) for i in s.turn_order())
        ])
        self.show_news()
        if active:
            items = [HandItem(c, played, o.ok) for c, played, o in hand_options(s)]
        else:
            p = s.current
            items = [HandItem(c, bool(p.played >> c & 1), False) for c in p.owned]
        self.hand.show(names[s.seat], items)
        self.status.show(s.round, names[s.seat], thinking=self.thinking,
                         final=s.end_triggered is not None, over=s.is_over)
        self.update_hint()
        hand = self.hand.selected
        key = (
            active, s.phase, s.is_over, self.points.selected.ok, self.merchants.selected.ok, hand and hand.ok,
            self.game.undo_point() is not None, bool(self.game.redo_moves),
        )
        if key != self._bindings_key:  # the footer rebuilds itself: only when a key changed
            self._bindings_key = key
            refresh_bindings_soon(self)

    def show_news(self) -> None:
        """The end coming, for the whole table: who is one card from it, then the last round."""
        news = end_news(self.state, [x.name for x in self.game.seats])
        self.news.display = bool(news)
        if news:
            self.news.update(Text(news))

    def update_hint(self) -> None:
        s = self.state
        name = self.game.current_seat.name
        if s.is_over:
            self.hint.show(Text(t("hint.over")))
            return
        if not self.game.current_seat.is_human:
            self.hint.show(Text(t("hint.bot_turn", name=name)))
            return
        if s.phase == DISCARDING:
            held = sum(s.current.cubes)
            self.hint.show(Text(t("hint.discard", held=held, excess=held - CARAVAN_LIMIT)), problem=True)
            return
        focused = self.focused
        text, problem = Text(t("hint.nothing")), False
        if isinstance(focused, PointRow):
            text, problem = self._point_hint(focused)
        elif isinstance(focused, MerchantRow):
            text, problem = self._merchant_hint(focused)
        elif isinstance(focused, HandView):
            text, problem = self._hand_hint(focused)
        self.hint.show(text, problem)

    def _point_hint(self, row: CardRow) -> tuple[Text, bool]:
        s = self.state
        i = row.cursor
        if i >= len(s.point_row):
            return Text(t("error.no_slot", slot=i + 1)), True
        error = refusal(s, Claim(i))
        if error is not None:
            return render.error(error), True
        coin = s.coin_on(i)
        coin_text = render.rt("hint.claim_coin", coin=Coin(coin == "upper")) if coin else Text("")
        return render.rt("hint.claim", cost=POINT_CARDS[s.point_row[i]].cost, coin=coin_text), False

    def _merchant_hint(self, row: CardRow) -> tuple[Text, bool]:
        s = self.state
        i = row.cursor
        if i >= len(s.merchant_row):
            return Text(t("error.no_slot", slot=i + 1)), True
        slot = row.selected
        if not slot.ok:
            error = refusal(s, Acquire(i, ()))
            return (render.error(error) if error else Text("")), True
        on = s.merchant_cubes[i]
        bonus = render.rt("hint.acquire_bonus", cubes=on) if any(on) else Text("")
        if i == 0:
            return render.rt("hint.acquire_free", bonus=bonus), False
        if i == 1:
            return render.rt("hint.acquire_one", bonus=bonus), False
        return render.rt("hint.acquire", count=i, bonus=bonus), False

    def _hand_hint(self, hand: HandView) -> tuple[Text, bool]:
        s = self.state
        item = hand.selected
        if item is None:
            return Text(t("board.hand_empty")), False
        error = refusal(s, play_probe(s, item.card))
        if error is not None:
            return render.error(error), True
        c = MERCHANT_CARDS[item.card]
        if c.kind == "spice":
            return render.rt("hint.spice", gain=c.gain), False
        if c.kind == "upgrade":
            if not upgradable(s.current.cubes):
                return Text(t("hint.upgrade_nothing")), False
            return Text(t("hint.upgrade", steps=c.steps)), False
        most = trade_max(s, item.card)
        key = "hint.trade" if most > 1 else "hint.trade_once"
        return render.rt(key, pay=c.pay, gain=c.gain, times=most), False

    def on_descendant_focus(self, event) -> None:
        self.update_hint()

    def _cursor_moved(self, _value: int) -> None:
        """A row's cursor moved: say what Enter would do (in the same frame as the move)."""
        self.update_hint()

    # ------------------------------------------------------------ intent flows up
    def on_point_row_chosen(self, message: PointRow.Chosen) -> None:
        if self.guard():
            self.play(Claim(message.index))

    def on_merchant_row_chosen(self, message: MerchantRow.Chosen) -> None:
        if not self.guard():
            return
        s = self.state
        index = message.index
        if index >= len(s.merchant_row) or sum(s.current.cubes) < index:
            self.play(Acquire(index, ()))
            return
        payments = acquire_payments(s, index)
        if len(payments) == 1:
            self.play(payments[0])
            return
        modal = AcquireModal(index, s.current.cubes, list(s.merchant_row), s.merchant_cubes[index])
        self.ask(modal)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        if not self.guard():
            return
        s = self.state
        card = message.card
        error = refusal(s, play_probe(s, card))
        if error is not None:
            self.refuse(error)
            return
        kind = MERCHANT_CARDS[card].kind
        if kind == "spice":
            self.play(PlaySpice(card))
        elif kind == "upgrade":
            if upgradable(s.current.cubes):
                self.ask(UpgradeModal(card, s.current.cubes))
            else:
                self.play(PlayUpgrade(card, ()))
        else:
            most = trade_max(s, card)
            if most > 1:
                self.ask(TradeModal(card, s.current.cubes, most))
            else:
                self.play(PlayTrade(card, 1))

    def on_hand_view_rest_chosen(self, message: HandView.RestChosen) -> None:
        self.action_rest()

    def guard(self) -> bool:
        """True when a person may act now; otherwise say why (never ignore silently)."""
        if self.can_act():
            return True
        s = self.state
        if s.is_over:
            self.refuse(IllegalMove("R-END-2", "game_over"))
        elif s.phase == DISCARDING and self.human_turn():
            held = sum(s.current.cubes)
            self.refuse(IllegalMove("R-LIM-1", "must_discard", held=held, excess=held - CARAVAN_LIMIT))
            self.action_discard()
        else:
            self.app.bell()
        return False

    def ask(self, modal) -> None:
        """Open a modal; play what it returns (None: the player backed out, nothing changes)."""
        token = self.epoch

        def done(move: Move | None) -> None:
            if move is not None and token == self.epoch:
                self.play(move)

        self.app.push_screen(modal, done)

    def refuse(self, error: IllegalMove) -> None:
        self.app.bell()
        self.notify(render.error(error).plain, severity="warning", timeout=4)

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rest":  # hidden, not dimmed, where it never works: the end, a discard
            if self.can_act():
                return True
            return False if self.state.is_over or self.state.phase == DISCARDING else None
        if action == "discard":
            return True if (self.human_turn() and self.state.phase == DISCARDING) else False
        if action == "results":
            return True if self.state.is_over else False
        if action == "undo":
            return True if self.game.undo_point() is not None else None
        if action == "redo":
            return True if self.game.redo_moves else False
        if action == "coach":
            return coach.offered(self, bool(parameters[0]))
        return True

    def action_jump(self, area: str) -> None:
        """Straight to a row: p point cards, m merchant cards, h hand, l log. Focus is set
        at once (not deferred like `widget.focus()`), so keys typed in the same burst, as
        "m2⏎" over SSH, reach the new row."""
        self.set_focus(self.query_one(f"#{area}"))

    def action_coach(self, _shown: bool) -> None:
        coach.ask(self)

    def action_rest(self) -> None:
        if self.guard():
            self.play(Rest())

    def action_discard(self) -> None:
        s = self.state
        if self.human_turn() and s.phase == DISCARDING:
            held = sum(s.current.cubes)
            self.ask(DiscardModal(s.current.cubes, held - CARAVAN_LIMIT))

    def action_table(self) -> None:
        """Everyone's caravan, hand and played pile at a glance."""
        from century_tui.tui.screens.table_view import TableScreen

        if not isinstance(self.app.screen, TableScreen):
            self.app.push_screen(TableScreen(self.game))

    def action_results(self) -> None:
        if self.state.is_over:
            self.show_results()

    def on_key(self, event: events.Key) -> None:
        """A key whose action is disabled now says why instead of doing nothing.

        Key events reach the screen before the bindings are checked, so only keys whose
        binding is shown disabled are handled (and stopped) here.
        """
        focused = self.focused
        if event.key == "enter" and isinstance(focused, (CardRow, HandView)):
            if self.human_turn() and self.state.phase == DISCARDING:
                event.stop()
                self.guard()
            elif focused.check_action("act", ()) is None:
                event.stop()
                self.update_hint()
                self.app.bell()
                self.notify(self.hint.text.plain, severity="warning", timeout=4)
        elif event.key == "r" and not self.check_action("rest", ()):
            event.stop()
            self.guard()
        elif event.key in ("u", "ctrl+z") and self.check_action("undo", ()) is None:
            event.stop()
            self.action_undo()

    # ------------------------------------------------------------ the one door
    def play(self, move: Move) -> bool:
        """Apply a move for the player to act: apply → log → autosave → refresh → next turn."""
        if self.state.is_over:
            return False
        try:
            events_ = self.game.apply(move)
        except IllegalMove as e:
            self.refuse(e)
            return False
        self.epoch += 1
        self.drop_question()
        with self.app.batch_update():
            self.log_view.add(describe(events_, self.game))
            self.refresh_board()
        self.autosave()
        self.announce(events_)
        self.next_turn()
        return True

    def autosave(self) -> None:
        """Save after every move. A failure is said once and then shown by a marker in the
        status line until a save succeeds (quitting meanwhile asks first). A new game's
        file is created here, exclusively, and until that succeeds every move tries again."""
        if not getattr(self.app, "autosave_games", False):
            return
        try:
            if self.save_path is None:
                self.save_path, lock = storage.create_save(self.game)
                self.app.hold(lock)  # type: ignore[attr-defined]
            else:
                storage.autosave(self.save_path, self.game)
        except OSError as e:
            first = self.save_error is None
            self.save_error = storage.os_reason(e)
            if first:
                self.say_unsaved()
        else:
            if self.save_error is not None:
                self.notify(t("notify.saved_again"), timeout=4)
            self.save_error = None
            self.leave_warned = False  # a later failure is said again
        self.status.set_unsaved(self.save_error is not None)

    def say_unsaved(self) -> None:
        self.notify(t("notify.save_failed", error=self.save_error), severity="error", timeout=8)

    def announce(self, events_: list) -> None:
        for e in events_:
            if isinstance(e, ev.EndTriggered) and not self.state.is_over:  # else the results say it
                s = self.state
                last = self.game.seats[(s.first - 1) % s.n].name
                self.notify(
                    t("notify.final_round", name=self.game.seats[e.seat].name, count=e.cards, last=last),
                    timeout=6,
                )

    def next_turn(self) -> None:
        """Whatever comes after a move: results, a bot, a discard, or the pass screen."""
        if not self.is_attached:
            return
        s = self.state
        if s.is_over:
            self.show_results()
            return
        seat = self.game.current_seat
        if not seat.is_human:
            self.start_bot()
            return
        if s.phase == DISCARDING:
            self.action_discard()  # under the pass screen, if one comes
        same_person = self.last_human in (None, s.seat)  # only bots moved since: keep the focus
        if self.needs_handoff():
            from century_tui.tui.screens.handoff import HandOffScreen

            here = s.seat  # the keyboard changes hands when the pass screen is answered

            def seated(_: object = None) -> None:
                self.last_human = here

            self.app.clear_notifications()  # the last person's refusals are not the next one's
            if self.save_error is not None:  # but the next one must know the game is not saved
                self.say_unsaved()
            notice = self.taken_back.pop(s.seat, None)
            self.app.push_screen(HandOffScreen(seat.name, self.since_last_turn(s.seat), notice), seated)
        else:
            self.last_human = s.seat
        if s.phase != DISCARDING:
            self.hand.to_first_playable()
            if not (same_person and isinstance(self.focused, (CardRow, HandView))):
                self.hand.focus()

    def humans(self) -> int:
        return sum(1 for x in self.game.seats if x.is_human)

    def needs_handoff(self) -> bool:
        """The person at the keyboard changes (or is not known yet) in a game of people."""
        return getattr(self.app, "handoff", True) and self.humans() >= 2 and self.last_human != self.state.seat

    def since_last_turn(self, seat: int) -> list[Entry]:
        """Log lines since `seat` last moved: what the next person missed."""
        out: list[Entry] = []
        for entry in reversed(self.log_view.entries):
            if entry.seat == seat and entry.key not in ("log.round",):
                break
            out.append(entry)
        return list(reversed(out))

    def show_results(self) -> None:
        from century_tui.tui.screens.results import ResultsScreen

        if not isinstance(self.app.screen, ResultsScreen):
            self.app.push_screen(ResultsScreen(self.game))

    # ------------------------------------------------------------ undo and redo
    def action_undo(self) -> None:
        """Take back the last person's move and any bot moves after it (a replay). Another
        person's move is taken back only once confirmed: one key must not let Bob undo
        Ann's claim."""
        point = self.game.undo_point()
        if point is None:
            self.app.bell()
            self.notify(t("notify.nothing_to_undo"), severity="warning", timeout=3)
            return
        owner = self.game.movers[point]
        if self.humans() < 2 or owner == self.last_human:
            self.take_back()
            return
        from century_tui.tui.screens.confirm_undo import ConfirmUndo

        asking = None if self.last_human is None else self.game.seats[self.last_human].name

        token = self.epoch

        def answered(yes: bool | None) -> None:
            if yes and token == self.epoch:  # the game has not moved on meanwhile
                self.take_back()

        self.app.push_screen(ConfirmUndo(self.game.seats[owner].name, asking), answered)

    def drop_question(self) -> None:
        """A move was made (a bot's): an undo question asked before it is void."""
        from century_tui.tui.screens.confirm_undo import ConfirmUndo

        if isinstance(self.app.screen, ConfirmUndo):
            self.app.screen.dismiss(False)

    def take_back(self) -> None:
        point = self.game.undo_point()
        if point is None:
            return
        owner = self.game.movers[point]
        if self.last_human is not None and self.last_human != owner:  # someone else's move:
            lost = [e for e in self.log_view.entries if e.move == point + 1 and e.seat == owner]
            self.taken_back[owner] = (self.game.seats[self.last_human].name, lost)  # the owner is told
        self.game.undo()
        self.history_changed(t("notify.undone", name=self.game.current_seat.name))

    def action_redo(self) -> None:
        if not self.game.redo():
            self.app.bell()
            return
        self.history_changed(t("notify.redone"))

    def history_changed(self, message: str) -> None:
        """After undo/redo: drop a thinking bot's answer, redraw from the replay, save; the
        pass screen follows when the person to play is not the one at the keyboard."""
        self.epoch += 1
        self.thinking = False
        while self.app.screen is not self:  # the pass screen or the results go
            self.app.pop_screen()
        with self.app.batch_update():
            self.log_view.reset(history(self.game))
            self.refresh_board()
        self.autosave()
        self.notify(message, timeout=3)
        self.next_turn()

    # ------------------------------------------------------------ bots
    def start_bot(self) -> None:
        if self.thinking:
            return
        self.thinking = True
        self.refresh_board()
        seat = self.game.current_seat
        token = self.epoch
        delay = getattr(self.app, "bot_delay_ms", 600) / 1000
        budget = getattr(self.app, "bot_budget_ms", None)
        seed = bot_seed(self.game.seed, len(self.game.moves))
        self.think(self.state.clone(), seat.bot or "random", seed, token, delay, budget)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=True)
    def think(self, state, level: str, seed: int, token: int, delay: float, budget: int | None) -> None:
        """In a worker thread: a bot chooses on a copy of the state; the UI thread applies it.
        The bot's thinking counts toward the pause, so a fast answer still waits `delay`."""
        from century_tui.bots import make_bot

        started = time.monotonic()
        move = make_bot(level, seed=seed, budget_ms=budget).choose(state)
        rest = delay - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        try:
            self.app.call_from_thread(self.bot_moved, token, move)
        except RuntimeError:  # the app is closing
            pass

    def bot_moved(self, token: int, move: Move) -> None:
        if token != self.epoch or not self.is_attached or closed(self):  # a closed board writes nothing
            return
        self.thinking = False
        if not self.play(move):
            self.refresh_board()

    # ------------------------------------------------------------ skin
    def skin_changed(self) -> None:
        self.localize_bindings()
        self.refresh_board()
