"""The language files, `data/lang/<code>.toml`: what one holds (a `[meta]` table, one
`[skin.<name>]` table of each skin's words, a `[glossary]` of the game's concepts, and tables
of templates under dotted keys, each a string or a table of forms: `text.forms`), the
checks that make every file hold the same keys with the same fields, and which language is
read: registered ones (the tests' marker language) first, then the files. Which languages
there are, each named in itself, is `data/lang/index.toml`: listing them reads no language
file, and a file is read and checked only when its language is shown."""

from __future__ import annotations

import os
import string
from dataclasses import asdict, dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, Callable, Mapping

from century_tui.resources import Check, DataFault, Strict, check, data_dir, read_data, read_toml
from century_tui.skins import SKINS
from century_tui.text.forms import GENDERS, ByGender, BySkin, FormError, Plural, Template, Word, build, choice_shape, choices
from century_tui.text.glossary import Concept, concept_data, shipped_glossary

DEFAULT_LANGUAGE = "en"
FORMATTER = string.Formatter()
"""Splits a template into its literal text and its `{fields}`."""


class TextDataError(ValueError):
    """A language file is missing or broken; the message names the file and key."""


def _one_letter_each(letters: tuple[str, ...]) -> tuple[str, ...]:
    if any(len(x) != 1 for x in letters):
        raise ValueError("each tier letter must be a single character")
    if len(set(letters)) != len(letters):
        raise ValueError("tier letters must differ from each other")
    return letters


def _gender(gender: str) -> str:
    if gender not in ("", *GENDERS):
        raise ValueError(f"must be {' or '.join(repr(g) for g in GENDERS)}, or \"\" in a language without genders")
    return gender


@dataclass(frozen=True, slots=True)
class SkinWords(Strict):
    """A skin's words in one language."""

    name: str
    title: str
    tiers: tuple[str, str, str, str]
    """Each tier's colour, as this language's edition names it."""
    tiers_short: tuple[str, str, str, str]
    """The same, written short as a player would ("yel", "turq."), for a tight legend."""
    tiers_cube: tuple[str, str, str, str]
    """Each tier's colour said of one cube, agreeing with the cube noun (Spanish "amarilla"
    of an especia): a template's `{tier:cube}`, `{tier0:cube}`."""
    tiers_cubes: tuple[str, str, str, str]
    """The same said of several cubes ("amarillas"): `{tier:cubes}`."""
    letters: Annotated[tuple[str, str, str, str], Check(_one_letter_each)]
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
    cube_gender: Annotated[str, Check(_gender)]
    """The cube noun's grammatical gender, "m" or "f" ("" where the language has none):
    it picks the forms of a template that agrees with it (`ByGender`)."""
    caravan: str
    coins: str
    """Coins of either kind, as a sentence says them: "coins"; French Golem "jetons"."""
    acquire: str
    """The acquire action as the edition's rules name it, for a key and a list of actions
    ("Acquire"; French Spice "Acheter", Golem "Acquérir"); `acquire_verb` in a sentence."""
    acquire_verb: str
    claim: str
    """The claim action's name (French Spice "Réclamer", Golem "Revendiquer")."""
    claim_verb: str
    rest: str
    """The rest action's name (French Spice "Repos", Golem "Se reposer")."""
    point_card: str
    point_cards: str
    merchant_card: str
    merchant_cards: str
    point_row: str
    merchant_row: str
    upper_coins_title: str
    lower_coins_title: str
    cubes_title: str

    def nouns(self) -> Mapping[str, str]:
        """The words every template may use by name: {point_card}, {upper_coin}, {tier0}...

        The skin's own name is {skin_name}, so that {name} stays free for a player's name.
        (Asked at each template a board draws: made once, and read-only.)
        """
        return _nouns(self)

    def tier(self, tier: int) -> Word:
        """A tier's colour, with its forms said of one cube and of several."""
        return Word(self.tiers[tier], {"cube": self.tiers_cube[tier], "cubes": self.tiers_cubes[tier]})


