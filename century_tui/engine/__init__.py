"""The rules engine: pure Python, no UI imports. See RULES.md for the rule IDs."""

from .cards import MERCHANT_CARDS, POINT_CARDS, MerchantCard, PointCard
from .cubes import Cubes
from .errors import IllegalMove
from .moves import (
    ACQUIRE,
    CLAIM,
    DISCARD,
    KINDS,
    REST,
    SPICE,
    TRADE,
    UPGRADE,
    Acquire,
    Claim,
    Discard,
    Move,
    PlaySpice,
    PlayTrade,
    PlayUpgrade,
    Rest,
)
from .state import ACTION, CARAVAN_LIMIT, DISCARDING, OVER, Player, Score, State

__all__ = [
    "ACQUIRE", "ACTION", "CARAVAN_LIMIT", "CLAIM", "DISCARD", "DISCARDING", "KINDS", "OVER",
    "REST", "SPICE", "TRADE", "UPGRADE", "Acquire", "Claim", "Cubes", "Discard", "IllegalMove",
    "MERCHANT_CARDS", "MerchantCard", "Move", "POINT_CARDS", "PlaySpice", "PlayTrade",
    "PlayUpgrade", "Player", "PointCard", "Rest", "Score", "State",
]
