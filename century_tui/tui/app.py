"""The Textual app: screens, the live skin and language switches, settings, and the
command palette (`commands`: its words, and Textual's system commands, come from t() too)."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.signal import Signal

from century_tui import storage, text
from century_tui.skins import DEFAULT_SKIN, SKINS, load_skin, next_skin
from century_tui.text import t, words
from century_tui.tui import render
from century_tui.tui.commands import CenturyCommands, PaletteInWords
from century_tui.tui.output import compact_output
from century_tui.tui.styles import add_board_styles, colour_system

if TYPE_CHECKING:
    from century_tui.engine import Game
    from century_tui.table import LocalTable


def _load_the_board() -> None:
    import century_tui.engine.save  # noqa: F401  (pydantic under it: settings are checked as a game starts)
    import century_tui.tui.screens.game  # noqa: F401  (its import is the work)
    _load_the_play()


def _load_the_play() -> None:
    """What a board's first key presses may open: its modals, the coach, the pass screen."""
    import century_tui.tui.coach  # noqa: F401
    import century_tui.tui.modals  # noqa: F401
    import century_tui.tui.screens.handoff  # noqa: F401


class CenturyApp(PaletteInWords, App[None]):
    CSS_PATH = "app.tcss"
    ALLOW_SELECT = False
    """No drag-selecting text: a board is clicked, not copied from, and Textual's selection
    start crashed the app when the pointer went down on a toast as it was being removed."""
    COMMANDS = App.COMMANDS | {CenturyCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "key.quit", priority=True),
        Binding("ctrl+c", "help_quit", show=False, system=True),
        Binding("f1,question_mark", "help", "key.help"),
        Binding("s", "switch_skin", "key.skin"),
        Binding("ctrl+p", "command_palette", "key.palette", show=False, priority=True),
    ]

    skin: reactive[str] = reactive(DEFAULT_SKIN, init=False)
    """The skin on show; switching it redraws every screen and is remembered."""
    handoff: reactive[bool] = reactive(True, init=False)
    """Show the pass screen between two people (remembered)."""
    language: reactive[str] = reactive(text.DEFAULT_LANGUAGE, init=False)
    """The language every word is shown in; switching it redraws every screen and is remembered."""
    cube_code: reactive[str] = reactive(text.CUBE_CODES[0], init=False)
    """How cubes read (text.CUBE_CODES): switching it redraws every screen and is remembered."""

    def __init__(
        self,
        game: Game | None = None,
        *,
        save_path: Path | None = None,
        save_lock: storage.SaveLock | None = None,
        resumed: bool = False,
        skin: str | None = None,
        names: list[str] | None = None,
        seed: int | None = None,
        settings: storage.Settings | None = None,
        bot_delay_ms: int | None = None,
        bot_budget_ms: int | None = None,
        autosave: bool = True,
        replay: bool = False,
        language: str | None = None,
        hints: bool = False,
    ) -> None:
        """`language` is `--lang`; without it the saved setting, then (only when the settings
        come from disk, not from a caller) LC_ALL/LC_MESSAGES/LANG, else English.
        `save_lock` is the hold a caller took on `save_path` (`century resume`)."""
        self.sixteen_colours = colour_system() in ("standard", "windows")
        """A terminal of 16 (or 8) colours: the cubes and the theme use the terminal's own
        colours (the skins' ANSI names, Textual's ansi-dark theme), never shades of RGB."""
        # Decided before Textual's constructor: it picks the NO_COLOR filter from the theme's
        # kind there, and a greyscale filter turns the terminal's own colours into black on black.
        super().__init__(ansi_color=True if self.sixteen_colours else None)
        self.words_changed_signal: Signal[None] = Signal(self, "words-changed")
        """Published when the skin, the language or the cube code switched: every screen and
        widget that draws words follows it (`century_tui.tui.follow.FollowsWords`)."""
        for name, theme in self.available_themes.items():  # the palette's colour themes
            if not theme.dark:  # the board's colours are drawn for a dark background
                self.unregister_theme(name)
        if self.sixteen_colours:
            self.theme = "ansi-dark"
        render.set_ansi(self.sixteen_colours)
        notice = None
        environ = None
        if settings is None:
            settings, notice = storage.load_settings()
        else:
            environ = {}  # a caller's settings are the whole configuration
        self.settings = settings
        self.settings_writer = storage.SettingsWriter()
        self.notice = notice
        code = text.resolve_language(language, settings.language, environ)
        self.broken_language: tuple[str, str] | None = None
        """The language asked for and what is wrong with its file, said once the app shows."""
        try:
            text.set_language(code)
        except text.TextDataError as e:  # a broken language file: stay readable in English
            self.broken_language = (code, str(e))
            code = text.DEFAULT_LANGUAGE
            text.set_language(code)
        self.set_reactive(CenturyApp.language, code)
        self.set_reactive(CenturyApp.skin, skin if skin in SKINS else settings.skin)
        self.set_reactive(CenturyApp.handoff, settings.handoff)
        self.set_reactive(CenturyApp.cube_code, settings.cube_code)
        text.set_skin(self.skin)
        text.set_cube_code(self.cube_code)
        self.bot_delay_ms = settings.bot_delay_ms if bot_delay_ms is None else bot_delay_ms
        self.bot_budget_ms = settings.bot_budget_ms if bot_budget_ms is None else bot_budget_ms
        self.autosave_games = autosave
        self._first_game = (game, save_path, resumed)
        self.save_lock = save_lock
        """The hold a caller took on `save_path`, handed to the first game's table."""
        self.table: LocalTable | None = None
        """The game in play: closed (last save, file let go) when another starts or the app goes."""
        self._replay = replay
        self.hints = hints
        """`--hints`: the new-game form offers hints ticked."""
        self._names = names
        self._seed = seed
        self.title = t("app.title")

    def get_driver_class(self):
        """Textual's driver for this terminal, writing each frame in fewer bytes (`output`)."""
        return compact_output(super().get_driver_class())

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = False) -> None:
        """Every toast is plain text: messages carry players' names and file names, which
        must show as typed ("[b]Bob[/b]"), never be read as markup. Screens' notify() comes
        here too."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C: how to quit, in the player's words (Textual's own toast is English markup)."""
        self.notify(t("notify.help_quit"))

    async def action_quit(self) -> None:
        """Quit, unless a game could not be saved: then say so, and quit only when asked
        again (the moves since the last save would be lost)."""
        if not self.unsaved_warning("notify.quit_unsaved"):
            self.exit()

    def unsaved_warning(self, key: str) -> bool:
        """True (and the player told, in words `key`) when leaving the game on show now would
        lose moves: its last save failed, one more try failed, and this failure was not said
        before. Asked again, it lets go."""
        if self.table is None or self.table.save_error is None:
            return False  # nothing unsaved (and the board's module is not imported to say so)
        board = self.board()
        if board is None or self.retry_failed_save() is None or board.leave_warned:
            return False
        board.leave_warned = True
        self.notify(t(key, error=self.table.save_error), severity="error", timeout=10)
        return True

    def board(self):
        """The game screen of the game in play, if one is on the stack."""
        from century_tui.tui.screens.game import GameScreen

        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    def retry_failed_save(self) -> str | None:
        """One more try for the game in play if its last save failed (the disk may have room
        again, the folder may be back); why it is still not saved, or None."""
        if self.table is None or self.table.save_error is None:
            return None
        return self.table.retry_save()

    def catch_hangup(self) -> None:
        """On SIGHUP (the terminal or the SSH connection went) and SIGTERM, make the last
        save attempt Ctrl+Q makes before going: else the moves made while "Not saved" showed
        would be lost. The handlers run in the app's own event loop, between two messages."""
        try:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self.hung_up, sig)
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass  # no such signals (Windows), or not the main thread: the default applies

    def hung_up(self, sig: int) -> None:
        """No one is left to ask "quit anyway?": save if it can be done, then go. SIGTERM
        quits as Ctrl+Q does, giving the terminal back; after SIGHUP there is no terminal to
        give back (writing to it could block), so the signal then ends the process as it
        would have, once the save file is let go."""
        self.retry_failed_save()
        if sig == signal.SIGTERM:
            self.exit()
            return
        self.hold(None)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Each skin's accent, from its data file, as $spice-accent / $golem-accent."""
        return {f"{name}-accent": load_skin(name).accent for name in SKINS}

    def on_ready(self) -> None:
        """The first frame is on the screen: the start is over, and so is the pause in
        collecting garbage that `century_tui.cli.main` makes for it. What the start built
        (Textual, the data, the first screen) lives as long as the app: frozen, it is not
        walked again by every full collection, which cost a pass screen about 18 ms.
        On the new-game form, the board's modules (the engine's card tables among them) load
        in the background while the form is read, so that Start does not wait for them; on a
        board, what its first key presses may open (a modal, the coach, the pass screen)."""
        if not gc.isenabled():  # a start through the cli (an app made in a test is left be)
            gc.freeze()
            gc.enable()
            warm_up = _load_the_board if self.table is None else _load_the_play
            self.run_worker(warm_up, thread=True, group="warm-up", exit_on_error=False)

    def on_mount(self) -> None:
        self.catch_hangup()
        self.show_skin_class(self.skin)
        self.set_class(render.wide_letters(), "-wide-letters")
        if self.notice:
            n = self.notice
            words = t(f"notify.settings_{n.code}", path=n.path, kept=n.kept or "", detail=n.detail)
            self.notify(words, severity="warning", timeout=10)
        if self.broken_language:
            self.say_broken_language(*self.broken_language)
        game, path, resumed = self._first_game
        if game is not None and self._replay:
            from century_tui.tui.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(game))
        elif game is not None:
            lock, self.save_lock = self.save_lock, None
            self.start_game(game, path, resumed=resumed, lock=lock)
        else:
            self.open_new_game()

    # -------------------------------------------------------------- screens
    def push_screen(self, screen, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        add_board_styles(self, screen)
        return super().push_screen(screen, *args, **kwargs)

    def _clear_stack(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def start_game(
        self, game: Game, path: Path | None = None, *, resumed: bool = False, lock: storage.SaveLock | None = None
    ) -> None:
        """Show the board for `game`, autosaved to `path` under `lock`; a new game (no path)
        gets a new file of its own as its board opens. The game before lets go of its file."""
        from century_tui.storage.autosaver import Saver
        from century_tui.table import LocalTable
        from century_tui.tui.screens.game import GameScreen

        saver = Saver.for_game(path, lock, enabled=self.autosave_games, call_soon=self.call_soon,
                               spawn=lambda task: self.run_worker(task, thread=True, group="save"))
        table = LocalTable(
            game, saver=saver, spawn=lambda task: self.run_worker(task, thread=True, group="bot"),
            call_soon=self.call_soon, pace=lambda: (self.bot_delay_ms / 1000, self.bot_budget_ms),
        )
        self.hold(table)
        if not resumed:  # its seats are offered again on the next new-game form
            self.settings.seats = [storage.SeatChoice(name=s.name, bot=s.bot) for s in game.seats]
            self.call_after_refresh(self.remember, "seats")  # after the board's first frame, as its first save
        self._clear_stack()
        self.push_screen(GameScreen(table, resumed=resumed))

    def call_soon(self, task) -> None:
        """Run `task` on the app's thread (from a table's bot or save in the background)."""
        try:
            self.call_from_thread(task)
        except RuntimeError:  # the app is closing: the table's close makes the last save
            pass

    def hold(self, table: LocalTable | None) -> None:
        """Close the game in play (its last save; its file let go), and hold `table` instead."""
        if self.table is not None and self.table is not table:
            self.table.close()
        self.table = table

    def on_unmount(self) -> None:
        """The window closes: its game's file is free for another window."""
        self.hold(None)
        if self.save_lock is not None:  # handed to no game (the window closed first)
            self.save_lock.release()
        self.settings_writer.wait(timeout=5)

    def open_new_game(self) -> None:
        from century_tui.tui.screens.new_game import NewGameScreen

        if self.unsaved_warning("notify.leave_unsaved"):
            return
        self.hold(None)
        self._clear_stack()
        self.push_screen(NewGameScreen(self._names, self._seed, self.settings.seats))

    def action_help(self) -> None:
        from century_tui.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # -------------------------------------------------------------- skin and settings
    def action_switch_skin(self) -> None:
        self.skin = next_skin(self.skin)

    def watch_skin(self, skin: str) -> None:
        text.set_skin(skin)
        self.show_skin_class(skin)
        self.redraw_words()
        self.remember("skin")
        self.notify(t("notify.skin", skin=words().name), timeout=2)

    def show_skin_class(self, skin: str) -> None:
        """Class -NAME on for the skin shown and off for the others (the stylesheet's accents),
        in one restyle."""
        self.update_classes({f"-{name}": skin == name for name in SKINS})

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
        self.settings.language = code
        self.redraw_words()
        self.remember("language")
        self.notify(t("notify.language", language=text.language_name(code)), timeout=2)

    def watch_cube_code(self, code: str) -> None:
        text.set_cube_code(code)
        self.settings.cube_code = code  # type: ignore[assignment]
        self.redraw_words()
        self.remember("cube_code")
        self.notify(t("notify.cube_code", code=t(f"cube_code.{code}")), timeout=2)

    def redraw_words(self) -> None:
        """The skin, the language or the cube code changed: every open screen and widget that
        draws words draws itself again (the log from its entries), and the key bar with it."""
        self.set_class(render.wide_letters(), "-wide-letters")
        self.title = t("app.title")
        self.words_changed_signal.publish(None)
        self.refresh_bindings()

    def watch_handoff(self, handoff: bool) -> None:
        self.remember("handoff")
        self.notify(t("notify.handoff_on" if handoff else "notify.handoff_off"), timeout=2)

    def set_bot_speed(self, speed: str) -> None:
        """Palette: how long to pause after a bot's move (remembered)."""
        self.bot_delay_ms = storage.BOT_SPEEDS[speed]
        self.remember("bot_delay_ms")
        self.notify(t("notify.bot_speed", speed=t(f"speed.{speed}")), timeout=2)

    def remember(self, *names: str) -> None:
        """Save the settings `names` (the skin, pass screen, bot speed, language, cube code or
        last seats) in the background (`storage.SettingsWriter`): those alone, so another
        window's choices in the file meanwhile stay."""
        self.settings.skin = self.skin  # type: ignore[assignment]
        self.settings.handoff = self.handoff
        self.settings.bot_delay_ms = self.bot_delay_ms
        self.settings_writer.write(self.settings, names)


def century(node: DOMNode) -> CenturyApp:
    """The app `node` runs in, typed: its settings (skin, language, pass screen, bot speed
    and budget, autosave) and its doors (start a game, the new-game form) without guessing."""
    app = node.app
    if not isinstance(app, CenturyApp):
        raise TypeError(f"{node!r} runs in {type(app).__name__}, not in the game's app")
    return app
