"""The host keeps its promises under attack (issue 44), one test each: nothing a player saw
is lost, no stranger crowds out a seat, no error wedges a table. All on 127.0.0.1, every
wait bounded."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect

from century_tui.engine import Rest, Seat
from century_tui.net import protocol as p
from tests.helpers.hosting import Served, closed_with, until

pytestmark = pytest.mark.asyncio

NINES = "9" * 4300
"""A number past Python's limit on the digits of an int read from a string."""


async def test_every_field_is_bounded_by_its_type_and_a_wrong_type_is_refused_not_coerced(caplog):
    caplog.set_level(logging.DEBUG)
    async with Served([Seat("Ann"), Seat("Bob")], seed=4) as s:
        mover = s.table.state.seat
        epoch = s.table.epoch
        sent = [
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"acquire","index":{NINES}}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"trade","card":"M13","times":{NINES}}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"acquire","index":6}}}}',
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"rest","index":0}}}}',  # no such field
            f'{{"type":"move","epoch":{epoch},"move":{{"kind":"spice","card":"M01","x":1}}}}',
            f'{{"type":"move","epoch":"{epoch}","move":{{"kind":"rest"}}}}',
            f'{{"type":"move","epoch":{epoch}.0,"move":{{"kind":"rest"}}}}',
            f'{{"type":"move","epoch":{NINES},"move":{{"kind":"rest"}}}}',
            '{"type":"undo","epoch":0,"seat":9}',
            '{"type":"undo_answer","question":1,"yes":1}',
        ]
        for text in sent:
            ws = await connect(f"ws://{s.address}")
            await ws.send(p.encode(p.Hello(code=s.code(mover))))
            welcome = p.host_message.validate_json(await ws.recv())
            await ws.send(text)
            code, reason = await closed_with(ws)
            assert code == 1008 and reason.startswith("malformed message"), text[:80]
            assert s.table.game.moves == [] and s.table.epoch == epoch
            s.hosted.issue(mover)  # a new code for the next try (the token was let go)
        assert isinstance(welcome, p.Welcome)
        for hello in ('{"type":"hello","code":"%s","watch":"yes"}', '{"type":"hello","code":"%s","v":1.0}'):
            ws = await connect(f"ws://{s.address}")
            await ws.send(hello % s.hosted.watch_code)
            code, reason = await closed_with(ws)
            assert code == 1008 and reason.startswith("malformed message")
        ws = await connect(f"ws://{s.address}")  # a move of the right types still plays
        await ws.send(p.encode(p.Hello(code=s.code(mover))))
        await ws.recv()
        await ws.send(json.dumps({"type": "move", "epoch": epoch, "move": {"kind": "rest"}}))
        await until(lambda: s.table.game.moves == [Rest()])
        await ws.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
