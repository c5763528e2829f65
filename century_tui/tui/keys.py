"""Key bindings: their words, and whether each is offered now.

`BINDINGS` in this app hold text keys ("key.rest") instead of words. The key bar looks
them up with `words_of` each time it draws, so a language switch needs nothing but a
redraw, and nothing here touches Textual's private bindings maps.

Whether a key is offered now is said by a method of the screen or widget marked
`@offered("rest")`, next to what the key does (`action_rest`); `OffersKeys.check_action`
answers Textual with it (True: offered; None: shown dimmed; False: left out, and a binding
of the same key below it may act instead).
"""

from __future__ import annotations

from typing import Callable, ClassVar, TypeVar

from textual.binding import Binding

from century_tui.text import t

TEXT_KEY = "key."
"""How this app's binding descriptions start; Textual's own widgets' are words already."""


def words_of(description: str) -> str:
    """What a binding's description reads as now: ours looked up in the current language,
    Textual's own widgets' (never shown here today) as they are."""
    return t(description) if description.startswith(TEXT_KEY) else description


def digit_key(index: int) -> str:
    """The digit that picks place `index` (0-based) of a row: 1–9, then 0 for the 10th, as
    on the keyboard's top row; the places after it have none ("")."""
    return str((index + 1) % 10) if index < 10 else ""


def digits(action: str, count: int, description: str = "key.slot", show: bool = True) -> list[Binding]:
    """Bindings 1..count (0 for a 10th) → action(i) with i 0-based, grouped as one footer entry."""
    group = Binding.Group(description, compact=True)
    return [
        Binding(digit_key(i), f"{action}({i})", description, show=show and i < count, group=group)
        for i in range(min(count, 10))
    ]


Check = TypeVar("Check", bound=Callable[..., "bool | None"])
_OFFERED: dict[Callable[..., bool | None], tuple[str, ...]] = {}
"""Each method marked `@offered`, with the actions it answers for."""


def offered(*actions: str) -> Callable[[Check], Check]:
    """Mark a method as the answer to whether the key of each of `actions` is offered now;
    it takes the action's parameters (`why_not('rest')` → `method('rest')`)."""

    def mark(method: Check) -> Check:
        _OFFERED[method] = actions
        return method

    return mark


def _marked_in(klass: type) -> dict[str, Callable[..., bool | None]]:
    """The methods marked `@offered` that `klass` itself defines, by action. Each marked
    method is looked up by its name: walking every attribute of Textual's classes (hundreds)
    for each screen and row cost a board's start 3 M instructions."""
    own = vars(klass)
    return {action: method for method, actions in _OFFERED.items() if own.get(method.__name__) is method
            for action in actions}


class OffersKeys:
    """Mixin of a screen, widget or app (before Textual's class): `check_action` asks the
    method marked `@offered` for the action, the nearest in the class's ancestry; an action
    no method answers for is offered (True), as Textual's own default has it. A method that
    overrides a marked one is marked again."""

    _key_checks: ClassVar[dict[str, Callable[..., bool | None]]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        checks: dict[str, Callable[..., bool | None]] = {}
        for klass in reversed(cls.__mro__):
            checks.update(_marked_in(klass))
        cls._key_checks = checks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        check = self._key_checks.get(action)
        return True if check is None else check(self, *parameters)
