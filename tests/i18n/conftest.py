"""Shared fixtures for the translation tests: the TUI tests' own (a throwaway data folder,
true colour, English and the spice skin at the start of every test, quick Pilot waits)."""

from tests.helpers.fixtures import app_size, century_home, pass_screens_unheld, pilot, quick_pilot, toasts_heard  # noqa: F401  (fixtures)
