"""Shared fixtures for the TUI tests: a throwaway data folder and a fixed colour setup."""

from tests.helpers.fixtures import century_home, opened, quick_pilot  # noqa: F401  (fixtures)
