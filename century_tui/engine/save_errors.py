"""Why a save file cannot be loaded: the reasons by code (translated as `save_error.<code>`),
what can be wrong with one field (`save_problem.<code>`), and the error that carries them.
Apart from the save format itself, so that a caller may name the error without loading
the format's pydantic models and the card data behind them."""

from __future__ import annotations

from typing import Any

from .errors import IllegalMove


REASONS: dict[str, str] = {
    "not_json": "The file is not readable JSON (line {line}, column {column}): "
    "it is damaged or was cut short while being written.",
    "not_text": "The file is not text: it is damaged.",
    "foreign": "This is not a Century save file (its format marker is missing).",
    "no_version": "The save file has no valid format version: it is damaged.",
    "newer": "This save was written by a newer version of the game (save format {version}); "
    "this one reads format {supported}. Update century-tui to open it.",
    "older": "Save format {version} is not supported (this game reads format {supported}).",
    "damaged": "The save file is damaged: “{field}” {problem}.",
    "bad_move": "Move {move} of the save file is not a move of this game: the file is damaged.",
    "no_replay": "The save file does not replay: move {move} is not legal. {reason} "
    "It was edited or damaged.",
    "no_file": "There is no save file at {path}.",
    "unreadable": "The save file {path} cannot be read: {detail}.",
    "not_a_file": "This is not a regular file but a folder, a device or a pipe: it is not read.",
    "too_large": "The file is larger than {limit} MiB, far more than any save: it is not read.",
    "in_use": "This game is already open in another window (process {pid}): close it there first.",
    "bad_lock": "Its lock file {lock} was not made by this game (a link, a folder, a pipe or another "
    "user's file), so it is left alone and the game is not opened. Remove that file to open it.",
    "too_deep": "The file nests deeper than any save does: it is damaged.",
    "huge_number": "The file holds a number of more than {limit} digits: it is damaged.",
    "too_many_moves": "The save file holds {count} moves, more than the {limit} a game can reach: "
    "it is damaged.",
}


PROBLEMS: dict[str, str] = {
    "missing": "is missing",
    "unexpected": "is not expected there",
    "wrong_type": "has the wrong type",
    "wrong_length": "has the wrong length",
    "out_of_range": "is out of range",
    "not_allowed": "is not an allowed value",
    "same_names": "has two players with the same name",
    "control": "contains a control character",
    "invisible": "contains an invisible character",
    "invalid": "is not valid",
}
"""What can be wrong with one field of a save, by code (translated as save_problem.<code>)."""


class SaveError(ValueError):
    """A save file that cannot be loaded. Like IllegalMove: a `code` and `params` for a
    translated message (the `save_error` table), and the English text as `str(e)`."""

    section = "save_error"

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        english = {k: v.reason if isinstance(v, IllegalMove) else v for k, v in params.items()}
        if "problem" in english:
            english["problem"] = PROBLEMS[english["problem"]]
        super().__init__(REASONS[code].format(**english))
