"""The messages between `century host` and its clients: versioned pydantic models, one JSON
object per WebSocket message, told apart by `type`.

A client says `hello` (an invite code the first time, then the token it got for it) and is
`welcome`d with its seats, its token and the full view. Then the host sends a `change` per
thing that happens in the game, numbered (`seq`) so a client that missed one asks for the
full `view` again; a client asks for moves, undo and redo, and is told why when `refused`. Undo of
another person's move is an `undo_question` to that person's client, settled by its
`undo_answer`.
Anything a client sends that is not one of its messages, in its place, closes its
connection (`close`, with the reason) and changes nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal, Union, get_type_hints

import msgspec
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from century_tui.engine import events as ev
from century_tui.table import Presence, Rewound, SaveChanged, Thinking, UndoAsked
from century_tui.text import english

from .view import View

VERSION = 1
"""The protocol's version: a client and a host of another version part at once."""

MAX_MESSAGE = 64 * 1024
"""The largest message a host accepts from a client (a move is under 200 bytes)."""

Token = Annotated[str, Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = VERSION


# ---------------------------------------------------------------- client → host
class Hello(Message):
    """The first message: an invite `code` (used once) or the `token` it was exchanged for."""

    type: Literal["hello"] = "hello"
    code: Token | None = None
    token: Token | None = None
    watch: bool = False
    """`century watch`: only the watch code lets in (a seat's code is not spent on it)."""


class MoveRequest(Message):
    """A move for the seat to act, made by a person who saw the position `epoch`."""

    type: Literal["move"] = "move"
    epoch: int
    move: dict[str, Any] = Field(max_length=8)
    """As a save file writes it: {"kind": "trade", "card": "M13", "times": 2}."""


class UndoRequest(Message):
    """Take back the last person's move: one's own at once, anyone else's once they agree."""

    type: Literal["undo"] = "undo"
    epoch: int
    seat: int | None = None
    """Who asks, of the client's seats (the person at its keyboard); None: the host picks
    (the move's owner if the client plays it, else its first seat)."""


class UndoAnswer(Message):
    """The asked owner's answer to an `UndoQuestion`, given on their own screen."""

    type: Literal["undo_answer"] = "undo_answer"
    question: int
    yes: bool


class RedoRequest(Message):
    type: Literal["redo"] = "redo"
    epoch: int


class ViewRequest(Message):
    """The client missed a change (or doubts its view): the full view, please."""

    type: Literal["resync"] = "resync"


ClientMessage = Annotated[
    Union[Hello, MoveRequest, UndoRequest, UndoAnswer, RedoRequest, ViewRequest], Field(discriminator="type")
]
client_message = TypeAdapter(ClientMessage)


# ---------------------------------------------------------------- host → client
class Welcome(Message):
    type: Literal["welcome"] = "welcome"
    seats: list[int]
    """The seats this client plays (none: a spectator)."""
    token: str | None
    """Say it in `hello` to come back after a drop (None for a spectator: its code again)."""
    seq: int
    view: View
    skin: str | None = None
    """The host's skin (`century host --skin`): a join without `--skin` shows it."""


class FullView(Message):
    type: Literal["view"] = "view"
    seq: int
    view: View


class MovedChange(Message):
    kind: Literal["moved"] = "moved"
    move: dict[str, Any]
    seat: int
    events: list[dict[str, Any]]
    """Each event as `event_to_dict` writes it: its name on the wire (`EVENT_NAMES`), its fields."""


EVENT_NAMES: dict[type[ev.Event], str] = {
    ev.CardPlayed: "CardPlayed", ev.CubesGained: "CubesGained", ev.Upgraded: "Upgraded", ev.Traded: "Traded",
    ev.CubesPlaced: "CubesPlaced", ev.MerchantAcquired: "MerchantAcquired", ev.Rested: "Rested",
    ev.PointClaimed: "PointClaimed", ev.CoinTaken: "CoinTaken", ev.SilverMoved: "SilverMoved",
    ev.RowRefilled: "RowRefilled", ev.DiscardRequired: "DiscardRequired", ev.Discarded: "Discarded",
    ev.EndTriggered: "EndTriggered", ev.TurnEnded: "TurnEnded", ev.GameOver: "GameOver",
}
"""Each engine event's name on the wire, as protocol 1 has them (they were its class's name
then): the engine may rename a class, the wire keeps its word."""
EVENTS_NAMED = {name: kind for kind, name in EVENT_NAMES.items()}


def event_to_dict(event: ev.Event) -> dict[str, Any]:
    d: dict[str, Any] = {"e": EVENT_NAMES[type(event)]}
    for name in event.__slots__:  # the order protocol 1 writes them in (the fields', sorted)
        value = getattr(event, name)
        d[name] = list(value) if isinstance(value, tuple) else value
    return d


def event_from_dict(d: dict[str, Any]) -> ev.Event:
    kind = EVENTS_NAMED[d["e"]]
    return kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items() if k != "e"})


def _wire(name: str, record: type, **tag: str) -> type[Message]:
    """The message of a plain record: its tag (`kind="rewound"`), then the record's fields in
    its order, every one required. The record (`century_tui.table.changes`) is their one
    description; `WIRE` and `record_of` go between the two."""
    hints = get_type_hints(record)
    fields: dict[str, Any] = {key: (Literal[value], value) for key, value in tag.items()}
    fields |= {name: (hints[name], ...) for name in record.__struct_fields__}
    model = create_model(name, __base__=Message, **fields)
    WIRE[record] = model
    return model


