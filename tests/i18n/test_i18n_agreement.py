"""Every template that takes a count, a tier or a name, read with each value such a param
takes, in each skin: the words agree. A count says "1 épice", "2 épices" (French 0 too is
singular); a colour agrees with the cube it describes ("especias rojas"); an article, a
determiner or a participle with the cube's gender ("la única especia", "retirez-la");
French elides before a vowel sound ("d'Ann", "d'épice")."""

from __future__ import annotations

import re

import pytest

from century_tui import text
from century_tui.skins import SKINS

LANGUAGES = ["en", "fr", "es", "pt", "ja"]
COUNTS = ("count", "excess", "held", "chosen", "steps", "left", "max", "total", "limit", "missing", "times",
          "cost", "placed", "n", "number", "points", "trigger", "most", "fewest")
TIERS = ("tier", "other")
NAMES = ("name", "names", "last", "asking")
PEOPLE = ("Ann", "Bob", "Hugo", "Yann", "Ève")

GENDERED = {
    # determiners and adjectives that mark the gender, before the cube noun (a count between)
    "fr": {"m": ("un", "le", "aucun", "seul", "du"), "f": ("une", "la", "aucune", "seule")},
    "es": {"m": ("el", "los", "un", "unos", "ningún", "único", "todos"), "f": ("la", "las", "una", "unas", "ninguna", "única", "todas")},
    "pt": {"m": ("o", "os", "um", "nenhum", "único", "todos", "seu", "seus"), "f": ("a", "as", "uma", "nenhuma", "única", "todas", "sua", "suas")},
}
AFTER = {
    # words after the cube noun that agree with it: (m sg, f sg, m pl, f pl), each after
    # what must stand before it (a participle after être / ser, not after avoir: "vous en
    # avez choisi 3" agrees with nothing)
    "fr": [("déjà ", ("choisi", "choisie", "choisis", "choisies")), ("", ("retirez-le", "retirez-la", "retirez-en un", "retirez-en une"))],
    "es": [("", ("quítalo", "quítala", "quita uno", "quita una"))],
    "pt": [("(?:já|foi|foram) ", ("escolhido", "escolhida", "escolhidos", "escolhidas")), ("", ("tire-o", "tire-a", "tire um", "tire uma"))],
}


def variants(key: str, template: text.Template) -> list[dict]:
    """Params for `template`: each count param in turn 0, 1, 2, 11 (a held count that does
    not pick the form is over 10: a discard), each tier param each tier, each name param
    each test name; the others one plain value."""
    fields = text.fields_of(template) - set(text.words().nouns())
    picked = {c.by for c in text.choices(template) if isinstance(c, text.Plural)}
    base = {f: 3 if f in COUNTS else text.tier_name(1) if f in TIERS else "Bob" if f in NAMES else "X" for f in fields}
    if "held" in base and "held" not in picked:
        base["held"] = 11
    out = [base]
    for field in fields:
        if field in COUNTS and (field != "held" or "held" in picked):
            values = (0, 1, 2, 11)
        elif field in TIERS:
            values = tuple(text.tier_name(i) for i in range(4))
        elif field in NAMES:
            values = PEOPLE
        else:
            continue
        out += [{**base, field: value} for value in values]
    return out


def readings(code: str, skin: str):
    """(key, params, text) for every template read with every variant of its params."""
    text.set_language(code)
    text.set_skin(skin)
    try:
        lang = text.load_language(code)
        for key, template in lang.text.items():
            for params in variants(key, template):
                yield key, params, text.t(key, **params)
    finally:
        text.set_language("en")
        text.set_skin("spice")


def words_of(code: str, skin: str) -> text.SkinWords:
    return text.load_language(code).skins[skin]


def count_offences(code: str, skin: str, said: str) -> list[str]:
    """A number before a noun of the skin takes the noun's singular or plural as the
    language's plural rules say (French: "0 épice", "1 épice", "2 épices")."""
    w = words_of(code, skin)
    pairs = [(w.cube, w.cubes), (w.point_card, w.point_cards), (w.merchant_card, w.merchant_cards),
             (w.upper_coin, w.upper_coins), (w.lower_coin, w.lower_coins)]
    found = []
    for one, many in pairs:
        for m in re.finditer(rf"(?<![\d.,/×])\b(\d+) ({re.escape(one)}|{re.escape(many)})(?!\w)", said):
            want = one if text.plural_category(int(m.group(1)), text.load_language(code).locale) == "one" else many
            if m.group(2) != want:
                found.append(m.group())
    return found