@cache
def _nouns(words: SkinWords) -> Mapping[str, str]:
    out = {k: v for k, v in asdict(words).items() if isinstance(v, str) and k not in ("name", "cube_gender")}
    out["skin_name"] = words.name
    out.update({f"tier{i}": words.tier(i) for i in range(4)})
    return MappingProxyType(out)


@dataclass(frozen=True, slots=True)
class Language(Strict):
    code: str
    locale: str
    """The CLDR locale whose plural rules the file's plural forms follow ("pt" is Brazil's)."""
    skins: dict[str, SkinWords]
    text: dict[str, Template]
    elide: dict[str, str] = field(default_factory=dict)
    """Words that lose their vowel before a param read with a vowel sound: {"de": "d'"}."""
    glossary: dict[str, Concept] = field(default_factory=dict)
    """The game's concepts, each named once as this language's printed rules name it
    (`[glossary]`; see `century_tui.text.glossary`)."""

    @classmethod
    def shipped(cls, code: str, raw: dict[str, Any]) -> Language:
        """A shipped language file's data as it is: the tests checked it."""
        raw = dict(raw)
        meta, skins, glossary = raw.pop("meta"), raw.pop("skin"), raw.pop("glossary", {})
        text: dict[str, Any] = {}
        _flatten(raw, "", text, lambda key, forms: Plural(**forms))
        words = {skin: SkinWords(**{k: tuple(v) if isinstance(v, list) else v for k, v in table.items()})
                 for skin, table in skins.items()}
        return cls(code, meta["locale"], words, text, meta.get("elide", {}), shipped_glossary(glossary))


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, Any],
             plural: Callable[[str, dict[str, Any]], Plural], where: str = "") -> None:
    """The templates of a language file's tables by dotted key; `plural(key, forms)` makes
    a template's plural forms (checking them, or not for a shipped file). A table is a
    template's forms when `forms.choice_shape` says so, else a table of templates."""
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict) and choice_shape(value) is None:
            _flatten(value, dotted + ".", out, plural, where)
            continue
        try:
            out[dotted] = build(value, lambda forms: plural(dotted, forms))
        except FormError as e:
            at = f"{dotted}.{e.where}" if e.where else dotted
            raise TextDataError(f"{where}: {at}: {e.what}") from None


def fields_of(template: Template) -> set[str]:
    """The param names a template uses (all its plural forms and the number that picks
    one); ValueError if it is not a valid template."""
    if isinstance(template, Plural):
        if not template.by.isidentifier():
            raise ValueError(f"by = {template.by!r} is not a plain name")
        return {template.by}.union(*(fields_of(form) for form in template.forms().values()))
    if isinstance(template, (ByGender, BySkin)):
        return set().union(*(fields_of(form) for form in template.forms().values()))
    names = set()
    for _, name, spec, conv in FORMATTER.parse(template):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(f"{{{name}}} is not a plain name")
        names.add(name)
    return names


