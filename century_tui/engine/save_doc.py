"""The save document as written: a versioned JSON document holding seats, seed and moves.

Apart from reading it back (`save.py`, which checks a file with pydantic), so that a game's
saves, its first among them as its board opens, load neither pydantic nor its models.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from .cards import MERCHANT_CARDS
from .game import Game
from .moves import Move

FORMAT = "century-tui-save"
VERSION = 1
MAX_MOVES = 5000
"""Moves plus redo a save may hold: a real game has a few hundred, and every move is
replayed on loading, so a longer list is damage (or an attempt to hang the game)."""


def move_to_dict(move: Move) -> dict[str, Any]:
    """{"kind": "trade", "card": "M13", "times": 3}: card codes keep saves readable."""
    d: dict[str, Any] = {"kind": move.kind}
    for name in move.__struct_fields__:
        value = getattr(move, name)
        if name == "card":
            value = MERCHANT_CARDS[value].code
        elif isinstance(value, tuple):
            value = list(value)
        d[name] = value
    return d


def dumps(game: Game) -> str:
    """The save document: seats, seed, moves and the game's redo list."""
    redo = game.redo_moves
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "seats": [{"name": s.name, "bot": s.bot} for s in game.seats],
        "moves": [move_to_dict(m) for m in game.moves],
        "redo": [move_to_dict(m) for m in redo],
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    if game.hints:  # a game without hints is saved exactly as before hints existed
        doc["hints"] = True
        doc["hinted"] = sorted(game.hinted)
    return _layout(doc)


def _layout(doc: dict[str, Any]) -> str:
    """JSON with one move per line: small, diffable and readable by a person."""
    head = {k: v for k, v in doc.items() if k not in ("moves", "redo")}
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    for key in ("moves", "redo"):
        items = [json.dumps(m) for m in doc[key]]
        body = ",\n  ".join(items)
        lines.append(f' "{key}": [\n  {body}\n ],' if items else f' "{key}": [],')
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"
