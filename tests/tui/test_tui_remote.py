"""The joined board, on loopback: the owner of a move is asked on their own screen when
someone at another terminal would take it back (keys and mouse), the asker sees the
host's refusals as a hot-seat player sees a refusal, in their own language, a full view
is not "a move played again", and a join shows its own seat's hand."""

from __future__ import annotations

import contextlib

import pytest
from tests.helpers.driver import until, toasts, told
from tests.helpers.hosting import first_to_play
from tests.helpers.hosting import until as net_until

from century_tui.engine import Game, PlaySpice, Rest, Seat
from century_tui.net.client import RemoteTable
from century_tui.net.host import Host, Limits
from century_tui.net.join import JoinApp
from century_tui.net.protocol import MoveRequest
from century_tui.storage import Settings
from century_tui.table import Resynced
from century_tui.tui.screens.confirm_undo import ApproveUndo
from century_tui.tui.screens.game import GameScreen

pytestmark = pytest.mark.asyncio


class Hosted:
    """A host with Ann and Bob's game (Ann plays first); Bob joins without a screen."""

    def __init__(self, first: int = 0) -> None:
        self.first = first

    async def __aenter__(self) -> Hosted:
        self.host = Host(port=0, limits=Limits(rate=10_000, burst=10_000))
        await self.host.start()
        seats = [Seat("Ann"), Seat("Bob")]
        self.hosted = self.host.add(Game(seats, first_to_play(self.first, seats)), autosave=False)
        self.address = f"127.0.0.1:{self.host.port}"
        self.others: list[RemoteTable] = []
        return self

    async def join(self, seat: int) -> RemoteTable:
        table = await RemoteTable.connect(self.address, code=self.hosted.code_for(seat), timeout=5)
        self.others.append(table)
        return table

    def app(self, seat: int | None, **kwargs) -> JoinApp:
        code = self.hosted.watch_code if seat is None else self.hosted.code_for(seat)
        return JoinApp(self.address, code, watch=seat is None, settings=Settings(), **kwargs)

    async def __aexit__(self, *exc) -> None:
        for table in self.others:
            await table.aclose()
        await self.host.close()


async def on_board(pilot, app) -> GameScreen:
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.hand.selected)
    return app.screen


@contextlib.asynccontextmanager
async def anns_board_bob_elsewhere():
    """Ann's board on her terminal (she plays first), Bob joined from his: (the host, Ann's
    app, Bob's table, the pilot, Ann's board once it shows)."""
    async with Hosted(first=0) as h:
        app = h.app(0)
        bob = await h.join(1)
        async with app.run_test(size=(100, 30)) as pilot:
            yield h, app, bob, pilot, await on_board(pilot, app)


async def test_the_owner_agrees_on_their_own_board_with_a_key():
    async with anns_board_bob_elsewhere() as (h, app, bob, pilot, screen):
        card = screen.hand.selected.card
        await pilot.press("enter")
        await until(pilot, lambda: h.hosted.table.game.moves == [PlaySpice(card)] and bob.view.moves == 1)
        bob.undo()  # Bob, at his own terminal, would take Ann's move back
        await until(pilot, lambda: isinstance(app.screen, ApproveUndo))
        asked = app.screen
        assert "Bob asks to take back your move" in str(asked.title_text())
        assert "Your move:" in str(asked.body_text())
        await pilot.press("y")
        await until(pilot, lambda: not h.hosted.table.game.moves and app.table.view.moves == 0)
        assert app.screen is screen and screen.can_act()  # Ann's turn again
        await told(pilot, "Move taken back")


async def test_the_asker_waits_then_hears_the_owner_keeps_their_move_in_the_askers_language():
    async with Hosted(first=0) as h:
        ann = await h.join(0)
        app = h.app(1, language="fr")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await on_board(pilot, app)
            ann.play(Rest())
            await until(pilot, lambda: app.table.view.moves == 1 and screen.can_act())
            asked: list = []
            ann.subscribe(lambda c: asked.append(c) if type(c).__name__ == "UndoAsked" and c.open else None)
            await pilot.press("u")  # Bob asks; Ann, elsewhere, is asked
            await until(pilot, lambda: asked and any("attente" in x for x in toasts(app)))
            ann.answer_undo(asked[0].question, False)
            await until(pilot, lambda: any(x == "Ann garde son coup." for x in toasts(app)))
            assert len(h.hosted.table.game.moves) == 1 and app.screen is screen


