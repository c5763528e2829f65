"""Every word the player reads, looked up through one function: `t(key, **params)`.

Words live in `data/lang/<code>.toml`: English, French, Spanish, Portuguese and Japanese,
all with the same keys. Each file has a `[meta]` table, one `[skin.<name>]` table per skin holding the
skin's words (tier names and letters, coin names, card nouns), and any number of other
tables whose string values are templates, addressed by dotted keys: `[log] traded = ...`
is `t("log.traded", ...)`. The current language and skin are module state, set by the
app through `set_language` and `set_skin`; `resolve_language` picks the language
(`--lang`, then the saved setting, then LC_ALL/LC_MESSAGES/LANG, else English), and
`register_language` adds one from memory (the tests' marker language).

Templates use `str.format` fields. A template whose words follow a number is a table of
plural forms instead of a string: `{ by = "excess", one = "Return {excess} {cube}",
other = "Return {excess} {cubes}" }` picks the form for the `excess` param by the CLDR
plural rules of the file's `[meta] locale` (Babel's), a form not given falling back to
`other`. A file's `[meta] elide` maps the words its language elides before a vowel sound
(French `de` → `d'`): "Main de {name}" reads "Main d'Ann". Besides the caller's params,
every template may use the current skin's nouns (`{point_card}`, `{upper_coin}`, `{cubes}`, ...). A 4-tuple
param is a cube count and reads as letters (`YYR`), so callers pass cubes as data.
`parts()` gives the same text split into literal pieces and raw param values, for a
renderer that colours the cubes.

This module imports neither Textual nor rich, so the command line can use it.
"""

from __future__ import annotations

import os
import string
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from century_tui.resources import data_dir, read_toml
from century_tui.skins import DEFAULT_SKIN, SKINS

DEFAULT_LANGUAGE = "en"
_FORMATTER = string.Formatter()


class TextDataError(ValueError):
    """A language file is missing or broken; the message names the file and key."""


class SkinWords(BaseModel):
    """A skin's words in one language."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    title: str
    tiers: tuple[str, str, str, str]
    """Each tier's colour, as this language's edition names it."""
    tiers_short: tuple[str, str, str, str]
    """The same, written short as a player would ("yel", "turq."), for a tight legend."""
    letters: tuple[str, str, str, str]
    """Each tier's cube in the "letters" cube code: the colour's initial."""
    goods: tuple[str, str, str, str]
    """What each tier's cube stands for: turmeric, saffron... or the crystal of that colour."""
    upper_coin: str
    lower_coin: str
    upper_coins: str
    lower_coins: str
    upper_short: str
    lower_short: str
    cube: str
    cubes: str
    caravan: str
    point_card: str
    point_cards: str
    merchant_card: str
    merchant_cards: str
    point_row: str
    merchant_row: str
    upper_coins_title: str
    lower_coins_title: str
    cubes_title: str

    @field_validator("letters")
    @classmethod
    def _one_letter_each(cls, letters: tuple[str, ...]) -> tuple[str, ...]:
        if any(len(x) != 1 for x in letters):
            raise ValueError("each tier letter must be a single character")
        if len(set(letters)) != len(letters):
            raise ValueError("tier letters must differ from each other")
        return letters

    def nouns(self) -> dict[str, str]:
        """The words every template may use by name: {point_card}, {upper_coin}, {tier0}...

        The skin's own name is {skin_name}, so that {name} stays free for a player's name.
        """
        out = {k: v for k, v in self.model_dump().items() if isinstance(v, str) and k != "name"}
        out["skin_name"] = self.name
        out.update({f"tier{i}": name for i, name in enumerate(self.tiers)})
        return out


