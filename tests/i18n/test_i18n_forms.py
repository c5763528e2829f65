"""A template's forms: by a count, by the gender of the skin's cube noun, by the skin, one
inside another; and words that agree with the cube ({tier:cube}, {tier:cubes})."""

from __future__ import annotations

import copy
import tomllib

import pytest

from century_tui import text
from century_tui.resources import data_dir


@pytest.fixture(scope="module")
def french() -> dict:
    with open(data_dir() / "lang" / "fr.toml", "rb") as f:
        return tomllib.load(f)


def say(raw: dict, key: str, skin: str, **params) -> str:
    text.register_language("zz", {**raw, "meta": {**raw["meta"], "name": "Test"}})
    try:
        text.set_language("zz")
        text.set_skin(skin)
        return text.t(key, **params)
    finally:
        text.set_language("en")
        text.set_skin("spice")
        text.unregister_language("zz")


def test_a_template_chooses_by_the_gender_of_the_cube_and_by_the_skin(french):
    raw = copy.deepcopy(french)
    raw["modal"]["discard_enough"] = {"by": "excess", "one": {"m": "{excess} choisi", "f": "{excess} choisie"},
                                      "other": {"m": "{excess} choisis", "f": "{excess} choisies"}}
    raw["key"]["acquire"] = {"spice": "Acheter", "golem": "Acquérir"}
    assert say(raw, "modal.discard_enough", "spice", excess=1) == "1 choisie"  # une épice
    assert say(raw, "modal.discard_enough", "golem", excess=1) == "1 choisi"  # un cristal
    assert say(raw, "modal.discard_enough", "spice", excess=2) == "2 choisies"
    assert say(raw, "modal.discard_enough", "golem", excess=2) == "2 choisis"
    assert say(raw, "key.acquire", "spice") == "Acheter"
    assert say(raw, "key.acquire", "golem") == "Acquérir"


def test_a_tier_reads_as_its_colour_or_agreeing_with_the_cube(french):
    raw = copy.deepcopy(french)
    raw["modal"]["discard_none_held"] = "{tier} · {tier:cube} · {tier:cubes} · {tier0:cubes}"
    text.set_language("fr")
    try:
        green_spice = text.tier_name(2)  # spice: yellow, red, green, brown
        assert (green_spice, format(green_spice, "cube"), format(green_spice, "cubes")) == ("vert", "verte", "vertes")
    finally:
        text.set_language("en")
    assert say(raw, "modal.discard_none_held", "spice", tier=text.Word("vert", {"cube": "verte", "cubes": "vertes"})) == \
        "vert · verte · vertes · jaunes"


def test_with_digits_or_shapes_a_tier_word_keeps_its_glyph_in_every_form():
    text.set_language("es")
    text.set_cube_code("shapes")
    try:
        red = text.tier_word(1)
        assert (red, format(red, "cube"), format(red, "cubes")) == ("rojo (■)", "roja (■)", "rojas (■)")
    finally:
        text.set_language("en")
        text.set_cube_code("letters")


@pytest.mark.parametrize(
    "value, says",
    [
        ({"m": "choisi"}, "key.acquire: needs the 'f' form too"),
        ({"spice": "Acheter"}, "key.acquire: needs the 'golem' form too"),
        ({"by": "n", "one": {"m": "a"}, "other": "b"}, "key.acquire.one: needs the 'f' form too"),
        ({"spice": "Acheter", "golem": 3}, "key.acquire.golem: must be text, not int"),
    ],
)
def test_a_table_of_forms_gives_every_form(french, value, says):
    raw = copy.deepcopy(french)
    raw["key"]["acquire"] = value
    with pytest.raises(text.TextDataError, match=says.replace(".", r"\.")):
        text.parse_language("zz", raw)


def test_gender_forms_need_a_language_whose_cubes_have_a_gender():
    with open(data_dir() / "lang" / "en.toml", "rb") as f:
        raw = tomllib.load(f)
    raw["key"]["acquire"] = {"m": "Acquire", "f": "Acquire"}
    with pytest.raises(text.TextDataError, match="key.acquire: chooses by the cube's gender, but skin.spice.cube_gender gives none"):
        text.parse_language("zz", raw)
    raw["skin"]["spice"]["cube_gender"] = "n"
    with pytest.raises(text.TextDataError, match="skin.spice.cube_gender: must be 'm' or 'f'"):
        text.parse_language("zz", raw)


def test_a_plural_form_inside_a_skin_form_is_checked_for_its_categories(french):
    raw = copy.deepcopy(french)
    raw["key"]["acquire"] = {"spice": {"by": "n", "other": "x"}, "golem": "y"}
    with pytest.raises(text.TextDataError, match="key.acquire: needs a 'one' form"):
        text.parse_language("zz", raw)
