"""A shipped data file's tables are kept as JSON once parsed (`resources.PARSED`), and read
from there at the next start: never for a file that differs from what shipped, never from
a kept file that is damaged, and not at all where PYTHONDONTWRITEBYTECODE is set."""

from __future__ import annotations

import shutil
import sys
import tomllib

import pytest

from century_tui import resources
from century_tui.resources import data_dir, read_data
from century_tui.text.catalog import TextDataError

EN = data_dir() / "lang" / "en.toml"


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """The folder the parsed tables go to (empty), with writing them allowed."""
    folder = tmp_path / "parsed"
    monkeypatch.setattr(resources, "PARSED", folder)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return folder


def no_toml(monkeypatch):
    def refuse(text):
        raise AssertionError("parsed as TOML again")

    monkeypatch.setattr(tomllib, "loads", refuse)


def test_a_shipped_file_is_parsed_once_then_read_as_json(kept, monkeypatch):
    tables, shipped = read_data(EN, TextDataError)
    assert shipped and len(list(kept.iterdir())) == 1
    assert tables == tomllib.loads(EN.read_text(encoding="utf-8"))
    no_toml(monkeypatch)
    assert read_data(EN, TextDataError) == (tables, True)


def test_a_file_that_differs_from_what_shipped_is_parsed_every_time(kept, tmp_path):
    edited = tmp_path / "en.toml"
    shutil.copy(EN, edited)  # the same bytes, but not the shipped file's place
    assert read_data(edited, TextDataError)[1] is False
    edited.write_text(EN.read_text(encoding="utf-8") + '\n[extra]\nword = "x"\n', encoding="utf-8")
    assert read_data(edited, TextDataError)[0]["extra"] == {"word": "x"}
    assert not kept.exists()


def test_a_damaged_kept_file_is_passed_over_and_written_again(kept):
    tables = read_data(EN, TextDataError)[0]
    (json_file,) = kept.iterdir()
    for damage in ('{"meta": ', "[1, 2]"):  # cut short; JSON, but not tables
        json_file.write_text(damage, encoding="utf-8")
        assert read_data(EN, TextDataError) == (tables, True)
    assert read_data(EN, TextDataError)[0] == tables and json_file.read_text(encoding="utf-8").startswith("{")


def test_nothing_is_kept_where_bytecode_is_not_written(kept, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    read_data(EN, TextDataError)
    assert not kept.exists()


def test_a_folder_that_cannot_be_written_costs_only_the_time(kept, tmp_path):
    kept.write_text("a file where the folder would be")
    tables, shipped = read_data(EN, TextDataError)
    assert shipped and tables["meta"]
