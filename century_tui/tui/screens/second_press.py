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

from century_tui.engine import Move, PlayUpgrade, Rest
from century_tui.legality import upgradable
from century_tui.text import t


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


class SecondPress:
    asked: Question | None = None
    """The move waiting for its second press, and what the prompt line says of it."""

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

    def drop_asked(self) -> None:
        """The question goes (another key, a move, an undo): the prompt says again what Enter does."""
        if self.asked is not None:
            self.asked = None
            self.update_prompt()

    def on_key(self, event: events.Key) -> None:
        """The question's own key (or Enter) plays its move; any other takes it back and acts."""
        asked = self.asked
        if asked is None:
            return
        if event.key in (asked.key, "enter"):
            event.stop()
            event.prevent_default()
            self.play_or_ask(asked.move, asked.key)
        else:
            self.drop_asked()
