"""century host / join / watch in one process, on loopback: a host, players at their own
tables (RemoteTable, no UI), a watcher, and strangers who send what they like."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from century_tui.engine import HIDDEN, MERCHANT_CARDS, Claim, Game, IllegalMove, Rest, Seat, dumps
from century_tui.engine.save_doc import move_to_dict
from century_tui.net import protocol as p
from century_tui.net.client import JoinError, RemoteTable
from century_tui.net.host import Limits
from century_tui.timeline import running_scores
from tests.helpers.hosting import Served, closed_with, until

pytestmark = pytest.mark.asyncio


def pick(state, rng: random.Random):
    """A quick player: claims when it can (the game ends), else any legal move."""
    moves = state.legal_moves()
    claims = [m for m in moves if isinstance(m, Claim)]
    return rng.choice(claims or list(moves))


async def test_two_players_a_bot_and_a_watcher_play_a_whole_game():
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cog", "random")]
    async with Served(seats, seed=3) as s:
        ann, bob, watcher = await s.join(0), await s.join(1), await s.join(None)
        assert (ann.mine, bob.mine, watcher.mine) == ((0,), (1,), ())
        heard = []
        watcher.subscribe(heard.append)
        start = watcher.view.moves  # a bot may have moved before the watcher listened
        rng = random.Random(5)
        while not s.table.state.is_over:
            await until(lambda: s.table.state.is_over or (
                not s.table.thinking and s.table.game.current_seat.is_human and s.caught_up(ann, bob)))
            if s.table.state.is_over:
                break
            client = ann if s.table.state.seat == 0 else bob
            assert s.seen(client) == s.truth()  # a view is the host's position, decks aside
            before = s.table.epoch
            client.play(pick(client.state, rng))
            await until(lambda: s.table.epoch > before)
        await until(lambda: s.caught_up(ann, bob, watcher))
        for client in (ann, bob, watcher):
            assert s.seen(client) == s.truth()
            assert client.state.is_over and client.state.winner() == s.table.state.winner()
            assert client.state.scores() == s.table.state.scores()
            assert client.running_scores() == running_scores(s.table.game)  # the results' chart
            assert [e.key for e in client.history()][-1] == "log.game_over"
        assert [c.move for c in heard if hasattr(c, "move")] == s.table.game.moves[start:]
        assert {m.__class__.__name__ for m in s.table.game.moves} >= {"Claim"}
        assert any(seat.bot for seat in seats) and "random" in {s.table.game.seats[i].bot for i in s.table.game.movers}


async def test_the_decks_and_the_seed_never_reach_a_client():
    async with Served([Seat("Ann"), Seat("Bob")], seed=11) as s:
        ann = await s.join(0)
        assert ann.state.point_deck == [HIDDEN] * len(s.table.state.point_deck)
        assert ann.state.merchant_deck == [HIDDEN] * len(s.table.state.merchant_deck)
        assert not hasattr(ann.game, "seed")
        raw = p.encode(p.FullView(seq=0, view=s.hosted.view(full=True)))
        assert str(s.table.game.seed) not in raw
        deck = json.dumps(s.table.state.merchant_deck[-5:])[1:-1]
        assert deck not in raw.replace(" ", "")


async def test_a_client_cannot_move_for_another_seat_or_out_of_turn():
    async with Served([Seat("Ann"), Seat("Bob")], seed=2) as s:
        ann, bob = await s.join(0), await s.join(1)
        idle, moving = (ann, bob) if s.table.state.seat == 1 else (bob, ann)
        with pytest.raises(IllegalMove) as refused:
            idle.play(Rest())
        assert refused.value.code == "not_your_turn"
        # past the client's own check, straight to the host: refused, nothing changed
        moves = list(s.table.game.moves)
        idle._send(p.MoveRequest(epoch=idle.epoch, move=move_to_dict(Rest())))
        await until(lambda: idle.refusals)
        assert idle.refusals[-1].code == "not_your_turn" and s.table.game.moves == moves
        # an illegal move by the seat to act is refused with the rule's reason
        moving._send(p.MoveRequest(epoch=moving.epoch, move={"kind": "claim", "index": 4}))
        await until(lambda: moving.refusals)
        assert moving.refusals[-1].rule.startswith("R-") and s.table.game.moves == moves
        # a move made for an older position is refused too
        moving._send(p.MoveRequest(epoch=moving.epoch - 1, move=move_to_dict(Rest())))
        await until(lambda: len(moving.refusals) == 2)
        assert moving.refusals[-1].code == "stale" and s.table.game.moves == moves
        moving.play(Rest())
        await until(lambda: s.caught_up(ann, bob) and len(s.table.game.moves) == 1)


async def test_a_watcher_cannot_play():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        with pytest.raises(JoinError, match="a seat.s code, not the watch code: century join plays it") as e:
            await RemoteTable.connect(s.address, code=s.code(0), watch=True, timeout=5)  # century watch, Ann's code
        assert e.value.code == "seat_code"
        ann = await s.join(0)  # her code was not spent on it
        assert ann.mine == (0,)
        watcher = await RemoteTable.connect(s.address, code=s.hosted.watch_code, watch=True, timeout=5)
        s.clients.append(watcher)
        with pytest.raises(IllegalMove):
            watcher.play(Rest())
        dropped = []
        watcher.on_drop(dropped.append)
        watcher._send(p.MoveRequest(epoch=watcher.epoch, move=move_to_dict(Rest())))
        await until(lambda: dropped)
        assert "spectator" in dropped[0] and s.table.game.moves == []


async def test_past_the_watchers_kept_the_oldest_gone_one_is_forgotten(monkeypatch):
    """The watch code cannot grow the host without end: past `WATCHERS_KEPT` watchers, the
    first one gone is forgotten (not listed, its token void) to make room."""
    from century_tui.net import hosted as hosted_module

    monkeypatch.setattr(hosted_module, "WATCHERS_KEPT", 2)
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        first, second = s.hosted._new_watcher(), s.hosted._new_watcher()  # neither connected
        third = s.hosted._new_watcher()
        assert s.hosted.watchers() == [(2, False), (3, False)]
        assert first not in s.host.tokens and {second, third} <= set(s.host.tokens)


async def test_a_bad_code_and_a_used_code_are_refused():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        code = s.code(0)
        with pytest.raises(JoinError, match="unknown"):
            await RemoteTable.connect(s.address, code="not-a-real-code", timeout=5)
        s.clients.append(await RemoteTable.connect(s.address, code=code, timeout=5))
        with pytest.raises(JoinError, match="unknown or used"):
            await RemoteTable.connect(s.address, code=code, timeout=5)
        with pytest.raises(JoinError, match="unknown token"):
            await RemoteTable.connect(s.address, token="forged-token-0000", timeout=5)


async def test_the_wire_words_of_each_close_reason_are_the_english_language_file_s():
    """The host sends English (`protocol.CLOSE_REASONS`); a client shows `closed.CODE` of its
    language, so the English file must say exactly what the wire says."""
    from century_tui import text

    english = text.load_language("en").text
    assert {k.split(".", 1)[1]: v for k, v in english.items() if k.startswith("closed.")} == p.CLOSE_REASONS


async def test_a_refused_join_and_a_drop_are_worded_in_the_player_s_language():
    from century_tui import text
    from century_tui.net.words import worded

    text.set_language("fr")
    try:
        async with Served([Seat("Ann"), Seat("Bob")]) as s:
            with pytest.raises(JoinError, match="code inconnu ou déjà utilisé"):
                await RemoteTable.connect(s.address, code="not-a-real-code", timeout=5)
            bob = await RemoteTable.connect(s.address, code=s.code(1), timeout=5)
            s.clients.append(bob)
            dropped = []
            bob.on_drop(dropped.append)
            s.hosted.issue(1)  # a new code for Bob's seat lets this connection go
            await until(lambda: dropped)
            assert dropped == ["l'hôte a donné un nouveau code pour cette place"]
        # words this version does not know are shown as sent, escaped
        assert worded("a reason from a newer host\x1b[31m") == "a reason from a newer host\\x1b[31m"
    finally:
        text.set_language("en")


async def raw_seat(s: Served, seat: int):
    """A hand-made client holding a seat: it sends whatever the test writes."""
    ws = await connect(f"ws://{s.address}")
    await ws.send(p.encode(p.Hello(code=s.code(seat))))
    welcome = p.host_message.validate_json(await ws.recv())
    assert isinstance(welcome, p.Welcome)
    return ws


@pytest.mark.parametrize("junk", [
    "not json", "[]", '{"type": "move"}', '{"type": "move", "epoch": 0, "move": {"kind": "fly"}}',
    '{"v": 2, "type": "resync"}', '{"type": "hello", "code": "abcdefghij"}', b"\x00\x01",
])
async def test_a_malformed_message_closes_only_that_connection_and_changes_nothing(junk):
    async with Served([Seat("Ann"), Seat("Bob")], seed=4) as s:
        bob = await s.join(1)
        ws = await raw_seat(s, 0)
        before = (list(s.table.game.moves), s.table.epoch)
        await ws.send(junk)
        code, reason = await closed_with(ws)
        assert code == 1008 and reason
        assert (list(s.table.game.moves), s.table.epoch) == before
        bob.resync()  # the other player is still served
        seq = bob.seq
        await until(lambda: bob.seq == seq and s.seen(bob) == s.truth())


async def test_an_oversized_message_and_a_flood_close_the_connection():
    async with Served([Seat("Ann"), Seat("Bob")], limits=Limits(rate=5, burst=5)) as s:
        ws = await raw_seat(s, 0)
        await ws.send("x" * (p.MAX_MESSAGE + 1))
        code, _ = await closed_with(ws)
        assert code == 1009
        ws = await connect(f"ws://{s.address}")
        await ws.send(p.encode(p.Hello(code=s.hosted.watch_code)))
        for _ in range(20):
            await ws.send(p.encode(p.ViewRequest()))
        code, reason = await closed_with(ws)
        assert code == 1008 and "too many" in reason


async def test_a_silent_stranger_and_too_many_connections_are_turned_away():
    async with Served([Seat("Ann"), Seat("Bob")], limits=Limits(handshake=0.2, per_address=2)) as s:
        ws = await connect(f"ws://{s.address}")
        code, reason = await closed_with(ws)
        assert code == 1008 and "hello" in reason
        held = [await connect(f"ws://{s.address}") for _ in range(2)]
        third = await connect(f"ws://{s.address}")
        code, reason = await closed_with(third)
        assert code == 1013 and "too many connections" in reason
        for ws in held:
            await ws.close()


async def test_a_dropped_player_comes_back_with_the_token_and_the_whole_view():
    async with Served([Seat("Ann"), Seat("Bob"), Seat("Cog", "random")], seed=9) as s:
        ann, bob = await s.join(0), await s.join(1)
        dropped = []
        ann.on_drop(dropped.append)
        await ann.ws.close()  # the line goes
        await until(lambda: dropped and not s.hosted.connected(0))
        assert ann.silent  # the views say they wait for the host while the line is away
        rng = random.Random(1)
        for _ in range(6):  # the game goes on without Ann (her seat waits for her)
            await until(lambda: not s.table.thinking)
            if s.table.state.seat != 1:
                break
            before = s.table.epoch
            await until(lambda: s.caught_up(bob))
            bob.play(pick(bob.state, rng))
            await until(lambda: s.table.epoch > before)
        assert s.seen(ann) != s.truth() or s.table.state.seat == 0
        await ann.reconnect(timeout=5)
        await until(lambda: s.caught_up(ann))
        assert s.seen(ann) == s.truth() and s.hosted.connected(0) and not ann.silent
        assert [e.key for e in ann.history()] == [e.key for e in s.hosted.view(full=True).log]
        assert ann.mine == (0,) and dropped


async def test_a_second_connection_with_the_same_token_takes_the_seat_over():
    async with Served([Seat("Ann"), Seat("Bob")]) as s:
        ann = await s.join(0)
        dropped = []
        ann.on_drop(dropped.append)
        again = await RemoteTable.connect(s.address, token=ann.token, timeout=5)
        s.clients.append(again)
        await until(lambda: dropped)
        assert again.mine == (0,) and len([c for c in s.hosted.clients if 0 in c.seats]) == 1


# ---------------------------------------------------------------- anything a client may send
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


small = st.integers(min_value=-2, max_value=8)
moves = st.one_of(
    st.builds(lambda c: {"kind": "spice", "card": c}, st.sampled_from([c.code for c in MERCHANT_CARDS] + ["Z9"])),
    st.builds(lambda c, s: {"kind": "upgrade", "card": c, "steps": s},
              st.sampled_from([c.code for c in MERCHANT_CARDS]), st.lists(small, max_size=4)),
    st.builds(lambda c, n: {"kind": "trade", "card": c, "times": n},
              st.sampled_from([c.code for c in MERCHANT_CARDS]), small),
    st.builds(lambda i, pay: {"kind": "acquire", "index": i, "payment": pay}, small, st.lists(small, max_size=6)),
    st.builds(lambda i: {"kind": "claim", "index": i}, small),
    st.just({"kind": "rest"}),
    st.builds(lambda c: {"kind": "discard", "cubes": c}, st.lists(small, min_size=3, max_size=5)),
    st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
)
BOB_UNDOES = "BOB_UNDOES"
"""Not sent: Bob asks to take back the last move (the raw client's, maybe)."""
requests = st.one_of(
    st.builds(lambda m, e: json.dumps({"type": "move", "epoch": e, "move": m}), moves, st.sampled_from(["now", -1, 10**6])),
    st.sampled_from([json.dumps({"type": t, "epoch": "now"}) for t in ("undo", "redo")] + [p.encode(p.ViewRequest())]),
    st.builds(lambda seat: json.dumps({"type": "undo", "epoch": "now", "seat": seat}), small | st.none()),
    st.builds(lambda q, yes: json.dumps({"type": "undo_answer", "question": q, "yes": yes}), small, st.booleans()),
    st.just("BOB_UNDOES"),
    st.text(max_size=40),
    st.builds(json.dumps, st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                                       max_leaves=8)),
)


