"""Fixtures every test that opens the app uses (tests/tui and tests/i18n import them in their conftest)."""

from __future__ import annotations

import pytest

from century_tui import text
from century_tui.tui import render


@pytest.fixture(autouse=True)
def century_home(tmp_path, monkeypatch):
    """Settings and saves go to a temporary folder, never the real one; true colour, no
    NO_COLOR, spice skin, English and cubes as letters at the start and end of every test."""
    home = tmp_path / "century-home"
    monkeypatch.setenv("CENTURY_HOME", str(home))
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
    text.set_skin("spice")
    text.set_language("en")
    text.set_cube_code("letters")
    render.set_ansi(False)
    yield home
    text.set_skin("spice")
    text.set_language("en")
    text.set_cube_code("letters")
    render.set_ansi(False)


@pytest.fixture(autouse=True)
def quick_pilot(monkeypatch):
    """Pilot waits for the app to go idle by sleeping 20 ms at a time; 5 ms windows (with
    the same 1 ms CPU threshold) keep the whole-game tests quick without skipping work."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 1000)


@pytest.fixture
def opened(monkeypatch):
    """Capture the app a command would run instead of running it."""
    from century_tui.tui.app import CenturyApp

    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    return started
