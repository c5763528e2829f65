"""A seat of the new-game form: a name field that never takes in a character the terminal
would obey, a person-or-bot selector, and the ✕ that removes it; and the seats the form
opens with (the caller's names, else the last game's seats, else two people)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from century_tui import storage
from century_tui.bots import LEVELS
from century_tui.engine import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NameRefused,
    checked_name,
    is_unsafe,
    printable,
)
from century_tui.seats import HUMAN, free_bot_name
from century_tui.text import given_names, t
from century_tui.tui.widgets.choice import Choice
from century_tui.tui.widgets.form_controls import FormButton


class SeatForm:
    """A screen that holds seat rows and shows why a name was refused (the new-game form)."""

    def error(self, message: str) -> None:
        raise NotImplementedError


def seat_kinds() -> list[tuple[str, str]]:
    """(label, value) for the seat selector: a person, then every bot level there is."""
    return [(t("newgame.human"), HUMAN)] + [(t("newgame.bot", level=t(f"level.{lv}")), f"bot:{lv}") for lv in LEVELS]


def first_seats(names: list[str] | None, remembered: list[storage.SeatChoice] | None) -> list[tuple[str, str]]:
    """The (name, kind) rows the form opens with: the names a caller gives, else the last
    game's seats (a name that could not be typed, or a bot level gone, is not taken back),
    else two people."""
    if names:
        return [(name, HUMAN) for name in names]
    rows = [
        (remembered_name(seat.name) or t("newgame.default_name", n=n), f"bot:{seat.bot}" if seat.bot in LEVELS else HUMAN)
        for n, seat in enumerate(remembered or (), start=1)
    ]
    if MIN_PLAYERS <= len(rows) <= MAX_PLAYERS:
        return rows
    return [(t("newgame.default_name", n=n), HUMAN) for n in range(1, MIN_PLAYERS + 1)]


def remembered_name(name: str) -> str | None:
    """A name from the settings file, if it is one a player could have typed (the one rule
    of engine.names), else None."""
    try:
        return checked_name(name)
    except NameRefused:
        return None


class NameInput(Input):
    """A seat's name field. A pasted character the terminal would obey (ESC, a C1 control, a
    byte that was not UTF-8) never gets in, so the field never shows one raw; the form says
    why, as it does for a paste longer than a name may be."""

    def __init__(self, value: str, *, seat: int, **kwargs) -> None:
        """`seat`: the seat's number, from 1, as the form's refusals name it."""
        super().__init__(value, **kwargs)
        self.seat = seat

    def replace(self, text: str, start: int, end: int) -> None:
        unsafe = next((ch for ch in text if is_unsafe(ch)), None)
        if unsafe is None:
            super().replace(text, start, end)
        elif isinstance(self.screen, SeatForm):
            self.screen.error(t("newgame.error_control", n=self.seat, char=printable(unsafe)))

    def restricted(self) -> None:
        """Textual refused a paste: only `max_length` can refuse one here."""
        if isinstance(self.screen, SeatForm):
            self.screen.error(t("newgame.error_long", n=self.seat, max=MAX_NAME))


class SeatRow(Horizontal):
    def __init__(self, n: int, name: str, kind: str = HUMAN, removable: bool = True) -> None:
        """`removable`: its ✕ takes clicks (more seats than the fewest a game has)."""
        super().__init__(classes="seat")
        self.n = n
        self.name_input = NameInput(name, seat=n, placeholder=t("newgame.name_placeholder"), max_length=MAX_NAME,
                                    compact=True, id=f"name-{n}", classes="name")
        self.kind = Choice(seat_kinds(), kind, id=f"kind-{n}", classes="kind")
        self.drop = FormButton("✕", id=f"drop-{n}", classes="drop", disabled=not removable)
        self.drop.can_focus = False  # Tab goes name, kind, next name: Enter never removes a seat
        self.drop.tooltip = t("newgame.drop", n=n)

    def compose(self) -> ComposeResult:
        yield Static(Text(t("newgame.seat", n=self.n)), classes="seat-label")
        yield self.name_input
        yield self.kind
        yield self.drop

    def on_descendant_focus(self) -> None:
        self.edited(True)  # its label lights up: Ctrl+R removes this seat

    def on_descendant_blur(self) -> None:
        self.edited(False)

    def edited(self, editing: bool) -> None:
        """The class goes on the label, not the row: restyling the whole row (its text box
        and chooser too) at every focus change was 6 % of the form's start."""
        self.query_one(".seat-label", Static).set_class(editing, "-editing")

    def take(self, below: SeatRow) -> None:
        """Hold the seat below's name and kind (a seat above this one was removed); a
        default name ("Player 4") takes this seat's number."""
        name = below.name_input.value
        if name == t("newgame.default_name", n=below.n):
            name = t("newgame.default_name", n=self.n)
        with self.prevent(Input.Changed, Choice.Changed):
            self.kind.value = below.kind.value
            self.name_input.value = name

    def relabel(self, taken: set[str]) -> None:
        """The same seat in the words of the language now on show."""
        self.query_one(".seat-label", Static).update(Text(t("newgame.seat", n=self.n)))
        self.name_input.placeholder = t("newgame.name_placeholder")
        self.drop.tooltip = t("newgame.drop", n=self.n)
        self.follow(taken)  # an untouched name follows the language
        self.kind.set_options(seat_kinds())

    def follow(self, taken: set[str]) -> None:
        """A name the form gave becomes the one it gives now (for this kind, in this
        language); a typed name stays. Asked in that order, so that a seat that has its
        name already (every seat of a form just opened) reads no other language's file."""
        name = self.given_name(taken)
        if self.name_input.value != name and self.untouched():
            self.name_input.value = name

    def untouched(self) -> bool:
        """The name is still one the form gave this seat (in any language), not typed."""
        return " ".join(self.name_input.value.split()).casefold() in given_names(self.n)

    def given_name(self, taken: set[str]) -> str:
        """The name the seat gets by itself: "Player 3" for a person, else the bot's own
        ("Medium bot", or "Medium bot 2" when `taken`, casefolded, holds that)."""
        kind = str(self.kind.value)
        if kind.startswith("bot:"):
            return free_bot_name(kind.removeprefix("bot:"), taken)
        return t("newgame.default_name", n=self.n)
