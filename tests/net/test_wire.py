"""The change messages on the wire: each table change record crosses as the same JSON, and
comes back as the record it was (the wire format is version 1: it must not drift)."""

from __future__ import annotations

import json

import pytest
from pydantic import TypeAdapter

from century_tui.engine import Rest
from century_tui.net import protocol as p
from century_tui.net.client import change_of
from century_tui.net.hosted import change_model
from century_tui.table import Moved, Rewound, SaveChanged, Thinking, UndoAsked

CHANGES = TypeAdapter(p.ChangeModel)
RECORDS = [
    (Rewound(undo=True, by=None, owner=1, point=7),
     {"v": 1, "kind": "rewound", "undo": True, "by": None, "owner": 1, "point": 7}),
    (Rewound(undo=False, by=0, owner=1, point=3),
     {"v": 1, "kind": "rewound", "undo": False, "by": 0, "owner": 1, "point": 3}),
    (Thinking(seat=2), {"v": 1, "kind": "thinking", "seat": 2}),
    (SaveChanged("No space left on device"), {"v": 1, "kind": "save", "error": "No space left on device"}),
    (SaveChanged(None), {"v": 1, "kind": "save", "error": None}),
    (Moved(Rest(), 1, ()), {"v": 1, "kind": "moved", "move": {"kind": "rest"}, "seat": 1, "events": []}),
]


@pytest.mark.parametrize("record, wire", RECORDS, ids=lambda r: type(r).__name__)
def test_a_change_crosses_as_the_same_json_and_comes_back_the_same_record(record, wire):
    model = change_model(record)
    assert json.loads(p.encode(model)) == wire
    assert list(json.loads(p.encode(model))) == list(wire)  # and in the same order
    assert change_of(CHANGES.validate_python(wire)) == record


@pytest.mark.parametrize("record, wire", RECORDS[:5], ids=lambda r: type(r).__name__)
def test_a_change_with_a_field_missing_or_extra_is_not_a_message(record, wire):
    short = dict(wire)
    short.popitem()
    for bad in (short, {**wire, "spare": 1}):
        with pytest.raises(ValueError):
            CHANGES.validate_python(bad)


def test_an_undo_question_crosses_as_the_same_json_and_comes_back_the_same_record():
    asked = UndoAsked(question=4, by=0, owner=1, open=False)
    wire = {"v": 1, "type": "undo_question", "question": 4, "by": 0, "owner": 1, "open": False}
    assert list(json.loads(p.encode(p.message_of(asked))).items()) == list(wire.items())
    assert p.record_of(p.host_message.validate_python(wire)) == asked
    with pytest.raises(ValueError):  # `open` has a default in the record, never on the wire
        p.host_message.validate_python({k: v for k, v in wire.items() if k != "open"})