class Plural(BaseModel):
    """A template whose words follow a number: one form per CLDR plural category (`one`,
    `few`, `many`, ...; `other` always), picked by the number in the param named `by`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    by: str
    zero: str | None = None
    one: str | None = None
    two: str | None = None
    few: str | None = None
    many: str | None = None
    other: str

    def forms(self) -> dict[str, str]:
        """The forms given, by category."""
        return {k: v for k, v in self.model_dump(exclude={"by"}).items() if v is not None}

    def form(self, category: str) -> str:
        """The form for a category; `other` when the file gives none for it."""
        return getattr(self, category, None) or self.other


Template = str | Plural


class Language(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    code: str
    name: str
    locale: str
    """The CLDR locale whose plural rules the file's plural forms follow ("pt" is Brazil's)."""
    elide: dict[str, str] = {}
    """Words that lose their vowel before a param read with a vowel sound: {"de": "d'"}."""
    skins: dict[str, SkinWords]
    text: dict[str, Template]


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, Any], where: str) -> None:
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict) and "by" in value:  # one template's plural forms
            try:
                out[dotted] = Plural.model_validate(value)
            except ValidationError as e:
                first = e.errors()[0]
                field = ".".join(str(p) for p in first["loc"])
                raise TextDataError(f"{where}: {dotted}: {field}: {first['msg']}") from None
        elif isinstance(value, dict):
            _flatten(value, dotted + ".", out, where)
        elif isinstance(value, str):
            out[dotted] = value
        else:
            raise TextDataError(f"{where}: {dotted} must be text, not {type(value).__name__}")


def fields_of(template: Template) -> set[str]:
    """The param names a template uses (all its plural forms and the number that picks
    one); ValueError if it is not a valid template."""
    if isinstance(template, Plural):
        if not template.by.isidentifier():
            raise ValueError(f"by = {template.by!r} is not a plain name")
        return {template.by}.union(*(fields_of(form) for form in template.forms().values()))
    names = set()
    for _, name, spec, conv in _FORMATTER.parse(template):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(f"{{{name}}} is not a plain name")
        names.add(name)
    return names


@cache
def plural_rule(locale: str) -> Any:
    """Babel's CLDR plural rule for a locale: a callable from a number to its category.
    ValueError if Babel does not know the locale."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(locale).plural_form
    except (UnknownLocaleError, ValueError, TypeError) as e:
        raise ValueError(f"no plural rules for locale {locale!r}") from e


def needed_forms(locale: str) -> set[str]:
    """The plural categories a count in a game (0 to 100) can fall in, in this locale."""
    rule = plural_rule(locale)
    return {rule(n) for n in range(101)}


def parse_language(code: str, raw: dict[str, Any], where: str = "") -> Language:
    """Validate a language file's data; TextDataError names the faulty key."""
    where = where or f"language {code!r}"
    raw = dict(raw)
    meta = raw.pop("meta", None)
    skins = raw.pop("skin", None)
    if not isinstance(meta, dict) or not isinstance(skins, dict):
        raise TextDataError(f"{where}: needs a [meta] table and [skin.<name>] tables")
    text: dict[str, Any] = {}
    _flatten(raw, "", text, where)
    try:
        lang = Language.model_validate({
            "code": code, "name": meta.get("name"), "locale": meta.get("locale"),
            "elide": meta.get("elide", {}), "skins": skins, "text": text,
        })
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]).replace("skins.", "skin.", 1)
        if loc.startswith(("locale", "elide")):
            loc = f"meta.{loc}"
        raise TextDataError(f"{where}: {loc}: {first['msg'].removeprefix('Value error, ')}") from None
    missing = [s for s in SKINS if s not in lang.skins]
    if missing:
        raise TextDataError(f"{where}: no [skin.{missing[0]}] table")
    nouns = set(next(iter(lang.skins.values())).nouns())
    try:
        needed = needed_forms(lang.locale)
    except ValueError as e:
        raise TextDataError(f"{where}: meta.locale: {e}") from None
    for key, template in lang.text.items():
        try:
            fields_of(template)
        except ValueError as e:
            raise TextDataError(f"{where}: {key}: {e}") from None
        if isinstance(template, Plural):
            _check_forms(key, template, needed, f"{where}: {key}")
    _check_errors(lang, where, nouns)
    return lang


