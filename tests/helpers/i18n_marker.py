"""The marker language: English with every string of en.toml wrapped in ⟪…⟫, so that any
word on screen that did not come from the translation data stands out.

Cube letters must stay one character, so the marker skins use circled letters (Ⓨ Ⓡ Ⓖ Ⓑ)
that no other language has: a cube on screen is then recognisably from the data too.
`unmarked(lines)` keeps only what lies outside every ⟪…⟫ of the screen.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from rich.cells import cell_len

from century_tui.resources import data_dir
from tests.helpers.driver import screen_lines  # noqa: F401  (the i18n tests read the screen with it too)

OPEN, CLOSE = "⟪", "⟫"
CODE = "xx"
LETTERS = {"spice": ["Ⓨ", "Ⓡ", "Ⓖ", "Ⓑ"], "golem": ["Ⓨ", "Ⓖ", "Ⓑ", "Ⓟ"]}


def _wrap(value: Any) -> Any:
    if isinstance(value, str):
        return f"{OPEN}{value}{CLOSE}"
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    if isinstance(value, dict):  # a plural table's `by` names a param: not words
        return {k: v if k == "by" else _wrap(v) for k, v in value.items()}
    return value


def marker_data() -> dict:
    with open(data_dir() / "lang" / "en.toml", "rb") as f:
        raw = tomllib.load(f)
    out = _wrap(raw)
    out["meta"] = {"name": f"{OPEN}Marker{CLOSE}", "locale": raw["meta"]["locale"]}
    for skin, letters in LETTERS.items():
        out["skin"][skin]["letters"] = letters
        out["skin"][skin]["cube_gender"] = raw["skin"][skin]["cube_gender"]  # a code, not words
    return out


BORDER = re.compile(r"[\u2500-\u259F]")
"""Box drawing and block elements: the edges of widgets, whose sides are read apart."""


def _region(region: str, depth: int) -> tuple[str, int]:
    """(the region with marked characters blanked, the depth still open at its end).

    `depth` is what the same column range left open on the line above (a wrapped
    string). A span closed before it opens on this line began on an earlier line too.
    A region cut short with "…" closes what it opened (a truncated string, not a wrap).
    """
    running, lowest = 0, 0
    for ch in region:
        running += (ch == OPEN) - (ch == CLOSE)
        lowest = min(lowest, running)
    depth = max(depth, -lowest)
    out = []
    for ch in region:
        if ch == OPEN:
            depth += 1
            out.append(" ")
        elif ch == CLOSE:
            depth = max(0, depth - 1)
            out.append(" ")
        else:  # inside a span, or in one cut at the edge and never closed
            out.append(" " if depth > 0 else ch)
    if region.rstrip().endswith("…"):
        depth = 0
    return "".join(out), depth


def unmarked(lines: list[str]) -> list[str]:
    """Each line with every character inside a marked string blanked, spans followed
    across lines column by column (a dialog's wrapped text), widget edges as breaks."""
    carry: dict[int, int] = {}
    out = []
    for line in lines:
        pieces, column, now = [], 0, {}
        for part in re.split(r"([\u2500-\u259F])", line):
            if BORDER.fullmatch(part or "x"):
                pieces.append(" ")
            else:
                blanked, depth = _region(part, carry.get(column, 0))
                pieces.append(blanked)
                if depth:
                    now[column] = depth
            column += cell_len(part)
        carry = now
        out.append("".join(pieces))
    return out


KEY_LABEL = re.compile(r"(?:^|(?<=\s))([\w^+]{1,12})(?=\s+" + OPEN + ")")
"""In the key bar, the key itself (r, tab, ^q, f1, esc) stands just before its marked
description: a key's name, not a word of the game."""
KEY_BARE = re.compile(r"(?<=\s\s)([\w^+]{1,3})(?=(?:\s\s+[\w^+]{1,3})*\s*$)")
"""Where the bar is too narrow, the rightmost keys stand alone at its end, drawn " s " each
("⟪Help⟫  c  ^q  s"), their words dropped for room."""


def words_outside(lines: list[str], names: list[str]) -> list[str]:
    """Letters on screen outside the marked strings, not counting the players' names,
    Textual's checkbox tick (▐X▌) or the key names in the bottom key bar."""
    problems = []
    lines = [line.replace("▐X▌", "▐ ▌") for line in lines]
    lines[-1], labels = KEY_LABEL.subn(lambda m: " " * len(m.group(1)), lines[-1])
    if labels:  # a key bar
        lines[-1] = KEY_BARE.sub(lambda m: " " * len(m.group(1)), lines[-1])
    for i, (line, rest) in enumerate(zip(lines, unmarked(lines))):
        for name in sorted(names, key=len, reverse=True):
            rest = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " " * len(name), rest)
        if any(ch.isalpha() for ch in rest):
            problems.append(f"{i:2}: {line.rstrip()}")
    return problems



def crop(line: str, left: int, right: int) -> str:
    """The cells left..right of a screen line (a wide character counts two)."""
    out, column = [], 0
    for ch in line:
        if left <= column < right:
            out.append(ch)
        column += cell_len(ch)
    return "".join(out)


def shown_lines(app) -> list[str]:
    """What the current screen shows: for a modal (a move, help, the palette) only its
    box, since the board behind it, cut at the box's edges, is checked on its own."""
    from textual.geometry import Region
    from textual.screen import ModalScreen

    lines = screen_lines(app)
    screen = app.screen
    if isinstance(screen, ModalScreen):
        from tests.helpers.textual_private import visible_regions

        shown = visible_regions(screen)
        box = Region.from_union([geometry[0] for w, geometry in shown.items() if w.screen is screen and w is not screen])
        return [crop(line, box.x, box.right) for line in lines[box.y : box.bottom]]
    return lines
