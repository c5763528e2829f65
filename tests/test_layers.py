"""The layer contract (pyproject.toml, [tool.importlinter]): no module imports upwards, only
the TUI imports Textual, the engine imports nothing of the project above it."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

from importlinter.api import read_configuration
from importlinter.cli import lint_imports

import century_tui

CONFIG = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_import_contracts_are_kept():
    # On a broken contract import-linter prints which import breaks it (shown by pytest).
    assert lint_imports(config_filename=str(CONFIG), no_cache=True, no_logo=True) == 0


def test_every_module_of_the_package_sits_in_a_layer():
    """A module left out of the layers would be free to import anything (the TUI too)."""
    (layers,) = [c for c in read_configuration(str(CONFIG))["contracts_options"] if c["type"] == "layers"]
    named = {m for layer in layers["layers"] for m in re.split(r"[|:]", layer.replace("(", "").replace(")", ""))}
    modules = {f"century_tui.{m.name}" for m in pkgutil.iter_modules(century_tui.__path__)}
    assert modules - {m.strip() for m in named} == set()
