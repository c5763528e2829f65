"""The board's legality table: one engine answer per choice, the same answers the engine
gives move by move (issue 15 §7)."""

from __future__ import annotations

from tests.helpers.driver import played

from century_tui.engine import Acquire, Claim, State
from century_tui import legality
from century_tui.legality import Legality, play_probe


def same(a, b) -> bool:
    """Two refusals say the same (None: no refusal)."""
    if a is None or b is None:
        return a is b
    return (a.rule, a.code, a.params) == (b.rule, b.code, b.params)


def test_the_table_says_what_the_engine_says_in_every_position_of_a_game():
    game = played(moves=400, seed=11)
    checked = 0
    for state in game.positions():
        legal = Legality.of(state)
        for i in range(len(state.point_row)):
            assert same(legal.claims[i], state.refusal(Claim(i)))
        for i, error in enumerate(legal.acquires):
            if error is not None:  # an open slot is taken without asking (R-ACQ-2)
                assert same(error, state.refusal(Acquire(i, ())))
            else:
                assert sum(state.current.cubes) >= i
        assert set(legal.plays) == set(state.current.owned)
        for card, error in legal.plays.items():
            assert same(error, state.refusal(play_probe(state, card)))
        assert [c for c, _played, _ok in legal.hand(state)] == list(state.current.owned)
        checked += 1
    assert checked > 100


async def test_a_position_is_asked_of_the_engine_once(monkeypatch):
    """The marks, the hint and the handler of one position share one table."""
    from century_tui.storage import Settings
    from support import demo
    from century_tui.tui.app import CenturyApp
    from tests.helpers.driver import board, run_board, settle

    asked = []
    real = State.refusal
    monkeypatch.setattr(State, "refusal", lambda state, move: asked.append(move) or real(state, move))
    app = CenturyApp(demo.midgame(), settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        screen = board(app)
        screen.legality()
        asked.clear()
        for key in ("h", "right", "left", "p", "right", "m", "right", "h"):  # hints, Enter's state
            await pilot.press(key)
        await settle(pilot)
        assert asked == []  # every answer came from the table built for this position
        screen.refresh_board()
        screen.update_prompt()
        assert asked == []  # a redraw of the same position asks nothing again
        state = screen.state
        legality.Legality.of(state)  # a new position's table asks each choice once
        assert len(asked) == len(state.point_row) + len(state.current.owned) + sum(
            1 for e in screen.legality().acquires if e is not None)

    await run_board(app, body)
