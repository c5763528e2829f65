"""The engine stays free of UI imports; the headless commands work and refuse bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from century_tui.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "century_tui", *args], capture_output=True, text=True)


def test_engine_imports_neither_textual_nor_rich():
    code = (
        "import sys, century_tui.engine, century_tui.engine.save, century_tui.sim, century_tui.bots;"
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_sim_json_reports_the_promised_fields(capsys):
    assert main(["sim", "--games", "6", "--players", "3", "--bots", "random", "--seed", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    for key in ("games", "moves", "seconds", "games_per_s", "moves_per_s", "turns_per_player", "by_bot"):
        assert key in d
    assert d["games"] == 6 and d["moves"] > 0 and d["capped"] == 0
    assert set(d["by_bot"]["random"]) >= {"win_share", "mean_score"}
    assert d["by_bot"]["random"]["win_share"] == 1.0
    assert abs(sum(s["win_share"] for s in d["by_seat"]) - 1) < 1e-9


def test_sim_is_deterministic_per_seed(capsys):
    outs = []
    for _ in range(2):
        main(["sim", "--games", "3", "--seed", "9", "--json"])
        d = json.loads(capsys.readouterr().out)
        outs.append((d["moves"], d["by_seat"]))
    assert outs[0] == outs[1]


def test_sim_text_output():
    out = run("sim", "--games", "2", "--seed", "1")
    assert out.returncode == 0
    assert "games/s" in out.stdout and "moves/s" in out.stdout and "win share" in out.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--players", "6"],
        ["sim", "--players", "1"],
        ["sim", "--games", "many"],
        ["sim", "--bots", "wizard"],
        ["sim", "--seed", "x"],
        ["nonsense"],
    ],
)
def test_wrong_arguments_give_one_line_and_exit_2(args):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert "error" in out.stderr


def test_cards_json_shape(capsys):
    assert main(["cards", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (len(d["point_cards"]), len(d["starting_cards"]), len(d["merchant_cards"])) == (36, 10, 43)
    assert d["point_cards"][0] == {"cost": [2, 2, 0, 0], "points": 6}
    assert {"kind": "trade", "pay": [2, 0, 0, 0], "gain": [0, 0, 1, 0]} in d["merchant_cards"]
    assert {"kind": "upgrade", "steps": 3} in d["merchant_cards"]
    assert d["starting_cards"].count({"kind": "spice", "gain": [2, 0, 0, 0]}) == 5


def test_cards_table_lists_every_card():
    out = run("cards")
    assert out.returncode == 0
    for code in ("P01", "P36", "S01", "S10", "M01", "M43"):
        assert code in out.stdout


def test_cards_table_in_the_players_language():
    out = run("--lang", "fr", "cards")
    assert out.returncode == 0
    assert "Cartes Marchand" in out.stdout and "coût" in out.stdout
    assert "J jaune" in out.stdout  # French tier letters
