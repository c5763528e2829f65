"""Styled text for the board: cubes, coins, cards and `rt()` (a coloured `t()`).

Every cube is its glyph (`text.cube_glyphs()`: the colour's letter from the language file,
or in the other cube codes the tier's digit or shape) on the tier's colour (from the skin
file), so it reads under NO_COLOR, in 16 colours and to a colour-blind eye. The words
still come from `century_tui.text`; this module only adds the colours.

Widths are terminal cells, never characters: a Japanese cube letter (黄) is two cells. Where
a card has a fixed width, `fit=` asks for the counted form (黄5→緑3) when the letters in
full (黄黄黄黄黄→緑緑緑) would not fit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from century_tui import engine, text
from century_tui.skins import load_skin

if TYPE_CHECKING:
    from century_tui.engine import Cubes

_mode = {"ansi": False}


def set_ansi(flag: bool) -> None:
    """Use the skin's 16-colour palette (a terminal without 256 colours)."""
    _mode["ansi"] = flag
    _tier_style.cache_clear()


@lru_cache(maxsize=64)
def _tier_style(skin: str, tier: int, ansi: bool) -> Style:
    look = load_skin(skin).tier[tier]
    if ansi:
        return Style(color=look.ansi_text, bgcolor=look.ansi, bold=True)
    return Style(color=look.text, bgcolor=look.colour, bold=True)


def tier_style(tier: int) -> Style:
    return _tier_style(text.skin(), tier, _mode["ansi"])


@lru_cache(maxsize=16)
def _coin_style(skin: str, upper: bool, ansi: bool) -> Style:
    s = load_skin(skin)
    look = s.upper_coin if upper else s.lower_coin
    return Style(color=look.ansi if ansi else look.colour, bold=True)


def coin_style(upper: bool) -> Style:
    return _coin_style(text.skin(), upper, _mode["ansi"])


def accent_style() -> Style:
    s = load_skin(text.skin())
    return Style(color=s.ansi_accent if _mode["ansi"] else s.accent, bold=True)


def screen_title(words: str) -> Text:
    """A screen's heading: the game's name in the skin's accent, then what the screen is."""
    title = Text()
    title.append(text.t("app.title"), accent_style())
    title.append("  ·  ")
    title.append(words, "bold")
    return title


def cube(tier: int) -> Text:
    return Text(text.tier_letter(tier), tier_style(tier))


def wide_letters() -> bool:
    """Do the cubes of the current language, skin and cube code take two cells (黄赤緑茶)?"""
    return any(cell_len(x) > 1 for x in text.cube_glyphs())


def counted(counts: Cubes) -> Text:
    """The short form of some cubes: each colour once with its count, 'Y5G3' (黄5緑3);
    with digits for cubes, '1×5 3×3', so that a count never reads as a tier."""
    out = Text()
    letters = text.cube_glyphs()
    digits = text.cube_code() == "digits"
    for tier, n in enumerate(counts):
        if n:
            if digits and out:
                out.append(" ")
            out.append(letters[tier] + (("×" if digits else "") + str(n) if n > 1 else ""), tier_style(tier))
    return out if out else cubes(counts)


def cubes(counts: Cubes, slots: int = 0, empty: str = "", gap: bool = False, fit: int | None = None) -> Text:
    """One letter per cube on its colour, cheapest first; pad to `slots` with dots.

    `gap` puts a space between colours (for roomy cards). No cubes and no slots: the
    language's word for none (or `empty` if given). Wider than `fit` cells: counted.
    """
    if fit is not None and slots == 0:
        full = cubes(counts, gap=gap, empty=empty)
        if full.cell_len > fit and any(counts):
            short = counted(counts)
            return short if short.cell_len < full.cell_len else full
        return full
    out = Text()
    letters = text.cube_glyphs()
    for tier, n in enumerate(counts):
        if n:
            if gap and out:
                out.append(" ")
            out.append(letters[tier] * n, tier_style(tier))
    held = sum(counts)
    if slots > held:
        out.append(text.t("cubes.empty_slot") * (slots - held), "dim")
    if not out:
        return Text(empty if empty else text.t("cubes.none"), "dim")
    return out


