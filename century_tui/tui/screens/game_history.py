"""Undo and redo on the game screen: the keys, and the board drawn again from the replay
they leave (the pass screen following when the turn changes hands). A mixin of
`GameScreen`, which it reads as `self` (its table, log, notices and `next_turn`)."""

from __future__ import annotations

from century_tui.table import Resynced, Rewound
from century_tui.text import t
from century_tui.tui import chronicle


def game_screen_under(screen) -> HistoryKeys | None:
    """The game screen under `screen` on the stack (the screen a game's history lives on), or
    None if it is gone: a screen over it (the pass screen, the results) passes undo, and the
    question whether undo is offered, down to it."""
    return next((s for s in reversed(screen.app.screen_stack[:-1]) if isinstance(s, HistoryKeys)), None)


class HistoryKeys:
    def action_undo(self) -> None:
        """Take back the last person's move and any bot moves after it (a replay). Another
        person's move is taken back only once confirmed."""
        owner = self.table.undo_owner()
        if owner is None:
            self.app.bell()
            self.notify(t("notify.nothing_to_undo"), severity="warning", timeout=3)
            return
        if not self.table.undo_needs_consent():
            self.table.undo()
            return
        from century_tui.tui.screens.confirm_undo import ask_consent

        ask_consent(self, owner)

    def drop_question(self) -> None:
        """A move was made (a bot's): an undo question asked before it is void."""
        from century_tui.tui.screens.confirm_undo import ConfirmUndo

        if isinstance(self.app.screen, ConfirmUndo):
            self.app.screen.dismiss(False)

    def action_redo(self) -> None:
        if not self.table.redo():
            self.app.bell()

    def history_changed(self, change: Rewound | Resynced) -> None:
        """After undo/redo (or the whole position again, said by no toast): redraw from the
        replay; the pass screen follows when the person to play is not the one at the
        keyboard. Whose move someone else took back is told."""
        rewound = isinstance(change, Rewound)
        if rewound and change.undo and change.by is not None and change.by != change.owner:
            lost = [e for e in self.log_view.entries if e.move == change.point + 1 and e.seat == change.owner]
            self.taken_back[change.owner] = (self.game.seats[change.by].name, lost)
        self.turn_moved_on()
        while self.app.screen is not self:  # the pass screen or the results go
            self.app.pop_screen()
        self.turn_starts = False
        self.log_view.reset(chronicle.history(self.table))
        self.behind = True  # the board is drawn by next_turn
        if rewound and change.undo:
            self.notify(t("notify.undone", name=self.game.current_seat.name), timeout=3)
        elif rewound:
            self.notify(t("notify.redone"), timeout=3)
        self.next_turn()
