"""Where the data files live, installed or in a source checkout, and the one way they are read."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any


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
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise error(f"{about}{path} is missing") from None
    except tomllib.TOMLDecodeError as e:
        raise error(f"{about}{path} is not valid TOML ({e})") from None
