"""The app's colours and style sheets. `app.tcss` holds what every screen needs; `form.tcss`
the new-game form, added when it first opens; `board.tcss` the board, added when the first
screen that is not the form's opens; `dialogs.tcss` the dialogs, the pass screen, the results
and the review, added when the first screen that is neither the form nor a board opens.
Textual parses an app's CSS twice as it starts (again for its theme), before its first
screen opens: a sheet added as a screen opens is parsed once, a board's start parses no
form's lines, and a board's first frame waits for no dialog's rules (parsed, and matched
against each of its widgets)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual import constants
from textual.app import App
from textual.screen import Screen

FORM_CSS = Path(__file__).with_name("form.tcss")
BOARD_CSS = Path(__file__).with_name("board.tcss")
DIALOGS_CSS = Path(__file__).with_name("dialogs.tcss")


class FormStyled:
    """Mixin for a screen that `form.tcss` draws (the form, its menus): opening it adds no
    board styles."""


class BoardStyled:
    """Mixin for a screen that `board.tcss` draws (a board): opening it adds no dialog styles."""


def add_screen_styles(app: App, screen: Screen | str) -> None:
    """Before `screen` opens: the style sheets it needs that are not in yet (the form's for
    the form's; the board's for a board; the board's, then the dialogs', for any other)."""
    if isinstance(screen, FormStyled):
        sheets: tuple[Path, ...] = (FORM_CSS,)
    else:
        sheets = (BOARD_CSS,) if isinstance(screen, BoardStyled) else (BOARD_CSS, DIALOGS_CSS)
    for sheet in sheets:
        if not app.stylesheet.has_source(str(sheet), ""):
            app.stylesheet.add_source(sheet.read_text(encoding="utf-8"), read_from=(str(sheet), ""))


def colour_system() -> str | None:
    """The colours the terminal takes, found the way Textual's console will find them:
    TEXTUAL_COLOR_SYSTEM, else Rich's reading of COLORTERM and TERM ("truecolor",
    "256", "standard" for 16 or 8 colours; NO_COLOR does not change it)."""
    probe = Console(color_system=constants.COLOR_SYSTEM, force_terminal=True, file=io.StringIO(),
                    legacy_windows=False)
    return probe.color_system
