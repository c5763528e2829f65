"""The prompt, the line under the hand: what Enter on the selected card or slot would do,
or why not, or whose turn it is. (Its words are the `hint.*` keys of the language files.)"""

from __future__ import annotations

from rich.text import Text

from century_tui.engine import CARAVAN_LIMIT, DISCARDING, MERCHANT_CARDS, POINT_CARDS, SPICE, UPGRADE
from century_tui.table import Presence
from century_tui.text import Coin, t
from century_tui.tui import render
from century_tui.legality import Legality, trade_max, upgradable
from century_tui.tui.widgets.hand import HandView
from century_tui.tui.widgets.rows import MerchantRow, PointRow


def board_prompt(table, focused, legality) -> tuple[Text, bool]:
    """(words, a problem?) for the line under the hand: the end, someone else's turn, a
    discard owed, or what Enter on the `focused` row would do (`legality()` answers)."""
    s = table.state
    name = table.seats[s.seat].name
    if table.silent:
        return Text(t("hint.host_silent")), True
    if s.is_over:
        return Text(t("hint.over")), False
    if not table.seats[s.seat].is_human:
        return Text(t("hint.bot_turn", name=name)), False
    if not table.plays_here(s.seat):
        away = table.away(s.seat)
        if away is not None:  # the game waits for them: nothing is coming through the log
            key = "hint.not_joined" if away == Presence.WAITING else "hint.disconnected"
            return Text(t(key + ("_bot" if table.hands_over else ""), name=name)), True
        return Text(t("hint.remote_turn", name=name)), False
    if s.phase == DISCARDING:
        held = sum(s.current.cubes)
        return Text(t("hint.discard", held=held, excess=held - CARAVAN_LIMIT)), True
    if isinstance(focused, PointRow):
        return point_prompt(s, legality(), focused.cursor)
    if isinstance(focused, MerchantRow):
        return merchant_prompt(s, legality(), focused.cursor)
    if isinstance(focused, HandView):
        item = focused.selected
        return hand_prompt(s, legality(), None if item is None else item.card)
    return Text(t("hint.nothing")), False


def slot_refusal(row, refusals, i: int) -> Text | None:
    """Why slot `i` of a row can't be taken (no card there, or the engine's reason), or None."""
    if i >= len(row):
        return Text(t("error.no_slot", slot=i + 1))
    return None if refusals[i] is None else render.error(refusals[i])


def point_prompt(s, legal: Legality, i: int) -> tuple[Text, bool]:
    """(words, a problem?) for claiming point card `i`."""
    refused = slot_refusal(s.point_row, legal.claims, i)
    if refused is not None:
        return refused, True
    coin = s.coin_on(i)
    coin_text = render.rt("hint.claim_coin", coin=Coin(coin == "upper")) if coin else Text("")
    return render.rt("hint.claim", cost=POINT_CARDS[s.point_row[i]].cost, coin=coin_text), False


def merchant_prompt(s, legal: Legality, i: int) -> tuple[Text, bool]:
    """(words, a problem?) for acquiring merchant card `i`."""
    refused = slot_refusal(s.merchant_row, legal.acquires, i)
    if refused is not None:
        return refused, True
    on = s.merchant_cubes[i]
    bonus = render.rt("hint.acquire_bonus", cubes=on) if any(on) else Text("")
    if i == 0:
        return render.rt("hint.acquire_free", bonus=bonus), False
    if i == 1:
        return render.rt("hint.acquire_one", bonus=bonus), False
    return render.rt("hint.acquire", count=i, bonus=bonus), False


def hand_prompt(s, legal: Legality, card: int | None) -> tuple[Text, bool]:
    """(words, a problem?) for playing `card` from the hand (None: the hand is empty)."""
    if card is None:
        return Text(t("board.hand_empty")), False
    error = legal.play_refusal(s, card)
    if error is not None:
        return render.error(error), True
    c = MERCHANT_CARDS[card]
    if c.kind == SPICE:
        return render.rt("hint.spice", gain=c.gain), False
    if c.kind == UPGRADE:
        if not upgradable(s.current.cubes):
            return Text(t("hint.upgrade_nothing")), False
        return Text(t("hint.upgrade", steps=c.steps)), False
    most = trade_max(s, card)
    key = "hint.trade" if most > 1 else "hint.trade_once"
    return render.rt(key, pay=c.pay, gain=c.gain, times=most), False
