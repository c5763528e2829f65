"""Undo over the network and the host's refusals, on loopback (RemoteTables, no UI): one's
own last move goes back at once; anyone else's once its owner agrees on their own screen,
and a refusal, a timeout, a departure or a move meanwhile leaves the game as it was and
tells the asker why, in codes their client words in its own language."""

from __future__ import annotations

import pytest
from websockets.asyncio.client import connect

from century_tui import text
from century_tui.engine import Rest, Seat
from century_tui.net import protocol as p
from century_tui.net.client import RemoteTable
from century_tui.net.words import refusal_of
from century_tui.net.host import Limits
from century_tui.table import Refused, Resynced, Rewound, UndoAsked
from century_tui.tui import render
from tests.helpers.hosting import Served, closed_with, until



def heard(table) -> list:
    changes: list = []
    table.subscribe(changes.append)
    return changes


def refused(changes) -> list[str]:
    return [c.code for c in changes if isinstance(c, Refused)]


async def after_one_move(s: Served):
    """Ann and Bob joined; whoever plays first has rested. (the mover, the other)."""
    ann, bob = await s.join(0), await s.join(1)
    first, second = (ann, bob) if s.table.state.seat == 0 else (bob, ann)
    first.play(Rest())
    await until(lambda: s.caught_up(ann, bob) and len(s.table.game.moves) == 1)
    return first, second


@pytest.mark.asyncio
async def test_ones_own_last_move_goes_back_at_once_until_the_next_person_moves():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        first, second = await after_one_move(s)
        asked = heard(first)
        assert first.undo_owner() == first.mine[0] and not first.undo_needs_consent()
        assert first.undo()
        await until(lambda: s.caught_up(first, second) and not s.table.game.moves)
        assert not [c for c in asked if isinstance(c, UndoAsked)]  # nobody was asked
        assert s.seen(second) == s.truth() and s.seen(first) == s.truth()
        assert first.redo()  # their move again, by its owner (the seat to act)
        await until(lambda: s.caught_up(first, second) and len(s.table.game.moves) == 1)
        assert [e.key for e in second.history()] == [e.key for e in s.hosted.view(full=True).log]


@pytest.mark.asyncio
async def test_anothers_move_goes_back_only_once_its_owner_agrees():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        first, second = await after_one_move(s)
        owner, asker = first.mine[0], second.mine[0]
        on_owner, on_asker = heard(first), heard(second)
        assert second.undo_owner() == owner and not second.undo_needs_consent()  # asked there, not here
        assert second.undo()
        await until(lambda: any(isinstance(c, UndoAsked) for c in on_owner))
        question = next(c for c in on_owner if isinstance(c, UndoAsked))
        assert (question.by, question.owner, question.open) == (asker, owner, True)
        assert any(isinstance(c, UndoAsked) and c.open for c in on_asker)  # the asker hears it waits
        assert len(s.table.game.moves) == 1  # nothing yet
        first.answer_undo(question.question, False)
        await until(lambda: refused(on_asker) == ["undo_declined"])
        assert len(s.table.game.moves) == 1
        assert any(isinstance(c, UndoAsked) and not c.open for c in on_owner)  # the question closes
        words = render.error(next(c for c in on_asker if isinstance(c, Refused))).plain
        assert s.table.seats[owner].name in words and "keeps" in words

        second.undo()
        await until(lambda: len([c for c in on_owner if isinstance(c, UndoAsked) and c.open]) == 2)
        question = [c for c in on_owner if isinstance(c, UndoAsked)][-1]
        first.answer_undo(question.question, True)
        await until(lambda: s.caught_up(first, second) and not s.table.game.moves)
        back = [c for c in on_owner if isinstance(c, Rewound)][-1]
        assert (back.undo, back.by, back.owner) == (True, asker, owner)  # the owner is told who took it
        assert s.seen(first) == s.truth() == s.seen(second)
        first.answer_undo(question.question, True)  # a second answer to a settled question: nothing
        await until(lambda: s.caught_up(first, second))
        assert not s.table.game.moves and s.hosted.connected(owner)


@pytest.mark.asyncio
async def test_no_answer_in_time_or_an_owner_gone_leaves_the_move():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5, limits=Limits(rate=10_000, burst=10_000, consent=0.2)) as s:
        first, second = await after_one_move(s)
        on_owner, on_asker = heard(first), heard(second)
        second.undo()
        await until(lambda: refused(on_asker) == ["undo_no_answer"])
        assert len(s.table.game.moves) == 1
        assert [c.open for c in on_owner if isinstance(c, UndoAsked)] == [True, False]
        s.host.limits.consent = 60
        second.undo()
        await until(lambda: len([c for c in on_owner if isinstance(c, UndoAsked)]) == 3)
        await first.aclose()  # the owner's terminal goes while asked
        await until(lambda: refused(on_asker)[-1:] == ["undo_owner_away"])
        second.undo()  # and with nobody there to ask, it is refused at once
        await until(lambda: len(refused(on_asker)) == 3)
        assert refused(on_asker)[-1] == "undo_owner_away" and len(s.table.game.moves) == 1


