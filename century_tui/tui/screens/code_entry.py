"""Where a person types the code the host gave them: `century join HOST:PORT` without
`--code`, and every browser tab of `century host --web`. A wrong or used code is said
plainly and the person types again; the board opens once a code lets them in."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from century_tui.engine import shown
from century_tui.text import t
from century_tui.tui.follow import FollowsWords
from century_tui.tui.repaint import Screen
from century_tui.tui.screens.too_small import SizeGuard


class CodeScreen(SizeGuard, FollowsWords, Screen[None]):
    def __init__(self, address: str, on_code: Callable[[str], None]) -> None:
        """`on_code(code)` tries the code typed; the caller answers with `refused(reason)`,
        or opens the board."""
        super().__init__()
        self.address = address
        self.on_code = on_code
        self.reason: str | None = None
        """Why the last code was refused (None: no code tried yet, or one is being tried)."""
        self.unreachable = False
        """The host could not be reached: the code was never tried."""
        self.trying = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog code-entry"):
            yield Static(t("code_entry.title"), classes="title")
            yield Static(self.prompt(), classes="prompt")
            yield Input(placeholder=t("code_entry.placeholder"), max_length=64, id="code")
            yield Static(self.status(), classes="status")

    def home_focus(self):
        return self.query_one("#code", Input)

    def prompt(self) -> Text:
        return Text(t("code_entry.prompt", address=shown(self.address)))

    def status(self) -> Text:
        """What became of the last code: being tried, refused (and why), or nothing yet."""
        if self.trying:
            return Text(t("code_entry.trying"), "dim")
        if self.reason is None:
            return Text(t("code_entry.help"), "dim")
        key = "code_entry.unreachable" if self.unreachable else "code_entry.refused"
        return Text(t(key, reason=shown(self.reason, 160)), "bold")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        if not code or self.trying:
            return
        self.trying = True
        event.input.disabled = True
        self.query_one(".status", Static).update(self.status())
        self.on_code(code)

    def refused(self, reason: str, *, unreachable: bool = False) -> None:
        """The code did not let the person in (or the host was not reached): say why, and
        let them mend it or type another."""
        self.trying = False
        self.reason = reason
        self.unreachable = unreachable
        self.query_one(".status", Static).update(self.status())
        box = self.query_one("#code", Input)
        box.disabled = False
        box.focus()
        box.select_all()  # kept to be checked and mended; typing anew replaces it

    def words_changed(self) -> None:
        self.query_one(".title", Static).update(t("code_entry.title"))
        self.query_one(".prompt", Static).update(self.prompt())
        self.query_one("#code", Input).placeholder = t("code_entry.placeholder")
        self.query_one(".status", Static).update(self.status())
