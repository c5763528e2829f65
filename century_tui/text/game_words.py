"""The game's things in words: tiers, coins, cards, bot names, a refusal's reason, and the
template params that read as one of them (a card as its effect, steps as "Y→R")."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from msgspec import Struct

from century_tui.text.catalog import languages, load_language
from century_tui.text.current import cube_code, cube_glyphs, language, words
from century_tui.text.forms import WORD_FORMS, Word
from century_tui.text.templates import t


class MerchantRef(Struct, frozen=True):
    """A merchant card as a template param: reads as its effect ('YY→G')."""

    card: int

    def __str__(self) -> str:
        return merchant_text(self.card)


class TierSeq(Struct, frozen=True):
    """Single cubes in order, as a template param (an acquire payment): 'YRY'."""

    tiers: tuple[int, ...]

    def __str__(self) -> str:
        return "".join(tier_letter(x) for x in self.tiers)


class Steps(Struct, frozen=True):
    """Upgrade steps (tiers raised) as a template param: 'Y→R, R→G'."""

    steps: tuple[int, ...]

    def __str__(self) -> str:
        return t("log.step_sep").join(
            t("log.upgrade_step", before=tier_letter(s), after=tier_letter(s + 1)) for s in self.steps
        )


class Names(Struct, frozen=True):
    """Player names as a template param, joined the language's way: 'Ann, Bob' / 'Ann、Bob'."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return t("log.name_sep").join(self.names)


class Coin(Struct, frozen=True):
    """A coin as a template param: reads as its name in the current skin."""

    upper: bool

    def __str__(self) -> str:
        return coin_name(self.upper)


def tier_name(tier: int) -> Word:
    """A tier's colour ("green"), with its forms said of a cube and of cubes (`Word`)."""
    return words().tier(tier)


def tier_letter(tier: int) -> str:
    """The glyph of a tier's cube in the current cube code: Y, 1 or ▲."""
    return cube_glyphs()[tier]


def good_name(tier: int) -> str:
    return words().goods[tier]


def bot_name(level: str, n: int | None = None, code: str | None = None) -> str:
    """The name the game gives a bot seat left unnamed: "Medium bot", or "Medium bot 2", in
    the current language (or `code`'s). The name starts with a capital, not the level:
    "Bot moyen", not "Bot Moyen"."""
    lang = load_language(code or language())
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
    from century_tui.engine import MAX_PLAYERS

    out = default_names(n)
    for code in languages():
        for level in LEVELS:
            for k in (None, *range(2, MAX_PLAYERS + 2)):
                out.add(bot_name(level, k, code).casefold())
    return out


def tier_word(tier: int) -> Word:
    """A tier as a refusal names it: its name, with the glyph the screen shows beside it
    when the cubes are shown as digits or shapes ("green (◆)"): "no green" alone left
    the player to find which of ▲ ■ ◆ ★ that is."""
    name = tier_name(tier)
    if cube_code() == "letters":
        return name
    glyph = tier_letter(tier)
    return Word(t("cubes.tier_shown", tier=name, glyph=glyph),
                {form: t("cubes.tier_shown", tier=format(name, form), glyph=glyph) for form in WORD_FORMS})


def coin_name(upper: bool, count: int = 1) -> str:
    w = words()
    if count == 1:
        return w.upper_coin if upper else w.lower_coin
    return w.upper_coins if upper else w.lower_coins


def merchant_text(card: int) -> str:
    """A merchant card's effect in words: '+YY', 'Upgrade 2', 'YY→G'."""
    from century_tui.engine import MERCHANT_CARDS

    c = MERCHANT_CARDS[card]
    if c.kind == "spice":
        return t("card.spice", gain=c.gain)
    if c.kind == "upgrade":
        return t("card.upgrade", steps=c.steps)
    return t("card.trade", pay=c.pay, gain=c.gain)


def point_text(card: int) -> str:
    from century_tui.engine import POINT_CARDS

    c = POINT_CARDS[card]
    return t("card.point", cost=c.cost, points=c.points)


def card_from_code(code: object) -> str:
    """A card code from the engine ('M12', 'P07', 'S01') as the player sees the card."""
    from century_tui.engine import CODES

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
            value = tier_word(value)
        elif name == "card":
            value = card_from_code(value)
        elif name == "kind" and isinstance(value, str):
            value = t(f"kind.{value}")
        elif name == "problem" and isinstance(value, str):  # what is wrong in a save file
            value = t(f"save_problem.{value}")
        elif isinstance(value, Refusal):  # a refusal inside an error
            value = error_text(value)
        out[name] = value
    return out


@runtime_checkable
class Refusal(Protocol):
    """Something refused, as words: an engine refusal (IllegalMove), a save file refused
    (SaveError), a host's refusal (table.Refused): `code` and `params` for the template
    `section`.`code` of the language files (sections `error`, `save_error`, `refusal`)."""

    section: str
    code: str
    params: dict[str, Any]


def error_text(error: Refusal) -> str:
    """A refusal in the current language and skin."""
    return t(f"{error.section}.{error.code}", **error_params(error.code, error.params))