def _check_forms(key: str, plural: Plural, needed: set[str], where: str) -> None:
    """A plural table gives a form for each category a game's counts reach in its locale
    (French: one, other), and none its locale does not have."""
    given = set(plural.forms())
    extra = given - needed - {"other"}
    if extra:
        raise TextDataError(f"{where}: no count in a game is '{sorted(extra)[0]}' in this language (forms: {', '.join(sorted(needed))})")
    missing = needed - given
    if missing:
        raise TextDataError(f"{where}: needs a '{sorted(missing)[0]}' form (forms: {', '.join(sorted(needed))})")


def _check_errors(lang: Language, where: str, nouns: set[str]) -> None:
    """Every engine refusal code has a template using only the params the engine gives."""
    from century_tui.engine.errors import REASONS

    for code, english in REASONS.items():
        template = lang.text.get(f"error.{code}")
        if template is None:
            raise TextDataError(f"{where}: error.{code} is missing")
        extra = fields_of(template) - fields_of(english) - nouns
        if extra:
            raise TextDataError(f"{where}: error.{code} uses {{{sorted(extra)[0]}}}, which the engine does not give")


_registered: dict[str, Language] = {}


def register_language(code: str, raw: dict[str, Any]) -> Language:
    """Add a language from data in memory, validated like a file (a test's marker language)."""
    lang = parse_language(code, raw)
    _registered[code] = lang
    return lang


def unregister_language(code: str) -> None:
    """Forget a language added by `register_language` (files are never forgotten)."""
    _registered.pop(code, None)


def load_language(code: str) -> Language:
    """The language `code` (registered, else data/lang); TextDataError if missing or broken."""
    got = _registered.get(code)
    return got if got is not None else _load_file(code)


@cache
def _load_file(code: str) -> Language:
    path = data_dir() / "lang" / f"{code}.toml"
    raw = read_toml(path, TextDataError, "language file ")
    return parse_language(code, raw, str(path))


def languages() -> list[str]:
    """Codes of the languages there are: the files in data/lang and any registered."""
    return sorted({p.stem for p in (data_dir() / "lang").glob("*.toml")} | set(_registered))


def language_name(code: str) -> str:
    """A language's own name for itself ("Français"), from its [meta] table."""
    return load_language(code).name


def language_from_env(environ: Any = None) -> str | None:
    """The language the environment asks for, if we have it: the first of LC_ALL,
    LC_MESSAGES, LANG that is set decides ("fr_FR.UTF-8" → "fr", "C"/"POSIX" → None)."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in languages() else None
    return None


def resolve_language(cli: str | None = None, setting: str | None = None, environ: Any = None) -> str:
    """The language to show: `--lang`, else the saved setting, else the environment, else
    English. A code that is not a language there is is passed over."""
    have = languages()
    for code in (cli, setting):
        if code and code in have:
            return code
    return language_from_env(environ) or DEFAULT_LANGUAGE


# ------------------------------------------------------------- module state
CUBE_CODES = ("letters", "digits", "shapes")
"""How a cube reads: its colour's letter in this language and skin (the default), or the
same glyph per tier in every skin and language: its tier 1–4, or a shape."""
_DIGITS = ("1", "2", "3", "4")
_SHAPES = ("▲", "■", "◆", "★")
"""One shape per tier, told apart without colour and from the coins (● ○): a triangle, a
square, a diamond, a star, each worth more than the last."""

_state = {"language": DEFAULT_LANGUAGE, "skin": DEFAULT_SKIN, "cube_code": CUBE_CODES[0]}


def set_language(code: str) -> None:
    load_language(code)  # validate before switching
    _state["language"] = code


def set_skin(name: str) -> None:
    if name not in SKINS:
        raise ValueError(f"unknown skin {name!r}")
    _state["skin"] = name


def set_cube_code(code: str) -> None:
    if code not in CUBE_CODES:
        raise ValueError(f"unknown cube code {code!r}")
    _state["cube_code"] = code


def cube_code() -> str:
    return _state["cube_code"]


def cube_glyphs() -> tuple[str, str, str, str]:
    """What each tier's cube shows in the current cube code, cheapest first."""
    code = _state["cube_code"]
    if code == "digits":
        return _DIGITS
    if code == "shapes":
        return _SHAPES
    return words().letters


