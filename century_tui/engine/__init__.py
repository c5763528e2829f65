"""The rules engine: pure Python, no UI imports. See RULES.md for the rule IDs.

Everything a caller uses is named here: import it from `century_tui.engine`, not from
the module it lives in (the modules may move; this surface stays). The events a move
produces are `century_tui.engine.events` (`from century_tui.engine import events`).
"""

from . import events
from .cards import (
    CODES, MARKET_CARDS, MARKET_IDS, MERCHANT_CARDS, POINT_CARDS, STARTING_CARDS,
    STARTING_SPICE_IDS, STARTING_UPGRADE_IDS, CardDataError, MerchantCard, PointCard
)
from .cubes import (
    NO_CUBES, Cubes, add, cheapest_discard, cheapest_payment, covers, from_tiers, scale, sub,
    times_affordable, traded, upgraded
)
from .errors import IllegalMove
from .game import MAX_SEED, Game, ReplayError, Seat, new_seed
from .moves import (
    ACQUIRE, CLAIM, DISCARD, KINDS, REST, SPICE, TRADE, UPGRADE, Acquire, Claim, Discard, Move,
    MoveKind, PlaySpice, PlayTrade, PlayUpgrade, Rest
)
from .names import MAX_NAME, NameRefused, checked_name, clipped, duplicate, is_unsafe, name_key, printable, shown
from .save import MAX_MOVES, SaveError, dumps, loads
from .state import Player, Score, State
from .tables import (
    ACTION, CARAVAN_LIMIT, COST, DISCARDING, GAIN, KIND, MAX_PLAYERS, MERCHANT_ROW_SIZE, MIN_PLAYERS,
    OVER, PAY, POINT_ROW_SIZE, STEPS, Phase, cards_of, starting_cubes, trigger_cards
)

__all__ = [
    # the game, its seats and limits
    "Game", "Seat", "ReplayError", "new_seed", "MAX_SEED", "MIN_PLAYERS", "MAX_PLAYERS",
    # a position and what it answers
    "State", "Player", "Score", "Phase", "ACTION", "DISCARDING", "OVER", "CARAVAN_LIMIT",
    "POINT_ROW_SIZE", "MERCHANT_ROW_SIZE", "cards_of", "starting_cubes", "trigger_cards",
    "COST", "GAIN", "KIND", "PAY", "STEPS",
    # moves and what they did
    "Move", "MoveKind", "KINDS", "SPICE", "UPGRADE", "TRADE", "ACQUIRE", "REST", "CLAIM", "DISCARD",
    "PlaySpice", "PlayUpgrade", "PlayTrade", "Acquire", "Rest", "Claim", "Discard", "IllegalMove", "events",
    # cards
    "MERCHANT_CARDS", "POINT_CARDS", "MARKET_CARDS", "STARTING_CARDS", "MARKET_IDS",
    "STARTING_SPICE_IDS", "STARTING_UPGRADE_IDS", "CODES", "MerchantCard", "PointCard", "CardDataError",
    # cubes and the rules' arithmetic on them
    "Cubes", "NO_CUBES", "add", "sub", "scale", "covers", "from_tiers", "times_affordable",
    "upgraded", "traded", "cheapest_payment", "cheapest_discard",
    # players' names
    "MAX_NAME", "NameRefused", "checked_name", "name_key", "duplicate", "is_unsafe", "printable",
    "shown", "clipped",
    # save files
    "SaveError", "dumps", "loads", "MAX_MOVES",
]
