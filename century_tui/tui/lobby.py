"""The lobby: `century host`'s own terminal, when it is one.

Each table the host serves, its seats and who sits at them (connected, gone with the seat
waiting, not come yet, a bot), the ready-to-paste `century join …` line of each seat whose
code is unused and each table's `century watch …` line. The host may hand a seat to a bot
or issue it a new code (the old code and the seat's token stop working). Comings and
goings are toasts as well. Under each table's watch line, who watches it.

The lobby reads the host through the few methods named in `Hosting` and `Served` (the net
layer's `Host` and `HostedTable` have them): the TUI never imports the network code.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from century_tui.bots import LEVELS
from century_tui.engine import Seat, State, printable
from century_tui.table import Presence
from century_tui.text import t
from century_tui.tui.keys import OffersKeys, offered
from century_tui.tui.output import compact_output
from century_tui.tui.repaint import ModalScreen
from century_tui.tui.widgets.keybar import KeyBar

BOT_LEVEL = "medium"
"""The bot offered first to take a seat over: a fair opponent, quick to answer."""
WATCHERS_NAMED = 6
"""Watchers named in a table's heading, the latest: the others are counted."""
COLOURS = {Presence.CONNECTED: "green", Presence.DISCONNECTED: "yellow"}
COMINGS_AND_GOINGS = (Presence.CONNECTED, Presence.DISCONNECTED)
"""The changes of a seat's presence a toast says (a person came, or went)."""


class Served(Protocol):
    """One table as the lobby sees it (net.hosted.HostedTable)."""

    name: str
    watch_code: str

    @property
    def table(self) -> _Table: ...
    def status(self, seat: int) -> Presence: ...
    def join_command(self, seat: int) -> str | None: ...
    def watch_command(self) -> str: ...
    def watchers(self) -> list[tuple[int, bool]]: ...
    def issue(self, seat: int) -> str: ...
    def seat_together(self, seat: int) -> str | None: ...
    def hand_over(self, seat: int, level: str | None) -> None: ...


class _Table(Protocol):
    seats: list[Seat]
    state: State


class Hosting(Protocol):
    """The host as the lobby sees it (net.host.Host)."""

    address: str
    tables: Sequence[Served]
    on_lobby: object
    """Called with a table whenever it changes (the lobby sets it to its `changed`)."""


