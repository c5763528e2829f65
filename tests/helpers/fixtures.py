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
    """Pilot's idle waits in 5 ms windows, not 20 ms: the whole-game tests stay quick."""
    from tests.helpers.textual_private import quicken_idle_waits

    quicken_idle_waits(monkeypatch)


@pytest.fixture(autouse=True)
def pass_screens_unheld(monkeypatch):
    """Tests answer a pass screen as soon as it shows, quicker than a person's second Enter
    (`handoff.HOLD_S`: test_tui_flow checks the hold with it back on)."""
    from century_tui.tui.screens import handoff

    monkeypatch.setattr(handoff, "HOLD_S", 0.0)


@pytest.fixture(autouse=True)
def toasts_heard(monkeypatch):
    """Every app's toasts are heard, for `driver.toasts(app)`."""
    from tests.helpers.driver import hear_toasts

    hear_toasts(monkeypatch)


@pytest.fixture
def opened(monkeypatch):
    """Capture the app a command would run instead of running it."""
    from century_tui.tui.app import CenturyApp

    started = {}
    monkeypatch.setattr(CenturyApp, "run", lambda self: started.update(app=self))
    return started


@pytest.fixture
def app_size() -> tuple[int, int]:
    """The terminal size `pilot` runs the app at; a test module may override it."""
    return (80, 24)


@pytest.fixture
async def pilot(app, app_size):
    """The test's `app` (a fixture its module defines) running headless at `app_size`, every
    pending message and worker done; closed once the test ends. Opened and closed here, in
    the fixture, so Textual's context variables are set and reset in one context."""
    from tests.helpers.driver import settle

    async with app.run_test(size=app_size) as pilot:
        await settle(pilot)
        yield pilot