def language() -> str:
    return _state["language"]


def skin() -> str:
    return _state["skin"]


def words(skin_name: str | None = None) -> SkinWords:
    """The current (or named) skin's words in the current language."""
    return load_language(_state["language"]).skins[skin_name or _state["skin"]]


# ------------------------------------------------------------------ lookup
def _lookup(key: str) -> tuple[Template, Language]:
    """The template for `key` and the language it is written in: the current language,
    else English, else the key itself."""
    lang = load_language(_state["language"])
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


def _value(name: str, params: dict[str, Any]) -> Any:
    if name in params:
        return params[name]
    nouns = words().nouns()
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
    return plural_rule(locale or load_language(_state["language"]).locale)(count)


def _form(found: Template, lang: Language, params: dict[str, Any]) -> str:
    """A plural template's form for the number it is picked by; a string as it is."""
    if isinstance(found, str):
        return found
    return found.form(plural_category(params.get(found.by), lang.locale))


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
    plain = getattr(value, "plain", None)
    shown = plain if isinstance(plain, str) else value if isinstance(value, str) else str(value)
    if not vowel_sound(shown):
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
    out: list[object] = []
    found, lang = _lookup(key)
    for literal, name, spec, conv in _FORMATTER.parse(_form(found, lang, params)):
        value = None if name is None else _value(name, params)
        if literal:
            out.append(literal if name is None else _elided(literal, value, lang.elide))
        if name is None:
            continue
        if conv == "r":
            value = repr(value)
        elif conv == "s":
            value = str(value)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out.append(format(value, spec or ""))
        else:
            out.append(value)
    return out


@dataclass(frozen=True, slots=True)
class MerchantRef:
    """A merchant card as a template param: reads as its effect ('YY→G')."""

    card: int

    def __str__(self) -> str:
        return merchant_text(self.card)


@dataclass(frozen=True, slots=True)
class TierSeq:
    """Single cubes in order, as a template param (an acquire payment): 'YRY'."""

    tiers: tuple[int, ...]

    def __str__(self) -> str:
        return "".join(tier_letter(x) for x in self.tiers)


@dataclass(frozen=True, slots=True)
class Steps:
    """Upgrade steps (tiers raised) as a template param: 'Y→R, R→G'."""

    steps: tuple[int, ...]

    def __str__(self) -> str:
        return t("log.step_sep").join(
            t("log.upgrade_step", before=tier_letter(s), after=tier_letter(s + 1)) for s in self.steps
        )


@dataclass(frozen=True, slots=True)
class Names:
    """Player names as a template param, joined the language's way: 'Ann, Bob' / 'Ann、Bob'."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return t("log.name_sep").join(self.names)


@dataclass(frozen=True, slots=True)
class Coin:
    """A coin as a template param: reads as its name in the current skin."""

    upper: bool

    def __str__(self) -> str:
        return coin_name(self.upper)


def t(key: str, /, **params: Any) -> str:
    """The text for `key` in the current language and skin, with `params` filled in."""
    out = []
    for piece in parts(key, **params):
        if isinstance(piece, str):
            out.append(piece)
        elif _is_cubes(piece):
            out.append(cube_letters(piece))
        else:
            out.append(str(piece))
    return "".join(out)


# ------------------------------------------------------------ game words
def tier_name(tier: int) -> str:
    return words().tiers[tier]


def tier_letter(tier: int) -> str:
    """The glyph of a tier's cube in the current cube code: Y, 1 or ▲."""
    return cube_glyphs()[tier]


def good_name(tier: int) -> str:
    return words().goods[tier]


