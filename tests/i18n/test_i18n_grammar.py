"""Grammar the templates get right in every language: plurals by each language's CLDR
rules (Babel's), French elision, words written out the way a native player would."""

from __future__ import annotations

import re
import tomllib

import pytest

from century_tui import text
from century_tui.resources import data_dir
from century_tui.skins import SKINS
from tests.helpers.words import say

LANGUAGES = ["en", "fr", "es", "pt", "ja"]
PLURAL_NOUNS = ("cubes", "point_cards", "merchant_cards", "upper_coins", "lower_coins")


def raw_english() -> dict:
    with open(data_dir() / "lang" / "en.toml", "rb") as f:
        return tomllib.load(f)


# ---------------------------------------------------------------- plurals
@pytest.mark.parametrize(
    "code, skin, count, want",
    [
        ("en", "spice", 1, "Return 1 spice"),
        ("en", "spice", 2, "Return 2 spices"),
        ("en", "golem", 1, "Return 1 crystal"),
        ("en", "golem", 3, "Return 3 crystals"),
        ("fr", "spice", 1, "Remettre 1 épice"),
        ("fr", "golem", 1, "Remettre 1 cristal"),
        ("fr", "golem", 2, "Remettre 2 cristaux"),
        ("es", "golem", 1, "Devolver 1 cristal"),
        ("es", "golem", 4, "Devolver 4 cristales"),
        ("pt", "spice", 1, "Devolver 1 especiaria"),
        ("pt", "golem", 2, "Devolver 2 cristais"),
        ("ja", "golem", 1, "クリスタルを1個戻す"),
        ("ja", "golem", 5, "クリスタルを5個戻す"),
    ],
)
def test_a_count_takes_the_noun_in_its_plural_form(code, skin, count, want):
    assert say(code, "modal.discard_title", skin, excess=count) == want


