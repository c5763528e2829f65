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
`other`. A template may also choose its words by the gender of the skin's cube noun
(`{ m = ..., f = ... }`) or by the skin (`{ spice = ..., golem = ... }`), where the two
editions print an action differently, and a form may choose again (`text.forms`); a tier
param is a `Word` read as `{tier}`, or agreeing with the cube as `{tier:cube}` and
`{tier:cubes}`. Each file's `[glossary]` names every game concept once, as that
language's printed rules do (`text.glossary`). A file's `[meta] elide` maps the words its language elides before a vowel sound
(French `de` → `d'`): "Main de {name}" reads "Main d'Ann". Besides the caller's params,
every template may use the current skin's nouns (`{point_card}`, `{upper_coin}`, `{cubes}`, ...). A 4-tuple
param is a cube count and reads as letters (`YYR`), so callers pass cubes as data.
`parts()` gives the same text split into literal pieces and raw param values, for a
renderer that colours the cubes.

The package, by concern: `catalog` (the language files and which one is read), `forms`
(a template's shapes), `glossary` (the concepts' names), `current`
(the language, skin and cube code in use), `templates` (`t`, `parts`: filling a template) and
`game_words` (tiers, coins, cards, bot names and refusals in words). Every name is
importable from `century_tui.text`, which imports neither Textual nor rich, so the command
line can use it.
"""

from __future__ import annotations

from century_tui.text.catalog import (
    DEFAULT_LANGUAGE,
    FORMATTER,
    Language,
    SkinWords,
    TextDataError,
    fields_of,
    language_from_env,
    language_name,
    languages,
    load_language,
    needed_forms,
    parse_language,
    plural_rule,
    register_language,
    resolve_language,
    unregister_language,
)
from century_tui.text.forms import WORD_FORMS, ByGender, BySkin, Plural, Template, Word, choices, leaves
from century_tui.text.glossary import Concept, refused
from century_tui.text.current import (
    CUBE_CODES,
    cube_code,
    cube_glyphs,
    language,
    set_cube_code,
    set_language,
    set_skin,
    skin,
    words,
)
from century_tui.text.game_words import (
    Coin,
    MerchantRef,
    Names,
    Refusal,
    Steps,
    TierSeq,
    bot_name,
    card_from_code,
    coin_name,
    default_names,
    error_params,
    error_text,
    given_names,
    good_name,
    merchant_text,
    point_text,
    tier_letter,
    tier_name,
    tier_word,
)
from century_tui.text.templates import cube_letters, english, has, parts, plural_category, t, template, vowel_sound

__all__ = [
    "ByGender", "BySkin", "CUBE_CODES", "WORD_FORMS", "Coin", "Concept", "DEFAULT_LANGUAGE", "FORMATTER", "Language", "MerchantRef", "Names", "Plural", "Refusal",
    "SkinWords", "Steps", "Template", "TextDataError", "TierSeq", "bot_name", "card_from_code", "coin_name",
    "choices", "cube_code", "cube_glyphs", "cube_letters", "default_names", "english", "error_params", "error_text", "fields_of",
    "given_names", "good_name", "has", "language", "leaves", "language_from_env", "language_name", "languages",
    "load_language", "merchant_text", "needed_forms", "parse_language", "parts", "plural_category",
    "plural_rule", "point_text", "refused", "register_language", "resolve_language", "set_cube_code", "set_language",
    "set_skin", "skin", "t", "template", "tier_letter", "tier_name", "tier_word", "unregister_language", "vowel_sound", "Word", "words",
]
