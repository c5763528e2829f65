"""docs/ARCHITECTURE.md names code as `module:Object.attribute` (the module under
century_tui) so that a newcomer can follow it into the code: each name must still be there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md"
NAME = re.compile(r"`([a-z_][a-z0-9_.]*):([A-Za-z_][A-Za-z0-9_.]*)`")


def named_in_the_doc() -> list[tuple[str, str]]:
    return NAME.findall(DOC.read_text(encoding="utf-8"))


def test_the_architecture_doc_names_code_in_the_checked_form():
    """The walkthroughs follow the code step by step: dozens of names, not a handful."""
    assert len(set(named_in_the_doc())) >= 60


def test_every_name_the_architecture_doc_gives_exists():
    missing = []
    for module, qualname in sorted(set(named_in_the_doc())):
        try:
            found: object = importlib.import_module(f"century_tui.{module}")
        except ImportError:
            missing.append(f"{module} (no such module)")
            continue
        for part in qualname.split("."):
            if not hasattr(found, part):
                missing.append(f"{module}:{qualname}")
                break
            found = getattr(found, part)
    assert missing == []
