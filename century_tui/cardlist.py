"""`century cards`: every card as a player's reference table, or as JSON."""

from __future__ import annotations

from century_tui.engine.cards import MARKET_CARDS, POINT_CARDS, STARTING_CARDS, MerchantCard
from century_tui.engine.cubes import fmt


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


def effect(c: MerchantCard) -> str:
    if c.kind == "spice":
        return f"gain {fmt(c.gain)}"
    if c.kind == "upgrade":
        return f"upgrade {c.steps}"
    return f"{fmt(c.pay)} → {fmt(c.gain)}"


def print_tables() -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    points = Table(title=f"Point cards ({len(POINT_CARDS)})", caption="Y yellow, R red, G green, B brown")
    for col in ("card", "cost", "points"):
        points.add_column(col, justify="right" if col == "points" else "left")
    for p in POINT_CARDS:
        points.add_row(p.code, fmt(p.cost), str(p.points))
    merchants = Table(title=f"Merchant cards: {len(STARTING_CARDS)} starting + {len(MARKET_CARDS)} in the deck")
    for col in ("card", "kind", "effect"):
        merchants.add_column(col)
    for c in (*STARTING_CARDS, *MARKET_CARDS):
        merchants.add_row(c.code, c.kind, effect(c))
    console.print(points)
    console.print(merchants)
