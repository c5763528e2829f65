"""Drive the app the way a person would: a move becomes key presses or mouse clicks.

`play_keys` and `play_clicks` perform one engine move through the UI only (never by
calling the game), answer any pass screen, and return once the move has been applied.
"""

from __future__ import annotations

import asyncio
import random
from weakref import WeakKeyDictionary

from century_tui.engine import Game, Move, Seat
from century_tui.text import words
from century_tui.tui.modals import AcquireModal, DiscardModal, TradeModal, UpgradeModal
from century_tui.tui.screens.game import GameScreen
from century_tui.tui.screens.handoff import HandOffScreen
from century_tui.tui.widgets.hand import HandCard, HandView, RestButton
from century_tui.tui.widgets.rows import MerchantRow, PointRow
from tests.helpers.textual_private import screen_strips
from textual.app import App
from textual.notifications import Notify

_TOASTS: WeakKeyDictionary[App, list[str]] = WeakKeyDictionary()


def hear_toasts(monkeypatch) -> None:
    """The game's apps' toasts from now on are heard as Textual shows and clears them,
    through public API (the list it keeps is private): a handler of the `Notify` message
    that shows one (on the app classes: Textual's own is private and takes the place of a
    public one on `App`), and `clear_notifications()`. Read them with `toasts(app)`; the
    `toasts_heard` fixture does this for every test."""
    from century_tui.tui.app import CenturyApp
    from century_tui.tui.lobby import LobbyApp

    clear = App.clear_notifications

    def on_notify(self, message: Notify) -> None:
        _TOASTS.setdefault(self, []).append(str(message.notification.message))

    def cleared(self) -> None:
        _TOASTS.pop(self, None)
        clear(self)

    for cls in (CenturyApp, LobbyApp):
        assert "on_notify" not in vars(cls)
        monkeypatch.setattr(cls, "on_notify", on_notify, raising=False)
    monkeypatch.setattr(App, "clear_notifications", cleared)


def toasts(app) -> list[str]:
    """What `app`'s toasts have said since they were last cleared, oldest first (none time
    out here, unlike on the screen)."""
    return list(_TOASTS.get(app, ()))


def board(app) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


def remembered(app):
    """The settings on disk once `app` has written every change asked so far (it writes
    them in the background)."""
    from century_tui import storage

    app.settings_writer.wait()
    return storage.load_settings()[0]


def screen_lines(app) -> list[str]:
    """The screen as text, one string per row (modal screens include what lies behind)."""
    return ["".join(segment.text for segment in strip) for strip in screen_strips(app)]


def played(moves: int = 10_000, seed: int = 5, seats=(Seat("Ann"), Seat("Cy", "easy"))) -> Game:
    """A game of random legal moves: `moves` of them, or to its end."""
    g = Game(list(seats), seed)
    rng = random.Random(seed)
    while not g.state.is_over and len(g.moves) < moves:
        g.apply(rng.choice(list(g.state.legal_moves())))
    return g


async def run_app(app, body, size=(80, 24), *, settled=True, past_pass_screen=False, notifications=False) -> None:
    """Run `app` at `size` and await `body(app, pilot)`: first (unless `settled` is False) once
    every pending message and worker is done, and past the pass screen a game of people
    opens on when `past_pass_screen`. `notifications` draws the toasts."""
    async with app.run_test(size=size, notifications=notifications) as pilot:
        if settled:
            await settle(pilot)
            if past_pass_screen:
                await pass_screens(pilot)
        await body(app, pilot)


async def run_board(app, body, size=(80, 24)) -> None:
    """Run `app` at `size`, answer the pass screen a game of people opens on, then await
    `body(app, pilot)`."""
    await run_app(app, body, size, past_pass_screen=True)


def plain(renderable, width: int = 80) -> str:
    """What a Rich renderable (a widget's content) reads as, in `width` cells."""
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


