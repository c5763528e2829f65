"""The modals that collect the rest of a move; each dismisses with a Move or None."""

from .acquire import AcquireModal
from .discard import DiscardModal
from .trade import TradeModal
from .upgrade import UpgradeModal

__all__ = ["AcquireModal", "DiscardModal", "TradeModal", "UpgradeModal"]
