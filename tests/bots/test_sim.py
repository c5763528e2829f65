"""`century sim`: the same figures on any number of worker processes, a progress bar on a
terminal only, Ctrl+C stops with the summary of the games finished, and the player's
language."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from century_tui.sim import MEASURED, simulate
from tests.helpers.ctrl_c import IN_THE_FOREGROUND, with_ctrl_c

CENTURY = [sys.executable, "-m", "century_tui"]


def results(d):
    """A report without its measurements (times, rates, jobs): what must not vary."""
    if isinstance(d, dict):
        return {k: results(v) for k, v in d.items() if k not in MEASURED}
    if isinstance(d, list):
        return [results(x) for x in d]
    return d


def test_one_job_and_two_give_the_same_figures():
    one = simulate(["easy", "random", "medium"], 7, 3, seed=11, jobs=1, time_moves=True).as_dict()
    two = simulate(["easy", "random", "medium"], 7, 3, seed=11, jobs=2, time_moves=True).as_dict()
    assert one["jobs"] == 1 and two["jobs"] == 2
    assert results(one) == results(two)
    assert one["games"] == 7 and one["moves"] > 0 and not one["interrupted"]


def test_the_command_line_gives_the_same_json_for_any_jobs():
    outs = []
    for jobs in ("1", "2"):
        done = subprocess.run([*CENTURY, "sim", "--games", "5", "--players", "3", "--seed", "4", "--jobs", jobs,
                               "--json"], capture_output=True, text=True, check=True)
        outs.append(json.loads(done.stdout))
    assert results(outs[0]) == results(outs[1])


def test_piped_output_is_the_result_alone():
    done = subprocess.run([*CENTURY, "sim", "--games", "4", "--seed", "1"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("games 4   moves ")  # no bar, no escape code before it
    assert "\x1b" not in done.stdout and "Playing games" not in done.stdout


class Terminal:
    """`century sim` on a pseudo-terminal, read as the screen would receive it; in a `with`
    block, so that nothing it started is left running whatever the test finds."""

    def __init__(self, *args: str) -> None:
        self.fd, child = pty.openpty()
        env = dict(os.environ, COLUMNS="100", TERM="xterm-256color", LANG="C.UTF-8")
        self.proc = subprocess.Popen([*IN_THE_FOREGROUND, *CENTURY, *args], stdin=child, stdout=child,
                                     stderr=child, env=env, start_new_session=True)
        os.close(child)
        self.seen = ""
        self.code: int | None = None
        self.left_behind: list[str] = []

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        os.close(self.fd)

    def until(self, text: str, timeout: float = 60) -> bool | None:
        """Read until `text` (a regular expression) appears (True), or `timeout` passes
        (False), or the output ends (None)."""
        end = time.monotonic() + timeout
        while not re.search(text, self.seen):
            left = end - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(0, left))
            if not ready:
                return False
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # the program ended and closed the terminal
                return None
            if not chunk:
                return None
            self.seen += chunk.decode("utf-8", "replace")
        return True

    def until_forked(self, timeout: float = 60) -> bool:
        """Read until the program has forked a process (a worker), or `timeout` passes: the
        output is read each half millisecond, so as to act while the forks are under way."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        end = time.monotonic() + timeout
        while not children.read_text().strip():
            if time.monotonic() > end or self.until("\x00never", timeout=0.0005) is None:
                return False
        return True

    def finish(self) -> int:
        """Read to the end of the output; the exit code (the program is killed after 60 s).
        `left_behind` then lists the processes of its group that outlived it (workers), or
        that were running when it was killed."""
        self.until("\x00never", timeout=60)
        try:
            self.code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.left_behind = group(self.proc.pid)
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.code = self.proc.wait()
        else:
            self.left_behind = group(self.proc.pid)
        return self.code

    def told(self) -> str:
        """What a failing assertion shows: the exit code, the processes left, the output's end."""
        code = "still running" if self.code is None else self.code
        return (f"exit code {code}; left running: {self.left_behind or 'none'}; the output's end "
                f"(colours removed):\n{CSI.sub('', self.seen)[-2000:]}")


CSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""A terminal's control sequence (a colour, a cursor move)."""


