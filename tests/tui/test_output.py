"""What the game writes to the terminal (`century_tui.tui.output`) draws exactly the cells
Textual's frames draw, read through a terminal emulator, in fewer bytes."""

from __future__ import annotations

import pyte
from hypothesis import given, settings
from hypothesis import strategies as st

from century_tui.tui.output import Written, compact

COLS, ROWS = 30, 6

STYLES = ["", "1", "3", "1;3", "2", "1;2", "9", "7", "38;2;224;224;224", "38;2;10;20;30;48;2;30;30;30",
          "1;38;2;217;130;43;48;2;63;63;63", "48;2;30;30;30", "31", "1;31;40", "97;44", "38;5;208", "4;48;5;17"]
"""SGR parameters as Rich writes them for Textual's segments (bold, italic, dim, strike,
reverse, true colour, 256 and 16 colours)."""


def cells(*writes: str) -> list[list[tuple]]:
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.Stream(screen)
    for data in writes:
        stream.feed(data)
    return [[screen.buffer[y][x] for x in range(COLS)] for y in range(ROWS)]


def segment(style: str, text: str) -> str:
    """One run of text as Textual writes it: its whole style, the text, a reset."""
    return f"\x1b[{style}m{text}\x1b[0m" if style else text


pieces = st.lists(
    st.tuples(
        st.integers(1, ROWS), st.integers(1, COLS - 8),
        st.lists(st.tuples(st.sampled_from(STYLES), st.text("ab─│ YR✓", min_size=1, max_size=3)), min_size=1, max_size=4),
    ),
    min_size=1, max_size=6,
)


def frame(parts) -> str:
    """A frame as Textual's compositor writes one: pieces, each a move and its runs, lines
    separated by line ends, the cursor put back last."""
    lines: dict[int, str] = {}
    for y, x, runs in sorted(parts, key=lambda p: p[:2]):
        lines[y] = lines.get(y, "") + f"\x1b[{y};{x}H" + "".join(segment(s, t) for s, t in runs)
    return "\n".join(lines.values()) + "\x1b[1;1H"


@settings(max_examples=200, deadline=None)
@given(st.lists(pieces, min_size=1, max_size=5))
def test_frames_written_through_it_draw_the_same_cells(frames):
    raw = [frame(f) for f in frames]
    written = Written()
    sent = [compact(written.send(data, (COLS, ROWS))) for data in raw]
    for n in range(1, len(raw) + 1):  # after every frame, not only the last
        assert cells(*sent[:n]) == cells(*raw[:n])


def test_a_change_of_style_says_only_what_changed():
    data = segment("1;38;2;1;2;3;48;2;9;9;9", "ab") + segment("38;2;1;2;3;48;2;9;9;9", "c") + segment("38;2;1;2;3;48;2;9;9;9", "d")
    assert compact(data) == "\x1b[1;38;2;1;2;3;48;2;9;9;9mab\x1b[22mcd\x1b[0m"
    assert cells(compact(data)) == cells(data)


def test_a_piece_the_terminal_shows_already_is_not_sent_again():
    written = Written()
    card = "\x1b[3;5H" + segment("38;2;1;2;3", "│ trade │")
    title = "\x1b[2;5H" + segment("1", "╭─ 2 ─╮")
    assert written.send(card + title, (COLS, ROWS)) == card + title
    changed = "\x1b[2;5H" + segment("1;7", "╭─ 2 ─╮")
    assert written.send(card + changed, (COLS, ROWS)) == changed  # the card's unchanged line stays


def test_a_piece_drawn_over_is_sent_again():
    written = Written()
    line = "\x1b[2;1H" + segment("1", "abcdef")
    written.send(line, (COLS, ROWS))
    written.send("\x1b[2;3H" + segment("", "X"), (COLS, ROWS))
    assert written.send(line, (COLS, ROWS)) == line


def test_anything_but_a_frame_or_another_size_forgets_what_was_sent():
    line = "\x1b[2;1H" + segment("1", "abc")
    for between, size in (("\x1b[?1049h", (COLS, ROWS)), ("\x1b[2J", (COLS, ROWS)), ("", (COLS + 1, ROWS))):
        written = Written()
        written.send(line, (COLS, ROWS))
        written.send(between, size)
        assert written.send(line, size) == line
    written = Written()
    written.send(line, (COLS, ROWS))
    written.send("\x1b[?25l\x1b[?1000h\x1b]22;default\x07", (COLS, ROWS))  # these draw nothing
    assert written.send(line, (COLS, ROWS)) == ""


def test_a_piece_past_the_right_edge_is_sent_whole_and_remembered_by_none():
    """Past the right edge a terminal wraps onto the next line, which Written does not
    follow: such a frame goes as it is, and nothing is dropped after it."""
    written = Written()
    wraps = "\x1b[5;20H" + "R" * 12 + "\x1b[6;1HR"
    assert written.send(wraps, (COLS, ROWS)) == wraps
    again = "\x1b[6;1HR"
    assert written.send(again, (COLS, ROWS)) == again
