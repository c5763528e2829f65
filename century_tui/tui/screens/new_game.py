"""Set up a game: 2–5 seats, a name and person-or-bot for each, skin, seed, language; or Continue."""

from __future__ import annotations

import random

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from century_tui import storage
from century_tui.engine.game import MAX_SEED, Game, Seat
from century_tui.engine.names import MAX_NAME, has_unsafe, is_unsafe, printable
from century_tui.engine.save import SaveError
from century_tui.engine.state import MAX_PLAYERS, MIN_PLAYERS
from century_tui.skins import SKINS
from century_tui.text import Names, bot_name, default_names, error_text, given_names, language_name, languages, t, words
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui import render
from century_tui.tui.keys import Localized
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import closed

HUMAN = "human"


def seat_kinds() -> list[tuple[str, str]]:
    """(label, value) for the seat selector: a person, then every bot level there is."""
    from century_tui.bots import LEVELS

    return [(t("newgame.human"), HUMAN)] + [(t("newgame.bot", level=t(f"level.{lv}")), f"bot:{lv}") for lv in LEVELS]


def validate_seats(rows: list[tuple[str, str]]) -> tuple[list[Seat], str | None]:
    """Seats from (name, kind) rows; an empty bot name gets one. Returns (seats, error)."""
    seats: list[Seat] = []
    seen: set[str] = set()
    typed = {" ".join(name.split()).casefold() for name, _kind in rows}
    for n, (name, kind) in enumerate(rows, start=1):
        if has_unsafe(name):  # pasted in: a terminal would obey it, not show it
            char = printable(next(ch for ch in name if is_unsafe(ch)))
            return [], t("newgame.error_control", n=n, char=char)
        name = " ".join(name.split())
        level = kind.removeprefix("bot:") if kind.startswith("bot:") else None
        if level and name.casefold() in default_names(n):  # a bot never keeps "Player 3"
            name = ""
        if not name and level:
            name = _free_bot_name(level, seen | typed)
        if not name:
            return [], t("newgame.error_empty", n=n)
        if len(name) > MAX_NAME:
            return [], t("newgame.error_long", n=n, max=MAX_NAME)
        if name.casefold() in seen:
            return [], t("newgame.error_duplicate", name=name)
        seen.add(name.casefold())
        seats.append(Seat(name, level))
    return seats, None