async def test_keeping_ones_move_by_mouse():
    async with anns_board_bob_elsewhere() as (h, app, bob, pilot, _screen):
        await pilot.press("r")  # Ann rests
        await until(pilot, lambda: bob.view.moves == 1)
        bob.undo()
        await until(pilot, lambda: isinstance(app.screen, ApproveUndo) and any(b.region for b in app.screen.query("#keep")))
        assert await pilot.click("#keep")
        await until(pilot, lambda: bob.refusals and bob.refusals[-1].code == "undo_declined")
        assert len(h.hosted.table.game.moves) == 1 and not isinstance(app.screen, ApproveUndo)


async def test_a_question_settled_elsewhere_closes_unanswered():
    async with anns_board_bob_elsewhere() as (h, app, bob, pilot, screen):
        await pilot.press("r")
        await until(pilot, lambda: bob.view.moves == 1)
        bob.undo()
        await until(pilot, lambda: isinstance(app.screen, ApproveUndo))
        bob.play(Rest())  # Bob plays on instead: the question is void
        await until(pilot, lambda: app.screen is screen and app.table.view.moves == 2)
        assert len(h.hosted.table.game.moves) == 2


async def test_a_full_view_brings_the_board_up_to_date_without_a_move_played_again():
    async with Hosted(first=0) as h:
        app = h.app(0)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await on_board(pilot, app)
            await pilot.press("r")
            await until(pilot, lambda: app.table.view.moves == 1)
            heard: list = []
            app.table.subscribe(heard.append)
            app.table.resync()
            await until(pilot, lambda: len(heard) == 1)  # the view came, and the board has drawn it
            await app.table.reconnect(timeout=5)
            assert len(heard) == 2 and app.screen is screen
            assert not any("played again" in x for x in toasts(app))
            assert heard == [Resynced(), Resynced()]


async def test_a_join_shows_its_own_hand_and_a_watcher_the_hand_of_the_seat_to_act():
    async with Hosted(first=0) as h:
        app, watcher = h.app(1), h.app(None)
        ann = await h.join(0)
        ann.play(PlaySpice(h.hosted.table.state.players[0].hand_cards[0]))
        await net_until(lambda: len(h.hosted.table.game.moves) == 1)
        bob_hand = list(h.hosted.table.state.players[1].owned)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await on_board(pilot, app)
            await until(pilot, lambda: screen.state.seat == 1)
            assert [i.card for i in screen.hand.items] == bob_hand and "Bob" in str(screen.hand.heading.border_title)
            await pilot.press("r")  # Bob rests: Ann's turn, Bob still sees his own hand
            await until(pilot, lambda: app.table.view.moves == 2 and screen.state.seat == 0)
            assert [i.card for i in screen.hand.items] == bob_hand
            assert "Bob" in str(screen.hand.heading.border_title)
            await pilot.press("r")  # not Bob's turn: said as the line under the hand says it, not a bell alone
            await until(pilot, lambda: any("Ann is playing at another terminal" in x for x in toasts(app)))
            assert app.table.view.moves == 2
        async with watcher.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(watcher.screen, GameScreen) and watcher.screen.hand.heading.border_title)
            board = watcher.screen
            assert "Ann" in str(board.hand.heading.border_title)  # the seat to act's, as at a hot-seat table
            assert [i.card for i in board.hand.items] == list(h.hosted.table.state.players[0].owned)
            assert board.check_action("undo", ()) is False and board.check_action("redo", ()) is False
            assert board.check_action("rest", ()) is False  # hidden from the key bar, not dimmed
            played = len(h.hosted.table.game.moves)
            await pilot.press("u", "r")  # a watcher takes nothing back, and is not told "nothing to undo"
            await pilot.pause()
            assert not toasts(watcher) and len(h.hosted.table.game.moves) == played


async def test_a_rules_refusal_from_the_host_shows_as_a_hot_seat_refusal_in_the_players_language():
    async with Hosted(first=0) as h:
        app = h.app(0, language="pt")
        async with app.run_test(size=(100, 30)) as pilot:
            await on_board(pilot, app)
            table = app.table
            # past the board's own check (a race it could not see), straight to the host
            table._send(MoveRequest(epoch=table.epoch, move={"kind": "claim", "index": 0}))
            await until(pilot, lambda: table.refusals)
            refusal = table.refusals[-1]
            assert refusal.rule.startswith("R-") and refusal.code == "claim_cost"
            await until(pilot, lambda: any(x.startswith("Esta") or "custa" in x for x in toasts(app)))
            assert refusal.reason not in toasts(app)  # not the host's English
            assert not h.hosted.table.game.moves
