"""Where the data files live, installed or in a source checkout, the one way they are read,
and which of them are as the game shipped them.

A shipped file was checked by the tests (tests/test_shipped_data.py), so it is not checked
again at each start: that check imports pydantic, about a third of a start. A file that
differs from what shipped (a translator's edit, a damaged install) is checked in full.
Nor is a shipped file parsed again at each start: its tables are kept as JSON (`PARSED`).
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import suppress
from functools import cache
from hashlib import sha256
from pathlib import Path
from typing import Any, Callable, TypeVar

T = TypeVar("T")

PARSED = Path(__file__).with_name("__pycache__")
"""Where a shipped data file's tables are kept as JSON once parsed, named by the file's
sha-256, as Python keeps a module compiled beside its source (and, like it, not where
PYTHONDONTWRITEBYTECODE is set): TOML took 5 ms a start to parse the language file, a
twentieth of the new-game form's start beyond a bare Textual app's; JSON a tenth of that."""

SHIPPED = "shipped.json"
"""data/shipped.json: the sha-256 of each data file as shipped, by its path under data/
(written by scripts/ship_data.py). JSON, read at every start: reading it as TOML imported
`tomllib` (1.5 ms), which a start whose data files are all kept as JSON does not need."""
TRUSTED = ("cards.toml", "lang/*.toml", "skins/*.toml")
"""The data files listed there: those read at every start."""


@cache
def data_dir() -> Path:
    """`century_tui/data` in a wheel (hatch force-include), else the checkout's `data/`."""
    installed = Path(__file__).with_name("data")
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "data"


def read_toml(path: Path, error: type[Exception], about: str = "") -> dict[str, Any]:
    """The tables of the TOML data file `path`; `error` (its message starting with `about`
    and naming the file) if the file is missing or is not TOML."""
    return read_data(path, error, about)[0]


def read_data(path: Path, error: type[Exception], about: str = "") -> tuple[dict[str, Any], bool]:
    """`read_toml`, and whether the file is byte for byte as shipped (so already checked)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{about}{path} is missing") from None
    digest = sha256(data).hexdigest()
    as_shipped = is_shipped(path, digest)
    kept = PARSED / f"data-{digest}.json"
    if as_shipped:
        try:
            tables = json.loads(kept.read_bytes())
        except (OSError, ValueError):  # not kept yet, or damaged: parsed again below
            tables = None
        if isinstance(tables, dict):
            return tables, True
    import tomllib  # only for a file not kept as JSON yet

    try:
        tables = tomllib.loads(data.decode())
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise error(f"{about}{path} is not valid TOML ({e})") from None
    if as_shipped and not sys.dont_write_bytecode:
        _keep(kept, tables)
    return tables, as_shipped


def _keep(path: Path, tables: dict[str, Any]) -> None:
    """Write `tables` as JSON to `path`, whole or not at all; nothing if JSON would not give
    them back the same, or the folder is not writable (the file is then parsed each time)."""
    text = json.dumps(tables, ensure_ascii=False)
    if json.loads(text) != tables:
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)


def is_shipped(path: Path, digest: str) -> bool:
    """Whether the file at `path`, whose bytes have the sha-256 `digest`, is that data file
    as the game shipped it."""
    try:
        name = path.resolve().relative_to(data_dir().resolve()).as_posix()
    except ValueError:
        return False
    return shipped().get(name) == digest


def shipped_list() -> str:
    """The text of data/shipped.json for the data files as they are now: the tests checked
    these bytes, so the game does not check them again at each start."""
    root = data_dir()
    files = sorted(path for pattern in TRUSTED for path in root.glob(pattern))
    digests = {path.relative_to(root).as_posix(): sha256(path.read_bytes()).hexdigest() for path in files}
    return json.dumps(digests, indent=2) + "\n"


@cache
def shipped() -> dict[str, str]:
    """data/shipped.json, or nothing (every file then checked) if it is missing or damaged."""
    try:
        listed = json.loads((data_dir() / SHIPPED).read_bytes())
    except (OSError, ValueError):
        return {}
    return listed if isinstance(listed, dict) else {}


class Strict:
    """A data file's record: pydantic refuses a key the record does not have."""

    __slots__ = ()
    __pydantic_config__ = {"extra": "forbid"}


class DataFault(ValueError):
    """A data file's record breaks a rule: `where` (a dotted path to the value) and `what`."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


def check(cls: type[T], data: Any, *, from_json: bool = False) -> T:
    """`data` (or JSON text) as a `cls`, a data class, checked in full by pydantic; DataFault
    at its first fault, in the words the checks have always used."""
    from pydantic import ValidationError

    adapter = _adapter(cls)
    try:
        return adapter.validate_json(data) if from_json else adapter.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        what = "Extra inputs are not permitted" if first["type"] == "unexpected_keyword_argument" else first["msg"]
        raise DataFault(".".join(str(p) for p in first["loc"]), what.removeprefix("Value error, ")) from None


@cache
def _adapter(cls: type) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(cls)


class Check:
    """A field's own check, for a data class that pydantic validates: `fn` takes the value
    (already of the field's type) and returns it, or raises ValueError saying what is wrong.
    Written as `Annotated[str, Check(fn)]`, it costs nothing until pydantic reads it."""

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.fn, handler(source))
