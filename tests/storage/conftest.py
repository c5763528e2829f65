"""Every storage test writes to a temporary CENTURY_HOME, never the player's own folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path))
    return tmp_path
