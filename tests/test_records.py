"""What kind of record each is. Records are msgspec Structs: frozen ones hash and compare
by type and fields as frozen dataclasses do, and a Struct is defined in C, where Python
3.11's dataclasses compile each record's methods from source at every start (a board's
start defined some 45 of them: about a seventh of its cost over a bare Textual app;
docs/PERFORMANCE.md). A dataclass is left only where a library needs one: the records of
data files and settings, which pydantic checks, and Textual's messages."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import typing

from textual.message import Message

import century_tui
from century_tui.skins import Skin
from century_tui.storage.settings import Settings
from century_tui.text.catalog import Language, Plural

CHECKED_BY_PYDANTIC = (Language, Plural, Skin, Settings)


def checked_records() -> set[type]:
    """The checked files' records and every record their fields hold, however deep."""
    seen: set[type] = set()
    todo = list(CHECKED_BY_PYDANTIC)
    while todo:
        cls = todo.pop()
        if cls in seen or not dataclasses.is_dataclass(cls):
            continue
        seen.add(cls)
        for hint in typing.get_type_hints(cls, include_extras=True).values():
            todo += [t for t in _types_in(hint) if isinstance(t, type)]
    return seen


def _types_in(hint: object) -> list[object]:
    return [hint, *(t for arg in typing.get_args(hint) for t in _types_in(arg))]


def dataclasses_of_the_package() -> set[type]:
    found = set()
    for info in pkgutil.walk_packages(century_tui.__path__, "century_tui."):
        if info.name.endswith("__main__"):  # it runs the command line
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == info.name:
                found |= {c for c in (cls, *vars(cls).values()) if inspect.isclass(c) and dataclasses.is_dataclass(c)}
    return found


def test_a_dataclass_is_left_only_where_pydantic_or_textual_needs_one():
    found = dataclasses_of_the_package()
    assert Language in found and Settings in found  # the walk sees the package
    needless = {c.__qualname__ for c in found - checked_records() if not issubclass(c, Message)}
    assert needless == set(), f"make these msgspec Structs: {sorted(needless)}"
