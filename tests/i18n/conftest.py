"""Shared fixtures for the translation tests: the TUI tests' own (a throwaway data folder,
true colour, English and the spice skin at the start of every test, quick Pilot waits)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))  # tui_driver, tui_fixtures

from tui_fixtures import century_home, quick_pilot  # noqa: E402, F401  (autouse fixtures)
