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


def print_tables() -> None:
    from rich.console import Console
    from rich.table import Table

    legend = ", ".join(
        t("cards.legend_item", letter=tier_letter(i), tier=name) for i, name in enumerate(words().tiers)
    )
    points = Table(title=t("cards.points_title", count=len(POINT_CARDS)), caption=legend)
    points.add_column(t("cards.col_card"))
    points.add_column(t("cards.col_cost"))
    points.add_column(t("cards.col_points"), justify="right")
    for p in POINT_CARDS:
        points.add_row(p.code, cube_letters(p.cost), str(p.points))
    merchants = Table(
        title=t("cards.merchants_title", starting=len(STARTING_CARDS), deck=len(MARKET_CARDS)), caption=legend
    )
    for key in ("col_card", "col_kind", "col_effect"):
        merchants.add_column(t(f"cards.{key}"))
    starting_first = [*range(len(MARKET_CARDS), len(MERCHANT_CARDS)), *range(len(MARKET_CARDS))]
    for card in starting_first:
        c = MERCHANT_CARDS[card]
        merchants.add_row(c.code, t(f"kind.{c.kind}"), merchant_text(card))
    console = Console()
    console.print(points)
    console.print(merchants)
