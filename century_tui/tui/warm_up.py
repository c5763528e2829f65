"""The start's last step, once the first frame is on the screen: collecting garbage again,
and loading in the background what the next screen will need.

`century_tui.cli.main` pauses the garbage collector for the start (it allocates a great deal
and frees next to nothing). What the start built (Textual, the data, the first screen) lives
as long as the app: frozen, it is not walked again by every full collection, which cost a
pass screen about 18 ms. On the new-game form, the board's modules (the engine's card tables
among them) load while the form is read, so that Start does not wait for them; on a board,
what its first key presses may open (a modal, the coach, the pass screen)."""

from __future__ import annotations

import gc

from textual.app import App


def load_the_board() -> None:
    import century_tui.engine.save  # noqa: F401  (pydantic under it: settings are checked as a game starts)
    import century_tui.tui.screens.game  # noqa: F401  (its import is the work)
    load_the_play()


def load_the_play() -> None:
    """What a board's first key presses may open: its modals, the coach, the pass screen."""
    import century_tui.tui.coach  # noqa: F401
    import century_tui.tui.modals  # noqa: F401
    import century_tui.tui.screens.handoff  # noqa: F401


def first_frame_shown(app: App, *, on_a_board: bool) -> None:
    """The start is over: garbage is collected again (what the start made, frozen), and the
    next screen's modules load in a worker. Only after a start through the cli, which paused
    the collector: an app made in a test is left be."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
    warm_up = load_the_play if on_a_board else load_the_board
    app.run_worker(warm_up, thread=True, group="warm-up", exit_on_error=False)