class LobbyApp(OffersKeys, App[None]):
    """The host's lobby; quitting it stops the host (after the tables' last saves)."""

    CSS = """
    #title { height: 1; background: $panel; padding: 0 1; text-style: bold; }
    #notices { height: auto; color: $text-warning; padding: 0 1; }
    #web { height: auto; padding: 0 1; }
    #seats { height: 1fr; border: none; padding: 0; }
    #prompt { height: auto; max-height: 3; color: $text-muted; padding: 0 1; }
    """
    TITLE = "century host"
    ALLOW_SELECT = False
    BINDINGS = [
        Binding("q", "quit", "key.quit"),
        Binding("ctrl+q,ctrl+c", "quit", show=False, priority=True),  # Ctrl+C stops a host, as when piped
        Binding("b", "hand_to_bot", "key.lobby_bot"),
        Binding("n", "new_code", "key.lobby_code"),
        Binding("t", "together", "key.lobby_together"),
        Binding("c", "copy", "key.lobby_copy"),
    ]

    def get_driver_class(self):
        """Textual's driver for this terminal, writing each frame in fewer bytes (`output`)."""
        return compact_output(super().get_driver_class())

    def __init__(self, host: Hosting, notices: Sequence[str] = (), web: str | None = None) -> None:
        """`notices` are warnings (the host can be reached from other machines); `web` says
        where the browser seats are."""
        super().__init__()
        self.host = host
        self.notices = list(notices)
        self.web = web
        self._seen: dict[tuple[int, int], str] = {}
        self.seats = OptionList(id="seats")
        """Each table's heading (with its watch line), then its seats."""
        self.prompt = Static(id="prompt")
        """What the keys do for the line under the highlight."""
        host.on_lobby = self.changed

    def compose(self) -> ComposeResult:
        yield Static(Text(t("lobby.title", address=printable(self.host.address))), id="title")
        yield Static(Text("\n".join(printable(n) for n in self.notices)), id="notices")
        if self.web:
            yield Static(Text(printable(self.web)), id="web")
        yield self.seats
        yield self.prompt
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#notices").display = bool(self.notices)
        self._seen = self._statuses()
        self.redraw()
        self.seats.focus()

    # ------------------------------------------------------------ what it shows
    def redraw(self) -> None:
        """Every table's lines again, the highlight kept where it was."""
        listing = self.seats
        highlighted = listing.highlighted
        listing.clear_options()
        for i, served in enumerate(self.host.tables):
            if i:
                listing.add_option(None)  # a rule between tables
            listing.add_option(Option(self._heading(served), id=f"{i}:watch"))
            for seat in range(len(served.table.seats)):
                listing.add_option(Option(self._seat_lines(served, seat), id=f"{i}:{seat}"))
        if listing.option_count:
            listing.highlighted = min(highlighted if highlighted is not None else 1, listing.option_count - 1)
        self._prompt()

    def _heading(self, served: Served) -> Text:
        state = served.table.state
        if state.is_over:
            status = t("lobby.over")
        else:
            status = t("lobby.turn", name=printable(served.table.seats[state.seat].name), moves=len(served.table.game.moves))
        out = Text(printable(served.name), style="bold")
        out.append(f"  {status}")
        out.append("\n  " + t("lobby.watch", command=served.watch_command()), style="dim")
        out.append("\n  " + self._watchers(served))
        return out

    @staticmethod
    def _watchers(served: Served) -> str:
        """How many watch the table, and whether each is connected (the latest few named)."""
        watchers = served.watchers()
        if not watchers:
            return t("lobby.no_watchers")
        named = [t("lobby.watcher", number=number, status=t("lobby.connected" if on else "lobby.watcher_gone"))
                 for number, on in watchers[-WATCHERS_NAMED:]]
        if len(watchers) > WATCHERS_NAMED:
            named.insert(0, "…")
        return t("lobby.watchers", count=len(watchers), list=", ".join(named))

    def _seat_lines(self, served: Served, seat: int) -> Text:
        player = served.table.seats[seat]
        status = served.status(seat)
        words = t("lobby.bot", level=t(f"level.{player.bot}")) if status == Presence.BOT else t(f"lobby.{status}")
        out = Text("  ")
        out.append(printable(player.name), style="bold")
        out.append("  ")
        out.append(words, style=COLOURS.get(status, ""))
        command = served.join_command(seat)
        if command is not None:
            out.append(f"\n    {command}")
        return out

    def _chosen(self) -> tuple[Served, int | None] | None:
        """The table and seat under the highlight (seat None: the table's watch line)."""
        index = self.seats.highlighted
        if index is None:
            return None
        option_id = self.seats.get_option_at_index(index).id or ""
        table, _, seat = option_id.partition(":")
        return self.host.tables[int(table)], None if seat == "watch" else int(seat)

    def _prompt(self) -> None:
        chosen = self._chosen()
        words = ""
        if chosen is not None:
            served, seat = chosen
            if seat is None:
                words = t("lobby.hint_watch")
            else:
                name = printable(served.table.seats[seat].name)
                words = t(f"lobby.hint_{served.status(seat)}", name=name)
        self.prompt.update(Text(words))

    def on_option_list_option_highlighted(self) -> None:
        self._prompt()

    # ------------------------------------------------------------ the host's news
    def _statuses(self) -> dict[tuple[int, int], Presence]:
        return {(i, seat): served.status(seat) for i, served in enumerate(self.host.tables)
                for seat in range(len(served.table.seats))}

    def changed(self, _served: object = None) -> None:
        """The host's news (a move, a connection come or gone), told from wherever the host
        was (a connection's task, a bot's answer): taken up on the app's own turn, where
        its widgets may be drawn."""
        if self.is_running:
            self.call_later(self._news)

    def _news(self) -> None:
        """Redrawn, and a toast for each person who came or went."""
        now = self._statuses()
        for (i, seat), status in now.items():
            before = self._seen.get((i, seat))
            if before == status or status not in COMINGS_AND_GOINGS or before == Presence.BOT:
                continue
            served = self.host.tables[i]
            line = t(f"cli.host_{status}", name=printable(served.table.seats[seat].name))
            if len(self.host.tables) > 1:
                line = t("cli.host_table_line", file=printable(served.name), line=line)
            self.notify(line, severity="warning" if status == Presence.DISCONNECTED else "information", markup=False)
        self._seen = now
        if self.is_mounted:
            self.redraw()

    # ------------------------------------------------------------ actions
    @offered("hand_to_bot", "new_code", "together", "copy")
    def seat_keys_offered(self) -> bool | None:
        """The seat keys rest (and leave the key bar) while the bot's level is asked."""
        return None if isinstance(self.screen, BotLevel) else True

    def _person_seat(self) -> tuple[Served, int] | None:
        chosen = self._chosen()
        if chosen is None or chosen[1] is None or chosen[0].status(chosen[1]) == Presence.BOT:
            self.notify(t("lobby.choose_person"), severity="warning", markup=False)
            return None
        return chosen[0], chosen[1]

    def action_hand_to_bot(self) -> None:
        """Which bot takes the seat (asked), then it does."""
        chosen = self._person_seat()
        if chosen is None:
            return
        served, seat = chosen
        name = printable(served.table.seats[seat].name)

        def hand(level: str | None) -> None:
            if level is None or served.status(seat) == Presence.BOT:
                return
            served.hand_over(seat, level)
            self.notify(t("lobby.handed", name=name, level=t(f"level.{level}")), markup=False)

        self.push_screen(BotLevel(name), hand)

    def action_new_code(self) -> None:
        """A new code for the seat: its person's old one stops working; a bot's seat goes back
        to a person (the bot stops at once, even mid-thought) and waits for them."""
        chosen = self._chosen()
        if chosen is None or chosen[1] is None:
            self.notify(t("lobby.choose_seat"), severity="warning", markup=False)
            return
        served, seat = chosen
        if served.status(seat) == Presence.BOT:
            served.hand_over(seat, None)
            words = "lobby.to_person"
        else:
            served.issue(seat)
            words = "lobby.reissued"
        # the seat's name now: a seat the game named for its bot is named as a person's
        self.notify(t(words, name=printable(served.table.seats[seat].name)), markup=False)

    def action_together(self) -> None:
        """The seat shares the terminal of the person's seat above it: one line for both."""
        chosen = self._person_seat()
        if chosen is None:
            return
        served, seat = chosen
        code = served.seat_together(seat)
        if code is None:
            self.notify(t("lobby.no_seat_above"), severity="warning", markup=False)
            return
        line = served.join_command(seat)  # one line for every seat now at that terminal
        names = [printable(p.name) for s, p in enumerate(served.table.seats) if served.join_command(s) == line]
        self.notify(t("lobby.together", names=", ".join(names)), markup=False)

    def action_copy(self) -> None:
        """The highlighted line to the clipboard (the terminal's, through OSC 52)."""
        chosen = self._chosen()
        if chosen is None:
            return
        served, seat = chosen
        line = served.watch_command() if seat is None else served.join_command(seat)
        if line is None:
            self.notify(t("lobby.no_line"), severity="warning", markup=False)
            return
        self.copy_to_clipboard(line)
        self.notify(t("lobby.copied", line=line), markup=False)


class BotLevel(ModalScreen[str | None]):
    """Which bot takes a person's seat: Enter or a click picks a level, Esc keeps the seat."""

    DEFAULT_CSS = """
    BotLevel { align: center middle; }
    BotLevel > Vertical { width: 44; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    BotLevel OptionList, BotLevel OptionList:focus { height: auto; border: none; padding: 0; }
    """
    BINDINGS = [
        Binding("enter", "choose", "key.confirm", priority=True),
        Binding("escape", "dismiss(None)", "key.cancel"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.seat_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(t("lobby.which_bot", name=self.seat_name), "bold"))
            yield OptionList(*[Option(t(f"level.{level}"), id=level) for level in LEVELS])
        yield KeyBar()

    def on_mount(self) -> None:
        levels = self.query_one(OptionList)
        levels.highlighted = LEVELS.index(BOT_LEVEL)
        levels.focus()

    def action_choose(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and self.is_current:
            self.dismiss(LEVELS[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.is_current:  # once: a click may select again as the box goes
            self.dismiss(event.option.id)

    def on_click(self, event) -> None:
        """A click outside the box keeps the seat (as Esc)."""
        if self.is_current and self.get_widget_at(event.screen_x, event.screen_y)[0] is self:
            self.dismiss(None)
