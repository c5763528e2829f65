"""Back in your seat after any drop (issue 43 §2): the join keeps the token its seat's code
was exchanged for, in its own data folder, so the very same line brings the person back,
the board as it was; while a live connection holds the seat, the line is refused, saying so."""

from __future__ import annotations

import stat

import pytest

from century_tui.engine import Rest, Seat
from century_tui.net import seat_tokens
from century_tui.net.client import JoinError
from tests.helpers.hosting import Served, until

pytestmark = pytest.mark.asyncio


async def test_the_same_line_brings_a_player_whose_terminal_died_back_to_their_seat():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        code = s.code(0)
        ann = await seat_tokens.sit_down(s.address, code)
        s.clients.append(ann)
        bob = await s.join(1)
        mover = ann if s.table.state.seat == 0 else bob
        mover.play(Rest())
        await until(lambda: s.caught_up(ann, bob) and len(s.table.game.moves) == 1)
        kept = list(seat_tokens.folder().iterdir())
        assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
        assert code not in kept[0].name and ann.token not in kept[0].name
        ann.ws.transport.abort()  # kill -9: no goodbye
        await until(lambda: not s.hosted.connected(0))
        assert s.hosted.code_for(0) is None  # the code was spent: only the kept token brings Ann back
        again = await seat_tokens.sit_down(s.address, code.upper())  # as typed again, capitals and all
        s.clients.append(again)
        await until(lambda: s.caught_up(again) and s.hosted.connected(0))
        assert again.mine == (0,) and again.token == ann.token and s.seen(again) == s.truth()
        assert len(s.table.game.moves) == 1


async def test_while_a_live_connection_holds_the_seat_the_line_is_refused_and_nothing_changes():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        code = s.code(0)
        ann = await seat_tokens.sit_down(s.address, code)
        s.clients.append(ann)
        with pytest.raises(JoinError) as refused:
            await seat_tokens.sit_down(s.address, code)
        assert refused.value.code == "seat_held"
        assert s.hosted.connected(0) and not ann.dropped and len(s.hosted.clients) == 1
        assert seat_tokens.kept(s.address, code) == ann.token  # kept for when Ann's line goes


async def test_a_seat_given_a_new_code_leaves_the_old_line_refused_and_its_token_forgotten():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        code = s.code(0)
        ann = await seat_tokens.sit_down(s.address, code)
        await ann.aclose()
        await until(lambda: not s.hosted.connected(0))
        s.hosted.issue(0)  # the host's `n`: the seat goes to whoever gets the new code
        with pytest.raises(JoinError) as refused:
            await seat_tokens.sit_down(s.address, code)
        assert refused.value.code == "used_code" and not s.hosted.connected(0)
        assert seat_tokens.kept(s.address, code) is None


async def test_a_watcher_keeps_no_token_and_its_code_serves_again():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        watcher = await seat_tokens.sit_down(s.address, s.hosted.watch_code, watch=True)
        s.clients.append(watcher)
        assert watcher.mine == () and seat_tokens.kept(s.address, s.hosted.watch_code) is None
        assert not seat_tokens.folder().exists() or not list(seat_tokens.folder().iterdir())
