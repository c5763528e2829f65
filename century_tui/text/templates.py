"""Filling a template: the current language's text for a key (else English's, else the key),
its form for the count it names, the cube's gender and the skin, elisions before a param
that starts with a vowel sound, the skin's nouns as params, words in the form a field asks
(`{tier:cubes}`), and cube counts read as letters."""

from __future__ import annotations

import unicodedata
from typing import Any

from century_tui.text.catalog import DEFAULT_LANGUAGE, FORMATTER, Language, Template, load_language, plural_rule
from century_tui.text.current import cube_glyphs, language, skin, words
from century_tui.text.forms import pick


def _lookup(key: str, code: str | None = None) -> tuple[Template, Language]:
    """The template for `key` and the language it is written in: the current language (or
    `code`), else English, else the key itself."""
    lang = load_language(code or language())
    got = lang.text.get(key)
    if got is None and lang.code != DEFAULT_LANGUAGE:
        lang = load_language(DEFAULT_LANGUAGE)
        got = lang.text.get(key)
    return (key if got is None else got), lang


def template(key: str) -> Template:
    """The template for `key`: the current language, else English, else the key itself."""
    return _lookup(key)[0]


def has(key: str) -> bool:
    return key in load_language(DEFAULT_LANGUAGE).text


def _is_cubes(value: object) -> bool:
    return type(value) is tuple and len(value) == 4 and all(type(x) is int for x in value)


def _value(name: str, params: dict[str, Any], code: str | None = None) -> Any:
    if name in params:
        return params[name]
    nouns = (words() if code is None else load_language(code).skins[skin()]).nouns()
    if name in nouns:
        return nouns[name]
    return "{" + name + "}"


def plural_category(count: object, locale: str | None = None) -> str:
    """The CLDR plural category of a count in the current (or given) language's locale:
    'one' for 1 in English, for 0 and 1 in French; cubes count as their total."""
    if _is_cubes(count):
        count = sum(count)  # type: ignore[arg-type]
    if type(count) is not int:
        return "other"
    return plural_rule(locale or load_language(language()).locale)(count)


def _form(found: Template, lang: Language, params: dict[str, Any]) -> str:
    """The string a template reads as now: its plural form for the number it is picked
    by, its form for the gender of the skin's cube noun and for the skin (`forms.pick`)."""
    if isinstance(found, str):
        return found
    skin_words = lang.skins[skin()]
    return pick(found, lambda by: plural_category(params.get(by), lang.locale), skin_words.cube_gender, skin())


_VOWEL_SOUNDS = set("aeiouhæœ")


def vowel_sound(value: str) -> bool:
    """The word begins with a vowel sound as elision hears it: a vowel (accented or not),
    a mute h (names: Hugo, Hélène), a y before a consonant (Yves, not Yann)."""
    word = value.lstrip()
    if not word:
        return False
    first = unicodedata.normalize("NFD", word[0].lower())[0]
    if first == "y":
        second = unicodedata.normalize("NFD", word[1:2].lower())[:1]
        return bool(second) and second not in "aeiouy"
    return first in _VOWEL_SOUNDS


def _elided(literal: str, value: object, elide: dict[str, str]) -> str:
    """`literal` with its last word elided when `value` begins with a vowel sound
    ("Main de " before "Ann" → "Main d'")."""
    if not elide or not literal.endswith(" "):
        return literal
    word = literal[:-1].rpartition(" ")[2]
    bare = word.lstrip("(«“\"'")
    short = elide.get(bare.lower())
    if short is None:
        return literal
    if not vowel_sound(str(value)):  # a rich Text too: its str is its plain text
        return literal
    if bare[:1].isupper():
        short = short[:1].upper() + short[1:]
    return literal[: len(literal) - len(bare) - 1] + short


def parts(key: str, /, **params: Any) -> list[object]:
    """`t(key, ...)` as pieces: literal strings and raw param values, in order.

    str/int params are formatted into strings; anything else (cube tuples, a renderer's
    styled text) is passed through for the caller to render. A plural template gives the
    form for its count; the language's elisions are made before each param.
    """
    return _parts(key, params)


def _parts(key: str, params: dict[str, Any], code: str | None = None) -> list[object]:
    out: list[object] = []
    found, lang = _lookup(key, code)
    for literal, name, spec, conv in FORMATTER.parse(_form(found, lang, params)):
        value = None if name is None else _value(name, params, code)
        if conv == "r":
            value = repr(value)
        elif conv == "s":
            value = str(value)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            value = format(value, spec or "")  # a Word in the form the spec names ({tier:cube})
        if literal:
            out.append(literal if name is None else _elided(literal, value, lang.elide))
        if name is not None:
            out.append(value)
    return out


def t(key: str, /, **params: Any) -> str:
    """The text for `key` in the current language and skin, with `params` filled in."""
    return _joined(_parts(key, params))


def english(key: str, /, **params: Any) -> str:
    """The text for `key` in English, whatever language is on show: the words a host sends
    beside a code, for a client of a version that does not know the code."""
    return _joined(_parts(key, params, DEFAULT_LANGUAGE))


def _joined(pieces: list[object]) -> str:
    out = []
    for piece in pieces:
        if isinstance(piece, str):
            out.append(piece)
        elif _is_cubes(piece):
            out.append(cube_letters(piece))
        else:
            out.append(str(piece))
    return "".join(out)


def cube_letters(cubes: tuple[int, int, int, int]) -> str:
    """'YYRG' for (2, 1, 1, 0) ('1123', '▲▲■◆' in the other cube codes); the 'none' word
    for no cubes."""
    letters = cube_glyphs()
    text = "".join(letters[tier] * n for tier, n in enumerate(cubes))
    return text or t("cubes.none")
