"""Every colour mode is readable (issue 13 §1): `century` runs in a real pseudo-terminal for
each colour depth (true colour, 256, 16, 8), with and without NO_COLOR, and the screen a
terminal draws from its output (pyte) is checked cell by cell on every screen: no visible
character in the colour of its background, and the four cube tiers told apart.

8 colours is a terminal that draws a bright colour as its plain twin (TERM=xterm, a Linux
console). No terminal says it has 8 colours rather than 16 (Rich and Textual read both as
"standard"), so the app draws the same bytes in both: the 16-colour screen is checked as
an 8-colour terminal shows it ("bright red" folded into "red"), which is the stricter
reading, and `test_8_and_16_colour_terminals_get_the_same_look` pins that TERM=xterm and
TERM=linux are drawn as TERM=xterm-16color is. The terminal's own colours (`default`) are
taken as a light foreground on a dark background, as Textual's ansi-dark theme assumes.
"""

from __future__ import annotations

import sys

import pytest
from tests.helpers.pty_screen import Cell, Terminal, terminal_env

from century_tui import storage, text
from century_tui.engine import MERCHANT_CARDS
from support import demo

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

DEPTHS = {
    "truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
    "256": {"TERM": "xterm-256color"},
    "16 and 8": {"TERM": "xterm-16color"},
}
MODES = [(depth, no_color) for depth in DEPTHS for no_color in (False, True)]
LETTERS = {skin: "".join(words.letters) for skin, words in text.load_language("en").skins.items()}
"""The cube letters in English (the terminal's language here): spice YRGB, golem YGTM."""


def colour(name: str, *, fg: bool, eight: bool) -> str:
    """A cell colour as the eye gets it: the terminal's default fg/bg as white/black, and
    in 8 colours the bright ones as their plain twins."""
    if name == "default":
        return "white" if fg else "black"
    if eight:
        name = name.removeprefix("bright")
    return name


def unreadable(cells: list[Cell], eight: bool) -> list[Cell]:
    return [c for c in cells if colour(c.fg, fg=True, eight=eight) == colour(c.bg, fg=False, eight=eight)]


def check(term: Terminal, screen: str, depth: str, problems: list[str]) -> None:
    bad = unreadable(term.cells(), eight=depth == "16 and 8")
    if bad:
        where = ", ".join(f"{c.char!r}@{c.x},{c.y} {c.fg}/{c.bg}" for c in bad[:8])
        problems.append(f"{screen}: {len(bad)} characters in their background's colour: {where}\n{term.text()}")


def legend_cubes(term: Terminal, letters: str) -> list[Cell]:
    """The four cubes of the status line's legend (its right end), cheapest first."""
    row = [c for c in term.cells() if c.y == 0]
    found: list[Cell] = []
    for letter in reversed(letters):
        before = found[0].x if found else term.screen.columns
        found.insert(0, next(c for c in reversed(row) if c.char == letter and c.x < before))
    return found


def check_tiers(term: Terminal, letters: str, depth: str, no_color: bool, problems: list[str]) -> None:
    """The four tiers differ in their glyph, and (with colours) in the colour of their face."""
    cubes = legend_cubes(term, letters)
    faces = {colour(c.bg, fg=False, eight=depth == "16 and 8") for c in cubes}
    if len({c.char for c in cubes}) != 4 or (not no_color and len(faces) != 4):
        problems.append(f"tiers alike: {cubes}")


@pytest.fixture
def saved(century_home):
    """Write `game` as a save in the test's data folder; its path."""

    def save(game):
        path, lock = storage.create_save(game)
        lock.release()
        return path

    return save


def _hand_key(game, kind: str, enough) -> str:
    p = game.state.current
    card = next(c for c in p.hand_cards if MERCHANT_CARDS[c].kind == kind and enough(c))
    return str(p.owned.index(card) + 1)  # the hand keeps the order the cards came


