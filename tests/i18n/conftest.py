"""Shared fixtures for the translation tests: a throwaway data folder, true colour,
English and the spice skin at the start of every test, and quick Pilot waits."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from century_tui import text
from century_tui.tui import render

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))  # tui_driver: moves by keys or clicks


@pytest.fixture(autouse=True)
def century_home(tmp_path, monkeypatch):
    home = tmp_path / "century-home"
    monkeypatch.setenv("CENTURY_HOME", str(home))
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
    text.set_skin("spice")
    text.set_language("en")
    render.set_ansi(False)
    yield home
    text.set_skin("spice")
    text.set_language("en")
    render.set_ansi(False)


@pytest.fixture(autouse=True)
def quick_pilot(monkeypatch):
    """5 ms idle windows instead of 20 ms (the same as tests/tui)."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 1000)
