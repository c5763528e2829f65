"""A seat through the real OpenSSH client, in a pseudo-terminal read by a terminal emulator:
the printed line pasted as it is, the host key checked as README says, a move, a resize, the
client killed and the same line bringing the player back. The host is a `century host`
process, as a person starts it (its output piped: the lines, then who comes and goes)."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from century_tui.engine import Seat
from tests.helpers.ctrl_c import IN_THE_FOREGROUND
from tests.helpers.hosting import first_to_play
from tests.helpers.pty_screen import Terminal, terminal_env

pytestmark = [
    pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's client is not installed (apt-get install openssh-client)"),
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal"),
]
WAIT = 60.0


class HostProcess:
    """`century host … --ssh 0`, its output lines gathered as they come."""

    def __init__(self, home, seed: int) -> None:
        self.lines: list[str] = []
        self.news = threading.Condition()
        self.proc = subprocess.Popen(
            [*IN_THE_FOREGROUND, sys.executable, "-m", "century_tui", "--lang", "en", "host", "--players", "Ann,Bob",
             "--seed", str(seed), "--port", "0", "--ssh", "0"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=terminal_env(home))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self.news:
                self.lines.append(line.rstrip("\n"))
                self.news.notify_all()
        with self.news:  # the host is gone: no more lines
            self.news.notify_all()

    def said(self, pattern: str, count: int = 1) -> list[str]:
        """The lines matching `pattern`, once there are `count` of them."""
        deadline = time.monotonic() + WAIT
        with self.news:
            while len(found := [line for line in self.lines if re.search(pattern, line)]) < count:
                assert time.monotonic() < deadline and self.proc.poll() is None, "\n".join(self.lines)
                self.news.wait(0.5)
        return found

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def test_a_player_with_nothing_but_openssh_plays_and_comes_back_after_a_kill(tmp_path):
    home = tmp_path / "home"
    host = HostProcess(home, first_to_play(0, [Seat("Ann"), Seat("Bob")]))
    try:
        line = host.said(r"^\s+or:\s+ssh -p \d+ \w+@127\.0\.0\.1$")[0].split("or:")[1].strip()
        printed = re.search(r"host key (SHA256:\S+)", host.said("host key")[0])[1]
        port = re.search(r"-p (\d+)", line)[1]
        scanned = subprocess.run(f"ssh-keyscan -p {port} 127.0.0.1 2>/dev/null | ssh-keygen -lf -", shell=True,
                                 capture_output=True, text=True, timeout=WAIT).stdout
        assert printed in scanned  # the key ssh meets is the one the host printed
        options = ["-F", "/dev/null", "-o", "StrictHostKeyChecking=accept-new",
                   "-o", f"UserKnownHostsFile={tmp_path / 'known_hosts'}", "-o", "SendEnv=LANG"]
        args = [*options, *line.split()[1:]]
        env = terminal_env(tmp_path / "player", TERM="xterm-256color")
        with Terminal(args, env, cols=100, rows=30, program=["ssh"]) as term:
            term.until(term.shows("Ann's hand"), WAIT)
            host.said("Ann is connected")
            term.press("enter")  # the hand's first card, a spice card
            term.until(term.shows("Bob to play"), WAIT)
            term.resize(60, 20)
            term.until(term.shows("this terminal is 60×20"), WAIT)
            term.proc.kill()  # the player's ssh dies
        host.said("Ann is disconnected")
        with Terminal(args, env, cols=100, rows=30, program=["ssh"]) as term:  # the very same line
            term.until(term.shows("Ann's hand", "Bob to play"), WAIT)
            host.said("Ann is connected", count=2)
    finally:
        host.stop()
    assert host.proc.returncode == 0
