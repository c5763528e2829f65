"""What the command line echoes back is shown, never obeyed, and never 100 KB long
(issue 14 §4, §7, §8): control characters escaped, long arguments cut short, names with
undecodable bytes or invisible characters refused with exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from century_tui import cli
from century_tui.engine import is_unsafe

ESC = "\x1b[31mx"
LONG = "a" * 120_000


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path))
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


@pytest.fixture
def no_window(monkeypatch):
    from century_tui.tui.app import CenturyApp

    monkeypatch.setattr(CenturyApp, "run", lambda self: pytest.fail("a game window opened"))


def refusal(args: list[str], capsys) -> str:
    """The one line `century ARGS` says on stderr, after checking it exits with code 2."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err[:300]
    return err


@pytest.mark.parametrize("args", [
    ["--lang", ESC],
    ["sim", "--bots", ESC],
    ["sim", "--bots", f"random,{ESC}"],
    ["new", "--seed", ESC],
    ["new", "--players", f"Ann,bot:{ESC}"],
    ["new", "--skin", ESC],
    [ESC],
    ["saves", ESC],
])
def test_control_characters_in_arguments_are_shown_escaped(args, capsys, no_window):
    err = refusal(args, capsys)
    assert "\x1b" not in err and "\\x1b[31mx" in err


@pytest.mark.parametrize("args", [
    ["--lang", LONG],
    ["sim", "--bots", LONG],
    ["new", "--players", f"Ann,{LONG}"],
    ["new", "--players", f"Ann,bot:{LONG}"],
    ["new", "--skin", LONG],
    ["new", "--seed", LONG],
    [LONG],
    ["saves", LONG],
    ["--" + LONG],
])
def test_long_arguments_are_cut_short_in_messages(args, capsys, no_window):
    err = refusal(args, capsys)
    assert len(err) < 300 and "…" in err


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_long_file_argument_is_cut_short_too(command, capsys, no_window):
    assert cli.main([command, LONG]) == 1
    err = capsys.readouterr().err
    assert len(err) < 400 and err.count("\n") == 1


def test_a_name_with_a_byte_that_is_not_utf8_is_refused_before_the_board_opens(capsys, no_window):
    err = refusal(["new", "--players", b"Zo\xeb,Bob".decode("utf-8", "surrogateescape")], capsys)
    assert "Zo\\xeb" in err and "not UTF-8" in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX argv bytes")
def test_a_latin1_name_from_a_real_command_line_exits_2(tmp_path):
    """The bytes as a Latin-1 terminal passes them: refused at once, nothing started."""
    env = {**os.environ, "CENTURY_HOME": str(tmp_path), "LC_ALL": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "century_tui", "new", "--players", b"Zo\xeb,Bob"],
                          capture_output=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert b"Zo\\xeb" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("players, says", [
    ("Ann,Ann\u200b", "invisible character (U+200B)"),
    ("Ann,\u3164", "invisible character (U+3164)"),
    ("Ann,Bob\U000e0041", "invisible character (U+E0041)"),
    ("Ann,\u2060Bob", "invisible character (U+2060)"),
    ("\ufeffAnn,Bob", "invisible character (U+FEFF)"),
    ("Ann,ＡＮＮ", "two players are called “ＡＮＮ”"),
    ("Ann,Bob\n", "control character"),
])
def test_invisible_and_look_alike_names_are_refused(players, says, capsys, no_window):
    assert says in refusal(["new", "--players", players], capsys)


ARGUMENT = st.one_of(
    st.text(max_size=60),
    st.binary(max_size=60).map(os.fsdecode),  # bytes as a terminal in another encoding passes them
    st.sampled_from(["new", "resume", "sim", "saves", "--players", "--seed", "--lang", "--skin", "--bots",
                     "--budget-ms", "--games", "bot:hard", "Ann,Bob", "-h"]),
)


@given(st.lists(ARGUMENT, max_size=6))
@settings(max_examples=200, deadline=None)
def test_any_arguments_get_a_clear_answer_never_a_traceback_or_a_raw_control(argv):
    """Parsing alone (no game, no simulation is run): it accepts, or exits with code 2 (0
    for --help) after one message in which nothing typed reaches the terminal raw."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        cli._words_for(argv)
        try:
            cli.build_parser().parse_args(argv)
        except SystemExit as exit_:
            assert exit_.code in (0, 2)
            if exit_.code == 2:
                assert err.getvalue().count("\n") == 1
    for text in (out.getvalue(), err.getvalue()):
        assert not any(is_unsafe(ch) and ch != "\n" for ch in text), text


NAME = st.one_of(st.text(max_size=30), st.binary(max_size=30).map(os.fsdecode)).filter(lambda s: "," not in s)


@given(st.lists(NAME, min_size=2, max_size=5))
@settings(max_examples=200, deadline=None)
def test_any_player_names_start_a_game_or_get_a_clear_refusal(names):
    """`century new --players ...` with any text or bytes: a game with those names, shown as
    typed (spaces aside), or exit code 2 with one line that holds no raw control."""
    import contextlib
    import io

    from century_tui.tui.app import CenturyApp

    started = []
    err = io.StringIO()
    original = CenturyApp.run
    CenturyApp.run = lambda self: started.append(self)  # type: ignore[method-assign]
    try:
        with contextlib.redirect_stderr(err):
            try:
                code = cli.main(["new", "--players", ",".join(names)])
            except SystemExit as exit_:
                code = exit_.code
    finally:
        CenturyApp.run = original  # type: ignore[method-assign]
    if code == 0:
        seats = started[0]._first_game[0].seats
        assert len(seats) == len(names)
        for seat, typed in zip(seats, names):
            assert not any(is_unsafe(ch) for ch in seat.name)
            seat.name.encode("utf-8")  # what the board does as it opens: a lone surrogate crashed it
            assert seat.bot or seat.name == " ".join(typed.split())
    else:
        assert code == 2 and err.getvalue().count("\n") == 1 and not started
        assert not any(is_unsafe(ch) and ch != "\n" for ch in err.getvalue())


@pytest.mark.parametrize("command", [["saves"], ["cards"], ["sim", "--games", "2"]])
def test_output_read_by_a_reader_that_stops_early_ends_quietly(command, tmp_path):
    """`century saves | head -1`: once the reader has closed the pipe, the command stops with
    exit code 1 and says nothing (no Python traceback)."""
    from century_tui import storage
    from tests.helpers.driver import played

    for n in range(3):
        storage.autosave(storage.saves_dir() / f"game-{n}.json", played(10, seed=n))
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a line
    done = subprocess.run([sys.executable, "-m", "century_tui", *command], stdout=write_end,
                          stderr=subprocess.PIPE, text=True, timeout=60)
    os.close(write_end)
    assert (done.returncode, done.stderr) == (1, "")
