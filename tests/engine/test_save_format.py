"""The save format: round trip, and refusal of damaged, foreign, future or illegal files."""

from __future__ import annotations

import json
import random

import pytest

from century_tui.engine import (
    Acquire,
    Claim,
    Discard,
    Game,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
    SaveError,
    Seat,
    dumps,
    loads,
)
from century_tui.engine.save import move_from_dict
from century_tui.engine.save_doc import move_to_dict


def played_game(moves=60, seed=4) -> Game:
    g = Game([Seat("Ann"), Seat("Bob", "random"), Seat("Cy")], seed)
    rng = random.Random(seed)
    while not g.state.is_over and len(g.moves) < moves:
        g.apply(rng.choice(list(g.state.legal_moves())))
    return g


def test_every_move_kind_round_trips():
    for move in (
        PlaySpice(43), PlayUpgrade(48, (0, 1)), PlayTrade(9, 3), Acquire(3, (0, 1, 0)), Acquire(0),
        Rest(), Claim(4), Discard((1, 0, 2, 0)),
    ):
        d = move_to_dict(move)
        assert json.loads(json.dumps(d)) == d
        assert move_from_dict(d) == move


@pytest.mark.parametrize("d, named", [
    ({"kind": "trade", "card": "M10", "times": "3"}, r"trade move: .*`int`.*\$\.times"),
    ({"kind": "acquire", "index": 2, "payment": [0, "x"]}, r"acquire move: .*\$\.payment\[1\]"),
    ({"kind": "claim"}, "claim move: .*missing required field `index`"),
    ({"kind": "discard", "cubes": [1, 0, 2]}, r"discard move: .*length 4.*\$\.cubes"),
])
def test_a_move_with_a_wrong_or_missing_field_is_refused_naming_the_field(d, named):
    with pytest.raises(ValueError, match=named):
        move_from_dict(d)


def test_save_names_cards_by_code():
    assert move_to_dict(PlayTrade(9, 3)) == {"kind": "trade", "card": "M10", "times": 3}


def test_round_trip_keeps_seats_seed_moves_and_redo():
    g = played_game()
    redo = [Rest()]
    g.redo_moves = list(redo)  # as an undo leaves it
    g2 = loads(dumps(g))
    assert (g2.seats, g2.seed, g2.moves, g2.redo_moves) == (g.seats, g.seed, g.moves, redo)
    assert g2.state.scores() == g.state.scores()


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda t: t[: len(t) // 2], "not readable JSON"),
        (lambda t: "", "not readable JSON"),
        (lambda t: "[1, 2]", "not a Century save"),
        (lambda t: json.dumps({"hello": "world"}), "not a Century save"),
        (lambda t: t.replace('"version": 1', '"version": 7'), "newer version"),
        (lambda t: t.replace('"version": 1', '"version": 0'), "not supported"),
        (lambda t: t.replace('"version": 1', '"version": "1"'), "no valid format version"),
        (lambda t: t.replace('"seed": 4', '"seed": "four"'), "damaged"),
        (lambda t: t.replace('"name": "Bob"', '"name": "Ann"'), "same name"),
        (lambda t: t.replace('"kind": "rest"', '"kind": "nap"', 1), r"Move \d+ of the save file is not a move"),
        (lambda t: t.replace('"bot": null', '"bot": "genius"', 1), "“seats.1.bot” is not an allowed value"),
        (lambda t: t.replace('"seed": 4,', '', 1), "“seed” is missing"),
        (lambda t: t.replace('{"kind": "rest"}', '{"kind": []}', 1), r"Move \d+ of the save file is not a move"),
        (lambda t: t.replace('{"kind": "rest"}', '[]', 1), r"“moves.\d+” has the wrong type"),
        (lambda t: t.replace('"seed": 4', '"seed": 5'), "does not replay"),
    ],
)
def test_bad_files_are_refused_with_a_plain_message(mangle, message):
    text = dumps(played_game())
    with pytest.raises(SaveError, match=message):
        loads(mangle(text))