def cube_letters(cubes: tuple[int, int, int, int]) -> str:
    """'YYRG' for (2, 1, 1, 0) ('1123', '▲▲■◆' in the other cube codes); the 'none' word
    for no cubes."""
    letters = cube_glyphs()
    text = "".join(letters[tier] * n for tier, n in enumerate(cubes))
    return text or t("cubes.none")


def bot_name(level: str, n: int | None = None, code: str | None = None) -> str:
    """The name the game gives a bot seat left unnamed: "Medium bot", or "Medium bot 2", in
    the current language (or `code`'s). The name starts with a capital, not the level:
    "Bot moyen", not "Bot Moyen"."""
    lang = load_language(code or _state["language"])
    key = "newgame.bot_name" if n is None else "newgame.bot_name_n"
    name = str(lang.text[key]).format(level=lang.text[f"level.{level}"], n=n)
    return name[:1].upper() + name[1:]


def default_names(n: int) -> set[str]:
    """The name the new-game form gives person seat `n`, in every language, casefolded:
    "player 3", "joueur 3"..."""
    return {str(load_language(code).text["newgame.default_name"]).format(n=n).casefold() for code in languages()}


def given_names(n: int) -> set[str]:
    """Every name the game gives seat `n` by itself, in every language, casefolded:
    "Player 3", and every bot's ("Medium bot", "Medium bot 2")."""
    from century_tui.bots import LEVELS
    from century_tui.engine.state import MAX_PLAYERS

    out = default_names(n)
    for code in languages():
        for level in LEVELS:
            for k in (None, *range(2, MAX_PLAYERS + 2)):
                out.add(bot_name(level, k, code).casefold())
    return out


def coin_name(upper: bool, count: int = 1) -> str:
    w = words()
    if count == 1:
        return w.upper_coin if upper else w.lower_coin
    return w.upper_coins if upper else w.lower_coins


def merchant_text(card: int) -> str:
    """A merchant card's effect in words: '+YY', 'Upgrade 2', 'YY→G'."""
    from century_tui.engine.cards import MERCHANT_CARDS

    c = MERCHANT_CARDS[card]
    if c.kind == "spice":
        return t("card.spice", gain=c.gain)
    if c.kind == "upgrade":
        return t("card.upgrade", steps=c.steps)
    return t("card.trade", pay=c.pay, gain=c.gain)


def point_text(card: int) -> str:
    from century_tui.engine.cards import POINT_CARDS

    c = POINT_CARDS[card]
    return t("card.point", cost=c.cost, points=c.points)


def card_from_code(code: object) -> str:
    """A card code from the engine ('M12', 'P07', 'S01') as the player sees the card."""
    from century_tui.engine.cards import CODES

    if isinstance(code, str) and code in CODES:
        return point_text(CODES[code]) if code.startswith("P") else merchant_text(CODES[code])
    return str(code)


def error_params(code: str, params: dict[str, Any]) -> dict[str, Any]:
    """An IllegalMove's params made readable: tiers by name, cards by effect, kinds in words.

    Cube counts stay tuples so a renderer can colour them (`t` shows them as letters).
    """
    out: dict[str, Any] = {}
    for name, value in params.items():
        if name == "tier" and type(value) is int and 0 <= value < 4:
            value = tier_name(value)
        elif name == "card":
            value = card_from_code(value)
        elif name == "kind" and isinstance(value, str):
            value = t(f"kind.{value}")
        elif name == "problem" and isinstance(value, str):  # what is wrong in a save file
            value = t(f"save_problem.{value}")
        elif hasattr(value, "code") and hasattr(value, "params"):  # a refusal inside an error
            value = error_text(value)
        out[name] = value
    return out


def error_text(error: Any) -> str:
    """An engine refusal (IllegalMove) or a save file refused (SaveError), in the current
    language and skin: each carries a code of its table (`error`, `save_error`) and params."""
    table = getattr(error, "table", "error")
    return t(f"{table}.{error.code}", **error_params(error.code, error.params))
