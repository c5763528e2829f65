"""The new-game form with any text or bytes pasted as names (issue 14): a clear refusal, or
a game whose names show literally, never a traceback, never a raw control character on
the terminal."""

from __future__ import annotations

import os

from hypothesis import given, settings, strategies as st
from tests.helpers.driver import board, screen_lines, settle

from textual import events
from textual.widgets import Input

from century_tui.engine import MAX_NAME, NameRefused, checked_name, is_unsafe, name_key
from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen

NAME = st.one_of(
    st.text(max_size=30),
    st.binary(max_size=30).map(os.fsdecode),
    st.sampled_from(["Ann\u200b", "\u3164", "ＡＮＮ", "ann", "B\x1b[2Job", "Zo\udceb", "[b]Bob[/b]", "\ufeff"]),
)


def no_raw_control(app) -> None:
    for line in screen_lines(app):
        assert not any(is_unsafe(ch) for ch in line), repr(line)


def expected(first: str, second: str) -> list[str] | None:
    """The names the game should start with, or None if the form should refuse them."""
    try:
        names = [checked_name(first), checked_name(second)]
    except NameRefused:
        return None
    return None if name_key(names[0]) == name_key(names[1]) else names


@given(st.lists(st.tuples(NAME, NAME), min_size=1, max_size=3))
@settings(max_examples=5, deadline=None)
async def test_any_names_in_the_form_start_a_game_or_are_refused_plainly(pairs):
    app = CenturyApp(settings=Settings(bot_delay_ms=0, handoff=False), autosave=False)

    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for first, second in pairs:
            form = app.screen
            form.query_one(".error").update("")
            assert isinstance(form, NewGameScreen)
            values = []
            for n, pasted in enumerate((first, second), start=1):
                field = form.query_one(f"#name-{n}", Input)
                field.value = ""
                field.post_message(events.Paste(pasted))  # as a terminal delivers a paste
                await settle(pilot)
                no_raw_control(app)
                line = pasted.splitlines()[0] if pasted.splitlines() else ""
                if any(is_unsafe(ch) for ch in line) or len(line) > MAX_NAME:  # kept out, and said
                    assert field.value == "" and str(form.query_one(".error").render()).strip()
                values.append(field.value)
            await pilot.press("ctrl+s")
            await settle(pilot)
            no_raw_control(app)
            names = expected(*values)
            if names is None:
                assert app.screen is form
                assert str(form.query_one(".error").render()).strip()  # said why
                continue
            assert [s.name for s in board(app).game.seats] == names
            shown = "\n".join(screen_lines(app))
            assert all(name in shown for name in names if name.isprintable())  # literally
            app.open_new_game()
            await settle(pilot)
