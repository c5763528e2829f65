"""Each language's glossary (`[glossary]` in data/lang/<code>.toml) names every game concept
once, as that language's printed rules do, per edition where they differ; every template
of the language, read in each skin, uses those names and none of a concept's other
spellings."""

from __future__ import annotations

import copy
import re
from dataclasses import asdict
import tomllib

import pytest

from century_tui import text
from century_tui.resources import data_dir
from century_tui.skins import SKINS

LANGUAGES = ["en", "fr", "es", "pt", "ja"]
CONCEPTS = {
    "game", "edition", "editions", "card", "point_card", "merchant_card", "row", "hand", "caravan", "cube",
    *(f"tier{i}" for i in range(4)), *(f"good{i}" for i in range(4)), "coin", "upper_coin", "lower_coin",
    "play", "acquire", "rest", "claim", "trade", "upgrade", "deck", "seat", "log", "replay", "player", "turn",
    "round", "bot", "random", "easy", "medium", "hard", "hint", "review",
}
"""What every glossary names: the cards, rows, caravan, each good and crystal, coins, each
action, the deck, a seat, the log, a replay, the bot levels, and the words around them."""

SKIN_WORD = {"point_card": "point_card", "merchant_card": "merchant_card", "caravan": "caravan", "cube": "cube",
             "coin": "coins", "upper_coin": "upper_coin", "lower_coin": "lower_coin", "acquire": "acquire",
             "claim": "claim", "rest": "rest", **{f"tier{i}": f"tiers.{i}" for i in range(4)},
             **{f"good{i}": f"goods.{i}" for i in range(4)}}
"""A skin word that is a concept's name in that edition."""
LABELS = {"play": ["key.play"], "trade": ["modal.trade_title"], "upgrade": ["card.upgrade"], "deck": ["card.deck"],
          "log": ["board.log", "key.jump_log"], "edition": ["key.skin", "newgame.skin"], "hint": ["key.coach"],
          "review": ["key.review", "review.title"], "acquire": ["key.acquire"], "claim": ["key.claim"],
          "rest": ["key.rest", "board.rest_button"], "seat": ["newgame.seat", "cli.sim_seat"],
          **{level: [f"level.{level}"] for level in ("random", "easy", "medium", "hard")}}
"""Labels that hold a concept's name (a key in the key bar, a column, a title)."""


def glossary(code: str) -> dict[str, text.Concept]:
    return text.load_language(code).glossary


def spelled(form: str) -> re.Pattern:
    """A spelling as it may stand in a template: a whole word (or words) in any case; in
    a script without spaces between words (Japanese), anywhere."""
    if any(ord(ch) >= 0x2E80 for ch in form):
        return re.compile(re.escape(form))
    return re.compile(r"(?<!\w)" + re.escape(form).replace(r"\ ", r"\s+") + r"(?!\w)", re.IGNORECASE)


def readings(lang: text.Language, skin: str) -> dict[str, str]:
    """Every template of `lang` as `skin` reads it: each form it may take there (the other
    skins' forms are theirs), the skin's words in place of its nouns, other params blank."""
    words = lang.skins[skin]
    nouns = words.nouns()
    out = {}

    def leaves(template, where):
        if isinstance(template, str):
            yield where, template
        elif isinstance(template, text.BySkin):
            yield from leaves(template.skins[skin], where)
        else:
            for name, form in template.forms().items():
                yield from leaves(form, f"{where}[{name}]")

    for key, template in lang.text.items():
        for where, leaf in leaves(template, key):
            pieces = []
            for literal, name, spec, _conv in text.FORMATTER.parse(leaf):
                pieces.append(literal)
                if name is not None:
                    pieces.append(format(nouns[name], spec) if name in nouns else " ¶ ")
            said = "".join(pieces)
            if key.startswith("cli_help.skin"):  # "--skin spice or golem": the skins' codes, not words
                said = re.sub(r"\b(" + "|".join(SKINS) + r")\b", "¶", said)
            out[where] = said
    for field, value in asdict(words).items():
        for i, item in enumerate(value if isinstance(value, tuple) else (value,)):
            out[f"skin.{skin}.{field}.{i}"] = item
    return out


