"""The app's colours and style sheets. `app.tcss` holds what the new-game form needs (the first
screen of most starts); `board.tcss` the board, its dialogs, the results and the review,
added when the first screen that is not the form's opens. Textual parses an app's CSS
twice as it starts (again for its theme): the form's start no longer parses the board's
300 lines twice for nothing, and a screen opened later adds them once."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual import constants
from textual.app import App
from textual.screen import Screen

BOARD_CSS = Path(__file__).with_name("board.tcss")


class FormStyled:
    """Mixin for a screen that `app.tcss` alone draws (the form, its menus): opening it
    adds no board styles."""


def add_board_styles(app: App, screen: Screen | str) -> None:
    """Before `screen` opens: the board's styles, unless it is the form's or they are in."""
    if isinstance(screen, FormStyled) or app.stylesheet.has_source(str(BOARD_CSS), ""):
        return
    app.stylesheet.add_source(BOARD_CSS.read_text(encoding="utf-8"), read_from=(str(BOARD_CSS), ""))


def colour_system() -> str | None:
    """The colours the terminal takes, found the way Textual's console will find them:
    TEXTUAL_COLOR_SYSTEM, else Rich's reading of COLORTERM and TERM ("truecolor",
    "256", "standard" for 16 or 8 colours; NO_COLOR does not change it)."""
    probe = Console(color_system=constants.COLOR_SYSTEM, force_terminal=True, file=io.StringIO(),
                    legacy_windows=False)
    return probe.color_system
