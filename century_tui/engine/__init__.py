"""The rules engine: pure Python, no UI imports. See RULES.md for the rule IDs.

Everything a caller uses is named here: import it from `century_tui.engine`, not from
the module it lives in (the modules may move; this surface stays). The events a move
produces are `century_tui.engine.events` (`from century_tui.engine import events`).

Each name loads its module when first asked for (lazy_loader): the new-game form reads the
player limits and checks names before any card is loaded, so its first frame comes sooner;
the card data, the state and the save format load when a game begins.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(__name__, ["events"], {
    # the game, its seats and limits
    "game": ["Game", "GameRecord", "ReplayError", "new_seed"],
    "limits": ["MIN_PLAYERS", "MAX_PLAYERS", "MAX_SEED", "CARAVAN_LIMIT", "POINT_ROW_SIZE", "MERCHANT_ROW_SIZE"],
    # a position and what it answers
    "state": ["State", "Player", "Score", "HIDDEN"],
    "lookup": ["Phase", "ACTION", "DISCARDING", "OVER", "cards_of", "starting_cubes", "trigger_cards",
               "COST", "GAIN", "KIND", "PAY", "STEPS"],
    # moves and what they did
    "moves": ["Move", "MoveKind", "KINDS", "SPICE", "UPGRADE", "TRADE", "ACQUIRE", "REST", "CLAIM", "DISCARD",
              "PlaySpice", "PlayUpgrade", "PlayTrade", "Acquire", "Rest", "Claim", "Discard"],
    "errors": ["IllegalMove", "CardDataError"],
    # cards
    "cards": ["MERCHANT_CARDS", "POINT_CARDS", "MARKET_CARDS", "STARTING_CARDS", "MARKET_IDS",
              "STARTING_SPICE_IDS", "STARTING_UPGRADE_IDS", "CODES", "MerchantCard", "PointCard"],
    # cubes and the rules' arithmetic on them
    "cubes": ["Cubes", "NO_CUBES", "add", "sub", "scale", "covers", "from_tiers", "times_affordable",
              "upgraded", "traded", "cheapest_payment", "cheapest_discard"],
    # players' names and seats
    "names": ["Seat", "MAX_NAME", "NameRefused", "checked_name", "name_key", "duplicate", "is_unsafe",
              "printable", "shown", "clipped"],
    # save files
    "save": ["loads"],
    "save_doc": ["dumps", "MAX_MOVES"],
    "save_errors": ["SaveError"],
})
