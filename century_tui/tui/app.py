"""The Textual app: the game in play, the screens it opens, and what ends a game (quit, a
save that failed). Its parts have homes of their own: the live switches and the settings
(`switches`), the command palette (`commands`), the hang-up signals (`hangup`), the end of
the start (`warm_up`). Screens and widgets read the app through `context.Window`, never
this module: it imports them, they do not import it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from textual.app import App
from textual.binding import Binding

from century_tui import storage
from century_tui.skins import SKINS, load_skin, next_skin
from century_tui.text import t
from century_tui.tui import render
from century_tui.tui.commands import CenturyCommands, PaletteInWords
from century_tui.tui.hangup import catch_hangup
from century_tui.tui.output import compact_output
from century_tui.tui.styles import add_screen_styles, colour_system
from century_tui.tui.switches import Switches
from century_tui.tui.warm_up import first_frame_shown

if TYPE_CHECKING:
    from century_tui.engine import Game, GameRecord
    from century_tui.table import LocalTable
    from century_tui.table.bot_processes import BotProcesses
    from century_tui.timeline import Running
    from century_tui.tui.screens.game import GameScreen


class CenturyApp(Switches, PaletteInWords, App[None]):
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
        bot_processes: bool = False,
        remember_settings: bool = True,
    ) -> None:
        """`language` is `--lang`; without it the saved setting, then (only when the settings
        come from disk, not from a caller) LC_ALL/LC_MESSAGES/LANG, else English.
        `save_lock` is the hold a caller took on `save_path` (`century resume`).
        `bot_processes`: searching bots think in a worker process (`century` does; a test's
        app keeps them in its threads, where it can hold them). `remember_settings` False:
        the switches (skin, language, …) last for this window, the settings file untouched."""
        self.sixteen_colours = colour_system() in ("standard", "windows")
        """A terminal of 16 (or 8) colours: the cubes and the theme use the terminal's own
        colours (the skins' ANSI names, Textual's ansi-dark theme), never shades of RGB."""
        # Decided before Textual's constructor: it picks the NO_COLOR filter from the theme's
        # kind there, and a greyscale filter turns the terminal's own colours into black on black.
        super().__init__(ansi_color=True if self.sixteen_colours else None)
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
        self.notice = notice
        self.set_up_switches(settings, skin=skin, language=language, environ=environ,
                             remembered=remember_settings)
        self.bot_delay_ms = settings.bot_delay_ms if bot_delay_ms is None else bot_delay_ms
        self.bot_budget_ms = settings.bot_budget_ms if bot_budget_ms is None else bot_budget_ms
        self.autosave_games = autosave
        self._first_game = (game, save_path, resumed)
        self.save_lock = save_lock
        """The hold a caller took on `save_path`, handed to the first game's table."""
        self.table: LocalTable | None = None
        """The game in play: closed (last save, file let go) when another starts or the app goes."""
        self._replay = replay
        self.hints_ticked = hints
        """`--hints`: the new-game form offers hints ticked."""
        self._names = names
        self._seed = seed
        self.bot_processes: BotProcesses | None = None
        """The worker the searching bots think in, started at the first game that seats one
        (with `bot_processes`)."""
        self._bots_apart = bot_processes
        self._toasts_on_show: dict[tuple[str, str, str], float] = {}
        """Each toast shown, until when it shows (`notify`)."""
        self.release_hangup: Callable[[], None] = lambda: None
        """Puts back the SIGHUP and SIGTERM handlers found at the start (`catch_hangup`)."""
        self.title = t("app.title")

    def get_driver_class(self):
        """Textual's driver for this terminal, writing each frame in fewer bytes (`output`)."""
        return compact_output(super().get_driver_class())

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = False) -> None:
        """Every toast is plain text: messages carry players' names and file names, which
        must show as typed ("[b]Bob[/b]"), never be read as markup. A toast still on show is
        not stacked again (`u` pressed five times with nothing to undo: five bells, one
        toast). Screens' notify() comes here too; it may be called from any thread."""
        now = time.monotonic()
        said = (message, title, severity)
        if self._toasts_on_show.get(said, 0.0) > now:
            return
        on_show = {toast: until for toast, until in self._toasts_on_show.items() if until > now}  # gone ones forgotten
        on_show[said] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        self._toasts_on_show = on_show
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def clear_notifications(self) -> None:
        self._toasts_on_show.clear()
        super().clear_notifications()

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
        screen = self.game_screen()
        if screen is None or self.retry_failed_save() is None or screen.leave_warned:
            return False
        screen.leave_warned = True
        self.notify(t(key, error=self.table.save_error), severity="error", timeout=10)
        return True

    def game_screen(self) -> GameScreen | None:
        """The game screen of the game in play, if one is on the stack."""
        from century_tui.tui.screens.game import GameScreen

        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    def retry_failed_save(self) -> str | None:
        """One more try for the game in play if its last save failed (the disk may have room
        again, the folder may be back); why it is still not saved, or None."""
        if self.table is None or self.table.save_error is None:
            return None
        return self.table.retry_save()

    def save_from_any_thread(self) -> None:
        """A hang-up's last resort, when this app's loop is stuck on its terminal: the game in
        play's last save and its file let go, from the watchdog's thread, told to no screen."""
        saver = getattr(self.table, "saver", None)
        if saver is not None:
            saver.last_chance()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Each skin's accent, from its data file, as $spice-accent / $golem-accent."""
        return {f"{name}-accent": load_skin(name).accent for name in SKINS}

    def on_ready(self) -> None:
        """The first frame is on the screen: the start is over (`warm_up`)."""
        first_frame_shown(self, on_a_board=self.table is not None)

    def on_mount(self) -> None:
        self.release_hangup = catch_hangup(self, self.retry_failed_save, lambda: self.hold(None), self.save_from_any_thread)
        self.show_skin_class(self.skin)
        self.set_class(render.wide_letters(), "-wide-letters")
        self.call_later(self.open_first_screen)

    def open_first_screen(self) -> None:
        """The first screen, once Textual's start is over: Textual holds every frame back
        until then, and a screen opened by `on_mount` was drawn whole for nothing, then
        drawn again, its bytes on their way some 25 ms after its first drawing (a tenth of a
        board's start; docs/PERFORMANCE.md)."""
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
        add_screen_styles(self, screen)
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
            think=self._thinker(game),
        )
        self.hold(table)
        if not resumed:  # its seats are offered again on the next new-game form
            self.settings.seats = [storage.SeatChoice(name=s.name, bot=s.bot) for s in game.seats]
            self.call_after_refresh(self.remember, seats=self.settings.seats)  # after the board's first frame
        self._clear_stack()
        self.push_screen(GameScreen(table, resumed=resumed))

    def _thinker(self, game: Game):
        """How `game`'s bots choose: the searching ones in the worker process (started once
        the board is on screen if a seat has one, so that it is ready by the bot's first move
        and does not hold up the board's first frame), or all in threads."""
        from century_tui.bots import SEARCHING

        if not self._bots_apart:
            return None
        if self.bot_processes is None:
            from century_tui.table.bot_processes import BotProcesses

            self.bot_processes = BotProcesses(workers=1, quiet=True, newest_only=True)
        if any(seat.bot in SEARCHING for seat in game.seats):
            self.call_after_refresh(self.bot_processes.warm_up)
        return self.bot_processes.thinker(game, SEARCHING)

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
        if self.bot_processes is not None:
            self.bot_processes.close()
        if self.save_lock is not None:  # handed to no game (the window closed first)
            self.save_lock.release()
        self.settings_writer.close(timeout=5)
        self.release_hangup()

    def open_new_game(self) -> None:
        from century_tui.tui.screens.new_game import NewGameScreen

        if self.unsaved_warning("notify.leave_unsaved"):
            return
        self.hold(None)
        self._clear_stack()
        self.push_screen(NewGameScreen(self._names, self._seed, self.settings.seats))

    def show_results(self, game: GameRecord, running: list[Running]) -> None:
        """The results of `game` over the screen on show (not twice), `running` its chart."""
        from century_tui.tui.screens.results import ResultsScreen

        if not isinstance(self.screen, ResultsScreen):
            self.push_screen(ResultsScreen(game, running))

    def action_help(self) -> None:
        from century_tui.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # -------------------------------------------------------------- skin and bots
    def action_switch_skin(self) -> None:
        self.skin = next_skin(self.skin)

    def set_bot_speed(self, speed: str) -> None:
        """Palette: how long to pause after a bot's move (remembered)."""
        self.bot_delay_ms = storage.BOT_SPEEDS[speed]
        self.remember(bot_delay_ms=self.bot_delay_ms)
        self.notify(t("notify.bot_speed", speed=t(f"speed.{speed}")), timeout=2)