def _twice(game):
    cubes = game.state.current.cubes
    return lambda c: min(cubes[t] // n for t, n in enumerate(MERCHANT_CARDS[c].pay) if n) >= 2


def every_move(s) -> bool:
    return demo.can_upgrade(s) and demo.can_trade_twice(s) and demo.can_pay_mixed(s)


def test_8_and_16_colour_terminals_get_the_same_look(monkeypatch):
    """TERM=xterm and a Linux console are drawn exactly as TERM=xterm-16color (the 16-colour
    look, checked above as 8 colours show it), with or without NO_COLOR."""
    from century_tui.tui.styles import colour_system

    monkeypatch.delenv("COLORTERM", raising=False)
    looks = set()
    for term in ("xterm-16color", "xterm", "linux"):
        for no_color in (None, "1"):
            monkeypatch.setenv("TERM", term)
            if no_color:
                monkeypatch.setenv("NO_COLOR", no_color)
            else:
                monkeypatch.delenv("NO_COLOR", raising=False)
            looks.add(colour_system())
    assert looks == {"standard"}


@pytest.mark.parametrize("depth,no_color", MODES, ids=[f"{d.replace(' ', '-')}{'-nocolor' if n else ''}" for d, n in MODES])
def test_a_game_is_readable_in_every_colour_mode(depth, no_color, saved, century_home):
    """Pass screen, board in both skins, the upgrade, trade and acquire modals, help, the
    too-small notice and the new-game screen in one window; then the discard modal, and the
    results of a finished game."""
    env = terminal_env(century_home, **DEPTHS[depth], **({"NO_COLOR": "1"} if no_color else {}))
    problems: list[str] = []
    game = demo.advance_until(demo.new_game(seed=7), every_move)
    upgrade = _hand_key(game, "upgrade", lambda c: True)
    trade = _hand_key(game, "trade", _twice(game))
    with Terminal(["resume", str(saved(game))], env) as term:
        term.until(term.shows("Pass to"))
        check(term, "pass screen", depth, problems)
        term.press("enter")
        term.until(term.shows("'s hand", "Round"))
        check(term, "board", depth, problems)
        check_tiers(term, LETTERS["spice"], depth, no_color, problems)
        for keys, title in ((("h", upgrade, "enter"), "Upgrade:"), (("h", trade, "enter"), "Trade "),
                            (("m", "4", "enter"), "Acquire from slot 4")):
            term.press(*keys)
            term.until(term.shows(title))
            check(term, title, depth, problems)
            term.press("escape")
            term.until(lambda t: title not in t.text())
        term.press("s")
        term.until(term.shows("Golem"))
        check(term, "board (golem)", depth, problems)
        check_tiers(term, LETTERS["golem"], depth, no_color, problems)
        term.press("f1")
        term.until(term.shows("The rules in short"))
        check(term, "help", depth, problems)
        term.press("escape")
        term.until(lambda t: "The rules in short" not in t.text())
        term.resize(60, 20)
        term.until(term.shows("Make me at least"))
        check(term, "too small", depth, problems)
        term.resize(80, 24)
        term.until(lambda t: "Make me at least" not in t.text())
        term.press("ctrl+p")
        term.until(term.shows("Search for commands"))
        term.press(*"new game")
        term.until(term.shows("Leave this game"))
        term.press("enter")
        term.until(term.shows("New game", "Seat 1"))
        check(term, "new game", depth, problems)
    discard = demo.advance_until(demo.new_game(seed=5), demo.must_discard, rng_seed=5)
    with Terminal(["resume", str(saved(discard))], env) as term:
        term.until(term.shows("Pass to"))
        term.press("enter")
        term.until(term.shows("Return"))
        check(term, "discard", depth, problems)
    with Terminal(["resume", str(saved(demo.finished(("Ann", "Bob"), seed=48)))], env) as term:
        term.until(term.shows("Game over"))
        check(term, "results", depth, problems)
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("term", ["xterm-16color", "xterm-256color"])
async def test_without_colour_the_form_s_focus_and_ticked_boxes_are_drawn_reversed(term, monkeypatch):
    """NO_COLOR: where colour cannot light up the focused field, it is drawn reversed with its
    text cursor the one cell that is not, and a ticked box's X is reversed, an unticked one's
    not (else they differ only by bold and dim)."""
    from century_tui.storage import Settings
    from century_tui.tui.app import CenturyApp

    monkeypatch.setenv("TERM", term)
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")

    def reversed_cells(widget) -> list[bool]:
        return [bool(s.style and s.style.reverse) for s in widget.render_line(0) for _ in s.text]

    app = CenturyApp(settings=Settings(bot_delay_ms=0, handoff=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "b", "left")  # the first name: the cursor on the b
        await pilot.pause()
        name = app.focused
        assert reversed_cells(name)[:3] == [True, False, True]
        ticked, unticked = app.screen.query_one("#handoff"), app.screen.query_one("#hints")
        assert ticked.value and not unticked.value
        assert reversed_cells(ticked)[1] and not reversed_cells(unticked)[1]  # ▐X▌: the X
        unticked.focus()
        await pilot.pause()
        assert all(reversed_cells(unticked)[3:])  # its words, lit up
        assert not any(reversed_cells(name))  # the name field, no longer focused
