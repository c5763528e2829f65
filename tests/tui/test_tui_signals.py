"""SIGHUP and SIGTERM while "Not saved" shows (issue 14 §6): the real `century` in a
pseudo-terminal makes the last save attempt Ctrl+Q makes, then quits, so a move played
while the folder was away is in the file once the folder is back."""

from __future__ import annotations

import array
import asyncio
import fcntl
import gc
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
import weakref

import pytest

from tests.helpers import terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal")


def gone(term, timeout: float = 15) -> None:
    """Until the program has ended, reading what it writes meanwhile (giving the terminal
    back is written, and an unread terminal would block it)."""
    deadline = time.monotonic() + timeout
    while term.proc.poll() is None:
        assert time.monotonic() < deadline, "the program did not end"
        term.drain(0.05)


def not_saved_then_back(tmp_path):
    """`century new` in a terminal after a move saved and one not (the save folder was away),
    the folder back since: (the terminal, the data folder, the saves folder)."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"handoff": False}))
    saves, away = home / "saves", home / "saves.away"
    term = terminal.Terminal(["new", "--players", "Ann,Bob", "--seed", "3"], home)
    try:
        term.wait_for(b"Round")
        term.send(b"rr")
        terminal.wait_saved(term, home, 1)
        saves.rename(away)
        saves.write_text("not a folder")  # every save fails now
        term.seen = b""
        term.send(b"rr")
        term.wait_for(b"Not saved")  # the second move is applied, and not saved
        saves.unlink()
        away.rename(saves)  # the folder is back; no move has been made since
        assert [len(m) for m in terminal.saved_moves(home)] == [1]
    except BaseException:
        term.close()
        raise
    return term, home, saves


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_a_signal_while_not_saved_makes_the_last_save_attempt(sig, tmp_path):
    term, home, saves = not_saved_then_back(tmp_path)
    try:
        os.kill(term.proc.pid, sig)
        gone(term)
        # SIGTERM quits as Ctrl+Q does; SIGHUP, with no terminal to give back, ends by the signal
        assert term.proc.returncode == (0 if sig == signal.SIGTERM else -signal.SIGHUP)
    finally:
        term.close()
    assert [len(m) for m in terminal.saved_moves(home)] == [2]
    assert not list(saves.glob(".*.lock"))  # the window let go of its file as it went


def stall(term, timeout: float = 30) -> None:
    """Stop reading the program's output and make it draw (resizes) until the terminal takes
    no more and the app's loop is blocked on its next frame: the main thread waits on a lock
    (the full output queue), no longer on its event loop's poll, with the terminal full."""
    pid, size, blocked = term.proc.pid, 0, 0
    deadline = time.monotonic() + timeout
    while blocked < 5:
        assert time.monotonic() < deadline, "the program never blocked on its terminal"
        size += 1
        fcntl.ioctl(term.master, termios.TIOCSWINSZ, struct.pack("HHHH", 24 + size % 12, 80 + size % 30, 0, 0))
        os.killpg(pid, signal.SIGWINCH)
        select.select([], [], [], 0.03)  # pacing the resizes, not a wait for a result
        with open(f"/proc/{pid}/wchan") as f:
            waiting_on_a_lock = f.read().startswith("futex")
        queued = array.array("i", [0])
        fcntl.ioctl(term.master, termios.FIONREAD, queued)
        blocked = blocked + 1 if waiting_on_a_lock and queued[0] >= 4000 else 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to see the program blocked")
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_a_signal_ends_the_program_even_when_its_terminal_takes_no_more_output(sig, tmp_path):
    """A dropped SSH line or a window no one reads: the app's loop is stuck on its terminal,
    yet the signal makes the last save (the folder is back after a failed one), lets go of
    the file and ends the process within a couple of seconds."""
    term, home, saves = not_saved_then_back(tmp_path)
    try:
        stall(term)
        signalled = time.monotonic()
        os.kill(term.proc.pid, sig)
        term.proc.wait(10)  # not reading: the terminal stays full to the end
        took = time.monotonic() - signalled
        assert term.proc.returncode == 128 + sig  # ended by the watchdog, the loop never answered
    finally:
        term.close()
    assert took < 5, f"the process outlived the signal by {took:.1f} s"
    assert [len(m) for m in terminal.saved_moves(home)] == [2]
    assert not list(saves.glob(".*.lock"))


def test_once_the_window_is_gone_a_signal_does_what_it_did_before():
    """The hang-up handler answers for its window only: after it (a test's app, a join that
    ended), SIGTERM ends the process at once, as it would have."""
    code = (
        "import asyncio, time\n"
        "from textual.app import App\n"
        "from century_tui.tui.hangup import catch_hangup\n"
        "class A(App):\n"
        "    def on_mount(self):\n"
        "        catch_hangup(self, lambda: None, lambda: None)\n"
        "        self.exit()\n"
        "async def main():\n"
        "    async with A().run_test():\n"
        "        pass\n"
        "asyncio.run(main())\n"
        "print('over', flush=True)\n"
        "time.sleep(60)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "over"
        proc.terminate()
        proc.wait(5)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGTERM


async def test_a_window_that_closes_puts_back_the_handlers_it_found_and_nothing_keeps_it():
    """An open window answers SIGHUP and SIGTERM; once closed it puts back the handlers it
    found, so that nothing keeps it: a process that opens windows one after another (a test
    run does, on its main thread) kept each one alive in the next one's handler, with every
    widget it had, and each collection of the garbage took longer."""
    from century_tui.engine import Game, Seat
    from century_tui.storage import Settings
    from century_tui.tui.app import CenturyApp
    from century_tui.tui.screens.game import GameScreen
    from tests.helpers.driver import until

    found = {sig: signal.getsignal(sig) for sig in (signal.SIGHUP, signal.SIGTERM)}

    async def a_window() -> weakref.ref:
        """Open and close one, in a task of its own (whose context, which names the app
        running, goes with it)."""
        app = CenturyApp(Game([Seat("Ann"), Seat("Bob")], 3), settings=Settings(handoff=False), autosave=False)
        async with app.run_test() as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
            assert all(signal.getsignal(sig) is not handler for sig, handler in found.items())  # its own
        return weakref.ref(app)

    before = set(threading.enumerate())
    closed = await asyncio.create_task(a_window())
    assert {sig: signal.getsignal(sig) for sig in found} == found
    for thread in set(threading.enumerate()) - before:  # its threads' work done (a thread keeps its app)
        thread.join(10)
    gc.collect()
    assert closed() is None
