"""`century new` and plain `century`: argument errors are one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from century_tui import cli


@pytest.mark.parametrize(
    "args, says",
    [
        (["new", "--players", "Ann"], "2 to 5 players, not 1"),
        (["new", "--players", "A,B,C,D,E,F"], "2 to 5 players, not 6"),
        (["new", "--players", "Ann,Bob", "--skin", "tea"], "invalid choice"),
        (["new", "--players", "Ann,bot:genius"], "unknown bot level “genius”"),
        (["new", "--players", "Ann,ANN"], "two players are called “ANN”"),
        (["new", "--players", "Ann,,Bob"], "player 2 has no name"),
        (["new", "--players", "Ann,Bob", "--seed", "seven"], "not a whole number"),
        (["new", "--players", "Ann," + "x" * 30], "longer than 24"),
    ],
)
def test_argument_errors_are_one_line_and_exit_2(args, says, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


@pytest.mark.parametrize("name", ["B\x1b[31mob", "Bob\x07", "Bo\nb", "Bo\tb", "\u202eboB", "Bob\x9b2J"])
def test_names_with_control_characters_are_refused_and_not_echoed_raw(name, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["new", "--players", f"Ann,{name}"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "control character" in err
    assert not any(ch in err for ch in "\x1b\x07\t\u202e\x9b")  # shown escaped, not obeyed
    assert "\\x" in err or "\\n" in err or "\\t" in err or "\\u202e" in err


def test_new_with_players_starts_that_game(monkeypatch):
    from century_tui.tui.app import CenturyApp

    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    assert cli.main(["new", "--players", " Ann , bot:random,Cy", "--skin", "golem", "--seed", "7"]) == 0
    app = started["app"]
    game, _path, _resumed = app._first_game
    assert [s.name for s in game.seats][0] == "Ann" and game.seats[2].name == "Cy"
    assert game.seats[1].bot == "random" and game.seats[1].name
    assert game.seed == 7 and app.skin == "golem"


def test_plain_century_opens_the_new_game_screen(monkeypatch):
    from century_tui.tui.app import CenturyApp

    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    assert cli.main([]) == 0
    assert started["app"]._first_game[0] is None


def test_sim_and_cards_never_import_textual():
    code = (
        "import sys, io, contextlib\n"
        "from century_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['cards', '--json']); main(['sim', '--games', '1', '--json'])\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_budget_ms_reaches_the_app_and_is_checked(monkeypatch, capsys):
    from century_tui.tui.app import CenturyApp

    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    assert cli.main(["new", "--players", "Ann,bot:hard", "--budget-ms", "250"]) == 0
    assert started["app"].bot_budget_ms == 250
    with pytest.raises(SystemExit) as exit_:
        cli.main(["new", "--players", "Ann,bot:hard", "--budget-ms", "5"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "out of range (50 to 60000)" in err


@pytest.mark.parametrize("budget", ["9" * 400, "1"])
def test_sim_budget_ms_is_bounded_like_a_game_s(budget, capsys):
    """A 400-digit budget overflowed the bot's clock arithmetic (a traceback); below 50 ms
    a pause of the machine alone outlasts the budget, which the bot then cannot keep."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(["sim", "--games", "1", "--bots", "hard,random", "--budget-ms", budget])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "out of range (50 to 60000)" in err
    assert len(err) < 120  # a long number is cut short, not echoed whole


@pytest.mark.parametrize("skin, shown, not_shown", [("golem", "magenta", "brown"), ("spice", "brown", "magenta")])
def test_cards_read_in_the_remembered_skin_as_the_board_does(skin, shown, not_shown, capsys):
    from century_tui import storage

    storage.save_settings(storage.Settings(skin=skin))
    assert cli.main(["cards"]) == 0
    out = capsys.readouterr().out
    assert shown in out and not_shown not in out


def test_cards_titles_and_legend_take_the_terminal_s_width(capsys, monkeypatch):
    """As a table's title and caption they wrapped at the table's width (play test)."""
    monkeypatch.setenv("COLUMNS", "100")
    assert cli.main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Merchant cards: 10 to start with, 43 in the deck" in lines
    assert lines.count("Y yellow, R red, G green, B brown") == 2


def test_cards_in_japanese_leave_out_a_legend_of_letters_that_are_their_names(capsys):
    assert cli.main(["--lang", "ja", "cards"]) == 0
    out = capsys.readouterr().out
    assert "商人カード：初期10枚、山札43枚" in out.splitlines()
    assert "＝" not in out and "黄、赤" not in out  # 黄 is yellow's name: nothing to explain