def typed_seed(text: str) -> int | None:
    """The seed a person typed (ASCII digits, at most MAX_SEED), or None. The length is
    checked first: int() of thousands of pasted digits raises, or takes its time."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


def _free_bot_name(level: str, taken: set[str]) -> str:
    """"Easy bot", then "Easy bot 2", "Easy bot 3"...: the first no other seat uses."""
    for n in (None, *range(2, MAX_PLAYERS + 2)):
        name = bot_name(level, n)
        if name.casefold() not in taken:
            return name
    raise AssertionError("more seats than names")  # MAX_PLAYERS + 1 names for MAX_PLAYERS seats


class SeatRow(Horizontal):
    def __init__(self, n: int, name: str, kind: str = HUMAN) -> None:
        super().__init__(classes="seat")
        self.n = n
        self.name_input = Input(name, placeholder=t("newgame.name_placeholder"), max_length=MAX_NAME,
                                compact=True, id=f"name-{n}", classes="name")
        self.kind = Select(seat_kinds(), value=kind, allow_blank=False, compact=True, id=f"kind-{n}",
                           classes="kind")

    def compose(self) -> ComposeResult:
        yield Static(Text(t("newgame.seat", n=self.n)), classes="seat-label")
        yield self.name_input
        yield self.kind

    def relabel(self, taken: set[str]) -> None:
        """The same seat in the words of the language now on show."""
        self.query_one(".seat-label", Static).update(Text(t("newgame.seat", n=self.n)))
        self.name_input.placeholder = t("newgame.name_placeholder")
        if self.untouched():  # an untouched name follows the language
            self.give_name(taken)
        _reoption(self.kind, seat_kinds())

    def untouched(self) -> bool:
        """The name is still one the form gave this seat (in any language), not typed."""
        return " ".join(self.name_input.value.split()).casefold() in given_names(self.n)

    def give_name(self, taken: set[str]) -> None:
        """The name the seat gets by itself: "Player 3" for a person, else the bot's own
        ("Medium bot", or "Medium bot 2" when `taken`, casefolded, holds that)."""
        kind = str(self.kind.value)
        if kind.startswith("bot:"):
            self.name_input.value = _free_bot_name(kind.removeprefix("bot:"), taken)
        else:
            self.name_input.value = t("newgame.default_name", n=self.n)


def _reoption(select: Select, options: list[tuple[str, str]]) -> None:
    """New option labels, the same choice, and no Changed message on the way."""
    value = select.value
    with select.prevent(Select.Changed):
        select.set_options(options)
        select.value = value
        select.mutate_reactive(Select.value)  # the same value: show its new label anyway


class NewGameScreen(SizeGuard, Localized, Screen):
    BINDINGS = [
        Binding("ctrl+s", "start", "key.start"),
        Binding("ctrl+o", "continue", "key.continue"),
        Binding("ctrl+n", "add_seat", "key.add_seat"),
        Binding("ctrl+r", "remove_seat", "key.remove_seat"),
    ]

    def __init__(self, names: list[str] | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.localize_bindings()
        self.names = names or [t("newgame.default_name", n=1), t("newgame.default_name", n=2)]
        self.seed = seed
        self.resume = self._latest()

    @staticmethod
    def _latest() -> storage.SaveInfo | None:
        """The game "Continue" offers: none when the saves folder cannot be read."""
        try:
            return storage.latest_unfinished()
        except OSError:
            return None

    def compose(self) -> ComposeResult:
        app = self.app
        with Vertical(classes="newgame"):
            yield Static(classes="title")
            yield Static(classes="heading", id="players-heading")
            with Vertical(id="seats"):
                for i, name in enumerate(self.names, start=1):
                    yield SeatRow(i, name)
            with Horizontal(classes="row"):
                yield Button(t("newgame.add"), id="add", compact=True)
                yield Button(t("newgame.remove"), id="remove", compact=True)
            with Horizontal(classes="row"):
                yield Static(t("newgame.skin"), classes="label", id="skin-label")
                yield Select([(words(s).name, s) for s in SKINS], value=getattr(app, "skin", SKINS[0]),
                             allow_blank=False, compact=True, id="skin")
                yield Static(t("newgame.seed"), classes="label", id="seed-label")
                yield Input("" if self.seed is None else str(self.seed), placeholder=t("newgame.seed_placeholder"),
                            compact=True, id="seed", restrict=r"[0-9]*", max_length=len(str(MAX_SEED)))
            with Horizontal(classes="row", id="handoff-row"):
                yield Checkbox(t("newgame.handoff"), value=getattr(app, "handoff", True), compact=True, id="handoff")
                yield Static(t("newgame.language"), classes="label", id="language-label")
                yield Select(self.language_options(), value=getattr(app, "language", "en"), allow_blank=False,
                             compact=True, id="language")
            with Horizontal(classes="row buttons"):
                yield Button(t("newgame.start"), id="start", variant="primary", compact=True)
                if self.resume is not None:
                    yield Button(t("newgame.continue"), id="continue", compact=True)
                yield Button(t("newgame.quit"), id="quit", compact=True)
            yield Static(classes="resume")
            yield Static(classes="error")
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.fit_skin_names()
        self.draw()
        self.update_buttons()
        self.query_one("#name-1", Input).focus()

    def draw(self) -> None:
        title = Text()
        title.append(t("app.title"), render.accent_style())
        title.append("  ·  ")
        title.append(t("newgame.title"), "bold")
        self.query_one(".title", Static).update(title)
        self.query_one("#players-heading", Static).update(Text(t("newgame.seats"), "bold"))
        if self.resume is not None:
            info = Text(t("newgame.continue") + ": ", "bold")
            info.append(t("newgame.continue_info", names=Names(tuple(self.resume.players)), round=self.resume.round))
            self.query_one(".resume", Static).update(info)

    def fit_skin_names(self) -> None:
        """Room in the skin selector for the longest skin name in this language."""
        widest = max(cell_len(words(s).name) for s in SKINS)
        self.query_one("#skin", Select).styles.width = max(22, widest + 5)

    @staticmethod
    def language_options() -> list[tuple[str, str]]:
        """Every language, each named in itself (Français, 日本語): readable whatever is on show."""
        return [(language_name(code), code) for code in languages()]

    def rows(self) -> list[SeatRow]:
        return list(self.query(SeatRow))

    def update_buttons(self) -> None:
        count = len(self.rows())
        self.query_one("#add", Button).disabled = count >= MAX_PLAYERS
        self.query_one("#remove", Button).disabled = count <= MIN_PLAYERS
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.resume is not None
        if action == "add_seat":
            return len(self.rows()) < MAX_PLAYERS or None
        if action == "remove_seat":
            return len(self.rows()) > MIN_PLAYERS or None
        return True

    def error(self, message: str) -> None:
        self.query_one(".error", Static).update(Text(message, "bold"))
        self.app.bell()

    # -- actions
    def action_add_seat(self) -> None:
        rows = self.rows()
        if len(rows) < MAX_PLAYERS:
            n = len(rows) + 1
            row = SeatRow(n, t("newgame.default_name", n=n))
            self.query_one("#seats").mount(row)
            self.call_after_refresh(row.name_input.focus)
            self.call_after_refresh(self.update_buttons)

    def action_remove_seat(self) -> None:
        rows = self.rows()
        if len(rows) > MIN_PLAYERS:
            rows[-1].remove()
            self.call_after_refresh(self.update_buttons)

    def action_start(self) -> None:
        rows = [(r.name_input.value, str(r.kind.value)) for r in self.rows()]
        seats, problem = validate_seats(rows)
        if problem:
            self.error(problem)
            return
        text = self.query_one("#seed", Input).value.strip()
        seed = typed_seed(text) if text else random.SystemRandom().randrange(2**31)
        if seed is None:
            self.error(t("newgame.error_seed"))
            return
        app = self.app
        app.skin = str(self.query_one("#skin", Select).value)  # type: ignore[attr-defined]
        app.handoff = self.query_one("#handoff", Checkbox).value  # type: ignore[attr-defined]
        app.start_game(Game(seats, seed))  # type: ignore[attr-defined]

    def action_continue(self) -> None:
        """Resume the latest unfinished game, unless another window has it open."""
        if self.resume is None:
            return
        path = self.resume.path
        try:
            game, lock = storage.open_save(path)
        except SaveError as e:
            self.error(t("newgame.error_load", file=printable(path.name), error=error_text(e)))
            return
        self.app.start_game(game, path, resumed=True, lock=lock)  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        handler = {
            "add": self.action_add_seat,
            "remove": self.action_remove_seat,
            "start": self.action_start,
            "continue": self.action_continue,
            "quit": self.app.exit,
        }.get(event.button.id or "")
        if handler:
            handler()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "skin" and event.value in SKINS:
            self.app.skin = str(event.value)  # type: ignore[attr-defined]
        elif event.select.id == "language" and event.value in languages():
            self.app.language = str(event.value)  # type: ignore[attr-defined]
        else:  # a seat's kind: a name the form gave follows it ("Player 3" ⇄ "Medium bot")
            row = next((r for r in self.rows() if r.kind is event.select), None)
            if row is not None and row.untouched():
                row.give_name(self.names_besides(row))

    def names_besides(self, row: SeatRow) -> set[str]:
        """The other seats' names, casefolded: a bot's name must not repeat one."""
        return {" ".join(r.name_input.value.split()).casefold() for r in self.rows() if r is not row}

    def skin_changed(self) -> None:
        """The skin or the language changed: every label again, in the words now on show."""
        self.localize_bindings()
        self.draw()
        for button in ("add", "remove", "start", "continue", "quit"):
            for found in self.query(f"#{button}").results(Button):
                found.label = t(f"newgame.{button}")
        for name in ("skin", "seed", "language"):
            self.query_one(f"#{name}-label", Static).update(t(f"newgame.{name}"))
        self.query_one("#seed", Input).placeholder = t("newgame.seed_placeholder")
        self.query_one("#handoff", Checkbox).label = t("newgame.handoff")
        for row in self.rows():
            row.relabel(self.names_besides(row))
        skin = self.query_one("#skin", Select)
        _reoption(skin, [(words(s).name, s) for s in SKINS])
        self.fit_skin_names()
        if skin.value != self.app.skin:  # type: ignore[attr-defined]
            skin.value = self.app.skin  # type: ignore[attr-defined]
        language = self.query_one("#language", Select)
        if language.value != self.app.language:  # type: ignore[attr-defined]
            with language.prevent(Select.Changed):
                language.value = self.app.language  # type: ignore[attr-defined]
