"""How screens and widgets hear of switches, read the app's settings and read their keys:
through Textual's public API only (issue 15 §4)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.app import App
from textual.containers import Container, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, RichLog, Select, Static
from tests.helpers.driver import board, run_board, screen_lines, settle

from century_tui.storage import Settings
from century_tui.tui import demo
from century_tui.tui.app import CenturyApp, century
from century_tui.tui.follow import FollowsWords
from century_tui.tui.widgets.keybar import KeyBar

PACKAGE = Path(__file__).resolve().parents[2] / "century_tui"


def textual_private_names() -> set[str]:
    """Every `_name` Textual's classes that this package builds on define or set."""
    names: set[str] = set()
    for cls in (App, Screen, ModalScreen, Widget, Static, RichLog, Input, Select, Button, Checkbox, Container,
                Vertical):
        for klass in cls.__mro__:
            names |= {n for n in vars(klass) if n.startswith("_") and not n.startswith("__")}
    names |= {n for n in vars(Widget()) if n.startswith("_") and not n.startswith("__")}
    return names


def test_the_package_reaches_into_no_private_textual_name():
    """No `textual._module` import and no attribute named like one of Textual's private ones
    (reading `_bindings`, or shadowing one by accident): an upgrade of Textual cannot break
    the game behind its back."""
    private = textual_private_names()
    assert {"_bindings", "_merged_bindings", "_nodes"} <= private  # the list is Textual's own
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._"):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.module}")
    assert not found, found


class Watcher(FollowsWords, Static):
    """A widget that counts the switches it hears of."""

    heard = 0

    def words_changed(self) -> None:
        Watcher.heard += 1


async def test_a_switch_reaches_every_widget_that_follows_words_and_no_removed_one():
    Watcher.heard = 0
    app = CenturyApp(demo.midgame(), settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        screen = board(app)
        first, second = Watcher(), Watcher()
        await screen.mount_all([first, second])
        app.cube_code = "digits"
        assert Watcher.heard == 2  # at once, in the same frame as the switch
        await second.remove()
        app.skin = "golem"
        assert Watcher.heard == 3
        app.language = "fr"
        await settle(pilot)
        assert Watcher.heard == 4
        assert "Manche 8" in "\n".join(screen_lines(app))  # and the board's own widgets too

    await run_board(app, body)


async def test_the_key_bar_reads_the_keys_in_the_language_now_in_force():
    app = CenturyApp(demo.midgame(), settings=Settings(bot_delay_ms=0), autosave=False)

    async def body(app, pilot):
        bar = board(app).query_one(KeyBar)
        words = {description for _key, _shown, description, _on in bar._entries()[0]}
        assert "Rest" in words and "Play" in words
        app.language = "fr"
        await settle(pilot)
        words = {description for _key, _shown, description, _on in bar._entries()[0]}
        assert "Repos" in words and "Jouer" in words and "Rest" not in words

    await run_board(app, body)


async def test_the_typed_accessor_refuses_an_app_that_is_not_the_game():
    class Bare(App):
        def compose(self):
            yield Static("bare")

    async def go():
        async with Bare().run_test() as pilot:
            with pytest.raises(TypeError, match="not in the game's app"):
                century(pilot.app.query_one(Static))

    
    await go()
