"""The data files read at every start are trusted as shipped (data/shipped.json lists their
sha-256) only because this file checks them: the list must be current, each listed file must
pass the full check, and the trusted reading must give exactly what the check gives. A file
that differs from what shipped is checked in full."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from century_tui import resources, skins
from century_tui.resources import data_dir, read_data, shipped_list
from century_tui.text import catalog

LANGUAGES = sorted(p.stem for p in (data_dir() / "lang").glob("*.toml") if p.stem != "index")


def test_the_list_of_shipped_files_is_current():
    assert (data_dir() / resources.SHIPPED).read_text() == shipped_list(), "run: python scripts/ship_data.py"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_shipped_language_reads_as_its_full_check_does(code):
    raw, shipped = read_data(data_dir() / "lang" / f"{code}.toml", catalog.TextDataError)
    assert shipped
    assert catalog.Language.shipped(code, raw) == catalog.parse_language(code, raw)


@pytest.mark.parametrize("name", skins.SKINS)
def test_a_shipped_skin_reads_as_its_full_check_does(name):
    raw, shipped = read_data(skins.skin_path(name), skins.SkinDataError)
    assert shipped
    assert skins.Skin.shipped(name, raw) == skins.parse_skin(name, raw)


def test_the_shipped_cards_read_as_their_full_check_does(tmp_path, monkeypatch):
    """(A copy outside the data folder is not as shipped: it takes the full check's way.)"""
    from century_tui.engine import card_file, cards

    path = data_dir() / "cards.toml"
    assert read_data(path, cards.CardDataError)[1]
    copy = tmp_path / "cards.toml"
    shutil.copyfile(path, copy)
    assert not read_data(copy, cards.CardDataError)[1]
    checked: list[dict] = []
    parse = card_file.parse_cards
    monkeypatch.setattr(card_file, "parse_cards", lambda raw: checked.append(raw) or parse(raw))
    assert cards.load_cards(copy) == cards.load_cards(path) and len(checked) == 1


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the data folder, read instead of the real one (nothing cached from it)."""
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    monkeypatch.setattr(resources, "data_dir", lambda: copy)
    monkeypatch.setattr(catalog, "data_dir", lambda: copy)
    monkeypatch.setattr(skins, "data_dir", lambda: copy)
    for cached in (resources.shipped, catalog._load_file, skins.load_skin):
        cached.cache_clear()
    yield copy
    for cached in (resources.shipped, catalog._load_file, skins.load_skin):
        cached.cache_clear()


def test_a_changed_language_file_is_checked_in_full(data_copy):
    path = data_copy / "lang" / "fr.toml"
    assert read_data(path, catalog.TextDataError)[1]
    path.write_text(path.read_text().replace("{name}", "{1name}", 1))
    assert not read_data(path, catalog.TextDataError)[1]
    with pytest.raises(catalog.TextDataError, match="1name"):
        catalog.load_language("fr")


def test_a_changed_skin_file_is_checked_in_full(data_copy):
    path = data_copy / "skins" / "golem.toml"
    text = path.read_text()
    colour = text.split('colour = "', 1)[1].split('"', 1)[0]
    path.write_text(text.replace(colour, "teal", 1))
    with pytest.raises(skins.SkinDataError, match="not a colour"):
        skins.load_skin("golem")


def test_a_changed_card_file_is_checked_in_full(data_copy):
    from century_tui.engine import cards

    path = data_copy / "cards.toml"
    path.write_text(path.read_text().replace("points = ", "points = -", 1))
    with pytest.raises(cards.CardDataError, match="P01"):
        cards.load_cards(path)


def test_without_the_list_every_file_is_checked(data_copy):
    (data_copy / resources.SHIPPED).unlink()
    assert not read_data(data_copy / "lang" / "en.toml", catalog.TextDataError)[1]
    assert catalog.load_language("en").text["newgame.title"]


def test_an_unknown_key_is_named_in_the_words_the_checks_always_used(data_copy):
    """(pydantic words it otherwise for a data class as Python does: "Unexpected keyword argument".)"""
    path = data_copy / "skins" / "golem.toml"
    path.write_text(path.read_text().replace("glyph = ", "shine = 1\nglyph = ", 1))
    with pytest.raises(skins.SkinDataError, match=r"tier\.0\.shine: Extra inputs are not permitted"):
        skins.load_skin("golem")
