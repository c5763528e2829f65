"""Which keys the game screen offers now, and what a key that cannot act says (a mixin of
`GameScreen`, read as `self`: its table, focus, prompt and refusals).

The key bar shows only the keys that work now (`@offered`: keys.OffersKeys); a key left
out falls through to its hidden `why_not` binding, which says why. A person who has to
wait (a bot plays, or someone at another terminal) is told once for the turn, on the
prompt line, who is playing and when their own turn comes, not by a toast per key.
"""

from __future__ import annotations

from century_tui.engine import DISCARDING, IllegalMove
from century_tui.tui.keys import offered
from century_tui.tui.widgets.hand import HandView
from century_tui.tui.widgets.rows import CardRow


class GameKeys:
    turn_refused = False
    """A key was refused with whose turn it is: the prompt line says so until the turn moves on."""

    def someone_plays_here(self) -> bool:
        """A person plays at this terminal: a watcher plays, takes back and is told nothing
        (nor anyone in a game of bots)."""
        return any(map(self.table.plays_here, range(self.state.n)))

    @offered("rest")
    def rest_offered(self) -> bool:
        """Offered only where it rests now: elsewhere its key says why (why_not)."""
        return self.someone_plays_here() and self.can_act()

    @offered("discard")
    def discard_offered(self) -> bool:
        return self.human_turn() and self.state.phase == DISCARDING

    @offered("undo")
    def undo_offered(self) -> bool:
        """Offered only where there is a move to take back: else its key says so (why_not)."""
        return self.someone_plays_here() and self.table.undo_owner() is not None

    @offered("redo")
    def redo_offered(self) -> bool:
        return self.someone_plays_here() and bool(self.game.redo_moves)

    @offered("why_not")
    def why_not_offered(self, what: object) -> bool:
        return self.someone_plays_here() and self.why_not(str(what))

    @offered("coach")
    def coach_offered(self, what: object) -> bool:
        """Asked where the game allows hints, else the hidden binding that says why not; Esc
        while the coach thinks (tui/coach.py is not loaded for this)."""
        if what == "stop":
            return any(line.thinking for line in self.query("#coach"))
        return self.game.hints == (what == "ask")

    def why_not(self, what: str) -> bool:
        """Whether the key of `what` (Enter on a row, r, d, u) does nothing now, so says why. Asked
        in the key's turn, once the keys typed before it in a burst have moved focus and game."""
        if what in ("rest", "discard", "undo"):
            return not self.check_action(what, ())
        focused, discarding = self.focused, self.human_turn() and self.state.phase == DISCARDING
        return isinstance(focused, (CardRow, HandView)) and (discarding or not focused.check_action("act", ()))

    def action_why_not(self, what: str) -> None:
        if what == "undo":
            self.action_undo()  # says there is nothing to take back
        elif what == "discard" and self.can_act():  # cubes go back only at a turn's end over 10
            self.refuse(IllegalMove("R-LIM-1", "no_discard_due"))
        elif self.state.is_over or (self.state.phase == DISCARDING and self.human_turn()):
            self.guard()
        elif not self.human_turn():
            self.say_wait()
        else:  # the line under the hand says why not the item picked
            self.update_prompt()
            self.refuse(self.prompt.text.plain)

    def say_wait(self) -> None:
        """A key of a person who has to wait: the prompt line says whose turn it is and when
        theirs comes, once for the turn (with one bell; the keys after it say nothing more)."""
        if not self.turn_refused:
            self.turn_refused = True
            self.app.bell()
            self.update_prompt()

    def turn_moved_on(self) -> None:
        """A move or an undo: the refusal saying whose turn it was is stale now (play test:
        "Bob (bot) is playing" stayed up into the next round); the board is drawn again."""
        self.turn_refused = False
