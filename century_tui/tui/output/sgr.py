"""Each change of colour or style said once.

Textual writes every run of text as its whole style, the text, and a reset
(`ESC[1;38;2;224;224;224;48;2;30;30;30m` … `ESC[0m`), even where the next run has the same
background and only its foreground or weight differs. Here a change of style names only what
changed (`ESC[22;38;2;160;160;160m`), a run that keeps the style says nothing, and the text
ends in the reset state it began in: the terminal shows exactly the same cells.
"""

from __future__ import annotations

import re
from functools import lru_cache

_OFF = {"1": "22", "2": "22", "3": "23", "4": "24", "21": "24", "5": "25", "6": "25", "7": "27", "8": "28",
        "9": "29", "51": "54", "52": "54", "53": "55"}
"""The code that turns each attribute off (bold and dim share theirs)."""

Style = tuple[tuple[str, str], ...]
"""An SGR state: (attribute, or "fg", "bg", "ul" for the colours; the parameters setting
it), in the order set. A frame uses a few dozen styles: each is worked out once."""


@lru_cache(maxsize=4096)
def _apply(state: Style, params: str) -> Style:
    """`state` after the SGR parameters `params`."""
    style = dict(state)
    codes = params.split(";")
    i = 0
    while i < len(codes):
        code = codes[i]
        if code in ("", "0"):
            style.clear()
        elif code in ("38", "48", "58") and i + 1 < len(codes):
            size = 5 if codes[i + 1] == "2" else 3
            style[{"38": "fg", "48": "bg", "58": "ul"}[code]] = ";".join(codes[i:i + size])
            i += size - 1
        elif code.isdigit() and (30 <= int(code) <= 39 or 90 <= int(code) <= 97):
            style["fg"] = code
        elif code.isdigit() and (40 <= int(code) <= 49 or 100 <= int(code) <= 107):
            style["bg"] = code
        elif code == "59":
            style.pop("ul", None)
        else:
            style[code] = code
        i += 1
    return tuple(style.items())


@lru_cache(maxsize=4096)
def _change(old_state: Style, new_state: Style) -> str:
    """The shortest SGR sequence taking the terminal from `old_state` to `new_state`."""
    old, new = dict(old_state), dict(new_state)
    if not new:
        return "\x1b[0m"
    whole = "\x1b[0;" + ";".join(new.values()) + "m"
    codes: list[str] = []
    for key in old.keys() - new.keys():
        if key in ("fg", "bg", "ul"):
            codes.append({"fg": "39", "bg": "49", "ul": "59"}[key])
        elif key in _OFF:
            codes.append(_OFF[key])
        else:
            return whole  # an attribute with no code of its own to turn it off
    dropped = set(codes)
    for key, value in new.items():
        # 22 turns bold and dim off together: one of them kept is said again
        if old.get(key) != value or (key in ("1", "2") and "22" in dropped):
            codes.append(value)
    short = "\x1b[" + ";".join(dict.fromkeys(codes)) + "m"
    return short if len(short) < len(whole) else whole


_TOKEN = re.compile(r"\x1b\[([0-9;]*)m|\x1b\[[0-9;]*H|\x1b\[\?[0-9;]*[hl]|[\r\n]")
"""An SGR sequence (its parameters captured), or what draws nothing whatever the style: a
cursor move, a mode switch, a line end (no frame ends a line on the bottom row)."""


def compact(data: str) -> str:
    """`data` with its SGR sequences reduced to the changes of style they make, said just
    before the next thing drawn; for a terminal in the reset state before it, and left in
    that state again."""
    if "\x1b[" not in data:
        return data
    out: list[str] = []
    shown: Style = ()
    wanted: Style = ()
    start = 0
    for match in _TOKEN.finditer(data):
        if match.start() > start:  # text drawn in the style wanted
            if wanted != shown:
                out.append(_change(shown, wanted))
                shown = wanted
            out.append(data[start:match.start()])
        params = match.group(1)
        if params is None:
            out.append(match.group())
        else:
            wanted = _apply(wanted, params)
        start = match.end()
    if start < len(data):
        if wanted != shown:
            out.append(_change(shown, wanted))
            shown = wanted
        out.append(data[start:])
    if shown:
        out.append("\x1b[0m")
    return "".join(out)
