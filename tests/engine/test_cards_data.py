"""Card data (R-COMP-1, R-COMP-2): totals, values and validation that names the card."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from century_tui.engine import MARKET_CARDS, POINT_CARDS, STARTING_CARDS, CardDataError
from century_tui.engine.card_file import parse_cards
from century_tui.resources import data_dir

VALUE = (1, 2, 3, 4)


def raw():
    with open(data_dir() / "cards.toml", "rb") as f:
        return tomllib.load(f)


def test_point_cards_36_all_different__R_COMP_1():
    assert len(POINT_CARDS) == 36
    assert len({p.cost for p in POINT_CARDS}) == 36
    assert sum(p.points for p in POINT_CARDS) == 468
    assert min(p.points for p in POINT_CARDS) == 6 and max(p.points for p in POINT_CARDS) == 20


def test_point_value_is_cube_value_plus_colour_bonus__R_COMP_1():
    bonus = {1: 0, 2: 0, 3: 1, 4: 2}
    for p in POINT_CARDS:
        cube_value = sum(n * v for n, v in zip(p.cost, VALUE))
        colours = sum(1 for n in p.cost if n)
        assert p.points == cube_value + bonus[colours], p.code


def test_starting_cards_five_create2_five_upgrade2__R_COMP_2():
    assert len(STARTING_CARDS) == 10
    kinds = Counter((c.kind, c.gain, c.steps) for c in STARTING_CARDS)
    assert kinds == {("spice", (2, 0, 0, 0), 0): 5, ("upgrade", (0, 0, 0, 0), 2): 5}


def test_market_deck_43_cards_8_spice_1_upgrade_34_trade__R_COMP_2():
    assert len(MARKET_CARDS) == 43
    assert Counter(c.kind for c in MARKET_CARDS) == {"spice": 8, "upgrade": 1, "trade": 34}
    assert [c.steps for c in MARKET_CARDS if c.kind == "upgrade"] == [3]
    assert len({(c.kind, c.pay, c.gain, c.steps) for c in MARKET_CARDS}) == 43


def test_every_trade_gains_value__R_COMP_2():
    for c in MARKET_CARDS:
        if c.kind == "trade":
            change = sum((g - p) * v for g, p, v in zip(c.gain, c.pay, VALUE))
            assert 1 <= change <= 4, c.code


def test_wrong_colour_names_the_card():
    data = raw()
    data["point"][6]["cost"]["purple"] = 1
    with pytest.raises(CardDataError, match="P07.*purple"):
        parse_cards(data)


def test_missing_field_names_the_card():
    data = raw()
    del data["merchant"][3]["gain"]
    with pytest.raises(CardDataError, match="M04.*gain"):
        parse_cards(data)


def test_duplicate_card_is_refused():
    data = raw()
    data["merchant"][5] = dict(data["merchant"][4], id="M06")
    with pytest.raises(CardDataError, match="M06"):
        parse_cards(data)
    data = raw()
    data["point"][1]["id"] = "P01"
    with pytest.raises(CardDataError, match="P01"):
        parse_cards(data)


def test_data_folder_holds_the_card_file():
    assert (data_dir() / "cards.toml").is_file()


def test_a_regular_install_carries_the_data_files():
    """After a non-editable `pip install .` the cards must ship inside the package."""
    import importlib.metadata

    names = {str(f).replace("\\", "/") for f in importlib.metadata.files("century-tui") or ()}
    if "century_tui/__init__.py" not in names:
        pytest.skip("editable install: the data comes from the checkout")
    assert "century_tui/data/cards.toml" in names