async def answer(ws, text: str):
    """Send `text`, then ask for the view: the host's answer to both has come once the view
    does; None if the host closed the connection instead."""
    try:
        await ws.send(text)
        await ws.send(p.encode(p.ViewRequest()))
        while True:
            message = p.host_message.validate_json(await asyncio.wait_for(ws.recv(), 5))
            if isinstance(message, p.FullView):
                return message
    except ConnectionClosed:
        return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(requests, min_size=1, max_size=12))
async def test_whatever_a_client_sends_never_desyncs_a_view_or_crashes_the_host(sent):
    async with Served([Seat("Ann"), Seat("Bob"), Seat("Cog", "random")], seed=8, autosave=False,
                      limits=Limits(rate=1000, burst=1000)) as s:
        bob = await s.join(1)
        ws = await connect(f"ws://{s.address}")
        await ws.send(p.encode(p.Hello(code=s.code(0))))
        token = p.host_message.validate_json(await ws.recv()).token
        for text in sent:
            await until(lambda: not s.table.thinking)
            if text == BOB_UNDOES:  # a question the raw client's answers may meet
                bob.undo()
                continue
            text = text.replace('"now"', str(s.table.epoch))
            if await answer(ws, text) is None:  # closed for it: come back with the token
                ws = await connect(f"ws://{s.address}")
                await ws.send(p.encode(p.Hello(token=token)))
                assert isinstance(p.host_message.validate_json(await ws.recv()), p.Welcome)
        await until(lambda: not s.table.thinking)
        game = s.table.game
        assert Game(game.seats, game.seed, game.moves).state.legal_moves() == game.state.legal_moves()
        bob.resync()
        await until(lambda: s.caught_up(bob) and s.seen(bob) == s.truth())
        watcher = await s.join(None)  # the host still serves newcomers
        assert s.seen(watcher) == s.truth()
        await ws.close()