@pytest.mark.asyncio
async def test_a_move_made_while_the_owner_is_asked_voids_the_question():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        first, second = await after_one_move(s)
        on_owner, on_asker = heard(first), heard(second)
        second.undo()
        await until(lambda: any(isinstance(c, UndoAsked) for c in on_owner))
        question = next(c for c in on_owner if isinstance(c, UndoAsked))
        second.play(Rest())  # the asker, whose turn it is, plays on
        await until(lambda: refused(on_asker) == ["stale"] and len(s.table.game.moves) == 2)
        assert any(isinstance(c, UndoAsked) and not c.open for c in on_owner)
        first.answer_undo(question.question, True)  # too late: nothing is taken back
        await until(lambda: s.caught_up(first, second))
        assert len(s.table.game.moves) == 2 and s.seen(first) == s.truth()


@pytest.mark.asyncio
async def test_only_the_owner_may_answer_and_only_for_a_seat_of_its_own():
    async with Served([Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=5) as s:
        first, second = await after_one_move(s)
        third = await s.join(next(i for i in range(3) if i not in first.mine + second.mine))
        on_owner = heard(first)
        second.undo()
        await until(lambda: any(isinstance(c, UndoAsked) for c in on_owner))
        question = next(c for c in on_owner if isinstance(c, UndoAsked))
        dropped: list[str] = []
        third.on_drop(dropped.append)
        third.answer_undo(question.question, True)  # not asked of this terminal
        await until(lambda: dropped)
        assert "another client" in dropped[0] and len(s.table.game.moves) == 1
        second._send(p.UndoRequest(epoch=second.epoch, seat=first.mine[0]))  # as someone else
        gone: list[str] = []
        second.on_drop(gone.append)
        await until(lambda: gone)
        assert len(s.table.game.moves) == 1


@pytest.mark.asyncio
async def test_a_players_burst_past_the_rate_is_refused_before_a_flood_closes_it():
    async with Served([Seat("Ann"), Seat("Bob")], limits=Limits(rate=1, burst=3)) as s:
        ws = await connect(f"ws://{s.address}")
        await ws.send(p.encode(p.Hello(code=s.code(0))))
        assert isinstance(p.host_message.validate_json(await ws.recv()), p.Welcome)
        for _ in range(5):
            await ws.send(p.encode(p.RedoRequest(epoch=s.table.epoch)))
        codes = []
        while len(codes) < 5:
            message = p.host_message.validate_json(await ws.recv())
            if isinstance(message, p.Refused):
                codes.append(message.code)
        assert codes == ["nothing_to_redo"] * 3 + ["rate_limited"] * 2
        for _ in range(5):
            await ws.send(p.encode(p.RedoRequest(epoch=s.table.epoch)))
        code, reason = await closed_with(ws)
        assert code == 1008 and "too many" in reason


# ---------------------------------------------------------------- a refusal's words
def test_a_refusal_is_worded_in_the_clients_language_with_a_fallback_for_an_unknown_code():
    engine = p.Refused(rule="R-CLAIM-1", code="claim_cost", params={"cost": [0, 2, 0, 2], "held": [1, 0, 0, 0]},
                       reason="Card P1 costs RRGG; you hold Y.")
    host = p.Refused(rule="host", code="undo_declined", params={"name": "Bob"}, reason="Bob keeps their move.")
    future = p.Refused(rule="host", code="moon_phase", params={}, reason="Not under a full \x1b[31mmoon.")
    broken = p.Refused(rule="host", code="undo_declined", params={}, reason="Somebody keeps their move.")
    text.set_language("fr")
    try:
        assert render.error(refusal_of(engine)).plain.startswith("Cette")
        assert render.error(refusal_of(host)).plain == "Bob garde son coup."
        assert refusal_of(future).code == "other"
        words = render.error(refusal_of(future)).plain
        assert words.startswith("L'hôte a refusé") and "moon" in words and "\x1b" not in words
        assert refusal_of(broken).code == "other"  # a known code without its params: the English reason
    finally:
        text.set_language("en")


@pytest.mark.asyncio
async def test_a_full_view_is_a_resync_not_a_move_played_again():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        first, second = await after_one_move(s)
        changes = heard(second)
        second.resync()
        await until(lambda: changes)
        assert changes == [Resynced()]
        await second.reconnect(timeout=5)
        assert changes == [Resynced(), Resynced()] and s.seen(second) == s.truth()


@pytest.mark.asyncio
async def test_an_owner_who_takes_their_seat_over_while_asked_is_asked_again():
    async with Served([Seat("Ann"), Seat("Bob")], seed=5) as s:
        first, second = await after_one_move(s)
        second.undo()
        await until(lambda: s.hosted.undos.open is not None)
        again = await RemoteTable.connect(s.address, token=first.token, timeout=5)  # a new terminal
        s.clients.append(again)
        on_again = heard(again)
        await until(lambda: any(isinstance(c, UndoAsked) and c.open for c in on_again))
        question = next(c for c in on_again if isinstance(c, UndoAsked))
        again.answer_undo(question.question, True)
        await until(lambda: not s.table.game.moves and s.caught_up(again, second))


@pytest.mark.asyncio
async def test_a_shared_join_shows_the_hand_of_whoever_is_to_play_or_last_played_and_asks_at_its_keyboard():
    async with Served([Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=5) as s:
        order = s.table.state.turn_order()
        here, away = (order[0], order[1]), order[2]  # the first two share one terminal
        code = s.host.register("sharedcode0", s.hosted)
        s.hosted.codes[code] = here
        shared = await RemoteTable.connect(s.address, code=code, timeout=5)
        s.clients.append(shared)
        other = await s.join(away)
        assert shared.hand_seat() == here[0]  # to play
        shared.seated(here[0])
        shared.play(Rest())
        await until(lambda: shared.view.moves == 1)
        assert shared.hand_seat() == here[1]  # to play next, at the same keyboard
        shared.seated(here[1])
        assert shared.undo_owner() == here[0] and shared.undo_needs_consent()  # the board asks here
        shared.play(Rest())
        await until(lambda: shared.view.moves == 2 and other.view.moves == 2)
        assert shared.state.seat == away and shared.hand_seat() == here[1]  # who last played here
        assert other.hand_seat() == away and s.hosted.view(full=False).players[here[1]].hand
        shared.undo()  # here[1] takes back their own move: no question anywhere
        await until(lambda: len(s.table.game.moves) == 1 and s.caught_up(shared))
        shared.seated(here[1])
        shared.undo()  # here[1] takes back here[0]'s, agreed at this keyboard: the host asks nobody
        await until(lambda: not s.table.game.moves)
        assert s.hosted.undos.open is None


# ---------------------------------------------------------------- whatever a host may send
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from century_tui.engine import is_unsafe  # noqa: E402
from century_tui.engine.errors import REASONS  # noqa: E402

words_ = st.text(st.characters(blacklist_characters="{}"), max_size=6)
values = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | words_,
                      lambda inner: st.lists(inner, max_size=5), max_leaves=6)
codes = st.sampled_from(sorted(REASONS) + sorted(k.split(".")[1] for k in text.load_language("en").text
                                                 if k.startswith("refusal."))) | st.text(max_size=8)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["host", "R-ACQ-3"]), codes,
       st.dictionaries(st.sampled_from(["name", "card", "cost", "held", "tier", "cubes", "slot", "excess", "x"]),
                       values, max_size=4))
