"""What the terminal shows already is not sent again.

Textual repaints a widget whole when any of it changes, and sends every line of the widget:
the empty lines of a log that gained one line, the blank middle of a card whose title
changed. A frame is a run of pieces, each a cursor move to a cell and what is drawn from
there (`ESC[12;81H` …); each piece starts and ends in the reset style. `Written` remembers
the pieces the terminal was sent, cell by cell, and drops a piece the terminal shows as it
is: the same text in the same styles from the same cell, drawn over by nothing since.

Only what it understands is dropped: a write that is not a frame of such pieces (the
alternate screen entered, the screen cleared, anything unknown) makes it forget everything,
and a frame for a terminal of another size too, so a resize, or a terminal reset, is drawn
whole; so does a piece that runs past the right edge (it would wrap onto the next line:
Textual writes none). A frame is never sent in part: what it keeps, it keeps whole.
"""

from __future__ import annotations

import re

from rich.cells import cell_len

_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")
_SGR = re.compile(r"\x1b\[[0-9;]*m")
_HARMLESS = re.compile(r"\x1b\[\?(?:25|100[0-6]|1015|2004|2026)[hl]|\x1b\[\?\d+\$p|\x1b\[>\d*u|\x1b\]22;[^\x07]*\x07")
"""Writes that change no cell: the cursor hidden or shown, mouse and paste reporting, a
synchronised update begun or ended, terminal queries, the pointer's shape."""


class Written:
    """The pieces a terminal shows, by line: (first column, past the last, the piece)."""

    def __init__(self) -> None:
        self.lines: dict[int, list[tuple[int, int, str]]] = {}
        self.size: tuple[int, int] | None = None

    def forget(self) -> None:
        self.lines.clear()

    def send(self, data: str, size: tuple[int, int] | None = None) -> str:
        """What of `data` the terminal (of `size`, columns and rows) must still be sent."""
        if size != self.size:
            self.size = size
            self.forget()
        pieces = _pieces(data, size[0] if size else None)
        if pieces is None:
            if _HARMLESS.sub("", data):
                self.forget()
            return data
        out = []
        for y, x, end, text in pieces:
            if not text:
                out.append(f"\x1b[{y};{x}H")  # where the cursor rests
                continue
            line = self.lines.setdefault(y, [])
            if (x, end, text) in line:
                continue
            line[:] = [p for p in line if p[1] <= x or p[0] >= end]
            line.append((x, end, text))
            out.append(f"\x1b[{y};{x}H{text}")
        return "".join(out)


def _pieces(data: str, columns: int | None) -> list[tuple[int, int, int, str]] | None:
    """A frame's pieces (line, column, past its last column, what is drawn; line ends
    dropped: every piece moves the cursor itself), or None if `data` is not a frame of
    pieces alone, or a piece runs past the right edge of a terminal `columns` wide (it
    wraps onto the next line)."""
    if not data.startswith("\x1b["):
        return None
    moves = list(_MOVE.finditer(data))
    if not moves or moves[0].start() != 0:
        return None
    out = []
    for move, after in zip(moves, [*moves[1:], None]):
        text = data[move.end():after.start() if after else len(data)].rstrip("\n")
        plain = _SGR.sub("", text)
        if "\x1b" in plain or "\n" in text or "\r" in text:
            return None  # something other than styled text: not understood
        x = int(move.group(2))
        end = x + cell_len(plain)
        if columns is not None and end > columns + 1:
            return None
        out.append((int(move.group(1)), x, end, text))
    return out