# ---------------------------------------------------------------- the commands
from century_tui import storage  # noqa: E402
from century_tui.cli.network import serve  # noqa: E402


async def test_century_host_prints_a_join_line_per_person_and_a_watch_line_that_work():
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cog", "easy")], 6)
    path, lock = storage.create_save(dumps(game))
    printed: list[str] = []
    ready = asyncio.Event()
    task = asyncio.create_task(serve([(game, path, lock)], "0.0.0.0", 0, out=lambda line, file=None: printed.append(line),
                                     ready=lambda *_: ready.set()))
    await asyncio.wait_for(ready.wait(), 10)
    try:
        assert "0.0.0.0" in printed[0] and "warning" in printed[0]  # listening beyond this machine
        joins = [line.split()[-4:] for line in printed if "century join" in line]
        watch = [line.split()[-4:] for line in printed if "century watch" in line]
        assert len(joins) == 2 and len(watch) == 1 and "Cog" not in "".join(printed)
        port = joins[0][1].rsplit(":", 1)[1]
        ann = await RemoteTable.connect(f"127.0.0.1:{port}", code=joins[0][3], timeout=5)
        watcher = await RemoteTable.connect(f"127.0.0.1:{port}", code=watch[0][3], timeout=5)
        assert ann.mine == (0,) and watcher.mine == ()
        await until(lambda: "Ann is connected." in printed)
        await ann.aclose()
        await until(lambda: "Ann is disconnected; the seat waits." in printed)
        await watcher.aclose()
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert not storage.is_held(path)  # the host let go of the file
    assert storage.load_game(path).seats == game.seats