def group(pgid: int) -> list[str]:
    """The processes of the process group `pgid`, each as its id, state (Z: ended, not yet
    waited for) and command line (or name, when it has none)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text()
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        name, _, rest = fields.partition(" (")[2].rpartition(") ")
        state, _ppid, pgrp, *_ = rest.split()
        if int(pgrp) == pgid:
            found.append(f"{stat.parent.name} {state} {command.strip() or f'({name})'}")
    return found


def test_a_terminal_shows_the_progress_then_the_summary():
    with Terminal("sim", "--games", "30", "--bots", "easy", "--jobs", "1") as term:
        assert term.until("Playing games"), term.told()
        assert term.finish() == 0, term.told()
    assert "/30" in term.seen and "games/s" in term.seen, term.told()
    assert "win share" in term.seen.split("Playing games")[-1], term.told()  # the summary comes after the bar


@pytest.mark.parametrize("moment", ["forking-1", "forking-2", "games-done"])
def test_ctrl_c_stops_the_games_and_prints_what_was_done(moment):
    """Ctrl+C as the workers fork (twice: the instant varies) or once games are done: the run
    stops with the summary of the games finished, and its workers are gone."""
    with Terminal("sim", "--games", "100000", "--jobs", "2", "--lang", "fr") as term:
        started = term.until_forked() if moment.startswith("forking") else term.until(r" [1-9]\d*/100000")
        assert started, term.told()
        os.killpg(term.proc.pid, signal.SIGINT)  # as the terminal does: to the parent and its workers
        term.finish()
    assert term.code == 130 and not term.left_behind, term.told()
    done = re.search(r"Arrêté par Ctrl\+C après (\d+) parties sur 100000", term.seen)
    assert done, term.told()
    assert f"parties {done[1]}   coups " in term.seen, term.told()
    assert "Traceback" not in term.seen and "Exception ignored" not in term.seen, term.told()
    assert "victoires" in term.seen, term.told()
    if moment == "games-done":
        assert int(done[1]) > 0, term.told()  # the games finished before Ctrl+C are in the summary


CTRL_C_IN_A_FINALIZER = """
import json, os, signal, sys
from century_tui.sim import simulate

class Finalizer:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl+C as this finalizer runs

report = simulate(["random"], 200, 2, jobs=int(sys.argv[1]), progress=lambda n: Finalizer())
print(json.dumps({"games": report.games, "interrupted": report.interrupted}))
"""


def finalizer_run(*before: str, jobs: str) -> tuple[dict, str]:
    """The report CTRL_C_IN_A_FINALIZER prints, its command preceded by `before`, and what a
    failing assertion shows: the exit code and the output."""
    done = subprocess.run([*before, sys.executable, "-c", CTRL_C_IN_A_FINALIZER, jobs], capture_output=True,
                          text=True, timeout=120)
    told = f"exit code {done.returncode}; stdout: {done.stdout!r}; stderr's end:\n{done.stderr[-2000:]}"
    assert done.returncode == 0, told
    return json.loads(done.stdout), told


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_as_a_finalizer_runs_still_stops_the_games(jobs):
    """A KeyboardInterrupt raised in a finalizer (a __del__, an at-fork hook as the workers
    fork) is printed as "Exception ignored" and lost: Ctrl+C must stop the run all the same."""
    report, told = finalizer_run(*IN_THE_FOREGROUND, jobs=jobs)
    assert report["interrupted"] and report["games"] < 200, told


def test_a_background_job_takes_no_notice_of_ctrl_c():
    """Where Ctrl+C is ignored as the program starts, as in a command a script puts in the
    background, it is not the program's to handle (Python raises no KeyboardInterrupt there
    either): the games all go on."""
    report, told = finalizer_run(*with_ctrl_c("SIG_IGN"), jobs="2")
    assert report["games"] == 200 and not report["interrupted"], told


def test_the_summary_follows_the_language():
    env = dict(os.environ, LANG="es_ES.UTF-8", LC_ALL="", LC_MESSAGES="")
    done = subprocess.run([*CENTURY, "sim", "--games", "2", "--bots", "easy,random"], capture_output=True,
                          text=True, env=env)
    assert "partidas 2" in done.stdout and "victorias" in done.stdout and "fácil" in done.stdout.lower()
    done = subprocess.run([*CENTURY, "--lang", "ja", "sim", "--games", "2", "--jobs", "0"], capture_output=True,
                          text=True)
    assert done.returncode == 2 and "--jobs" in done.stderr and "範囲" in done.stderr