def test_an_illegal_move_list_is_refused_whole():
    g = played_game(moves=5)
    doc = json.loads(dumps(g))
    doc["moves"].append({"kind": "rest"})
    doc["moves"].append({"kind": "acquire", "index": 5, "payment": [3, 3, 3, 3, 3]})
    with pytest.raises(SaveError, match=r"move 7 is not legal\. "):
        loads(json.dumps(doc))


def test_binary_garbage_is_refused():
    with pytest.raises(SaveError):
        loads(b"\x00\xff\xfe garbage")


def test_a_redo_list_that_does_not_replay_is_refused():
    doc = json.loads(dumps(played_game(moves=5)))
    doc["redo"] = [{"kind": "claim", "index": 4}] * 3
    with pytest.raises(SaveError, match="does not replay"):
        loads(json.dumps(doc))


def test_a_save_names_only_bot_levels_that_exist():
    """A bot level the game cannot build would crash the game at that bot's turn."""
    from typing import get_args

    from century_tui.bots import LEVELS
    from century_tui.engine.save import BotLevel

    assert set(get_args(BotLevel)) == set(LEVELS)


def test_what_is_wrong_in_a_save_is_said_in_the_player_s_language():
    from century_tui import text

    doc = json.loads(dumps(played_game()))
    doc["seats"] = "x"
    with pytest.raises(SaveError) as refused:
        loads(json.dumps(doc))
    assert refused.value.params == {"field": "seats", "problem": "wrong_type"}
    try:
        text.set_language("fr")
        assert text.error_text(refused.value) == "La sauvegarde est abîmée : « seats » n'a pas le bon type."
    finally:
        text.set_language("en")


# ------------------------------------------------------------------ hostile files
HEAD = '{"format": "century-tui-save", "version": 1, '


@pytest.mark.parametrize(
    "text, code",
    [
        ("[" * 100_000 + "]" * 100_000, "too_deep"),
        (HEAD + '"seed": 1, "moves": ' + "[" * 100_000 + "]" * 100_000 + "}", "too_deep"),
        (HEAD + '"seed": ' + "9" * 5000 + "}", "huge_number"),
        (HEAD + '"seed": -' + "9" * 5000 + "}", "huge_number"),
    ],
    ids=["deep", "deep-moves", "long-number", "long-negative"],
)
def test_json_that_would_crash_the_reader_is_refused_as_damaged(text, code):
    with pytest.raises(SaveError) as refused:
        loads(text)
    assert refused.value.code == code and "\n" not in str(refused.value)


def test_a_move_list_longer_than_any_game_is_refused_before_it_is_replayed():
    from century_tui.engine import MAX_MOVES

    doc = json.loads(dumps(played_game(moves=5)))
    doc["moves"] = [{"kind": "rest"}] * (MAX_MOVES // 2)
    doc["redo"] = [{"kind": "rest"}] * (MAX_MOVES // 2 + 1)
    with pytest.raises(SaveError) as refused:
        loads(json.dumps(doc))
    assert refused.value.code == "too_many_moves"
    assert refused.value.params == {"count": MAX_MOVES + 1, "limit": MAX_MOVES}


def test_the_move_cap_leaves_room_for_the_longest_games():
    from century_tui.engine import MAX_MOVES

    longest = max(len(played_game(moves=10**9, seed=s).moves) for s in range(20))
    assert MAX_MOVES >= 3 * longest


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "Bo\nb", "Cy\u202e", "D\x07"])
def test_a_player_name_with_a_control_character_makes_the_save_damaged(name):
    """Such a name would be obeyed by the terminal that shows it, not shown."""
    doc = json.loads(dumps(played_game()))
    doc["seats"][1]["name"] = name
    with pytest.raises(SaveError) as refused:
        loads(json.dumps(doc))
    assert refused.value.params == {"field": "seats.2.name", "problem": "control"}
    assert str(refused.value) == "The save file is damaged: “seats.2.name” contains a control character."
