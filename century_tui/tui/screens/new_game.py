"""Set up a game: 2–5 seats, a name and person-or-bot for each, skin, seed, language; or
open one of the unfinished games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Static

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
from century_tui.text import Names, error_text, language_name, languages, t, words
from century_tui.tui.repaint import Screen
from century_tui.tui.widgets.keybar import KeyBar
from century_tui.tui.widgets.choice import Choice
from century_tui.tui.widgets.form_controls import FormButton, FormCheck
from century_tui.tui.widgets.seat_row import SeatForm, SeatRow, first_seats
from century_tui.tui import render
from century_tui.tui.screens.too_small import SizeGuard
from century_tui.tui.lifecycle import closed
from century_tui.tui.app import century
from century_tui.tui.follow import FollowsWords
from century_tui.tui.styles import FormStyled

NEWGAME_WIDTH = 68
"""Cells for the list of games: the form's inside (app.tcss .newgame: width 76, border and
padding 2 a side), less a cell for its scrollbar when a long form scrolls."""

HELD_CHECK_S = 2.0
"""How often the list looks again at the games marked open elsewhere: a mark goes within
this once the other window has closed its game, with no key pressed here."""

MINUTE, SECOND = "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"
SAVED_MOST = 24
"""Cells at most for the list's Saved column: a name the game gives its saves fits."""


def saved_times(games: list[storage.SaveInfo]) -> list[str]:
    """When each game was saved, as the list shows it: to the minute; to the second where
    two games of the same players and round would read alike; the file's name (as `century
    resume` takes it, cut short past SAVED_MOST cells) where even the second is the same
    (two windows started at once)."""
    def alike(stamp: str) -> Counter:
        return Counter((info.players, info.round, info.modified.strftime(stamp)) for info in games)

    stamp = SECOND if max(alike(MINUTE).values(), default=1) > 1 else MINUTE
    same = alike(stamp)
    return [info.path.stem if same[(info.players, info.round, info.modified.strftime(stamp))] > 1
            else info.modified.strftime(stamp) for info in games]


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


class NewGameScreen(FormStyled, SeatForm, SizeGuard, FollowsWords, Screen):
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
        app = century(self)
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
                yield FormCheck(t("newgame.hints"), getattr(app, "hints", False), id="hints")
                yield FormButton(t("newgame.start"), id="start", primary=True)
                if self.games:
                    yield FormButton(t("newgame.continue"), id="continue")
                yield FormButton(t("newgame.quit"), id="quit")
            if self.games:
                yield DataTable(id="games", cursor_type="row", cell_padding=1)
            yield Static(classes="error")
        yield KeyBar()

    def on_mount(self) -> None:
        if closed(self):
            return
        self.fit_skin_names()
        self.draw()
        for row in self.rows():  # the last game's names, given in another language, in this one
            row.follow(self.names_besides(row))
        self.list_games()
        if self.games:
            self.set_interval(HELD_CHECK_S, self.check_held)
        self.update_buttons()
        self.query_one("#name-1", Input).focus()

    def draw(self) -> None:
        self.query_one(".title", Static).update(render.screen_title(t("newgame.title")))
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
        saved = saved_times([info for info, _ in self.games])
        widths = [cell_len(labels[1]), max(cell_len(labels[2]), 16, *(min(cell_len(w), SAVED_MOST) for w in saved))]
        if any(held for _, held in self.games):
            labels.append("")
            widths.append(cell_len(held_word))
        # what the other columns and each column's padding leave; a vertical scrollbar's cell
        widths.insert(0, max(12, NEWGAME_WIDTH - sum(widths) - 2 * len(widths) - 1))
        for label, width in zip(labels, widths):
            table.add_column(Text(label, "bold"), width=width)
        for (info, held), when in zip(self.games, saved):
            style = "dim" if held else ""
            cells = [
                Text(str(Names(tuple(info.players))), style, no_wrap=True, overflow="ellipsis"),
                Text(str(info.round), style, justify="right"),
                Text(when, style, no_wrap=True, overflow="ellipsis"),
                Text(held_word, "italic") if held else Text(""),
            ]
            table.add_row(*cells[: len(labels)], key=str(info.path))
        table.move_cursor(row=at)

    def check_held(self) -> None:
        """The games marked open elsewhere that no window holds now lose their mark (the
        other window closed its game: the list said so only after a key was pressed here)."""
        now = [(info, held and storage.still_held(info.path)) for info, held in self.games]
        if now != self.games:
            self.games = now
            self.list_games()

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return bool(self.games)
        if action == "add_seat":
            return can_add(len(self.rows())) or None
        if action == "remove_seat":
            return can_remove(len(self.rows())) or None
        if action == "seat_limit":  # where adding (or removing) a seat is shown dimmed
            return not (can_add if parameters[0] == "most" else can_remove)(len(self.rows()))
        return True

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
        app = century(self)
        app.skin = self.query_one("#skin", Choice).value
        app.handoff = self.query_one("#handoff", FormCheck).value
        hints = self.query_one("#hints", FormCheck).value
        app.start_game(engine.Game(seats, seed, hints=hints))

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
        century(self).start_game(game, path, resumed=True, lock=lock)

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
            century(self).skin = event.value
        elif event.control.id == "language" and event.value in languages():
            app = century(self)
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
        self.list_games()
        skin = self.query_one("#skin", Choice)
        skin.set_options([(words(s).name, s) for s in SKINS])
        self.fit_skin_names()
        app = century(self)
        if skin.value != app.skin:
            skin.value = app.skin
        language = self.query_one("#language", Choice)
        if language.value != app.language:
            with language.prevent(Choice.Changed):
                language.value = app.language
