"""The network commands' arguments: a mistake is a one-line error and exit code 2."""

from __future__ import annotations

import pytest

from century_tui.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))


def test_century_host_without_players_and_join_with_a_bad_address_are_one_line_errors(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "host"])
    assert e.value.code == 2 and "--players" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["--lang", "en", "join", "nowhere", "--code", "abc"])
    assert e.value.code == 2 and "HOST:PORT" in capsys.readouterr().err