@cache
def plural_rule(locale: str) -> Any:
    """Babel's CLDR plural rule for a locale: a callable from a number to its category.
    ValueError if Babel does not know the locale. The rule is read from the locale's own
    data when it holds one (each of ours does): `Locale.plural_form` first merges in all
    the root locale's data, which is most of what reading the rule costs at a start."""
    from babel import Locale, UnknownLocaleError, localedata

    try:
        found = Locale.parse(locale)
        return localedata.load(str(found), merge_inherited=False).get("plural_form") or found.plural_form
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
    glossary = _parse_glossary(raw.pop("glossary", {}), where)

    def plural(key: str, forms: dict[str, Any]) -> Plural:
        try:
            return check(Plural, forms)
        except DataFault as e:
            raise TextDataError(f"{where}: {key}: {e.where}: {e.what}") from None

    text: dict[str, Any] = {}
    _flatten(raw, "", text, plural, where)
    try:
        lang = check(Language, {
            "code": code, "locale": meta.get("locale"),
            "elide": meta.get("elide", {}), "skins": skins, "text": text, "glossary": glossary,
        })
    except DataFault as e:
        loc = e.where.replace("skins.", "skin.", 1)
        if loc.startswith(("locale", "elide")):
            loc = f"meta.{loc}"
        raise TextDataError(f"{where}: {loc}: {e.what}") from None
    missing = [s for s in SKINS if s not in lang.skins]
    if missing:
        raise TextDataError(f"{where}: no [skin.{missing[0]}] table")
    nouns = set(next(iter(lang.skins.values())).nouns())
    try:
        needed = needed_forms(lang.locale)
    except ValueError as e:
        raise TextDataError(f"{where}: meta.locale: {e}") from None
    genderless = [s for s, w in lang.skins.items() if not w.cube_gender]
    for key, template in lang.text.items():
        try:
            fields_of(template)
        except ValueError as e:
            raise TextDataError(f"{where}: {key}: {e}") from None
        for choice in choices(template):
            if isinstance(choice, Plural):
                _check_forms(key, choice, needed, f"{where}: {key}")
            elif isinstance(choice, ByGender) and genderless:
                raise TextDataError(f"{where}: {key}: chooses by the cube's gender, but skin.{genderless[0]}.cube_gender gives none")
    _check_errors(lang, where, nouns)
    return lang


def _parse_glossary(raw: Any, where: str) -> dict[str, Concept]:
    if not isinstance(raw, dict):
        raise TextDataError(f"{where}: glossary must be a table of concepts")
    out = {}
    for name, concept in raw.items():
        try:
            out[name] = check(Concept, concept_data(concept))
        except (ValueError, DataFault) as e:
            raise TextDataError(f"{where}: glossary.{name}: {e}") from None
    return out


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


_registered: dict[str, tuple[str, Language]] = {}
"""Languages added from memory: their own name (their `[meta] name`) and their words."""


def register_language(code: str, raw: dict[str, Any]) -> Language:
    """Add a language from data in memory, validated like a file (a test's marker language),
    named by its `[meta] name`."""
    lang = parse_language(code, raw)
    name = raw["meta"].get("name")
    if not isinstance(name, str) or not name:
        raise TextDataError(f"language {code!r}: meta.name: the language's own name is missing")
    _registered[code] = (name, lang)
    return lang


def unregister_language(code: str) -> None:
    """Forget a language added by `register_language` (files are never forgotten)."""
    _registered.pop(code, None)


def load_language(code: str) -> Language:
    """The language `code` (registered, else data/lang); TextDataError if missing or broken."""
    got = _registered.get(code)
    return got[1] if got is not None else _load_file(code)


@cache
def _load_file(code: str) -> Language:
    path = data_dir() / "lang" / f"{code}.toml"
    raw, shipped = read_data(path, TextDataError, "language file ")
    return Language.shipped(code, raw) if shipped else parse_language(code, raw, str(path))


@cache
def _index() -> dict[str, str]:
    """data/lang/index.toml: each language file's code and the language's own name for itself."""
    path = data_dir() / "lang" / "index.toml"
    index = read_toml(path, TextDataError, "language index ")
    for code, name in index.items():
        if not isinstance(name, str) or not name.strip():
            raise TextDataError(f"{path}: {code} must be the language's own name, as text")
    return index


def languages() -> list[str]:
    """Codes of the languages there are: those of data/lang/index.toml and any registered."""
    return sorted(set(_index()) | set(_registered))


def language_name(code: str) -> str:
    """A language's own name for itself ("Français"), read without its file."""
    got = _registered.get(code)
    if got is not None:
        return got[0]
    try:
        return _index()[code]
    except KeyError:
        raise TextDataError(f"no language {code!r} in {data_dir() / 'lang' / 'index.toml'}") from None


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
