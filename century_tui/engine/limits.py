"""The game's fixed numbers: players, rows, the caravan, seeds.

Apart from the card data so that a screen may read them (the new-game form counts its
seats with them) before the cards are loaded and checked.
"""

MIN_PLAYERS, MAX_PLAYERS = 2, 5
CARAVAN_LIMIT = 10
POINT_ROW_SIZE = 5
MERCHANT_ROW_SIZE = 6

MAX_SEED = 2**63 - 1
"""The largest seed a person may give (command line, new-game form): any int would do for
the engine, but a number must stay a number one can type and read back."""
