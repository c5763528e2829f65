"""Running a table on one thread, with no event loop: for sims, scripts and tests."""

from __future__ import annotations

from collections import deque
from typing import Callable


class Inline:
    """Work a table hands off (a bot's thinking, a save, a result to bring back) is queued
    and run in order by `run`, on the caller's thread: a game between bots plays out in a
    loop, not in a recursion as deep as the game is long."""

    def __init__(self) -> None:
        self.tasks: deque[Callable[[], None]] = deque()

    def spawn(self, task: Callable[[], None]) -> None:
        self.tasks.append(task)

    call_soon = spawn

    def run(self) -> None:
        while self.tasks:
            self.tasks.popleft()()
