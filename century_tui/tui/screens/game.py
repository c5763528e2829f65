"""The game screen: a board a person plays on, watching a table.

Intent flows up: widgets send `Chosen` messages; the screen turns them into moves, asks a
modal for what is missing, and hands the move to the table. What the table then does (a
move, an undo, a bot thinking, a save failing) comes back as a change, the one way the
screen learns of it, whoever made the move: it logs, redraws, and brings what comes next
(the pass screen, a discard, the results). The modals, the coach and the pass screen load
when first used, not on the way to the board's first frame (`CenturyApp.on_ready`).
"""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen

from century_tui.engine import (
    ACTION, CARAVAN_LIMIT, DISCARDING, MERCHANT_CARDS, SPICE, UPGRADE, Acquire, Claim, IllegalMove,
    Move, PlaySpice, PlayTrade, PlayUpgrade, Rest
)
from century_tui.bots.registry import SEARCHING
from century_tui.engine import events as ev
from century_tui.table import (
    REDRAWN, BotFailed, Change, Moved, Refused, Resynced, Rewound, SaveChanged, Table, UndoAsked
)
from century_tui.text import t
from century_tui.tui import chronicle, prompt, render
from century_tui.journal import Entry
from century_tui.tui.context import window
from century_tui.tui.lifecycle import closed
from century_tui.legality import acquire_payments, trade_max, upgradable
from century_tui.tui.screens.board import BoardScreen
from century_tui.tui.screens.game_history import HistoryKeys
from century_tui.tui.screens.game_keys import GameKeys
from century_tui.tui.screens.second_press import ANSWER, SecondPress
from century_tui.tui.widgets.cursor_row import RowMessage
from century_tui.tui.widgets.hand import HandView
from century_tui.tui.widgets.rows import MerchantRow, PointRow


QUICK_REPLY_S = 0.05
"""How long the board waits, at bot speed instant, for a bot's reply before drawing the move
it answers: an easy or medium bot answers within a millisecond or two, and the board then
changes once, not twice in two frames (half the bytes over SSH, and the reply on screen a
frame sooner). A searching bot's move (the hard bot's) is not waited for (`quick_reply_due`)."""

ANSWER_WAIT_S = 0.25
"""How long a dialog of a host's game stays up for the host's answer to the move it sent:
it then closes with the move drawn, in one frame (not the board as it was first and the
move a frame later: half the time, and half the bytes over SSH). Past this, it closes and
the move is drawn when it comes."""


