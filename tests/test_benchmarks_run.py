"""Every benchmark still runs, at its smallest size.

The benchmarks are run by hand, so one the code moved away from fails only when someone
next needs its figure (net_roundtrip.py stopped starting when the host's limits were
renamed, and nothing said so). Each is run here as a person runs it, in a process of its
own, on a game or two; the figures are not checked (timing belongs to the benchmarks),
only that it finishes and prints the line its figure is read from.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS = {
    "net_roundtrip.py": (["--tables", "1", "--clients", "2", "--moves", "4"], "move round trip: median"),
    "search_speed.py": (["--nodes", "200", "--positions", "1"], "| 200 | planner |"),
    "engine.py": (["--games", "2", "--repeat", "1"], "positions/s"),
    "sim_jobs.py": (["--games-random", "2", "--games-easy", "2", "--repeat", "1"], "same results: True"),
    "ssh_seats.py": (["--tables", "1", "--keys", "3"], "host CPU per move"),
    "bots.py": (["--games", "2", "--nodes", "300", "--baseline-nodes", "300", "--matches", "baseline",
                 "--processes", "1"], "hard v baseline"),
    "ui_terminal.py": (["--moves", "2", "--paths", "off"], "all keys"),
    "ui_terminal.py ssh": (["--moves", "2", "--paths", "ssh"], "seen by the other"),
    "hard_in_game.py": (["--moves", "2", "--budget-ms", "50", "--delay-ms", "0"], "positions a move: in the game"),
    "ui_latency.py": (["--moves", "2", "--starts", "0"], "pass screen: median"),
    "planner_probe.py": (["--seeds", "2000", "--nodes", "300", "--baseline-nodes", "300", "--width", "8"], "First moves kept"),
    "planner_probe.py hope": (["--seeds", "2000", "--nodes", "300", "--baseline-nodes", "300", "--width", "8",
                               "--report", "hope"], "own final score: "),
    "fit_cards.py": (["--games", "2", "--nodes", "200", "--baseline-nodes", "200", "--boots", "2", "--table",
                      "--cubes", "parts", "--card-turns", "40", "--players", "3"],
                     "CARD_WORTH = ("),
    "fit_cards.py played-out": (["--games", "2", "--nodes", "200", "--baseline-nodes", "200", "--boots", "2",
                                 "--played-out", "40"], "| played-out engine |"),
    "fit_value.py": (["--games", "2", "--nodes", "200", "--baseline-nodes", "200", "--table"], "FIT_COEF = ("),
    "endgame_probe.py": (["--seeds", "3000", "--nodes", "300", "--baseline-nodes", "300", "--depth", "2"],
                         "missed win"),
    "swap_probe.py": (["--seeds", "3000", "--nodes", "300", "--baseline-nodes", "300", "--every", "3"],
                      "swap 3000 0 3 "),
    "swap_fit.py": (["--seeds", "3000", "--nodes", "300", "--baseline-nodes", "300", "--every", "4"],
                    "the bot's worth (its own less"),
    "fit_eval.py": (["--games", "2", "--nodes", "200", "--baseline-nodes", "200", "--processes", "1"],
                    "As weights:"),
}


def test_every_benchmark_is_listed():
    """A new benchmark is run here too (or said why not)."""
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    not_run = {"baseline_hard.py", "hard_issue17.py", "hard_issue17_model.py",  # frozen bots, imported by bots.py
               "bare_board_app.py"}  # started by ui_latency.py's cold starts
    assert scripts - not_run == {name.split()[0] for name in RUNS}


@pytest.mark.parametrize("script", sorted(RUNS))
def test_benchmark_runs(script, tmp_path):
    if script.endswith(" ssh") and shutil.which("ssh") is None:
        pytest.skip("OpenSSH's client is not installed (apt-get install openssh-client)")
    args, figure = RUNS[script]
    script = script.split()[0]
    env = dict(os.environ, CENTURY_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], check=False, cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=240)
    # sim_jobs.py exits 1 when two processes are not 1.8 times one: a figure, not a failure
    assert done.returncode == 0 or (script == "sim_jobs.py" and done.returncode == 1), done.stderr[-3000:]
    assert figure in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]


def test_a_screen_against_its_reference_counts_the_games_apart(tmp_path):
    """`bots.py --report RUN --apart REF` compares two saved screens game by game: here the
    reference and a copy of it with the first game's result turned round."""
    bots = [sys.executable, str(ROOT / "benchmarks" / "bots.py")]
    ref = tmp_path / "ref.json"
    subprocess.run([*bots, "--games", "2", "--nodes", "300", "--baseline-nodes", "300", "--matches", "baseline",
                    "--processes", "1", "--save", str(ref)], check=True, cwd=ROOT, capture_output=True, timeout=240)
    saved = json.loads(ref.read_text())
    wins = sum(s["won"] for g in saved["games"] for s in g["seats"] if s["name"] == "hard")
    turned = saved["games"][0]
    hard_won = next(s for s in turned["seats"] if s["name"] == "hard")["won"]
    for seat in turned["seats"]:
        seat["won"] = not seat["won"]
    variant = tmp_path / "variant.json"
    variant.write_text(json.dumps(saved))
    done = subprocess.run([*bots, "--report", str(variant), "--apart", str(ref)], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    mine = wins - 1 if hard_won else wins + 1
    assert (f"2 games both played: {mine} won here, {wins} by the reference; "
            f"apart: the reference only {int(hard_won)}, here only {int(not hard_won)}") in done.stdout, done.stdout


def test_a_run_stopped_by_ctrl_c_says_so_and_keeps_its_games(tmp_path):
    """A long `bots.py` run stopped at an hour (Ctrl+C) ends with one line and exit code 130,
    not a traceback from it and each worker; the games it played stay readable in --save."""
    saved = tmp_path / "run.json"
    bots = [sys.executable, str(ROOT / "benchmarks" / "bots.py"), "--games", "400", "--nodes", "300",
            "--baseline-nodes", "300", "--matches", "baseline", "--processes", "2", "--save", str(saved)]
    run = subprocess.Popen(bots, cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
    try:
        progress = b""
        while b"2/400 games" not in progress:  # two games played, and saved
            piece = run.stderr.read(1)
            assert piece, "bots.py ended before its second game"
            progress += piece
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl+C reaches a terminal's foreground group
        out, err = run.communicate(timeout=60)
    finally:
        run.kill()
    err = progress + err
    assert run.returncode == 130, err.decode()[-2000:]
    assert b"Traceback" not in err and b"stopped after" in err and str(saved).encode() in err
    assert len(json.loads(saved.read_text())["games"]) >= 2