class GatedBots:
    """Bots that answer only once the test opens `gate`: a bot's turn lasts exactly as long
    as the test needs, whatever the machine's speed (no sleeps, no races with start-up).
    Open the gate before `settle`, which waits for the bot's worker."""

    def __init__(self, monkeypatch) -> None:
        import threading

        import century_tui.bots as bots

        self.gate = threading.Event()
        real = bots.make_bot

        def make_bot(level, seed=None, budget_ms=None, **caps):
            bot = real(level, seed=seed, budget_ms=budget_ms, **caps)
            gate = self.gate

            class Gated:
                name = bot.name

                def choose(self, state):
                    assert gate.wait(timeout=30), "the test never opened the bot gate"
                    return bot.choose(state)

            return Gated()

        monkeypatch.setattr(bots, "make_bot", make_bot)


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run until `condition()` holds (a wait for an event, not for a time)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "the awaited condition never came"
        await pilot.pause(0.02)


async def told(pilot, *parts: str, timeout: float = 10.0) -> None:
    """Wait until some toast of the pilot's app holds every one of `parts`. A toast is a
    message the app handles after the key, click or network message that caused it, so
    under load it can come after a test's next line: wait for it as for any event."""
    app = pilot.app
    try:
        await until(pilot, lambda: any(all(p in m for p in parts) for m in toasts(app)), timeout)
    except AssertionError:
        raise AssertionError(f"no toast said {parts!r}; heard {toasts(app)!r}") from None


async def settle(pilot) -> None:
    """Let every pending message, worker (a bot) and screen change finish: the screens on
    the stack are the same after a pause as before it (a start's first screen opens once
    Textual's start is over, and a board's first pass screen once the board is drawn)."""
    if pilot.app.workers:
        await pilot.app.workers.wait_for_complete()
    stack = None
    for _ in range(10):
        await pilot.pause()
        if stack == (stack := list(pilot.app.screen_stack)):
            return


async def click_button(pilot, selector: str) -> None:
    """Click a button once it takes clicks again: Textual ignores a second click within
    the 0.2 s pressed effect (a double-click guard), which quick test steps fall inside."""
    button = pilot.app.screen.query_one(selector)
    while button.has_class("-active"):
        await pilot.pause(0.02)
    assert await pilot.click(selector)


async def palette(pilot, query: str) -> None:
    """Run the command palette's first match for `query`, once its search has finished
    (the palette searches in a worker: Enter before it ends picks a stale or no result)."""
    await pilot.press("ctrl+p", *query)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def pass_screens(pilot, clicks: bool = False) -> int:
    """Answer pass screens (Enter or a click); how many there were."""
    count = 0
    while isinstance(pilot.app.screen, HandOffScreen):
        if clicks:
            assert await pilot.click(None, offset=(2, 2))
        else:
            await pilot.press("enter")
        count += 1
    return count


def hand_position(screen: GameScreen, card: int) -> int:
    return [item.card for item in screen.hand.items].index(card)


ORDER = (PointRow, MerchantRow, HandView)
JUMP = {PointRow: "p", MerchantRow: "m", HandView: "h"}


async def focus(pilot, kind: type) -> None:
    """Tab when the row is the next one, else its jump key (both are keyboard paths)."""
    focused = pilot.app.focused
    if isinstance(focused, kind):
        return
    if type(focused) in ORDER and ORDER[(ORDER.index(type(focused)) + 1) % 3] is kind and kind is not PointRow:
        await pilot.press("tab")
    else:
        await pilot.press(JUMP[kind])
    assert isinstance(pilot.app.focused, kind)


# ---------------------------------------------------------------- keys
async def rest(pilot) -> None:
    """Rest by keys: r, and r again where the rest is asked first (nothing played to take
    back: a stray r spends no turn)."""
    await pilot.press("r")
    screen = pilot.app.screen
    if isinstance(screen, GameScreen) and screen.asked is not None:
        await pilot.press("r")


