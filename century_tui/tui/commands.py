"""The command palette (Ctrl+P): skin, language, pass screen on/off, cubes as letters, digits
or shapes, bot speed, help, new game."""

from __future__ import annotations

from functools import partial
from typing import Callable, Iterable

from textual.app import SystemCommand
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.theme import ThemeProvider

from century_tui.skins import SKINS
from century_tui.storage import BOT_SPEEDS
from century_tui.text import CUBE_CODES, language_name, languages, t, words
from century_tui.tui.context import window


class CenturyCommands(Provider):
    def commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """(title, help, callback) for every command available now, in the current words."""
        app = window(self.app)
        out: list[tuple[str, str, Callable[[], object]]] = []
        for skin in SKINS:
            if skin != app.skin:
                name = words(skin).name
                out.append((t("cmd.skin", skin=name), t("cmd.skin_help", skin=name), partial(setattr, app, "skin", skin)))
        if app.handoff:
            out.append((t("cmd.handoff_off"), t("cmd.handoff_help"), partial(setattr, app, "handoff", False)))
        else:
            out.append((t("cmd.handoff_on"), t("cmd.handoff_help"), partial(setattr, app, "handoff", True)))
        for code in languages():
            if code != app.language:
                name = language_name(code)  # each language named in itself: Français, 日本語
                out.append((t("cmd.language", language=name), t("cmd.language_help", language=name),
                            partial(setattr, app, "language", code)))
        for code in CUBE_CODES:
            if code != app.cube_code:
                out.append((t(f"cmd.cubes_{code}"), t(f"cmd.cubes_{code}_help"), partial(setattr, app, "cube_code", code)))
        for speed, delay in BOT_SPEEDS.items():
            if delay != app.bot_delay_ms:
                name = t(f"speed.{speed}")
                out.append((t("cmd.bot_speed", speed=name), t("cmd.bot_speed_help", seconds=f"{delay / 1000:g}".replace(".", t("cli.sim_decimal_mark"))),
                            partial(app.set_bot_speed, speed)))
        out.append((t("cmd.help"), t("cmd.help_help"), app.action_help))
        out.append((t("cmd.new_game"), t("cmd.new_game_help"), app.open_new_game))
        return out

    async def discover(self) -> Hits:
        for title, help_, callback in self.commands():
            yield DiscoveryHit(title, callback, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_, callback in self.commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_)


class PaletteInWords:
    """The app's palette screens and Textual's system commands, in the player's language
    (mixed into CenturyApp, before Textual's App). The palette's "No matches found" stays in
    English: Textual writes it as a literal inside a private method
    (CommandPalette._start_no_matches_countdown), with no public way to word it."""

    def get_system_commands(self, screen) -> Iterable[SystemCommand]:
        yield SystemCommand(t("cmd.theme"), t("cmd.theme_help"), self.action_change_theme)  # type: ignore[attr-defined]
        yield SystemCommand(t("cmd.quit"), t("cmd.quit_help"), self.action_quit)  # type: ignore[attr-defined]

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[attr-defined,arg-type]
            self.push_screen(CommandPalette(id="--command-palette", placeholder=t("cmd.placeholder")))  # type: ignore[attr-defined]

    def search_themes(self) -> None:
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=t("cmd.theme_placeholder")))  # type: ignore[attr-defined]