def agreement_offences(code: str, skin: str, said: str) -> list[str]:
    """A colour after the cube noun agrees with it; a determiner before it and the words
    after it that agree (a participle, a pronoun) take its gender and number."""
    w = words_of(code, skin)
    found = []
    colours = set(w.tiers) | set(w.tiers_cube) | set(w.tiers_cubes)
    for noun, right in ((w.cube, w.tiers_cube), (w.cubes, w.tiers_cubes)):
        for m in re.finditer(rf"(?<!\w){re.escape(noun)} (?:que no sea |que não seja |non )?(\w+)", said):
            if m.group(1) in colours and m.group(1) not in right:
                found.append(m.group())
    if code in GENDERED:
        wrong = GENDERED[code]["m" if w.cube_gender == "f" else "f"]
        for noun in (w.cube, w.cubes):
            pattern = rf"(?<!\w)({'|'.join(wrong)}) (?:\d+ )?{re.escape(noun)}(?!\w)"
            found += [m.group() for m in re.finditer(pattern, said, re.IGNORECASE)]
        for lead, family in AFTER.get(code, []):
            m_sg, f_sg, m_pl, f_pl = family
            for noun, right in ((w.cube, f_sg if w.cube_gender == "f" else m_sg), (w.cubes, f_pl if w.cube_gender == "f" else m_pl)):
                at = re.search(rf"(?<!\w){re.escape(noun)}(?!\w)", said)
                if not at:
                    continue
                tail = said[at.end():]
                spots = ((re.search(rf"(?<![\w-]){lead}{re.escape(word)}(?![\w-])", tail), word) for word in family)
                nearest = min(((m.start(), word) for m, word in spots if m), default=None)
                if nearest and nearest[1] != right and not re.search(rf"(?<!\w){re.escape(w.cubes if noun == w.cube else w.cube)}(?!\w)", tail[: nearest[0]]):
                    found.append(f"{noun} … {nearest[1]}")
    return found


def elision_offences(said: str) -> list[str]:
    """French: de, que, le, la, ne, jusque lose their vowel before a vowel sound."""
    return [m.group() for m in re.finditer(r"(?<![\w'’-])(de|que|le|la|ne|jusque) (\w[\w-]*)", said, re.IGNORECASE)
            if text.vowel_sound(m.group(2))]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("skin", SKINS)
def test_every_template_agrees_with_every_value_its_params_take(code, skin):
    problems = []
    for key, params, said in readings(code, skin):
        assert "{" not in said.replace("{{", ""), (key, said)  # every field filled, every form there
        found = count_offences(code, skin, said)
        if code in GENDERED:
            found += agreement_offences(code, skin, said)
        if code == "fr":
            found += elision_offences(said)
        problems += [f"{key} {params}: {f!r} in {said!r}" for f in found]
    assert problems == []


@pytest.mark.parametrize(
    "code, skin, key, params, says",
    [
        ("fr", "spice", "modal.discard_enough", {"excess": 1}, "1 épice déjà choisie : retirez-la (←) d'abord."),
        ("fr", "golem", "modal.discard_enough", {"excess": 1}, "1 cristal déjà choisi : retirez-le (←) d'abord."),
        ("fr", "spice", "modal.discard_enough", {"excess": 2}, "2 épices déjà choisies : retirez-en une (←) d'abord."),
        ("fr", "spice", "results.note", {}, "Chaque épice non jaune vaut 1"),
        ("fr", "spice", "modal.discard_none_held", {"tier": 2}, "Vous n'avez pas d'épice verte à remettre."),
        ("fr", "golem", "modal.discard_none_held", {"tier": 2}, "Vous n'avez pas de cristal bleu à remettre."),
        ("es", "spice", "results.note", {}, "Cada especia que no sea amarilla vale 1"),
        ("es", "golem", "results.note", {}, "Cada cristal que no sea amarillo vale 1"),
        ("es", "spice", "modal.discard_all_chosen", {"tier": 1, "held": 2}, "Ya has elegido las 2 especias rojas que tienes."),
        ("es", "golem", "modal.discard_all_chosen", {"tier": 1, "held": 2}, "Ya has elegido los 2 cristales verdes que tienes."),
        ("es", "spice", "modal.discard_all_chosen", {"tier": 3, "held": 1}, "Ya has elegido la única especia marrón que tienes."),
        ("pt", "spice", "modal.discard_enough", {"excess": 1}, "1 especiaria já escolhida: tire-a (←) antes."),
        ("pt", "golem", "results.note", {}, "Cada cristal que não seja amarelo vale 1"),
        ("pt", "spice", "modal.discard_all_chosen", {"tier": 1, "held": 3}, "Você já escolheu todas as suas 3 especiarias vermelhas."),
    ],
)
def test_the_words_the_issue_found_wrong_now_agree(code, skin, key, params, says):
    text.set_language(code)
    text.set_skin(skin)
    try:
        filled = {k: text.tier_name(v) if k == "tier" else v for k, v in params.items()}
        assert says in text.t(key, **filled)
    finally:
        text.set_language("en")
        text.set_skin("spice")


def test_the_agreement_check_finds_what_it_is_for():
    """The checks catch the mistakes the issue found (they can fail)."""
    assert agreement_offences("es", "spice", "Cada especia que no sea amarillo vale 1") == ["especia que no sea amarillo"]
    assert agreement_offences("es", "spice", "Ya has elegido los 2 especias rojas") == ["los 2 especias"]
    assert agreement_offences("fr", "spice", "1 épice déjà choisi : retirez-le (←)") == ["épice … choisi", "épice … retirez-le"]
    assert agreement_offences("fr", "spice", "3 épices ; vous en avez choisi 2") == []
    assert agreement_offences("pt", "golem", "Seu único cristal verde já foi escolhida.") == ["cristal … escolhida"]
    assert count_offences("fr", "spice", "Remettre 1 épices") == ["1 épices"]
    assert count_offences("fr", "spice", "Remettre 0 épices") == ["0 épices"]
    assert count_offences("en", "spice", "Return 0 spice") == ["0 spice"]
    assert elision_offences("Main de Ann, que Ève, de Yann") == ["de Ann", "que Ève"]
