"""The live switches: the skin, the language, the cube code and the pass screen.

Each is a reactive of the game's app (this mixin, before Textual's `App`): assigned (a key,
the palette, the new-game form), it is in force at once, every screen and widget that draws
words redraws in the same frame (through one signal, `words_changed_signal`, which
`tui/follow.py` subscribes them to), a toast says so, and it is remembered: the settings
file is written off the app's thread, that setting alone (`storage.SettingsWriter`), so
another window's choices in the file meanwhile stay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from textual.reactive import reactive
from textual.signal import Signal

from century_tui import storage, text
from century_tui.skins import DEFAULT_SKIN, SKINS
from century_tui.text import t, words
from century_tui.tui import render

if TYPE_CHECKING:
    from textual.app import App as _App
else:
    _App = object


class Switches(_App):
    """Mixin of the game's app: the switches, the settings they come from, and what a
    switch does (redraw, toast, remember)."""

    skin: reactive[str] = reactive(DEFAULT_SKIN, init=False)
    """The skin on show; switching it redraws every screen and is remembered."""
    handoff: reactive[bool] = reactive(True, init=False)
    """Show the pass screen between two people (remembered)."""
    language: reactive[str] = reactive(text.DEFAULT_LANGUAGE, init=False)
    """The language every word is shown in; switching it redraws every screen and is remembered."""
    cube_code: reactive[str] = reactive(text.CUBE_CODES[0], init=False)
    """How cubes read (text.CUBE_CODES): switching it redraws every screen and is remembered."""

    def set_up_switches(self, settings: storage.Settings, *, skin: str | None, language: str | None,
                        environ: Mapping[str, str] | None, remembered: bool = True) -> None:
        """The switches as the settings and the command line (`skin`, `language`: `--lang`)
        set them, before the first screen: without `--lang` the saved language, then (with
        `environ` None: the process's) LC_ALL/LC_MESSAGES/LANG, else English. Not
        `remembered`: a switch lasts for this window only (a guest's seat)."""
        self.settings = settings
        self.settings_writer = storage.SettingsWriter()
        self.settings_remembered = remembered
        self.words_changed_signal: Signal[None] = Signal(self, "words-changed")
        """Published when the skin, the language or the cube code switched: every screen and
        widget that draws words follows it (`century_tui.tui.follow.FollowsWords`)."""
        code = text.resolve_language(language, settings.language, environ)
        self.broken_language: tuple[str, str] | None = None
        """The language asked for and what is wrong with its file, said once the app shows."""
        try:
            text.set_language(code)
        except text.TextDataError as e:  # a broken language file: stay readable in English
            self.broken_language = (code, str(e))
            code = text.DEFAULT_LANGUAGE
            text.set_language(code)
        self.set_reactive(Switches.language, code)
        self.set_reactive(Switches.skin, skin if skin in SKINS else settings.skin)
        self.set_reactive(Switches.handoff, settings.handoff)
        self.set_reactive(Switches.cube_code, settings.cube_code)
        text.set_skin(self.skin)
        text.set_cube_code(self.cube_code)

    def remember(self, **values: Any) -> None:
        """Save the settings named (the skin, pass screen, bot speed, language, cube code or
        last seats) with these values, in the background: those alone."""
        for name, value in values.items():
            setattr(self.settings, name, value)
        if self.settings_remembered:
            self.settings_writer.write(self.settings, tuple(values))

    # -------------------------------------------------------------- skin
    def watch_skin(self, skin: str) -> None:
        text.set_skin(skin)
        self.show_skin_class(skin)
        self.redraw_words()
        self.remember(skin=skin)
        self.notify(t("notify.skin", skin=words().name), timeout=2)

    def wear_skin(self, skin: str) -> None:
        """Show `skin` without a toast and without remembering it (a host's look, on a join)."""
        self.set_reactive(Switches.skin, skin)
        text.set_skin(skin)
        self.show_skin_class(skin)

    def show_skin_class(self, skin: str) -> None:
        """Class -NAME on for the skin shown and off for the others (the stylesheet's accents),
        in one restyle."""
        self.update_classes({f"-{name}": skin == name for name in SKINS})

    # -------------------------------------------------------------- language
    def validate_language(self, code: str) -> str:
        """A language whose file is damaged is not switched to: the words stay as they are,
        and a toast says which file and what is wrong in it."""
        try:
            text.load_language(code)
        except text.TextDataError as e:
            self.say_broken_language(code, str(e))
            return self.language
        return code

    def say_broken_language(self, code: str, detail: str) -> None:
        self.notify(t("notify.language_broken", language=text.language_name(code), detail=detail),
                    severity="error", timeout=10)

    def watch_language(self, code: str) -> None:
        text.set_language(code)
        self.redraw_words()
        self.remember(language=code)
        self.notify(t("notify.language", language=text.language_name(code)), timeout=2)

    # -------------------------------------------------------------- cubes and the pass screen
    def watch_cube_code(self, code: str) -> None:
        text.set_cube_code(code)
        self.redraw_words()
        self.remember(cube_code=code)
        self.notify(t("notify.cube_code", code=t(f"cube_code.{code}")), timeout=2)

    def watch_handoff(self, handoff: bool) -> None:
        self.remember(handoff=handoff)
        self.notify(t("notify.handoff_on" if handoff else "notify.handoff_off"), timeout=2)

    def redraw_words(self) -> None:
        """The skin, the language or the cube code changed: every open screen and widget that
        draws words draws itself again (the log from its entries), and the key bar with it."""
        self.set_class(render.wide_letters(), "-wide-letters")
        self.title = t("app.title")
        self.words_changed_signal.publish(None)
        self.refresh_bindings()
