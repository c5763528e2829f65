"""Set up a game: 2–5 seats, a name and person-or-bot for each, skin, seed, language; or
open one of the unfinished games."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Select, Static

from century_tui import storage
from century_tui.engine.game import MAX_SEED, Game, new_seed
from century_tui.engine.names import MAX_NAME, NameRefused, checked_name, is_unsafe, name_key, printable
from century_tui.engine.save import SaveError
from century_tui.engine.state import MAX_PLAYERS, MIN_PLAYERS
from century_tui.seats import HUMAN, free_bot_name, validate_seats
from century_tui.skins import SKINS
from century_tui.text import Names, error_text, given_names, language_name, languages, t, words
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui import render
from century_tui.tui.keys import Localized
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import closed

NEWGAME_WIDTH = 68
"""Cells for the list of games: the form's inside (app.tcss .newgame: width 76, border and
padding 2 a side), less a cell for its scrollbar when a long form scrolls."""


def seat_kinds() -> list[tuple[str, str]]:
    """(label, value) for the seat selector: a person, then every bot level there is."""
    from century_tui.bots import LEVELS

    return [(t("newgame.human"), HUMAN)] + [(t("newgame.bot", level=t(f"level.{lv}")), f"bot:{lv}") for lv in LEVELS]


def typed_seed(text: str) -> int | None:
    """The seed a person typed (ASCII digits, at most MAX_SEED), or None. The length is
    checked first: int() of thousands of pasted digits raises, or takes its time."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


class NameInput(Input):
    """A seat's name field. A pasted character the terminal would obey (ESC, a C1 control, a
    byte that was not UTF-8) never gets in, so the field never shows one raw; the form says
    why, as it does for a paste longer than a name may be."""

    def replace(self, text: str, start: int, end: int) -> None:
        unsafe = next((ch for ch in text if is_unsafe(ch)), None)
        if unsafe is None:
            super().replace(text, start, end)
        elif isinstance(self.screen, NewGameScreen):
            self.screen.error(t("newgame.error_control", n=self.seat, char=printable(unsafe)))

    def restricted(self) -> None:
        """Textual refused a paste: only `max_length` can refuse one here."""
        if isinstance(self.screen, NewGameScreen):
            self.screen.error(t("newgame.error_long", n=self.seat, max=MAX_NAME))

    @property
    def seat(self) -> int:
        return getattr(self.parent, "n", 1)


def first_seats(names: list[str] | None, remembered: list[storage.SeatChoice] | None) -> list[tuple[str, str]]:
    """The (name, kind) rows the form opens with: the names a caller gives, else the last
    game's seats (a name that could not be typed, or a bot level gone, is not taken back),
    else two people."""
    from century_tui.bots import LEVELS

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


