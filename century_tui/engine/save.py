"""The save format read back: a versioned JSON document holding seats, seed and moves
(written by `save_doc.py`, without pydantic).

Loading validates the document with pydantic and each move with msgspec (moves are
msgspec Structs), then replays every move from the seed; anything wrong (bad JSON,
another format, a newer version, an illegal move) raises SaveError with one plain
paragraph, and nothing is half-loaded.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from .cards import CODES
from .errors import IllegalMove
from .game import Game, ReplayError, Seat
from .moves import MOVE_TYPES, Move
from .names import MAX_NAME, NameRefused, checked_name, duplicate
from .save_doc import FORMAT, MAX_MOVES, VERSION
from .save_errors import PROBLEMS, SaveError


def _problem(error: dict[str, Any]) -> str:
    """A pydantic error's type, as one of the PROBLEMS codes."""
    kind = error["type"]
    if kind in PROBLEMS:  # our own validators name their problem
        return kind
    if kind == "extra_forbidden":
        return "unexpected"
    if kind.endswith(("_type", "_parsing")) or kind == "int_from_float":
        return "wrong_type"
    if kind.endswith(("too_short", "too_long")):
        return "wrong_length"
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        return "out_of_range"
    if kind in ("literal_error", "enum"):
        return "not_allowed"
    if kind == "value_error" and tuple(error["loc"]) == ("seats",):
        return "same_names"
    return "invalid"


BotLevel = Literal["random", "easy", "medium", "hard"]
"""The bot levels a save may name (the same as century_tui.bots.LEVELS, which a test checks)."""


class SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)  # built at the first save read
    name: str = Field(min_length=1, max_length=MAX_NAME)
    bot: BotLevel | None = None

    @field_validator("name")
    @classmethod
    def _a_name(cls, name: str) -> str:
        """The rule the command line and the new-game form apply: a control character would
        act on the terminal that shows it, an invisible one makes two players look alike."""
        try:
            checked_name(name)
        except NameRefused as e:
            code = e.code if e.code in PROBLEMS else "wrong_length" if e.code in ("empty", "long") else "invalid"
            raise PydanticCustomError(code, PROBLEMS[code]) from None
        return name


class SaveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)  # built at the first save read
    format: Literal["century-tui-save"]
    version: int
    seed: int
    seats: list[SeatModel] = Field(min_length=2, max_length=5)
    moves: list[dict[str, Any]]
    redo: list[dict[str, Any]] = []
    """Moves taken back by undo and not yet replaced: redo brings them back."""
    saved_at: datetime | None = None
    hints: bool = False
    """The coach may be asked in this game (written only when it may: older saves load as they are)."""
    hinted: list[Annotated[int, Field(ge=0, le=MAX_MOVES)]] = Field(default=[], max_length=MAX_MOVES)
    """Indices of the moves made after a hint (0-based)."""

    @field_validator("seats")
    @classmethod
    def _distinct_names(cls, seats: list[SeatModel]) -> list[SeatModel]:
        if duplicate(s.name for s in seats) is not None:  # "Ann" and "ＡＮＮ" too
            raise ValueError("two seats have the same name")
        return seats


def move_from_dict(d: dict[str, Any]) -> Move:
    """The move a dict describes; ValueError if it is not one."""
    kind = d.get("kind") if isinstance(d, dict) else None
    if not isinstance(kind, str) or kind not in MOVE_TYPES:
        raise ValueError(f"unknown kind of move {kind!r}")
    data = {k: v for k, v in d.items() if k != "kind"}
    if "card" in data:
        card = data["card"]
        if not isinstance(card, str) or card not in CODES or not card.startswith(("M", "S")):
            raise ValueError(f"unknown merchant card {card!r}")
        data["card"] = CODES[card]
    try:
        return msgspec.convert(data, MOVE_TYPES[kind])
    except msgspec.ValidationError as e:
        raise ValueError(f"{kind} move: {e}") from None


def _json(text: str | bytes) -> Any:
    """The JSON value of `text`; SaveError for anything that is not readable JSON, including
    what would crash the reader (nesting past the recursion limit, a number too long)."""
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise SaveError("not_text") from None
    except json.JSONDecodeError as e:
        raise SaveError("not_json", line=e.lineno, column=e.colno) from None
    except RecursionError:
        raise SaveError("too_deep") from None
    except ValueError:  # json's only other ValueError: Python's limit on digits in an int
        raise SaveError("huge_number", limit=sys.get_int_max_str_digits()) from None


def _count_moves(raw: dict[str, Any]) -> None:
    """Refuse a move list no game reaches before anything is validated or replayed."""
    count = sum(len(raw[key]) for key in ("moves", "redo") if isinstance(raw.get(key), list))
    if count > MAX_MOVES:
        raise SaveError("too_many_moves", count=count, limit=MAX_MOVES)


def _parse(text: str | bytes) -> SaveModel:
    raw = _json(text)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError("foreign")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("no_version")
    if version > VERSION:
        raise SaveError("newer", version=version, supported=VERSION)
    if version < VERSION:
        raise SaveError("older", version=version, supported=VERSION)
    _count_moves(raw)
    try:
        return SaveModel.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        # list positions counted from 1, as the player counts seats and moves
        where = ".".join(str(p + 1) if isinstance(p, int) else str(p) for p in first["loc"])
        raise SaveError("damaged", field=where, problem=_problem(first)) from None


def loads(text: str | bytes) -> Game:
    """The game a save holds (with its redo list); SaveError if anything is wrong."""
    model = _parse(text)
    recorded = []
    for number, d in enumerate(model.moves + model.redo, start=1):
        try:
            recorded.append(move_from_dict(d))
        except ValueError:
            raise SaveError("bad_move", move=number) from None
    moves, redo = recorded[: len(model.moves)], recorded[len(model.moves) :]
    seats = [Seat(s.name, s.bot) for s in model.seats]
    if any(i >= len(moves) for i in model.hinted):
        raise SaveError("damaged", field="hinted", problem="out_of_range")
    try:
        game = Game(seats, model.seed, moves, redo, hints=model.hints, hinted=set(model.hinted))
        _check_redo(game)
    except ReplayError as e:
        raise SaveError("no_replay", move=e.index + 1, reason=e.error) from None
    return game


def _check_redo(game: Game) -> None:
    """The redo list must replay after the moves, or the file was tampered with."""
    probe = game.state.clone()
    offset = len(game.moves)
    for i, move in enumerate(game.redo_moves):
        try:
            probe.advance(move)
        except IllegalMove as e:
            raise ReplayError(offset + i, move, e) from None


def saved_at(text: str | bytes) -> datetime | None:
    """When a save was written, without replaying it (None if unreadable)."""
    try:
        return _parse(text).saved_at
    except SaveError:
        return None
