"""Set up a game: 2–5 seats, a name and person-or-bot for each, skin, seed, language; or
open one of the unfinished games listed under the form (`widgets/unfinished_games.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from century_tui import engine, storage
from century_tui.engine import (
    MAX_PLAYERS,
    MAX_SEED,
    MIN_PLAYERS,
    SaveError,
    name_key,
    printable,
)
from century_tui.seats import validate_seats
from century_tui.skins import SKINS
from century_tui.text import error_text, language_name, languages, t, words
from century_tui.tui.repaint import Screen
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.choice import Choice
from century_tui.tui.widgets.form_controls import FormButton, FormCheck
from century_tui.tui.widgets.seat_row import SeatForm, SeatRow, first_seats
from century_tui.tui import render
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.keys import OffersKeys, offered
from century_tui.tui.lifecycle import closed
from century_tui.tui.context import window
from century_tui.tui.follow import FollowsWords
from century_tui.tui.styles import FormStyled

if TYPE_CHECKING:
    from textual.widgets import DataTable

    from century_tui.tui.widgets.unfinished_games import UnfinishedGames


def can_add(seats: int) -> bool:
    """Whether a form of `seats` seats may take one more (the rules' most players)."""
    return seats < MAX_PLAYERS


def can_remove(seats: int) -> bool:
    """Whether a form of `seats` seats may lose one (the rules' fewest players)."""
    return seats > MIN_PLAYERS


def typed_seed(text: str) -> int | None:
    """The seed a person typed (ASCII digits, at most MAX_SEED), or None. The length is
    checked first: int() of thousands of pasted digits raises, or takes its time."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


class NewGameScreen(OffersKeys, FormStyled, SeatForm, SizeGuard, FollowsWords, Screen):
    BINDINGS = [
        Binding("ctrl+s", "start", "key.start"),
        Binding("ctrl+o", "continue", "key.continue_game"),
        Binding("ctrl+n", "add_seat", "key.add_seat"),
        Binding("ctrl+n", "seat_limit('most')", show=False),  # shown dimmed above: says why
        Binding("ctrl+r", "remove_seat", "key.remove_seat"),
        Binding("ctrl+r", "seat_limit('fewest')", show=False),
    ]

    def __init__(self, names: list[str] | None = None, seed: int | None = None,
                 remembered: list[storage.SeatChoice] | None = None) -> None:
        """`names` (people) or else `remembered` (the last game's seats) fill the seats."""
        super().__init__()
        self.seats = first_seats(names, remembered)
        self.seed = seed
        self.games = storage.unfinished_held()
        """The unfinished games when the form opened (the list keeps them up to date)."""

    def compose(self) -> ComposeResult:
        app = window(self)
        with Vertical(classes="newgame"):
            yield Static(classes="title")
            yield Static(classes="heading", id="players-heading")
            with Vertical(id="seats"):
                for i, (name, kind) in enumerate(self.seats, start=1):
                    yield SeatRow(i, name, kind, removable=can_remove(len(self.seats)))
                yield FormButton(t("newgame.add"), id="add")
            with Horizontal(classes="row"):
                yield Static(t("newgame.skin"), classes="label", id="skin-label")
                yield Choice([(words(s).name, s) for s in SKINS], app.skin, id="skin")
                yield Static(t("newgame.seed"), classes="label", id="seed-label")
                yield Input("" if self.seed is None else str(self.seed), placeholder=t("newgame.seed_placeholder"),
                            compact=True, id="seed", restrict=r"[0-9]*", max_length=len(str(MAX_SEED)))
            with Horizontal(classes="row", id="handoff-row"):
                yield FormCheck(t("newgame.handoff"), app.handoff, id="handoff")
                yield Static(t("newgame.language"), classes="label", id="language-label")
                yield Choice(self.language_options(), app.language, id="language")
            with Horizontal(classes="row buttons"):
                # chosen with the game, just before Start: no row of its own (five seats fill 80×24)
                yield FormCheck(t("newgame.hints"), app.hints_ticked, id="hints")
                yield FormButton(t("newgame.start"), id="start", primary=True)
                if self.games:
                    yield FormButton(t("newgame.continue"), id="continue")
                yield FormButton(t("newgame.quit"), id="quit")
            if self.games:  # a DataTable, 2 ms to import: only for a player with games to go on with
                from century_tui.tui.widgets.unfinished_games import UnfinishedGames

                yield UnfinishedGames(self.games, id="games")
            yield Static(classes="error")
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.fit_skin_names()
        self.draw()
        for row in self.rows():  # the last game's names, given in another language, in this one
            row.follow(self.names_besides(row))
        self.update_buttons()
        self.query_one("#name-1", Input).focus()

    def draw(self) -> None:
        self.query_one(".title", Static).update(render.screen_title(t("newgame.title")))
        self.query_one("#players-heading", Static).update(Text(t("newgame.seats"), "bold"))

    def fit_skin_names(self) -> None:
        """Room in the skin selector for the longest skin name in this language."""
        widest = max(cell_len(words(s).name) for s in SKINS)
        self.query_one("#skin", Choice).styles.width = max(22, widest + 5)

    @staticmethod
    def language_options() -> list[tuple[str, str]]:
        """Every language, each named in itself (Français, 日本語): readable whatever is on show."""
        return [(language_name(code), code) for code in languages()]

    def rows(self) -> list[SeatRow]:
        return list(self.query_one("#seats").query_children(SeatRow))

    def update_buttons(self) -> None:
        count = len(self.rows())
        self.query_one("#add", FormButton).display = can_add(count)
        for drop in self.query(".drop").results(FormButton):
            drop.disabled = not can_remove(count)
        self.refresh_bindings()

    @property
    def listed(self) -> UnfinishedGames | None:
        """The list of unfinished games (None: there were none to list, and no query of the
        form's widgets to say so: the key bar asks at each of its drawings)."""
        if not self.games:
            return None
        found = self.query("#games")
        return found.first() if found else None  # type: ignore[return-value]

    @offered("continue")
    def continue_offered(self) -> bool:
        listed = self.listed
        return listed is not None and bool(listed.games)

    @offered("add_seat")
    def add_seat_offered(self) -> bool | None:
        return can_add(len(self.rows())) or None

    @offered("remove_seat")
    def remove_seat_offered(self) -> bool | None:
        return can_remove(len(self.rows())) or None

    @offered("seat_limit")
    def seat_limit_offered(self, which: object) -> bool:
        """Where adding (or removing) a seat is shown dimmed: its key says why."""
        return not (can_add if which == "most" else can_remove)(len(self.rows()))

    def error(self, message: str) -> None:
        self.query_one(".error", Static).update(Text(message, "bold"))
        self.app.bell()

    # -- actions
    def action_seat_limit(self, which: str) -> None:
        self.error(t(f"newgame.error_{which}_seats", most=MAX_PLAYERS, fewest=MIN_PLAYERS))

    def action_add_seat(self) -> None:
        rows = self.rows()
        if can_add(len(rows)):
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
        if not can_remove(len(rows)):
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
        seed = typed_seed(text) if text else engine.new_seed()
        if seed is None:
            self.error(t("newgame.error_seed"))
            return
        app = window(self)
        app.skin = self.query_one("#skin", Choice).value
        app.handoff = self.query_one("#handoff", FormCheck).value
        hints = self.query_one("#hints", FormCheck).value
        app.start_game(engine.Game(seats, seed, hints=hints))

    def action_continue(self) -> None:
        """Open the unfinished game the list's cursor is on (at first, the newest that no
        other window has open)."""
        listed = self.listed
        path = None if listed is None else listed.chosen
        if path is not None:
            self.open_game(path)

    def open_game(self, path: Path) -> None:
        """Go on with the game in `path`, unless another window has it open or it cannot be read."""
        try:
            game, lock = storage.open_save(path)
        except SaveError as e:
            self.error(t("newgame.error_load", file=printable(path.name), error=error_text(e)))
            listed = self.listed
            if listed is not None:
                listed.read_again()  # the list as it is now: opened elsewhere, gone...
            return
        window(self).start_game(game, path, resumed=True, lock=lock)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter, or a click on the row the cursor is on, opens that game."""
        event.stop()
        self.open_game(Path(str(event.row_key.value)))

    async def on_form_button_pressed(self, event: FormButton.Pressed) -> None:
        event.stop()
        if event.control.has_class("drop"):
            await self.remove_seat(next(i for i, row in enumerate(self.rows()) if row.drop is event.control))
            return
        handler = {
            "add": self.action_add_seat,
            "start": self.action_start,
            "continue": self.action_continue,
            "quit": self.app.exit,
        }.get(event.control.id or "")
        if handler:
            handler()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.control.id == "skin" and event.value in SKINS:
            window(self).skin = event.value
        elif event.control.id == "language" and event.value in languages():
            app = window(self)
            app.language = event.value
            if app.language != event.value:  # refused (its file is damaged): shown as it was
                with event.control.prevent(Choice.Changed):
                    event.control.value = app.language
        else:  # a seat's kind: a name the form gave follows it ("Player 3" ⇄ "Medium bot")
            row = next((r for r in self.rows() if r.kind is event.control), None)
            if row is not None:
                row.follow(self.names_besides(row))

    def names_besides(self, row: SeatRow) -> set[str]:
        """The other seats' names, as the name rule compares them: a bot's must not repeat one."""
        return {name_key(r.name_input.value) for r in self.rows() if r is not row}

    def words_changed(self) -> None:
        """The skin or the language changed: every label again, in the words now on show."""
        self.draw()
        for button in ("add", "start", "continue", "quit"):
            for found in self.query(f"#{button}").results(FormButton):
                found.label = t(f"newgame.{button}")
        for name in ("skin", "seed", "language"):
            self.query_one(f"#{name}-label", Static).update(t(f"newgame.{name}"))
        self.query_one("#seed", Input).placeholder = t("newgame.seed_placeholder")
        self.query_one("#handoff", FormCheck).label = t("newgame.handoff")
        self.query_one("#hints", FormCheck).label = t("newgame.hints")
        for row in self.rows():
            row.relabel(self.names_besides(row))
        skin = self.query_one("#skin", Choice)
        skin.set_options([(words(s).name, s) for s in SKINS])
        self.fit_skin_names()
        app = window(self)
        if skin.value != app.skin:
            skin.value = app.skin
        language = self.query_one("#language", Choice)
        if language.value != app.language:
            with language.prevent(Choice.Changed):
                language.value = app.language
