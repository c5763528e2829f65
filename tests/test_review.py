"""The review after a game (century_tui.review) and `century review FILE`."""

from __future__ import annotations

import random

import pytest

from century_tui import cli, review as rv, storage, text
from century_tui.bots.hard import WIN_BONUS
from century_tui.cli import games
from century_tui.engine import Game, Rest, Seat
from century_tui.text import t
from tests.helpers.review import SMALL, bots_choice, one_slip



def plain_words() -> None:
    text.set_language("en")
    text.set_skin("spice")
    text.set_cube_code("letters")


@pytest.fixture(autouse=True)
def home_and_words(tmp_path, monkeypatch):
    """Saves go to a throwaway folder; English words, the spice skin and cubes as letters at
    the start and end of every test (one of them reads French)."""
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "century-home"))
    plain_words()
    yield
    plain_words()


@pytest.fixture(scope="module")
def slipped():
    return one_slip()


def test_the_review_finds_the_claim_passed_up_and_nothing_else(slipped):
    game, index, claim = slipped
    found = rv.review(game, **SMALL)
    assert list(found.by_seat) == [0]  # the person only: the bot's moves are not reviewed
    (costly,) = found.by_seat[0]
    assert (costly.index, costly.played, costly.better) == (index, Rest(), claim)
    assert costly.seat == 0 and costly.cost >= rv.SMALL
    assert costly.before > costly.after


def test_the_review_of_a_file_is_the_same_every_time(slipped, tmp_path):
    game, _index, _claim = slipped
    path, lock = storage.create_save(game)
    lock.release()
    first = rv.review(storage.load_game(path), **SMALL)
    again = rv.review(storage.load_game(path), **SMALL)
    assert first == again
    assert rv.report(game, first) == rv.report(game, again)


def test_progress_and_stop(slipped):
    game, _index, _claim = slipped
    seen = []
    rv.review(game, progress=lambda done, total: seen.append((done, total)), **SMALL)
    total = len(rv.person_moves(game))
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(rv.Cancelled):
        rv.review(game, stop=stop, **SMALL)
    assert len(asked) == 3  # stopped before the third move was weighed


def test_the_report_says_the_move_the_better_one_and_the_cost(slipped):
    game, index, claim = slipped
    lines = rv.report(game, rv.review(game, **SMALL))
    assert lines[0] == "Ann"
    assert lines[1].strip().startswith(f"Round {game.state_after(index).round}, move {index + 1}: rest")
    assert "Better: claim the" in lines[2] and f"in slot {claim.index + 1}" in lines[2]
    assert lines[3].strip().startswith("Cost: ")


def test_a_move_that_wins_either_way_costs_points_with_no_win_bonus_shown(slipped):
    """Both evaluations carry the bot's win bonus (some 900 points): the cost is shown, not them."""
    game, index, claim = slipped
    both = rv.Costly(index, 0, 1, Rest(), claim, WIN_BONUS - 61.8, WIN_BONUS - 63.8)
    assert both.both_win and not both.threw_win
    (words,) = [str(p) for p in rv.explained(game, both)[2:]]
    assert words == "Cost: 2.0 points (a win either way, by the bot's evaluation)."
    assert "938" not in words and "936" not in words
    plain = rv.Costly(index, 0, 1, Rest(), claim, 16.2, 14.1)
    assert not plain.both_win and "16.2 → 14.1" in str(rv.explained(game, plain)[2])
    thrown = rv.Costly(index, 0, 1, Rest(), claim, WIN_BONUS - 60, 14.1)
    assert thrown.threw_win and not thrown.both_win


def test_a_game_of_bots_only_has_nothing_to_review():
    game = Game([Seat("A", "random"), Seat("B", "random")], 3)
    for _ in range(6):
        game.apply(random.Random(3).choice(list(game.state.legal_moves())))
    found = rv.review(game, **SMALL)
    assert found.by_seat == {}
    assert rv.report(game, found) == [t("review.no_people")]


def test_a_person_who_never_moved_is_not_praised_for_playing_well():
    """Ann plays every move as the bot would (nothing costly: well played); Bob, second, never
    had a turn before the game was saved."""
    game = Game([Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")], 4)
    game.apply(bots_choice(game))
    found = rv.review(game, **SMALL)
    assert found.by_seat == {0: [], 1: []} and found.weighed == {0: 1, 1: 0}
    assert rv.report(game, found) == ["Ann: no costly move. Well played!", "Bob: no move to review."]


# ---------------------------------------------------------------- century review FILE
@pytest.fixture
def small_review(monkeypatch):
    monkeypatch.setattr(rv, "SEARCH", SMALL["search"])
    monkeypatch.setattr(rv, "NODES", SMALL["nodes"])


def saved(game: Game):
    path, lock = storage.create_save(game)
    lock.release()
    return path


def test_cli_review_prints_the_costly_moves_and_no_progress_when_piped(slipped, small_review, capsys):
    game, index, _claim = slipped
    path = saved(game)
    assert cli.main(["review", path.name]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == t("cli.review_header", file=path.name)
    assert f"move {index + 1}: rest" in out
    assert "━" not in out and "\r" not in out and "\x1b" not in out  # no bar, no cursor moves


def test_cli_review_shows_progress_on_a_terminal(slipped, small_review, monkeypatch, capsys):
    game, _index, _claim = slipped
    path = saved(game)
    bars = []
    real = games.review_progress

    def watched():
        bars.append(1)
        return real()

    monkeypatch.setattr(games, "review_progress", watched)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert cli.main(["review", path.name]) == 0
    assert bars == [1]


def test_cli_review_of_a_damaged_file_says_so_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "cut.json"
    bad.write_text('{"format": "century-tui-save", "version": 1, "seed": 3, "seats": [', encoding="utf-8")
    before = bad.read_bytes()
    assert cli.main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "cut.json" in err and "not readable JSON" in err
    assert bad.read_bytes() == before  # kept as it was


def test_cli_review_of_no_such_file_exits_1(capsys):
    assert cli.main(["review", "game-nothing"]) == 1
    assert "no saved game is called game-nothing" in capsys.readouterr().err


def test_cli_review_in_french(slipped, small_review, capsys):
    game, index, _claim = slipped
    path = saved(game)
    assert cli.main(["review", path.name, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert f"coup {index + 1} : se reposer" in out
    assert "Mieux : réclamer la carte Points" in out  # the Spice sheet's verb