def test_any_refusal_a_host_sends_is_worded_or_falls_back_to_its_reason(rule, code, params):
    words = render.error(refusal_of(p.Refused(rule=rule, code=code, params=params, reason="why\x07"))).plain
    assert words and "{" not in words and not any(is_unsafe(ch) for ch in words)  # filled in, escaped


# ---------------------------------------------------------------- the host's own reasons
def test_each_host_refusal_has_words_in_every_language_and_its_english_goes_on_the_wire():
    for code in p.HostRefusal:
        for language in text.languages():
            assert f"refusal.{code}" in text.load_language(language).text, (language, code)
        sent = p.host_refusal(code, name="Bob")
        assert (sent.rule, sent.code) == ("host", code.value)
        assert sent.reason == text.english(f"refusal.{code}", name="Bob")
    assert p.host_refusal(p.HostRefusal.UNDO_DECLINED, name="Bob").reason == "Bob keeps their move."


class Audience:
    """What an undo desk reaches of its hosted table, written down: no host, no connection."""

    def __init__(self, *clients) -> None:
        self.clients = list(clients)
        self.sent: list[tuple[object, str]] = []
        self.refused: list[tuple[object, str, dict]] = []

    def connected(self, seat: int) -> bool:
        return any(seat in c.seats for c in self.clients)

    def send(self, client, text: str) -> None:
        self.sent.append((client, text))

    def refuse_host(self, client, code, **params) -> None:
        self.refused.append((client, code, params))


async def test_the_undo_desk_asks_the_owner_and_undoes_on_a_yes_with_no_host():
    from century_tui.net.clients import Client
    from century_tui.net.consent import UndoDesk
    from century_tui.table import Inline, LocalTable
    from century_tui.engine import Game

    loop = Inline()
    table = LocalTable(Game([Seat("Ann"), Seat("Bob")], 3), spawn=loop.spawn, call_soon=loop.call_soon)
    table.start()
    owner = table.state.seat
    table.play(Rest())
    ann, bob = Client(None, (owner,), "a" * 10), Client(None, (1 - owner,), "b" * 10)
    audience = Audience(ann, bob)
    desk = UndoDesk(table, audience, consent=60)
    desk.request(bob, p.UndoRequest(epoch=table.epoch))
    asked = [p.host_message.validate_json(text) for _client, text in audience.sent]
    assert {client for client, _ in audience.sent} == {ann, bob} and all(m.open for m in asked)
    desk.answer(ann, p.UndoAnswer(question=asked[0].question, yes=True))
    assert table.game.moves == [] and audience.refused == []
    desk.request(bob, p.UndoRequest(epoch=table.epoch))
    assert audience.refused[-1] == (bob, p.HostRefusal.NOTHING_TO_UNDO, {})