def offences(lang: text.Language, skin: str) -> list[str]:
    """Where a template read in `skin` spells a concept the way the glossary refuses
    (a spelling inside a longer word this edition uses, "Spice Road" in golem, is fine)."""
    refused = text.refused(lang.glossary, skin)
    accepted = set().union(*(c.accepted(skin) for c in lang.glossary.values()))
    found = []
    for where, said in readings(lang, skin).items():
        covered = [m.span() for form in accepted for m in spelled(form).finditer(said)]
        for form in refused:
            for m in spelled(form).finditer(said):
                if not any(a <= m.start() and m.end() <= b and (b - a) > (m.end() - m.start()) for a, b in covered):
                    found.append(f"{where}: “{m.group()}” in “{said.strip()[:90]}”")
    return sorted(found)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_names_every_concept(code):
    assert set(glossary(code)) == CONCEPTS


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("skin", SKINS)
def test_no_template_uses_a_spelling_the_glossary_refuses(code, skin):
    assert offences(text.load_language(code), skin) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refused_spelling_is_no_concept_s_word(code):
    """A spelling refused for one concept and used for another would be let through."""
    concepts = glossary(code)
    for skin in SKINS:
        accepted = set().union(*(c.accepted(skin) for c in concepts.values()))
        for name, concept in concepts.items():
            assert not {w.casefold() for w in concept.refuse} & accepted, (name, skin)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("skin", SKINS)
def test_the_skin_s_words_and_labels_are_the_glossary_s_names(code, skin):
    """One name per concept: what the skin table calls a thing, and the labels that name
    it (keys, titles), are the glossary's name for it in that edition."""
    lang = text.load_language(code)
    words = lang.skins[skin]
    for concept, field in SKIN_WORD.items():
        name, _, index = field.partition(".")
        value = getattr(words, name)[int(index)] if index else getattr(words, name)
        assert value.casefold() == lang.glossary[concept].name(skin).casefold(), (concept, value)
    text.set_language(code)
    text.set_skin(skin)
    try:
        for concept, keys in LABELS.items():
            name = lang.glossary[concept].name(skin).casefold()
            for key in keys:
                label = text.t(key)
                assert name in label.casefold(), (concept, key, label)
    finally:
        text.set_language("en")
        text.set_skin("spice")


def test_the_check_refuses_a_wrong_spelling_and_another_edition_s_word():
    """The check can fail: French "pile" for the deck, and in Golem the Spice sheet's
    "Acheter" (Golem's is "Acquérir"), and "pièces" where Golem's coins are jetons."""
    with open(data_dir() / "lang" / "fr.toml", "rb") as f:
        raw = tomllib.load(f)
    wrong = copy.deepcopy(raw)
    wrong["card"]["deck"] = "pile"
    wrong["hint"]["nothing"] = "Acheter une carte, ou des pièces"
    lang = text.parse_language("zz", wrong)
    spice, golem = offences(lang, "spice"), offences(lang, "golem")
    assert any(o.startswith("card.deck: “pile”") for o in spice) and any(o.startswith("card.deck: “pile”") for o in golem)
    assert any(o.startswith("hint.nothing: “Acheter”") for o in golem)
    assert any(o.startswith("hint.nothing: “pièces”") for o in golem)
    assert not any(o.startswith("hint.nothing") for o in spice)  # the Spice sheet's words
    assert offences(text.parse_language("zz", raw), "golem") == []


@pytest.mark.parametrize(
    "raw, says",
    [
        ({"words": "pioche"}, "glossary.deck: words must be a list of words"),
        ({"spice": ["Acheter"]}, "glossary.deck: names the concept in spice but not in every skin"),
        ({"refuse": ["pile"]}, "glossary.deck: names nothing"),
        ({"words": ["pioche"], "golems": ["x"]}, "glossary.deck: 'golems' is neither words, refuse nor a skin"),
    ],
)
def test_a_glossary_entry_is_checked(raw, says):
    with open(data_dir() / "lang" / "fr.toml", "rb") as f:
        data = tomllib.load(f)
    data["glossary"]["deck"] = raw
    with pytest.raises(text.TextDataError, match=re.escape(says)):
        text.parse_language("zz", data)
