"""Shared fixtures for the TUI tests: a throwaway data folder and a fixed colour setup."""

from tests.helpers.fixtures import app_size, century_home, opened, pass_screens_unheld, pilot, quick_pilot, toasts_heard  # noqa: F401  (fixtures)
