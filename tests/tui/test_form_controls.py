"""The new-game form's buttons and check boxes: Enter or a click presses a button once, a
disabled one stays still; Enter, Space or a click ticks a box; words are shown as written."""

from __future__ import annotations

from textual.app import App

from century_tui.tui.widgets.form_controls import FormButton, FormCheck
from tests.helpers.driver import until


class Bench(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self):
        yield FormButton("[b]Start[/b]", id="start", primary=True)
        yield FormButton("✕", id="drop", classes="drop")

    def on_form_button_pressed(self, event: FormButton.Pressed) -> None:
        self.pressed.append(event.control.id or "")


async def test_enter_and_a_click_press_a_form_button_once_each():
    app = Bench()
    async with app.run_test() as pilot:
        start = app.query_one("#start", FormButton)
        start.focus()
        await pilot.press("enter")
        await until(pilot, lambda: app.pressed == ["start"])
        assert start.has_class("-active")  # shown pressed a moment, as Textual's Button
        await until(pilot, lambda: not start.has_class("-active"))
        assert await pilot.click("#drop")
        await until(pilot, lambda: app.pressed == ["start", "drop"])


async def test_a_press_while_it_shows_pressed_is_the_same_press():
    app = Bench()
    async with app.run_test() as pilot:
        start = app.query_one("#start", FormButton)
        start.active_effect_duration = 60
        assert await pilot.click("#start")
        assert await pilot.click("#start")
        await pilot.pause()
        assert app.pressed == ["start"]


async def test_a_disabled_form_button_is_not_pressed():
    app = Bench()
    async with app.run_test() as pilot:
        drop = app.query_one("#drop", FormButton)
        drop.disabled = True
        assert await pilot.click("#drop")
        drop.press()
        await pilot.pause()
        assert app.pressed == []


async def test_a_form_buttons_words_are_shown_as_written():
    app = Bench()
    async with app.run_test() as pilot:
        start = app.query_one("#start", FormButton)
        assert "[b]Start[/b]" in str(start.render())
        start.label = "[i]Go[/i]"
        await pilot.pause()
        assert start.label == "[i]Go[/i]" and "[i]Go[/i]" in str(start.render())


class Boxes(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changed: list[tuple[str, bool]] = []

    def compose(self):
        yield FormCheck("[b]Hints[/b] allowed", id="hints")
        yield FormCheck("Pass screen", True, id="handoff")

    def on_form_check_changed(self, event: FormCheck.Changed) -> None:
        self.changed.append((event.control.id or "", event.value))


async def test_enter_space_and_a_click_tick_a_box_and_say_so():
    app = Boxes()
    async with app.run_test() as pilot:
        hints = app.query_one("#hints", FormCheck)
        handoff = app.query_one("#handoff", FormCheck)
        assert (hints.value, handoff.value) == (False, True) and handoff.has_class("-on")
        hints.focus()
        await pilot.press("space")
        await until(pilot, lambda: app.changed == [("hints", True)])
        assert hints.has_class("-on")
        await pilot.press("enter")
        assert await pilot.click("#handoff")
        await until(pilot, lambda: len(app.changed) == 3)
        assert app.changed[1:] == [("hints", False), ("handoff", False)]
        assert not hints.value and not handoff.value and not handoff.has_class("-on")


async def test_a_boxs_words_are_shown_as_written_and_it_is_as_wide_as_they_are():
    app = Boxes()
    async with app.run_test() as pilot:
        hints = app.query_one("#hints", FormCheck)
        assert "▐X▌ [b]Hints[/b] allowed" in str(hints.render())
        assert hints.region.width == len("▐X▌ [b]Hints[/b] allowed ")
        hints.label = "Coach"
        await pilot.pause()
        assert "▐X▌ Coach" in str(hints.render()) and hints.region.width == len("▐X▌ Coach ")
