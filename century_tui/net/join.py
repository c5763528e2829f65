"""The window of `century join` and `century watch`: the usual app and board, on a table
whose game is played on the host. The connection lives on the app's own event loop."""

from __future__ import annotations

import asyncio
from pathlib import Path

from century_tui.skins import SKINS
from century_tui.table import HostSilent, SeatsChanged
from century_tui.text import t
from century_tui.tui import app as tui_app
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.code_entry import CodeScreen

from .client import JoinError, RemoteTable
from .protocol import FAREWELL, SEAT_GONE

RETRIES = (0.5, 1, 2, 4, 8)
"""Seconds before each try to come back after the connection went."""
TRY_FOR = 5.0
"""Seconds one try may take (a host that takes the line but never answers)."""
GIVE_UP_AFTER = 18.0
"""Seconds after the drop past which no try is started or waited for: the join gives up
then at the latest, however the host fails (the pauses alone make 15.5 s)."""


class JoinApp(CenturyApp):
    """CenturyApp whose first (and only) game is the host's: no new game, no save here."""

    CSS_PATH = Path(tui_app.__file__).parent / CenturyApp.CSS_PATH  # type: ignore[operator]

    def __init__(self, address: str, code: str | None, *, watch: bool = False, tls=None, **kwargs) -> None:
        """Without a `code`, the app asks for one first (a browser tab, or a join typed bare)."""
        super().__init__(None, autosave=False, **kwargs)
        self.address = address
        self.code = code
        self.watch = watch
        self.tls = tls
        self.own_skin = kwargs.get("skin") is not None
        """`--skin` was given: the host's skin is not taken."""
        self.failure: str | None = None
        """Why joining failed, or the game ended here (the app exits with code 1 and the cli
        says it)."""
        self.failure_code: str | None = None
        """The reason's code when the host gave a known one (`protocol.CLOSE_REASONS`)."""
        self.joined = False
        """The board opened: a failure now ends a game this terminal was playing."""
        self.farewell: str | None = None
        """The host stopped the game on purpose (the app exits with code 0 and the cli says it)."""

    def open_new_game(self) -> None:
        """The app opens its first screen through this: here, the host's board. Asked again
        (the palette's "new game"), it says that a new game is the host's to start."""
        if self.table is not None:
            self.notify(t("notify.remote_new_game"), severity="warning", timeout=8)
            return
        if self.code is None:
            self.push_screen(CodeScreen(self.address, self._try_code))
            return
        self.run_worker(self._join(self.code), group="join", exclusive=True)

    def _try_code(self, code: str) -> None:
        self.run_worker(self._join(code), group="join", exclusive=True)

    async def _join(self, code: str) -> None:
        from century_tui.tui.screens.game import GameScreen

        asking = next((s for s in self.screen_stack if isinstance(s, CodeScreen)), None)
        try:
            table = await RemoteTable.connect(self.address, code=code, watch=self.watch, tls=self.tls)
        except JoinError as e:
            if asking is not None:  # a wrong or used code: the person types another
                asking.refused(e.reason, unreachable=e.unreachable)
                return
            self.failure, self.failure_code = e.reason, e.code
            self.exit(return_code=1)
            return
        if not self.own_skin and table.skin in SKINS and table.skin != self.skin:
            self.wear_skin(table.skin)  # the host's look, not remembered here
        self.hold(table)  # type: ignore[arg-type]
        table.on_drop(lambda reason: self.run_worker(self._come_back(table, reason), group="join"))
        table.subscribe(lambda change: self._heard_of(table, change))
        self._clear_stack()  # the code screen (and a help over it) goes
        self.joined = True
        self.push_screen(GameScreen(table))

    def _heard_of(self, table: RemoteTable, change: object) -> None:
        """Someone at another terminal lost the connection, or came back: said to everyone.
        The host has not answered a request for a while: said to whoever asked."""
        if isinstance(change, HostSilent) and change.silent:
            self.notify(t("notify.host_silent"), severity="warning", timeout=6)
        if not isinstance(change, SeatsChanged):
            return
        for seat in change.gone:
            key = "notify.seat_gone_bot" if table.hands_over else "notify.seat_gone"
            self.notify(t(key, name=table.seats[seat].name), severity="warning", timeout=8)
        for seat in change.back:
            self.notify(t("notify.seat_back", name=table.seats[seat].name), timeout=4)

    async def _come_back(self, table: RemoteTable, reason: str) -> None:
        """The line went: say so, and try again with the seat's token, less and less often;
        not when the host made the seat someone else's (the token will never work again),
        nor when the host stopped the game on purpose (its goodbye: the app ends)."""
        if table.drop_code == FAREWELL:
            self.farewell = t("cli.host_stopped", address=self.address)
            self.exit()
            return
        if table.drop_code in SEAT_GONE:
            self.failure = reason
            self.exit(return_code=1)
            return
        self.notify(t("notify.connection_lost", reason=reason), severity="warning", timeout=8)
        loop = asyncio.get_running_loop()
        end = loop.time() + GIVE_UP_AFTER
        for pause in RETRIES:
            if loop.time() + pause >= end:
                break
            await asyncio.sleep(pause)
            if table.closed:
                return
            try:
                await table.reconnect(timeout=min(TRY_FOR, end - loop.time()))
            except JoinError as e:
                if e.code == "unknown_token":  # a host started again has new codes and tokens
                    reason = t("cli.host_restarted" if table.mine else "cli.host_restarted_watch")
                    break
                if e.code in SEAT_GONE:
                    reason = e.reason
                    break
                continue
            self.notify(t("notify.reconnected"), timeout=4)
            return
        self.failure = reason
        self.exit(return_code=1)
