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
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.context import Window, window
from century_tui.tui.follow import FollowsWords
from century_tui.tui.widgets.keybar import KeyBar

PACKAGE = Path(__file__).resolve().parents[2] / "century_tui"


def textual_private_names(*, app_state: bool = False) -> set[str]:
    """Every `_name` Textual's classes that this package builds on define or set; with
    `app_state`, also those a running app and its workers keep (generic names among them,
    `_loop` or `_task`, that classes of the package's own may use for their own)."""
    names: set[str] = set()
    for cls in (App, Screen, ModalScreen, Widget, Static, RichLog, Input, Select, Button, Checkbox, Container,
                Vertical):
        for klass in cls.__mro__:
            names |= {n for n in vars(klass) if n.startswith("_") and not n.startswith("__")}
    app = App()
    for instance in (Widget(), Screen(), app, app.workers) if app_state else (Widget(),):
        names |= {n for n in vars(instance) if n.startswith("_") and not n.startswith("__")}
    return names


def private_textual_uses(paths, private: set[str]) -> list[str]:
    """Where `paths` import a `textual._module` or read an attribute named in `private`."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                found.append(f"{path}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._"):
                found.append(f"{path}:{node.lineno} {node.module}")
            elif isinstance(node, ast.Import) and any(a.name.startswith("textual._") for a in node.names):
                found.append(f"{path}:{node.lineno} import textual._…")
    return found


def test_the_package_reaches_into_no_private_textual_name():
    """No `textual._module` import and no attribute named like one of Textual's private ones
    (reading `_bindings`, or shadowing one by accident): an upgrade of Textual cannot break
    the game behind its back."""
    private = textual_private_names()
    assert {"_bindings", "_merged_bindings", "_nodes"} <= private  # the list is Textual's own
    assert not private_textual_uses(PACKAGE.rglob("*.py"), private)


def test_the_tests_reach_into_textual_only_through_their_one_adapter():
    """The tests' private Textual API is in tests/helpers/textual_private.py alone (issue 15
    §6): the others read toasts, workers and crashes through the public API."""
    tests = PACKAGE.parent / "tests"
    adapter = tests / "helpers" / "textual_private.py"
    assert adapter.exists()
    private = textual_private_names(app_state=True)
    assert {"_notifications", "_exception", "_workers", "_compositor"} <= private  # Textual's own
    assert not private_textual_uses((p for p in tests.rglob("*.py") if p != adapter), private)


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
                window(pilot.app.query_one(Static))

    await go()


def test_the_game_s_app_is_what_its_screens_ask_of_it():
    """Every attribute and method of `context.Window` is the app's: the screens read nothing
    else of it."""
    app = CenturyApp(settings=Settings(), autosave=False)
    assert isinstance(app, Window)


def test_a_key_is_offered_by_the_method_marked_for_its_action():
    """`check_action` answers from the nearest method marked `@offered` for the action, with
    its parameters; an action no method answers for is offered."""
    from century_tui.tui.keys import OffersKeys, offered

    class Base(OffersKeys):
        @offered("rest", "undo")
        def resting(self) -> bool:
            return False

        @offered("pick")
        def picking(self, index: object) -> bool | None:
            return None if index == 3 else True

    class Over(Base):
        @offered("undo")
        def undoing(self) -> bool:
            return True

    assert Base().check_action("rest", ()) is False and Base().check_action("undo", ()) is False
    assert Over().check_action("undo", ()) is True and Over().check_action("rest", ()) is False
    assert Over().check_action("pick", (3,)) is None and Over().check_action("pick", (1,)) is True
    assert Over().check_action("help", ()) is True


def test_no_screen_says_which_keys_it_offers_by_a_chain_of_names():
    """Every screen, widget and app answers `check_action` through `keys.OffersKeys`."""
    defined = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                     if "def check_action(" in path.read_text(encoding="utf-8"))
    assert defined == ["tui/keys.py"]