async def start_serving(game, path, lock) -> tuple[asyncio.Task, object]:
    """`century host` on a free port, its printed lines dropped: the task, and its table."""
    got = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve([(game, path, lock)], "127.0.0.1", 0, out=lambda *a, **k: None,
                                     ready=lambda host, hosted: got.set_result((host, hosted))))
    return task, await asyncio.wait_for(got, 10)


async def stop_serving(task: asyncio.Task) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_host_stopped_and_resumed_brings_everyone_back_with_new_codes():
    game = Game([Seat("Ann"), Seat("Bob")], 12)
    path, lock = storage.create_save(dumps(game))
    task, (host, hosted) = await start_serving(game, path, lock)
    old_code = hosted.code_for(0)
    mover = hosted.table.state.seat
    player = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(mover), timeout=5)
    player.play(Rest())
    await until(lambda: player.view.moves == 1)
    await player.aclose()
    await stop_serving(task)  # Ctrl+C: the last save, the file let go

    resumed, lock = storage.open_save(path)
    assert resumed.moves == [Rest()]
    task, (host, hosted) = await start_serving(resumed, path, lock)
    try:
        assert hosted.code_for(0) != old_code
        with pytest.raises(JoinError):
            await RemoteTable.connect(f"127.0.0.1:{host.port}", code=old_code, timeout=5)
        ann = await RemoteTable.connect(f"127.0.0.1:{host.port}", code=hosted.code_for(0), timeout=5)
        assert ann.view.moves == 1 and [e.key for e in ann.history()][-1] != "log.new_game"
        await ann.aclose()
    finally:
        await stop_serving(task)
    assert not storage.is_held(path)
