"""The property tests draw the same examples on every run (tests/conftest.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE", "repeatable") != "repeatable",
                    reason="a profile that draws afresh was asked for")
def test_a_property_test_draws_the_same_examples_every_time_it_runs():
    drawn: list[int] = []

    @settings(max_examples=20)
    @given(st.integers())
    def probe(n: int) -> None:
        drawn.append(n)

    probe()
    first = list(drawn)
    drawn.clear()
    probe()
    assert drawn == first and len(set(first)) > 5