WIRE: dict[type, type[Message]] = {}
"""The message of each plain record, by record type."""


def record_of(message: Message) -> Any:
    """The record a plain record's message carries."""
    record = next(r for r, m in WIRE.items() if isinstance(message, m))
    return record(**{name: getattr(message, name) for name in record.__struct_fields__})


def message_of(record: Any) -> Message:
    """A plain record as its message."""
    return WIRE[type(record)](**msgspec.structs.asdict(record))


RewoundChange = _wire("RewoundChange", Rewound, kind="rewound")
ThinkingChange = _wire("ThinkingChange", Thinking, kind="thinking")
SaveChange = _wire("SaveChange", SaveChanged, kind="save")

ChangeModel = Annotated[
    Union[MovedChange, RewoundChange, ThinkingChange, SaveChange], Field(discriminator="kind")
]


class ChangeMessage(Message):
    """One thing that happened, numbered from the welcome's `seq`, and the view after it."""

    type: Literal["change"] = "change"
    seq: int
    change: ChangeModel
    view: View


class Refused(Message):
    """A request the host did not carry out, and why (an engine rule, or the host's)."""

    type: Literal["refused"] = "refused"
    rule: str
    """The rule's ID (R-ACQ-3 …), or "host" for the host's own reasons (`code`: a
    `HostRefusal`)."""
    code: str
    params: dict[str, Any]
    reason: str
    """In English, for a code the client does not know; `code` and `params` are for the
    client's own language."""


class HostRefusal(StrEnum):
    """The host's own reasons to refuse a request (`Refused` of rule "host"), by code: the
    words of each are `refusal.CODE` in the language files, its English on the wire."""

    STALE = "stale"
    """The game moved on before the request arrived."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    REDO_NOT_YOURS = "redo_not_yours"
    UNDO_PENDING = "undo_pending"
    UNDO_OWNER_AWAY = "undo_owner_away"
    UNDO_DECLINED = "undo_declined"
    UNDO_NO_ANSWER = "undo_no_answer"
    RATE_LIMITED = "rate_limited"


HOST_RULE = "host"
"""A `Refused`'s rule when the reason is the host's own (a `HostRefusal`), not the game's."""


def host_refusal(code: HostRefusal, **params: Any) -> Refused:
    """The host's refusal `code`, with `params` for the client's words and the English ones
    from the language file beside them."""
    return Refused(rule=HOST_RULE, code=code.value, params=params, reason=english(f"refusal.{code}", **params))


UndoQuestion = _wire("UndoQuestion", UndoAsked, type="undo_question")
"""`by` asks to take back `owner`'s move: sent to the owner's client (which asks its person)
and to the asker's (which says it waits); `open=False` when it is settled or void
(answered, timed out, a player left, the game moved on)."""


CLOSE_REASONS = {
    "used_code": "unknown or used code",
    "unknown_token": "unknown token",
    "crowded": "too many connections from your address",
    "new_code": "the host issued a new code for this seat",
    "to_bot": "the host handed this seat to a bot",
    "together": "the host seated this seat with another at one terminal: ask the host for your new century join line",
    "taken_over": "the seat was taken up by a new connection",
    "too_slow": "too slow: messages piled up",
    "too_fast": "too many messages",
    "host_closed": "the host closed the connection",
    "not_welcomed": "the host did not welcome this client",
    "no_token": "no token to come back with",
    "not_understood": "the host sent a message this client does not understand",
    "host_stopped": "the host stopped the game; it is saved",
    "seat_code": "a seat's code, not the watch code: century join plays it",
}
"""Why a connection ends, by code. The English words go on the wire (a client of another
version shows them as they are); a client that knows the words shows its own language's
(`closed.CODE` in the language files)."""
CLOSE_CODES = {words: code for code, words in CLOSE_REASONS.items()}
SEAT_GONE = frozenset({"new_code", "to_bot", "together", "taken_over", "unknown_token"})
"""Reasons after which the seat's token never works again: a client stops trying it."""
FAREWELL = "host_stopped"
"""The host stopped on purpose (Ctrl+C, `q` in its lobby): its goodbye, not a failure; a
client stops trying and ends."""


FEATURES_HEADER = "Century-Features"
"""The HTTP header of a client's opening request that names what it understands beyond the
version's first messages (space-separated): a host sends those messages only to a client
that named them, and a host that knows none of them ignores the header, so clients and
hosts of this version, older or newer, still understand each other."""
SEATS_FEATURE = "seats"
"""The client understands `SeatsMessage`."""


class SeatsMessage(Message):
    """Where each seat's person is (`HostedTable.status`); sent on joining and when it
    changes, to the clients that asked for it (`SEATS_FEATURE`)."""

    type: Literal["seats"] = "seats"
    status: list[Presence] = Field(max_length=8)
    hands_over: bool = False
    """The host can hand a seat to a bot (its lobby)."""


class Closing(Message):
    """The host is closing this connection, and why (sent just before the close)."""

    type: Literal["close"] = "close"
    reason: str


HostMessage = Annotated[
    Union[Welcome, FullView, ChangeMessage, Refused, UndoQuestion, SeatsMessage, Closing], Field(discriminator="type")
]
host_message = TypeAdapter(HostMessage)


def encode(message: Message) -> str:
    return message.model_dump_json()
