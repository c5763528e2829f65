"""`century cards`: every card as a player's reference table, or as JSON.

The tables use the player's language and skin (the saved one, as on the board); the JSON is counts by
tier (0..3), the same in every language.
"""

from __future__ import annotations

from century_tui.engine import MARKET_CARDS, MERCHANT_CARDS, POINT_CARDS, STARTING_CARDS, MerchantCard
from century_tui.text import cube_letters, merchant_text, t, tier_letter, words


def _merchant_json(c: MerchantCard) -> dict:
    if c.kind == "spice":
        return {"kind": "spice", "gain": list(c.gain)}
    if c.kind == "upgrade":
        return {"kind": "upgrade", "steps": c.steps}
    return {"kind": "trade", "pay": list(c.pay), "gain": list(c.gain)}


def as_json() -> dict:
    return {
        "point_cards": [{"cost": list(p.cost), "points": p.points} for p in POINT_CARDS],
        "starting_cards": [_merchant_json(c) for c in STARTING_CARDS],
        "merchant_cards": [_merchant_json(c) for c in MARKET_CARDS],
    }


def legend() -> str:
    """What each cube letter stands for ("Y yellow, R red, …"), or "" where every letter is
    its tier's name already (Japanese 黄 is yellow: "黄＝黄" says nothing).
    A letter that is its name is left out."""
    items = [
        t("cards.legend_item", letter=tier_letter(i), tier=name)
        for i, name in enumerate(words().tiers)
        if tier_letter(i) != name
    ]
    return t("cards.legend_sep").join(items)


def print_tables() -> None:
    """The two tables, each under its title and over the legend. The title and the legend
    are lines of their own, as wide as the terminal: as a table's title and caption they
    wrapped at the table's width ("Merchant cards: 10 to start / with, 43 in the deck")."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    points = Table()
    points.add_column(t("cards.col_card"))
    points.add_column(t("cards.col_cost"))
    points.add_column(t("cards.col_points"), justify="right")
    for p in POINT_CARDS:
        points.add_row(p.code, cube_letters(p.cost), str(p.points))
    merchants = Table()
    for key in ("col_card", "col_kind", "col_effect"):
        merchants.add_column(t(f"cards.{key}"))
    starting_first = [*range(len(MARKET_CARDS), len(MERCHANT_CARDS)), *range(len(MARKET_CARDS))]
    for card in starting_first:
        c = MERCHANT_CARDS[card]
        merchants.add_row(c.code, t(f"kind.{c.kind}"), merchant_text(card))
    console = Console()
    key = legend()
    for title, table in ((t("cards.points_title", count=len(POINT_CARDS)), points),
                         (t("cards.merchants_title", starting=len(STARTING_CARDS), deck=len(MARKET_CARDS)), merchants)):
        console.print(Text(title, "italic"))
        console.print(table)
        if key:
            console.print(Text(key, "dim"))