class GameScreen(SecondPress, GameKeys, HistoryKeys, BoardScreen):
    BINDINGS = [  # a key disabled now falls through to its hidden why_not, which says why
        Binding("r", "rest", "key.rest"),
        Binding("r", "why_not('rest')", show=False),
        Binding("t", "overview", "key.table"),
        Binding("d", "discard", "key.discard"),
        Binding("d", "why_not('discard')", show=False),
        Binding("enter", "results", "key.results"),
        Binding("enter", "why_not('act')", show=False),
        Binding("u,ctrl+z", "undo", "key.undo"),
        Binding("u,ctrl+z", "why_not('undo')", show=False),
        Binding("ctrl+y,U", "redo", "key.redo"),
        Binding("c", "coach('ask')", "key.coach"),  # tui/coach.py: shown where hints are allowed,
        Binding("c", "coach('off')", "key.coach", show=False),  # else hidden, saying why not
        Binding("escape", "coach('stop')", "key.cancel"),  # while the coach thinks
        ANSWER,  # Enter while a move is asked for twice
    ]

    def __init__(self, table: Table, *, resumed: bool = False) -> None:
        super().__init__(table, resumed=resumed)
        self.leave_warned = False
        """Quitting or leaving was refused once for this save failure (the second time lets go)."""
        self.taken_back: dict[int, tuple[str, list[Entry]]] = {}
        """Seat → (who took it back, the log lines of the move): a person whose move someone
        else took back is told so on their pass screen."""
        self.log_held: list[Entry] = []
        """The log's lines of a move a bot answers at once: drawn with the reply, in its frame."""
        self.dialog_sent: Screen | None = None
        """The dialog whose move is with the host, up until the host answers (ANSWER_WAIT_S)."""
        self._stop_listening = lambda: None
        self._pass_screen: Screen | None = None  # a HandOffScreen, the game's one

    # what the table knows, as the screen's (the app and tests read these)
    @property
    def save_path(self) -> Path | None:
        return self.table.save_path

    @property
    def save_error(self) -> str | None:
        return self.table.save_error

    @property
    def thinking(self) -> bool:
        return self.table.thinking

    @property
    def epoch(self) -> int:
        """Bumped by every change of the game (the coach drops a hint asked before one)."""
        return self.table.epoch

    @property
    def last_human(self) -> int | None:
        return self.table.at_keyboard

    def on_mount(self) -> None:  # before BoardScreen's (Textual calls each class's handler, down the MRO)
        if closed(self):
            return
        self._stop_listening = self.table.subscribe(self.on_table_change)
        self.table.start()  # before the first frame: a new game's file is asked for before any key can play
        if self.handoff_due():  # once BoardScreen's has drawn the board and the log (what the pass screen tells),
            self.call_next(self.begin)  # before the first frame: the pass screen is it, no hand on show to the wrong person
        else:
            self.call_after_refresh(self.begin)

    def on_unmount(self) -> None:
        self._stop_listening()
        screen, self._pass_screen = self._pass_screen, None
        if screen is not None and screen not in self.app.screen_stack:  # else it goes when popped
            self.app.uninstall_screen(screen)
            screen.remove()

    def begin(self) -> None:
        if closed(self):
            return
        self.next_turn()

    # ------------------------------------------------------------ who may act
    def human_turn(self) -> bool:
        return not self.state.is_over and self.table.plays_here(self.state.seat) and not self.table.thinking

    def can_act(self) -> bool:
        """A person may take an action now (not a bot's turn, no discard pending, not over)."""
        return self.human_turn() and self.state.phase == ACTION

    def update_prompt(self) -> None:
        if self.asked is not None:  # a second press is awaited: the question stays until a key
            self.prompt.show(self.asked.text(), True)
            return
        text, problem = prompt.board_prompt(self.table, self.focused, self.legality)
        if self.turn_refused and not problem and not self.human_turn() and not self.state.is_over:
            text, problem = prompt.wait_prompt(self.table), True  # a key was refused: why, and until when
        self.prompt.show(text, problem)

    # ------------------------------------------------------------ intent flows up
    def chosen(self, message: RowMessage) -> None:
        """A row's choice, taken at once (`CursorRow.send`)."""
        if isinstance(message, PointRow.Chosen):
            self.on_point_row_chosen(message)
        elif isinstance(message, MerchantRow.Chosen):
            self.on_merchant_row_chosen(message)
        elif isinstance(message, HandView.Chosen):
            self.on_hand_view_chosen(message)

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
        from century_tui.tui.modals import AcquireModal

        self.ask(AcquireModal(index, s.current.cubes, list(s.merchant_row), s.merchant_cubes[index]))

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        if not self.guard():
            return
        s = self.state
        card = message.card
        error = self.legality().play_refusal(s, card)
        if error is not None:
            self.refuse(error)
            return
        from century_tui.tui.modals import TradeModal, UpgradeModal

        kind = MERCHANT_CARDS[card].kind
        if kind == SPICE:
            self.play(PlaySpice(card))
        elif kind == UPGRADE:
            if upgradable(s.current.cubes):
                self.ask(UpgradeModal(card, s.current.cubes))
            else:
                self.play_or_ask(PlayUpgrade(card, ()), "enter")
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
            self.say_wait()
        return False

    def ask(self, modal) -> None:
        """Open a modal; play what it returns (None: the player backed out, nothing changes).
        An answer to a position the game has left (a bot moved, an undo) is dropped."""
        self.drop_asked()  # a rest asked a second press: Enter after this modal is not its answer
        epoch = self.table.epoch

        def done(move: Move | None) -> None:
            if move is not None and self.table.epoch == epoch:
                self.play(move)

        def send(move: Move) -> None:  # a host's game: the dialog stays up for the answer
            if self.dialog_sent is modal:  # sent already: a second Enter is not a second move
                return
            if self.table.epoch != epoch or not self.play(move):
                modal.dismiss(None)
                return
            self.dialog_sent = modal
            self.set_timer(ANSWER_WAIT_S, lambda: self.dialog_sent is modal and self.close_dialog_sent())

        if not self.table.played_here:
            modal.send = send
        self.app.push_screen(modal, done)

    def close_dialog_sent(self) -> None:
        modal, self.dialog_sent = self.dialog_sent, None
        if modal is not None and modal.is_current:
            modal.dismiss(None)

    def refuse(self, error: IllegalMove | Refused | str) -> None:
        self.app.bell()
        self.notify(error if isinstance(error, str) else render.error(error).plain, severity="warning", timeout=4)

    def play(self, move: Move) -> bool:
        """Hand a move to the table; a refusal is said (the change comes back if it plays)."""
        try:
            self.table.play(move)
        except IllegalMove as e:
            self.refuse(e)
            return False
        return True

    # ------------------------------------------------------------ keys (which are offered: game_keys.py)
    def action_coach(self, what: str) -> None:
        from century_tui.tui import coach

        coach.stop(self) if what == "stop" else coach.ask(self)

    def action_rest(self) -> None:
        if self.guard():
            self.play_or_ask(Rest(), "r")

    def action_discard(self) -> None:
        s = self.state
        if self.human_turn() and s.phase == DISCARDING:
            from century_tui.tui.modals import DiscardModal

            held = sum(s.current.cubes)
            self.ask(DiscardModal(s.current.cubes, held - CARAVAN_LIMIT))

    # ------------------------------------------------------------ what the table did
    def on_table_change(self, change: Change) -> None:
        if closed(self):
            return
        if isinstance(change, (Moved, Rewound, Resynced, Refused)):
            self.close_dialog_sent()  # the host answered: in this frame, with what it said
        if isinstance(change, (Moved, Rewound, Resynced)):
            self.asked = None  # asked of a position gone: the board is drawn again below
        if isinstance(change, Moved):
            self.drop_question()
            self.turn_moved_on()
            self.log_held += chronicle.log_lines(self.table, change)
            self.behind = True  # the board is drawn by next_turn
            if not self.quick_reply_due():  # else the log is drawn with the reply, in one frame
                self.flush_log()
            self.announce(change.events)
            self.next_turn()
        elif isinstance(change, (Rewound, Resynced)):
            self.flush_log()
            self.history_changed(change)
        elif isinstance(change, REDRAWN):  # a bot thinks, someone went, the host is silent
            if not self.behind:  # else drawn with the move it is behind on
                self.refresh_board()
        elif isinstance(change, BotFailed):
            self.bot_failed(change)
        elif isinstance(change, SaveChanged):
            self.save_changed(change.error)
        elif isinstance(change, Refused):
            self.refuse(change)
        elif isinstance(change, UndoAsked):
            from century_tui.tui.screens.confirm_undo import undo_asked

            undo_asked(self, change)

    def bot_failed(self, change: BotFailed) -> None:
        """A bot could not choose: said at its first try (it is tried again, not said at each
        try), and when a legal move at random is played in its stead."""
        if not change.stood_in and change.tries > 1:
            return
        key = "notify.bot_stood_in" if change.stood_in else "notify.bot_failed"
        name = self.game.seats[change.seat].name
        self.notify(t(key, name=name, reason=change.reason), severity="warning", timeout=8)

    def flush_log(self) -> None:
        if self.log_held:
            self.log_view.add(self.log_held)
            self.log_held = []

    def refresh_board(self) -> None:
        self.flush_log()  # a move held for a bot's quick reply that did not come in time
        super().refresh_board()

    def save_changed(self, error: str | None) -> None:
        """A failure is said once, then shown by a marker in the status line until a save
        succeeds (quitting meanwhile asks first)."""
        if error is not None:
            self.say_unsaved()
        else:
            self.notify(t("notify.saved_again"), timeout=4)
            self.leave_warned = False  # a later failure is said again
        self.status.set_unsaved(error is not None)

    def say_unsaved(self) -> None:
        self.notify(t("notify.save_failed", error=self.table.save_error), severity="error", timeout=8)

    def announce(self, events_) -> None:
        for e in events_:
            if isinstance(e, ev.EndTriggered) and not self.state.is_over:  # else the results say it
                last = self.game.seats[self.state.last].name
                self.notify(
                    t("notify.final_round", name=self.game.seats[e.seat].name, count=e.cards, last=last),
                    timeout=6,
                )

    def next_turn(self) -> None:
        """Whatever a person's eyes need next: the results, a discard, or the pass screen
        (a bot's turn is the table's: it is thinking already). Under a pass screen, the
        board is drawn once that screen is on show: the next person sees it sooner."""
        if not self.is_attached:
            return
        if self.behind and self.quick_reply_due():
            self.set_timer(QUICK_REPLY_S, self.catch_up)  # drawn with the bot's reply, if it comes by then
            return
        s = self.state
        handoff = self.handoff_due()
        if not handoff:
            self.catch_up()
        if s.is_over:
            self.show_results()
            return
        seat = self.game.current_seat
        if not self.table.plays_here(s.seat):
            return
        if s.phase == DISCARDING:
            self.action_discard()  # under the pass screen, if one comes
        if handoff:
            from century_tui.tui.screens.handoff import HandOffScreen, missed_since

            here = s.seat  # the keyboard changes hands when the pass screen is answered
            if self._pass_screen is not None:  # the board's first has no last person: the start's notices stay
                self.app.clear_notifications()  # the last person's refusals are not the next one's
            if self.table.save_error is not None:  # but the next one must know the game is not saved
                self.say_unsaved()
            if not isinstance(self._pass_screen, HandOffScreen):  # one for the game, installed: kept between turns
                self._pass_screen = HandOffScreen()
                self.app.install_screen(self._pass_screen, f"pass-{id(self)}")
            screen = self._pass_screen
            screen.show(seat.name, missed_since(self.log_view.entries, s.seat), self.taken_back.pop(s.seat, None))
            self.app.push_screen(screen, lambda _=None: (self.catch_up(), self.table.seated(here)))
        else:
            self.table.seated(s.seat)
        if s.phase != DISCARDING:  # a turn starts on the hand, whatever row was left focused
            self.turn_starts = True
        if handoff:
            self.call_after_refresh(self.catch_up, ahead=True)  # once the pass screen is on show
        else:
            self.catch_up()

    def quick_reply_due(self) -> bool:
        """A bot of this table that answers within a millisecond or two is to answer the move
        just made, at bot speed instant (a searching bot thinks for its budget: the move is
        drawn at once, not `QUICK_REPLY_S` later)."""
        s = self.state
        level = self.game.current_seat.bot
        return (not s.is_over and self.table.played_here and level is not None and level not in SEARCHING
                and window(self).bot_delay_ms == 0)

    def handoff_due(self) -> bool:
        """The turn to play is a person's of this table, behind a pass screen."""
        s = self.state
        return not s.is_over and self.table.plays_here(s.seat) and self.needs_handoff()

    def needs_handoff(self) -> bool:
        """The person at the keyboard changes (or is not known yet) in a game of people."""
        humans = sum(1 for i in range(len(self.game.seats)) if self.table.plays_here(i))
        return window(self).handoff and humans >= 2 and self.last_human != self.state.seat
