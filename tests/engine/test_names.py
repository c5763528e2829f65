"""One rule for a player's name (issue 14 §4, §8), in `engine/names.py`: the command line,
the new-game form and the save loader all ask it, so a name refused by one is refused by
all, and two names that read the same are one name everywhere."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from century_tui.engine import (
    Game,
    NameRefused,
    SaveError,
    Seat,
    checked_name,
    dumps,
    duplicate,
    is_unsafe,
    loads,
    printable,
)
from century_tui.seats import validate_seats

INVISIBLE = {
    "zero-width space": "\u200b",
    "word joiner": "\u2060",
    "byte order mark": "\ufeff",
    "tag letter A": "\U000e0041",
    "Hangul filler": "\u3164",
    "halfwidth Hangul filler": "\uffa0",
    "soft hyphen": "\u00ad",
    "variation selector 16": "\ufe0f",
    "zero-width joiner": "\u200d",
}


def save_with(*names: str) -> str:
    doc = json.loads(dumps(Game([Seat(f"P{i}") for i in range(len(names))], 1)))
    for seat, name in zip(doc["seats"], names):
        seat["name"] = name
    return json.dumps(doc)


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_name_holding_an_invisible_character_is_refused_everywhere(char):
    name = f"Ann{char}"
    with pytest.raises(NameRefused) as refused:
        checked_name(name)
    assert refused.value.code == "invisible" and refused.value.params["char"] == f"U+{ord(char):04X}"
    seats, problem = validate_seats([(name, "human"), ("Bob", "human")])
    assert seats == [] and f"U+{ord(char):04X}" in problem and "invisible" in problem
    with pytest.raises(SaveError) as damaged:
        loads(save_with(name, "Bob"))
    assert damaged.value.params == {"field": "seats.1.name", "problem": "invisible"}


@pytest.mark.parametrize("first, second", [
    ("Ann", "ANN"), ("Ann", "ＡＮＮ"), ("Straße", "STRASSE"), ("ﬁona", "Fiona"), ("Ａｎｎ　Ｌｅｅ", "ann lee"),
    ("Cafe\u0301", "Café"),
])
def test_names_equal_after_nfkc_and_case_folding_are_one_name_everywhere(first, second):
    assert duplicate([first, second]) == second
    seats, problem = validate_seats([(first, "human"), (second, "human")])
    assert seats == [] and second in problem
    with pytest.raises(SaveError) as damaged:
        loads(save_with(first, second))
    assert damaged.value.params["problem"] == "same_names"


def test_names_that_only_look_a_little_alike_are_two_names():
    assert duplicate(["Ann", "Anne", "Án", "アン", "ｱﾝ "]) == "ｱﾝ "  # half-width katakana is アン
    assert validate_seats([("Ann", "human"), ("Anne", "human"), ("Zoë 🎲", "human")])[1] is None


def test_a_byte_that_was_not_utf8_is_refused_and_shown_as_that_byte():
    name = b"Zo\xeb".decode("utf-8", "surrogateescape")  # how sys.argv carries it on a Latin-1 terminal
    with pytest.raises(NameRefused) as refused:
        checked_name(name)
    assert refused.value.code == "not_text" and refused.value.params["char"] == "\\xeb"
    assert printable(name) == "Zo\\xeb"


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_the_command_line_the_form_and_a_save_agree_on_every_name(name):
    """One rule: a name is taken by all three entry points or refused by all three."""
    from century_tui.cli.parser import _players

    try:
        checked_name(name)
        accepted = True
    except NameRefused:
        accepted = False
    form_ok = validate_seats([(name, "human"), ("\u4e59", "human")])[1] is None
    try:
        _players(f"{name},\u4e59") if "," not in name else None
        cli_ok = "," not in name
    except Exception:  # argparse.ArgumentTypeError
        cli_ok = False
    try:
        loads(save_with(checked_name(name) if accepted else name, "\u4e59"))  # as the game writes it
        save_ok = True
    except SaveError:
        save_ok = False
    assert form_ok == accepted and save_ok == accepted
    if "," not in name and not name.casefold().strip().startswith("bot:"):
        assert cli_ok == accepted
    if not accepted:
        assert not any(is_unsafe(ch) for ch in validate_seats([(name, "human"), ("B", "human")])[1])
