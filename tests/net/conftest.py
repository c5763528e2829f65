"""The network tests write their saves and settings in a throwaway data folder."""

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))
