"""The form's choosers (seat kind, skin, language): one widget each, whose menu is made when
it is opened; keys and the mouse choose, Esc or a click beside the menu keeps the choice."""

from __future__ import annotations

from textual.geometry import Offset, Region
from textual.widgets import OptionList

from century_tui.storage import Settings
from century_tui.tui.app import CenturyApp
from century_tui.tui.screens.new_game import NewGameScreen
from century_tui.tui.widgets.choice import Choice, ChoiceMenu, menu_place
from tests.helpers.driver import run_app, settle, until


def form_app() -> CenturyApp:
    return CenturyApp(settings=Settings(bot_delay_ms=0))


def menu(app) -> OptionList:
    assert isinstance(app.screen, ChoiceMenu)
    return app.screen.query_one(OptionList)


async def open_menu(pilot, choice: Choice, key: str = "enter") -> OptionList:
    choice.focus()
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceMenu))
    await settle(pilot)
    return menu(pilot.app)


async def test_keys_open_the_menu_on_the_current_option_and_choose_another():
    async def body(app, pilot):
        form = app.screen
        kind = form.query_one("#kind-2", Choice)
        for key in ("enter", "space", "down", "up"):
            options = await open_menu(pilot, kind, key)
            labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
            assert labels == [label for label, _ in kind.options] and labels[0] == "Person"
            assert options.highlighted == 0  # the current choice, lit
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is form)
        await open_menu(pilot, kind)
        await pilot.press("down", "down", "down", "enter")  # Person, random, easy, medium
        await until(pilot, lambda: app.screen is form)
        await settle(pilot)
        assert kind.value == "bot:medium"
        assert form.query_one("#name-2").value == "Medium bot"  # the form heard the change
        assert "Bot: medium" in str(kind.render())
        assert app.focused is kind

    await run_app(form_app(), body)


async def test_esc_and_a_click_beside_the_menu_keep_the_choice():
    async def body(app, pilot):
        form = app.screen
        skin = form.query_one("#skin", Choice)
        await open_menu(pilot, skin)
        await pilot.press("down")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is form)
        assert skin.value == "spice" and app.skin == "spice"
        await open_menu(pilot, skin)
        await pilot.press("down")
        assert await pilot.click(offset=(0, 0))  # the top-left corner: beside the menu
        await until(pilot, lambda: app.screen is form)
        assert skin.value == "spice" and app.skin == "spice"

    await run_app(form_app(), body)


async def test_clicks_open_the_menu_and_choose_an_option():
    async def body(app, pilot):
        form = app.screen
        language = form.query_one("#language", Choice)
        assert await pilot.click(language)
        await until(pilot, lambda: isinstance(app.screen, ChoiceMenu))
        await settle(pilot)
        options = menu(app)
        index = next(i for i, (_, value) in enumerate(language.options) if value == "fr")
        assert options.region.y > language.region.y or options.region.bottom <= language.region.y
        assert await pilot.click(options, offset=(2, 1 + index))  # inside its border, on that line
        await until(pilot, lambda: app.screen is form)
        await settle(pilot)
        assert language.value == "fr" and app.language == "fr"
        assert "Nouvelle partie" in str(form.query_one(".title").render())

    await run_app(form_app(), body)


async def test_the_menu_stays_on_a_small_screen_and_off_the_chooser():
    """At 80×24 with five seats every menu fits whole, beside its chooser."""

    async def body(app, pilot):
        form = app.screen
        for _ in range(3):
            await pilot.press("ctrl+n")
            await settle(pilot)
        for selector in ("#kind-1", "#kind-5", "#skin", "#language"):
            choice = form.query_one(selector, Choice)
            options = await open_menu(pilot, choice)
            region = options.region
            assert region.y >= 0 and region.bottom <= app.size.height and region.right <= app.size.width
            assert not region.overlaps(choice.region), selector
            assert options.option_count == len(choice.options)  # every option in sight, none scrolled off
            assert region.height == options.option_count + 2
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is form)

    await run_app(form_app(), body, size=(80, 24))


async def test_a_value_set_by_the_program_is_checked_and_announced():
    heard: list[str] = []

    async def body(app, pilot):
        form = app.screen
        assert isinstance(form, NewGameScreen)
        kind = form.query_one("#kind-1", Choice)
        try:
            kind.value = "bot:nobody"
        except ValueError as e:
            heard.append(str(e))
        assert kind.value == "human" and heard == ["'bot:nobody' is not one of the options"]
        kind.value = "bot:easy"
        await settle(pilot)
        assert form.query_one("#name-1").value == "Easy bot"
        with kind.prevent(Choice.Changed):
            kind.value = "human"
        await settle(pilot)
        assert form.query_one("#name-1").value == "Easy bot"  # no Changed: the name stays

    await run_app(form_app(), body)


def test_a_menu_opens_under_its_chooser_else_above_it_else_from_the_top():
    chooser = Region(10, 15, 16, 1)
    assert menu_place(chooser, 7, 24) == Offset(10, 16)  # under: lines 16–22
    assert menu_place(chooser, 9, 24) == Offset(10, 6)  # would end at 25: above, lines 6–14
    assert menu_place(chooser, 20, 24) == Offset(10, 0)  # fits neither: from the top


async def test_a_letter_goes_to_an_option_and_is_no_shortcut_while_the_menu_is_open():
    async def body(app, pilot):
        form = app.screen
        language = form.query_one("#language", Choice)
        options = await open_menu(pilot, language)
        values = [value for _, value in language.options]
        await pilot.press("p")
        assert values[options.highlighted] == "pt"
        await pilot.press("e")  # from Português on: English, then Español
        assert values[options.highlighted] == "en"
        await pilot.press("e")
        assert values[options.highlighted] == "es"
        await pilot.press("s")  # no option begins with S: the skin stays too
        assert values[options.highlighted] == "es" and app.skin == "spice"
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is form)
        assert language.value == "es"

    await run_app(form_app(), body)
