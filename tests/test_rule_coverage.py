"""Every rule ID of the spec (docs/RULES.md, a copy of the project's RULES.md) is named by a test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_id_is_named_by_a_test():
    ids = set(re.findall(r"\b(R-[A-Z]+-\d+)\b", (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")))
    assert len(ids) >= 30
    named = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")):
            named.update(m.replace("_", "-") for m in re.findall(r"R_[A-Z]+_\d+", name))
    assert sorted(ids - named) == []