class SeatRow(Horizontal):
    def __init__(self, n: int, name: str, kind: str = HUMAN) -> None:
        super().__init__(classes="seat")
        self.n = n
        self.name_input = NameInput(name, placeholder=t("newgame.name_placeholder"), max_length=MAX_NAME,
                                    compact=True, id=f"name-{n}", classes="name")
        self.kind = Select(seat_kinds(), value=kind, allow_blank=False, compact=True, id=f"kind-{n}",
                           classes="kind")
        self.drop = Button("✕", id=f"drop-{n}", classes="drop", compact=True)
        self.drop.can_focus = False  # Tab goes name, kind, next name: Enter never removes a seat
        self.drop.tooltip = t("newgame.drop", n=n)

    def compose(self) -> ComposeResult:
        yield Static(Text(t("newgame.seat", n=self.n)), classes="seat-label")
        yield self.name_input
        yield self.kind
        yield self.drop

    def on_descendant_focus(self) -> None:
        self.add_class("-editing")  # its label lights up: Ctrl+R removes this seat

    def on_descendant_blur(self) -> None:
        self.remove_class("-editing")

    def take(self, below: SeatRow) -> None:
        """Hold the seat below's name and kind (a seat above this one was removed); a
        default name ("Player 4") takes this seat's number."""
        name = below.name_input.value
        if name == t("newgame.default_name", n=below.n):
            name = t("newgame.default_name", n=self.n)
        with self.prevent(Input.Changed, Select.Changed):
            self.kind.value = below.kind.value
            self.name_input.value = name

    def relabel(self, taken: set[str]) -> None:
        """The same seat in the words of the language now on show."""
        self.query_one(".seat-label", Static).update(Text(t("newgame.seat", n=self.n)))
        self.name_input.placeholder = t("newgame.name_placeholder")
        self.drop.tooltip = t("newgame.drop", n=self.n)
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
            self.name_input.value = free_bot_name(kind.removeprefix("bot:"), taken)
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

    def __init__(self, names: list[str] | None = None, seed: int | None = None,
                 remembered: list[storage.SeatChoice] | None = None) -> None:
        """`names` (people) or else `remembered` (the last game's seats) fill the seats."""
        super().__init__()
        self.localize_bindings()
        self.seats = first_seats(names, remembered)
        self.seed = seed
        self.games = self._unfinished()

    @staticmethod
    def _unfinished() -> list[tuple[storage.SaveInfo, bool]]:
        """The games to come back to, newest first, each with whether another window has it
        open; none when the saves folder cannot be read."""
        try:
            return [(info, storage.is_held(info.path)) for info in storage.unfinished()]
        except OSError:
            return []

    def compose(self) -> ComposeResult:
        app = self.app
        with Vertical(classes="newgame"):
            yield Static(classes="title")
            yield Static(classes="heading", id="players-heading")
            with Vertical(id="seats"):
                for i, (name, kind) in enumerate(self.seats, start=1):
                    yield SeatRow(i, name, kind)
                yield Button(t("newgame.add"), id="add", compact=True)
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
                # chosen with the game, just before Start: no row of its own (five seats fill 80×24)
                yield Checkbox(t("newgame.hints"), value=getattr(app, "hints", False), compact=True, id="hints")
                yield Button(t("newgame.start"), id="start", variant="primary", compact=True)
                if self.games:
                    yield Button(t("newgame.continue"), id="continue", compact=True)
                yield Button(t("newgame.quit"), id="quit", compact=True)
            if self.games:
                yield DataTable(id="games", cursor_type="row", cell_padding=1)
            yield Static(classes="error")
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.fit_skin_names()
        self.draw()
        self.list_games()
        self.update_buttons()
        self.query_one("#name-1", Input).focus()

    def draw(self) -> None:
        title = Text()
        title.append(t("app.title"), render.accent_style())
        title.append("  ·  ")
        title.append(t("newgame.title"), "bold")
        self.query_one(".title", Static).update(title)
        self.query_one("#players-heading", Static).update(Text(t("newgame.seats"), "bold"))

    def list_games(self) -> None:
        """The unfinished games, newest first, in the words now on show; the cursor on the
        game it was on, else on the newest that no other window has open."""
        table = next(iter(self.query("#games").results(DataTable)), None)
        if table is None:
            return
        table.display = bool(self.games)
        at = table.cursor_row if table.row_count else next((i for i, (_, held) in enumerate(self.games) if not held), 0)
        table.clear(columns=True)
        labels = [t("newgame.games"), t("newgame.round"), t("newgame.saved")]
        held_word = t("newgame.held")
        widths = [cell_len(labels[1]), max(cell_len(labels[2]), 16)]
        if any(held for _, held in self.games):
            labels.append("")
            widths.append(cell_len(held_word))
        # what the other columns and each column's padding leave; a vertical scrollbar's cell
        widths.insert(0, max(12, NEWGAME_WIDTH - sum(widths) - 2 * len(widths) - 1))
        for label, width in zip(labels, widths):
            table.add_column(Text(label, "bold"), width=width)
        for info, held in self.games:
            style = "dim" if held else ""
            cells = [
                Text(str(Names(tuple(info.players))), style, no_wrap=True, overflow="ellipsis"),
                Text(str(info.round), style, justify="right"),
                Text(info.modified.strftime("%Y-%m-%d %H:%M"), style),
                Text(held_word, "italic") if held else Text(""),
            ]
            table.add_row(*cells[: len(labels)], key=str(info.path))
        table.move_cursor(row=at)

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
        self.query_one("#add", Button).display = count < MAX_PLAYERS
        for drop in self.query(".drop").results(Button):
            drop.disabled = count <= MIN_PLAYERS
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return bool(self.games)
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
            self.query_one("#seats").mount(row, before="#add")
            self.call_after_refresh(row.name_input.focus)
            self.call_after_refresh(self.update_buttons)

    async def action_remove_seat(self) -> None:
        """Remove the seat being edited (the last one when the focus is elsewhere)."""
        rows = self.rows()
        focused = next((row for row in rows if self.focused in (row.name_input, row.kind)), rows[-1])
        await self.remove_seat(rows.index(focused))

    async def remove_seat(self, index: int) -> None:
        """Seat `index` goes: the seats below move up one, names and kinds kept, and the
        focus stays on the seat that now has that number."""
        rows = self.rows()
        if len(rows) <= MIN_PLAYERS:
            return
        for row, below in zip(rows[index:], rows[index + 1 :]):
            row.take(below)
        last = rows[-1]
        if self.focused in (last.name_input, last.kind):
            (rows[-2].name_input if self.focused is last.name_input else rows[-2].kind).focus()
        await last.remove()
        self.update_buttons()

    def action_start(self) -> None:
        rows = [(r.name_input.value, str(r.kind.value)) for r in self.rows()]
        seats, problem = validate_seats(rows)
        if problem:
            self.error(problem)
            return
        text = self.query_one("#seed", Input).value.strip()
        seed = typed_seed(text) if text else new_seed()
        if seed is None:
            self.error(t("newgame.error_seed"))
            return
        app = self.app
        app.skin = str(self.query_one("#skin", Select).value)  # type: ignore[attr-defined]
        app.handoff = self.query_one("#handoff", Checkbox).value  # type: ignore[attr-defined]
        hints = self.query_one("#hints", Checkbox).value
        app.start_game(Game(seats, seed, hints=hints))  # type: ignore[attr-defined]

    def action_continue(self) -> None:
        """Open the unfinished game the list's cursor is on (at first, the newest that no
        other window has open)."""
        if not self.games:
            return
        table = self.query_one("#games", DataTable)
        self.open_game(self.games[table.cursor_row][0].path)

    def open_game(self, path: Path) -> None:
        """Go on with the game in `path`, unless another window has it open or it cannot be read."""
        try:
            game, lock = storage.open_save(path)
        except SaveError as e:
            self.error(t("newgame.error_load", file=printable(path.name), error=error_text(e)))
            self.games = self._unfinished()  # the list as it is now: opened elsewhere, gone...
            self.list_games()
            return
        self.app.start_game(game, path, resumed=True, lock=lock)  # type: ignore[attr-defined]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter, or a click on the row the cursor is on, opens that game."""
        event.stop()
        self.open_game(Path(str(event.row_key.value)))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.has_class("drop"):
            await self.remove_seat(next(i for i, row in enumerate(self.rows()) if row.drop is event.button))
            return
        handler = {
            "add": self.action_add_seat,
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
        """The other seats' names, as the name rule compares them: a bot's must not repeat one."""
        return {name_key(r.name_input.value) for r in self.rows() if r is not row}

    def skin_changed(self) -> None:
        """The skin or the language changed: every label again, in the words now on show."""
        self.localize_bindings()
        self.draw()
        for button in ("add", "start", "continue", "quit"):
            for found in self.query(f"#{button}").results(Button):
                found.label = t(f"newgame.{button}")
        for name in ("skin", "seed", "language"):
            self.query_one(f"#{name}-label", Static).update(t(f"newgame.{name}"))
        self.query_one("#seed", Input).placeholder = t("newgame.seed_placeholder")
        self.query_one("#handoff", Checkbox).label = t("newgame.handoff")
        self.query_one("#hints", Checkbox).label = t("newgame.hints")
        for row in self.rows():
            row.relabel(self.names_besides(row))
        self.list_games()
        skin = self.query_one("#skin", Select)
        _reoption(skin, [(words(s).name, s) for s in SKINS])
        self.fit_skin_names()
        if skin.value != self.app.skin:  # type: ignore[attr-defined]
            skin.value = self.app.skin  # type: ignore[attr-defined]
        language = self.query_one("#language", Select)
        if language.value != self.app.language:  # type: ignore[attr-defined]
            with language.prevent(Select.Changed):
                language.value = self.app.language  # type: ignore[attr-defined]