def tiers(seq: tuple[int, ...] | list[int]) -> Text:
    """Single cubes in the given order (an acquire payment)."""
    out = Text()
    for tier in seq:
        out.append_text(cube(tier))
    return out


def steps(seq: tuple[int, ...]) -> Text:
    """Upgrade steps, 'Y→R, R→G', coloured."""
    out = Text()
    for i, tier in enumerate(seq):
        if i:
            out.append(text.t("log.step_sep"))
        out.append_text(rt("log.upgrade_step", before=cube(tier), after=cube(tier + 1)))
    return out


def coin(upper: bool) -> Text:
    look = load_skin(text.skin())
    glyph = (look.upper_coin if upper else look.lower_coin).glyph
    return Text(glyph, coin_style(upper))


def rt(key: str, /, **params: Any) -> Text:
    """`t(key, **params)` as styled text: cube tuples coloured, Text params kept."""
    out = Text()
    for piece in text.parts(key, **params):
        if isinstance(piece, str):
            out.append(piece)
        elif isinstance(piece, Text):
            out.append_text(piece)
        elif type(piece) is tuple and len(piece) == 4:
            out.append_text(cubes(piece))  # type: ignore[arg-type]
        elif isinstance(piece, text.MerchantRef):
            out.append_text(merchant_effect(piece.card))
        elif isinstance(piece, text.TierSeq):
            out.append_text(tiers(piece.tiers))
        elif isinstance(piece, text.Steps):
            out.append_text(steps(piece.steps))
        elif isinstance(piece, text.Coin):
            out.append(str(piece), coin_style(piece.upper))
        else:
            out.append(str(piece))
    return out


def merchant_effect(card: int, fit: int | None = None) -> Text:
    """A merchant card's effect ('YY→G', 'Upgrade 2'); if wider than `fit` cells, counted
    ('黄2→緑') or, for an upgrade, in the language's short form ('Amél. 2')."""
    c = engine.MERCHANT_CARDS[card]
    if c.kind == "upgrade":
        full = rt("card.upgrade", steps=c.steps)
        return full if fit is None or full.cell_len <= fit else rt("card.upgrade_short", steps=c.steps)
    full = rt("card.spice", gain=c.gain) if c.kind == "spice" else rt("card.trade", pay=c.pay, gain=c.gain)
    if fit is None or full.cell_len <= fit:
        return full
    if c.kind == "spice":
        return rt("card.spice", gain=counted(c.gain))
    return rt("card.trade", pay=counted(c.pay), gain=counted(c.gain))


def merchant_lines(card: int, width: int) -> list[Text]:
    """The effect in `width` cells: one line if it fits (counted if need be), else a trade
    on two lines, cut where the cubes received begin (黄2→ / 赤2茶)."""
    effect = merchant_effect(card, fit=width)
    c = engine.MERCHANT_CARDS[card]
    if effect.cell_len <= width or c.kind != "trade":
        return [effect]
    head = rt("card.trade", pay=counted(c.pay), gain=Text(""))
    cut = len(head.plain)
    if not effect.plain.startswith(head.plain) or cut == 0:
        return [effect]
    return [effect[:cut], effect[cut:]]


@lru_cache(maxsize=64)
def _widest_effect(language: str, skin: str, fit: int) -> int:
    return max(merchant_effect(card, fit=fit).cell_len for card in range(len(engine.MERCHANT_CARDS)))


def widest_effect(fit: int) -> int:
    """Cells taken by the widest merchant effect in the current language and skin."""
    return _widest_effect(text.language(), text.skin(), fit)


def error(e: text.Refusal) -> Text:
    """A refusal, coloured: the engine's (IllegalMove), a save file's, or a host's own."""
    return rt(f"{e.section}.{e.code}", **text.error_params(e.code, e.params))
