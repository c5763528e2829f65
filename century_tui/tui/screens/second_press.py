"""A move that changes nothing but the turn is asked for twice (issue 42: a stray `r` on a
first turn rested at once, and the turn was gone).

Resting with no played card to take back, or playing an upgrade card with no cube it can
raise, is not played at the first press: the prompt line says what it would do, and the
same key again (or Enter, or a second click) plays it; any other key takes the question
back, and then does what it does. Only a person's keys are asked: bots and the network
protocol play such moves as before. A mixin of `GameScreen`, read as `self` (its `state`,
`play`, `prompt`).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.binding import Binding

from century_tui.engine import Move, PlayUpgrade, Rest
from century_tui.legality import upgradable
from century_tui.text import t
from century_tui.tui.keys import offered


class Question(NamedTuple):
    move: Move
    key: str
    """The key that asked: pressed again, it plays the move (as Enter does)."""
    words: str
    """Its text key: read when drawn, so a switch of language reaches the question too."""

    def text(self) -> Text:
        return Text(t(self.words))


def question(state, move: Move, key: str) -> Question | None:
    """The question a person is asked before `move` (asked by `key`), or None where the move
    changes something besides the turn."""
    if isinstance(move, Rest) and not state.current.played_cards:
        return Question(move, key, "hint.ask_rest")
    if isinstance(move, PlayUpgrade) and not move.steps and not upgradable(state.current.cubes):
        return Question(move, key, "hint.ask_upgrade")
    return None


ANSWER = Binding("enter", "answer", "key.confirm", priority=True)
"""Enter while a question is asked: the key bar says what it does then ("⏎ Confirm", not the
hand's "⏎ Play"). Before the focused widget's own Enter (priority), offered only then."""


class SecondPress:
    asked: Question | None = None
    """The move waiting for its second press, and what the prompt line says of it."""

    @offered("answer")
    def can_answer(self) -> bool:
        return self.asked is not None

    def action_answer(self) -> None:
        if self.asked is not None:
            self.play_or_ask(self.asked.move, self.asked.key)

    def play_or_ask(self, move: Move, key: str) -> None:
        """Play `move`, unless it changes nothing but the turn and this is its first press."""
        if self.asked is not None and self.asked.move == move:
            self.drop_asked()
            self.play(move)
            return
        self.asked = question(self.state, move, key)
        if self.asked is None:
            self.play(move)
        else:
            self.update_prompt()
            self.refresh_bindings()

    def drop_asked(self) -> None:
        """The question goes (another key, a move, an undo): the prompt says again what Enter does."""
        if self.asked is not None:
            self.asked = None
            self.update_prompt()
            self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """The question's own key plays its move (Enter does, through `ANSWER`); any other
        takes it back and acts."""
        asked = self.asked
        if asked is None:
            return
        if event.key == asked.key:
            event.stop()
            event.prevent_default()
            self.play_or_ask(asked.move, asked.key)
        else:
            self.drop_asked()
