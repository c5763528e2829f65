"""Where the data files live, installed or in a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def data_dir() -> Path:
    """`century_tui/data` in a wheel (hatch force-include), else the checkout's `data/`."""
    installed = Path(__file__).with_name("data")
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "data"