async def play_keys(pilot, move: Move) -> None:
    app = pilot.app
    screen = board(app)
    before = len(screen.game.moves)
    kind = move.kind
    if kind == "rest":
        await pilot.press("r")
        if screen.asked is not None:  # no played card to take back: asked, r again rests
            await pilot.press("r")
    elif kind == "claim":
        await focus(pilot, PointRow)
        await pilot.press(str(move.index + 1), "enter")
    elif kind == "acquire":
        await focus(pilot, MerchantRow)
        await pilot.press(str(move.index + 1), "enter")
        if isinstance(app.screen, AcquireModal):
            letters = words().letters
            for tier in move.payment:
                await pilot.press(letters[tier].lower())
            await pilot.press("enter")
    elif kind in ("spice", "upgrade", "trade"):
        await focus(pilot, HandView)
        position = hand_position(screen, move.card)
        if position < 10:
            await pilot.press(str((position + 1) % 10))
        else:
            await pilot.press("home", *["right"] * position)
        await pilot.press("enter")
        if screen.asked is not None:  # an upgrade card with nothing to raise: asked, Enter again plays it
            await pilot.press("enter")
        if isinstance(app.screen, UpgradeModal):
            for tier in move.steps:
                await pilot.press(str(tier + 1))
            await pilot.press("enter")
            if not move.steps and isinstance(app.screen, UpgradeModal):
                await pilot.press("enter")  # no step: confirmed on the second Enter
        elif isinstance(app.screen, TradeModal):
            modal = app.screen
            while modal.times > move.times:
                await pilot.press("left")
            while modal.times < move.times:
                await pilot.press("right")
            await pilot.press("enter")
    elif kind == "discard":
        if not isinstance(app.screen, DiscardModal):
            await pilot.press("d")
            await pilot.pause()
        modal = app.screen
        assert isinstance(modal, DiscardModal)
        for tier in range(4):  # empty every row, then fill in the wanted counts
            while modal.at != tier:
                await pilot.press("down")
            while modal.chosen[tier]:
                await pilot.press("left")
        for tier in range(4):
            while modal.at != tier:
                await pilot.press("down")
            for _ in range(move.cubes[tier]):
                await pilot.press("right")
        await pilot.press("enter")
    await settle(pilot)
    assert len(screen.game.moves) == before + 1, f"{move} was not applied"
    assert screen.game.moves[-1] == move, f"wanted {move}, made {screen.game.moves[-1]}"
    await pass_screens(pilot)


# ---------------------------------------------------------------- clicks
async def asked_or_moved(pilot, screen, before: int) -> None:
    """After a click that plays a move or opens its modal: until the move is made, or the
    modal is mounted (a click aimed at a modal's button before that would hit the board)."""
    app = pilot.app
    await until(pilot, lambda: len(screen.game.moves) > before or (app.screen is not screen and app.screen.is_mounted))
    await pilot.pause()


async def play_clicks(pilot, move: Move) -> None:
    app = pilot.app
    screen = board(app)
    before = len(screen.game.moves)
    kind = move.kind
    if kind == "rest":
        assert await pilot.click(screen.query_one(RestButton))
        if screen.asked is not None:  # no played card to take back: asked, a second click rests
            assert await pilot.click(screen.query_one(RestButton))
    elif kind == "claim":
        assert await pilot.click(screen.points.views[move.index])
    elif kind == "acquire":
        assert await pilot.click(screen.merchants.views[move.index])
        await asked_or_moved(pilot, screen, before)
        if isinstance(app.screen, AcquireModal):
            for slot, tier in enumerate(move.payment):
                assert await pilot.click(f"#pay-{slot}-{tier}")
            assert await pilot.click("#confirm")
    elif kind in ("spice", "upgrade", "trade"):
        position = hand_position(screen, move.card)
        chip = next(c for c in screen.query(HandCard) if c.position == position)
        assert await pilot.click(chip)
        if screen.asked is not None:  # an upgrade card with nothing to raise: a second click plays it
            assert await pilot.click(chip)
        await asked_or_moved(pilot, screen, before)
        if isinstance(app.screen, UpgradeModal):
            for tier in move.steps:
                assert await pilot.click(f"#raise-{tier}")
            assert await pilot.click("#confirm")
            if not move.steps and isinstance(app.screen, UpgradeModal):
                assert await pilot.click("#confirm")  # no step: confirmed on the second click
        elif isinstance(app.screen, TradeModal):
            modal = app.screen
            while modal.times > move.times:
                assert await pilot.click("#less")
            assert await pilot.click("#confirm")
    elif kind == "discard":
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, DiscardModal)
        for tier in range(4):
            while modal.chosen[tier] > move.cubes[tier]:
                assert await pilot.click(f"#minus-{tier}")
        for tier in range(4):
            while modal.chosen[tier] < move.cubes[tier]:
                assert await pilot.click(f"#plus-{tier}")
        assert await pilot.click("#confirm")
    await settle(pilot)
    assert len(screen.game.moves) == before + 1, f"{move} was not applied"
    assert screen.game.moves[-1] == move, f"wanted {move}, made {screen.game.moves[-1]}"
    await pass_screens(pilot, clicks=True)
