"""Hypothesis draws the same examples on every run (`repeatable`, the default): the suite
passes or fails alike on every machine and every run, and a red run is a change's doing,
not a draw's. `HYPOTHESIS_PROFILE=explore pytest` draws afresh, to look for new
counterexamples on purpose (one found becomes an `@example` of its test)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