def test_the_plural_category_is_each_languages_own():
    """French and Brazilian Portuguese say "0 épice" (0 takes the singular), English and
    Spanish "0 spices"; Japanese has one form. The rules are CLDR's, through Babel."""
    assert [text.plural_category(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [text.plural_category(n, "fr") for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [text.plural_category(n, "pt") for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [text.plural_category(n, "es") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert {text.plural_category(n, "ja") for n in range(5)} == {"other"}
    assert text.plural_category((1, 0, 0, 0), "en") == "one"  # cubes count as their total
    assert say("fr", "log.discard_required", name="Ann", excess=0) == "Ann doit remettre 0 épice."
    assert say("es", "modal.upgrade_left", left=1, steps=2) == "Queda 1 de 2"
    assert say("es", "modal.upgrade_left", left=0, steps=2) == "Quedan 0 de 2"


@pytest.mark.parametrize(
    "key, params, singular",
    [
        ("log.discard_required", {"name": "Ann", "excess": 1}, {"en": "1 spice.", "fr": "1 épice.", "es": "1 especia.", "pt": "1 especiaria."}),
        ("error.discard_count", {"excess": 1, "chosen": 2}, {"en": "1 spice to", "fr": "1 épice pour", "es": "1 especia para", "pt": "1 especiaria para"}),
        ("error.slot_cost", {"slot": 2, "cost": 1, "held": 0}, {"en": "costs 1 spice", "fr": "coûte 1 épice", "es": "cuesta 1 especia", "pt": "custa 1 especiaria"}),
        ("error.payment_count", {"slot": 2, "cost": 1, "placed": 0}, {"en": "on the card to its left", "fr": "sur la carte à sa gauche", "es": "en la carta a su izquierda", "pt": "na carta à esquerda"}),
        ("error.too_many_steps", {"limit": 1, "chosen": 2}, {"en": "1 upgrade step;", "fr": "1 amélioration ;", "es": "1 conversión;", "pt": "1 aprimoramento;"}),
        ("modal.upgrade_title", {"steps": 1}, {"en": "1 step", "fr": "1 niveau", "es": "1 nivel", "pt": "1 nível"}),
        ("results.winner", {"name": "Ann", "total": 1}, {"en": "1 point!", "fr": "1 point !", "es": "1 punto!", "pt": "1 ponto!"}),
        ("log.game_over", {"name": "Ann", "total": 1}, {"en": "1 point.", "fr": "1 point.", "es": "1 punto.", "pt": "1 ponto."}),
    ],
)
def test_every_message_that_counts_says_one_in_the_singular(key, params, singular):
    for code, want in singular.items():
        said = say(code, key, **params)
        assert re.search(re.escape(want) + r"(?!\w)", said), (code, said)  # "1 spice", not "1 spices"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_count_before_a_plural_noun_is_always_a_plural_table(code):
    """"{excess} {cubes}" in a plain string would read "1 spices": a template that puts a
    number param right before a plural noun must give the forms of its language."""
    lang = text.load_language(code)
    if text.needed_forms(lang.locale) == {"other"}:
        return  # Japanese: one form for every count
    counted = re.compile(r"\{(\w+)\} \{(" + "|".join(PLURAL_NOUNS) + r")\}")
    offenders = []
    for key, template in lang.text.items():
        for number, _noun in counted.findall(template if isinstance(template, str) else ""):
            if number != "held":  # what a caravan holds before a discard: over 10, always
                offenders.append(key)
    assert offenders == []


def test_plural_tables_are_validated_like_every_template():
    raw = raw_english()
    raw["modal"]["discard_title"] = {"by": "excess", "other": "Return {excess} {cubes}"}
    with pytest.raises(text.TextDataError, match="modal.discard_title: needs a 'one' form"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["modal"]["discard_title"] = {"by": "excess", "one": "a", "few": "b", "other": "c"}
    with pytest.raises(text.TextDataError, match="modal.discard_title: .*'few'"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["modal"]["discard_title"] = {"by": "excess", "one": "{excess.x}", "other": "c"}
    with pytest.raises(text.TextDataError, match="modal.discard_title"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["modal"]["discard_title"] = {"by": "excess", "one": "a", "other": "c", "dual": "d"}
    with pytest.raises(text.TextDataError, match="discard_title"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["meta"]["locale"] = "qq-nowhere"
    with pytest.raises(text.TextDataError, match="meta.locale"):
        text.parse_language("xx", raw)
    raw = raw_english()
    del raw["meta"]["locale"]
    with pytest.raises(text.TextDataError, match="meta.locale"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["modal"]["discard_title"] = "Return {excess} {cubes}"  # a plain string is one form for all
    assert text.parse_language("xx", raw).text["modal.discard_title"] == "Return {excess} {cubes}"


# ---------------------------------------------------------------- elision
@pytest.mark.parametrize(
    "name, want",
    [
        ("Ann", "Main d'Ann"),
        ("Ève", "Main d'Ève"),
        ("Hugo", "Main d'Hugo"),
        ("Yves", "Main d'Yves"),
        ("Yann", "Main de Yann"),
        ("Bob", "Main de Bob"),
        ("Bot moyen", "Main de Bot moyen"),
    ],
)
def test_french_elides_before_a_vowel_sound(name, want):
    assert say("fr", "board.hand_title", name=name) == want


def test_french_elides_before_a_styled_name_by_its_letters():
    """A renderer hands some names as rich Text (a seat's colour): its plain text decides."""
    from rich.text import Text

    assert say("fr", "board.hand_title", name=Text("Ève", style="bold")) == "Main d'Ève"
    assert say("fr", "board.hand_title", name=Text("Bob", style="bold")) == "Main de Bob"


def test_french_elision_everywhere_a_name_follows_de_or_que():
    assert say("fr", "confirm_undo.title", name="Ann") == "Reprendre le coup d'Ann ?"
    assert say("fr", "confirm_undo.body_any", name="Ann") == "Ne reprenez le coup d'Ann que si Ann est d’accord."
    assert say("fr", "confirm_undo.body_any", name="Bob") == "Ne reprenez le coup de Bob que si Bob est d’accord."


CONTRACTIONS = {
    "es": re.compile(r"\b(de|a) $"), "pt": re.compile(r"\b(de|em|por|a) $", re.IGNORECASE),
}
ARTICLES = {"es": re.compile(r"^el\b", re.IGNORECASE), "pt": re.compile(r"^(o|a|os|as)\b", re.IGNORECASE)}


@pytest.mark.parametrize("code", ["es", "pt"])
def test_spanish_and_portuguese_never_put_a_contracting_word_before_an_article(code):
    """"de" + "el" is "del" (Portuguese "de o" → "do", "em a" → "na"): no template puts
    such a word right before a param that begins with an article (skin names, nouns,
    tier names); names take no article: "Mano de Ann"."""
    lang = text.load_language(code)
    assert lang.elide == {}
    for skin in SKINS:
        text.set_language(code)
        text.set_skin(skin)
        values = {**text.words().nouns(), "skin": text.words().name, "tier": text.tier_name(3)}
        for key in lang.text:
            pieces = text.parts(key, **{k: v for k, v in values.items()})
            for before, after in zip(pieces, pieces[1:]):
                if isinstance(before, str) and isinstance(after, str) and CONTRACTIONS[code].search(before):
                    assert not ARTICLES[code].search(after), (key, before + after)
    text.set_language("en")
    text.set_skin("spice")


# ---------------------------------------------------------------- words written out
@pytest.mark.parametrize(
    "code, full, short",
    [
        ("en", "Upgrade 2", "Upgrade 2"),
        ("fr", "Amélioration 2", "Amél. 2"),
        ("es", "Conversión 2", "Conv. 2"),
        ("pt", "Aprimoramento 2", "Aprim. 2"),
        ("ja", "価値上昇2", "価値上昇2"),
    ],
)
def test_an_upgrade_card_is_written_out_where_it_fits_and_abbreviated_properly_where_not(code, full, short):
    """The log, modals and the card list write the card out; a card slot 9 cells wide
    (80 columns) takes the short form, cut after a consonant with a period ("Amél."), as
    French and Portuguese abbreviate, never a clipped "Amélio."."""
    from century_tui.engine import MERCHANT_CARDS
    from century_tui.tui import render

    card = next(c for c in range(len(MERCHANT_CARDS)) if MERCHANT_CARDS[c].kind == "upgrade" and MERCHANT_CARDS[c].steps == 2)
    text.set_language(code)
    try:
        assert render.merchant_effect(card).plain == full
        assert text.merchant_text(card) == full
        assert render.merchant_effect(card, fit=9).plain == short
        assert render.merchant_effect(card, fit=len(full) + 1).plain == full
    finally:
        text.set_language("en")


@pytest.mark.parametrize(
    "code, left, right, wrong",
    [
        ("en", "left of its arrow", "on its right", "above the arrow"),
        ("fr", "à gauche de sa flèche", "à droite", "au-dessus de la flèche"),
        ("es", "a la izquierda de su flecha", "a la derecha", "sobre la flecha"),
        ("pt", "à esquerda da seta", "à direita", "acima da seta"),
        ("ja", "矢印の左", "右の組み合わせ", "矢印の上"),
    ],
)
def test_help_reads_a_trade_card_as_it_is_drawn_left_to_right(code, left, right, wrong):
    """Trade cards show "YY→G" on one line: what you pay left of the arrow, what you get
    right of it (the printed cards' above/below is not what the screen shows)."""
    rules = say(code, "help.rules", trigger=6)
    assert left in rules and right in rules and wrong not in rules


@pytest.mark.parametrize("code, holds", [("fr", "vous avez : rien"), ("es", "tienes: nada"), ("pt", "você tem: nada")])
def test_a_refusal_that_names_an_empty_caravan_reads_as_a_sentence(code, holds):
    """"tienes nada" is not Spanish ("no tienes nada" is), nor "vous avez rien" French: the
    refusals that name what the player holds list it after a colon, where "nothing" reads."""
    empty, two = (0, 0, 0, 0), (2, 0, 0, 0)
    for key, params in (("error.claim_cost", {"card": "P1", "cost": two}), ("error.payment_missing", {"cubes": two}),
                        ("error.discard_missing", {"cubes": two}), ("error.trade_unaffordable", {"times": 2, "need": two})):
        assert holds in say(code, key, held=empty, **params), key
