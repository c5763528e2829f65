"""A game's seats from what a person typed (the new-game form, `century new --players`):
each name through the one rule of `engine.names`, a bot without a name given one. No UI
here, so the command line does not import a screen to check its arguments."""

from __future__ import annotations

from typing import Iterable

from century_tui.engine import MAX_PLAYERS, NameRefused, Seat, checked_name, name_key
from century_tui.text import bot_name, default_names, given_names, t

HUMAN = "human"


def validate_seats(rows: list[tuple[str, str]]) -> tuple[list[Seat], str | None]:
    """Seats from (name, kind) rows, kind "human" or "bot:LEVEL"; a bot with no name gets one
    no other seat has. Returns (seats, None), or ([], why not, in the player's language)."""
    typed = set()
    for name, _kind in rows:
        try:
            typed.add(name_key(checked_name(name)))
        except NameRefused:
            pass
    seats: list[Seat] = []
    taken: set[str] = set()
    for n, (raw, kind) in enumerate(rows, start=1):
        level = kind.removeprefix("bot:") if kind.startswith("bot:") else None
        try:
            name = checked_name(raw)
            if level and name.casefold() in default_names(n):  # a bot never keeps "Player 3"
                raise NameRefused("empty")
        except NameRefused as e:
            if not (e.code == "empty" and level):
                return [], t(f"newgame.error_{e.code}", n=n, **e.params)
            name = free_bot_name(level, taken | typed)
        if name_key(name) in taken:
            return [], t("newgame.error_duplicate", name=name)
        taken.add(name_key(name))
        seats.append(Seat(name, level))
    return seats, None


def free_bot_name(level: str, taken: set[str]) -> str:
    """"Easy bot", then "Easy bot 2", "Easy bot 3"...: the first whose `name_key` is not taken."""
    return _first_free((bot_name(level, n) for n in (None, *range(2, MAX_PLAYERS + 2))), taken)


def _first_free(names: Iterable[str], taken: set[str]) -> str:
    """The first of `names` whose `name_key` is not in `taken`."""
    for name in names:
        if name_key(name) not in taken:
            return name
    raise AssertionError("more seats than names")  # MAX_PLAYERS + 1 names for MAX_PLAYERS seats


def person_name(seats: list[Seat], index: int) -> str:
    """The name seat `index` keeps when a person takes it from a bot: its own ("Ann", whose
    seat a bot played), unless the game gave it ("Easy bot 2"): then "Player N", the first
    such name no other seat has."""
    name = seats[index].name
    if name.casefold() not in given_names(index + 1):
        return name
    taken = {name_key(s.name) for i, s in enumerate(seats) if i != index}
    return _first_free((t("newgame.default_name", n=n) for n in (index + 1, *range(1, MAX_PLAYERS + 2))), taken)
