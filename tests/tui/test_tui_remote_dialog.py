"""A dialog's move in a host's game: the dialog stays up until the host answers, then
closes with the move drawn, in one go (not the board as it was, then the move a frame
later); a host that does not answer soon does not keep the dialog up; a second Enter
while it waits is not a second move."""

from __future__ import annotations

import contextlib

import pytest
from tests.helpers.driver import until
from tests.tui.test_tui_remote import Hosted, on_board

from century_tui.net.client import RemoteTable
from century_tui.tui.modals import UpgradeModal
from century_tui.tui.screens import game

pytestmark = pytest.mark.asyncio


class Gate:
    """Holds what the host says to one table until opened."""

    def __init__(self, table: RemoteTable, monkeypatch) -> None:
        self.held: list = []
        self.open = True
        receive = table.line._receive

        def gated(message) -> None:
            if self.open:
                receive(message)
            else:
                self.held.append(message)

        def release() -> None:
            self.open = True
            for message in self.held:
                receive(message)
            self.held.clear()

        self.release = release
        monkeypatch.setattr(table.line, "_receive", gated)


@contextlib.asynccontextmanager
async def upgrade_sent(monkeypatch):
    """Ann's board at her own terminal, her upgrade card's dialog confirmed (a yellow raised
    once), what the host says held at her gate: (the host, her app, the pilot, her board,
    the dialog, the gate)."""
    async with Hosted(first=0) as h:
        app = h.app(0)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await on_board(pilot, app)
            screen.hand.press(1)  # as a click on it: the starting hand is 2 yellow, then upgrade 2
            await until(pilot, lambda: isinstance(app.screen, UpgradeModal))
            dialog = app.screen
            await pilot.press("1")
            gate = Gate(app.table, monkeypatch)
            gate.open = False
            await pilot.press("enter")
            yield h, app, pilot, screen, dialog, gate


async def test_the_dialog_closes_when_the_host_answers_with_the_move_drawn(monkeypatch):
    async with upgrade_sent(monkeypatch) as (h, app, pilot, screen, dialog, gate):
        await until(pilot, lambda: h.hosted.table.game.moves == [dialog.move()])
        await until(pilot, lambda: gate.held)
        await pilot.pause()
        assert app.screen is dialog  # up while the answer is on its way
        assert app.table.view.moves == 0
        await pilot.press("enter")  # again, impatient: nothing more is sent
        gate.release()
        await until(pilot, lambda: app.screen is screen)
        assert app.table.view.moves == 1 and not screen.can_act()  # closed on the move, drawn
        assert len(h.hosted.table.game.moves) == 1


async def test_a_slow_host_does_not_keep_the_dialog_up(monkeypatch):
    monkeypatch.setattr(game, "ANSWER_WAIT_S", 0.05)
    async with upgrade_sent(monkeypatch) as (_h, app, pilot, screen, _dialog, gate):
        await until(pilot, lambda: app.screen is screen)  # closed, the answer still held
        assert app.table.view.moves == 0
        gate.release()
        await until(pilot, lambda: app.table.view.moves == 1 and not screen.can_act())
