"""Who is at the table, as a client hears it: the news in the host's word of where each
seat's person is (`protocol.SeatsMessage`)."""

from __future__ import annotations

from typing import Collection

from century_tui.table import Presence

GONE, BACK = Presence.DISCONNECTED, Presence.CONNECTED


def seat_news(before: tuple[Presence, ...] | None, now: tuple[Presence, ...], mine: Collection[int], said_gone: set[int],
              *, after_drop: bool = False) -> tuple[tuple[int, ...], tuple[int, ...], set[int]]:
    """Who went and who came back (never this terminal's own seats), and the seats said to be
    gone from now on. Nobody is said to go at a first word (`before` None: the board's hint
    says where things stand), and only one said to be gone is said to be back. Who is away
    at the first word after this terminal's own line came back (`after_drop`) went in that
    outage, most likely the host's: nobody is blamed for it, nor said to be back."""
    gone: tuple[int, ...] = ()
    if before is not None and len(before) == len(now):
        gone = tuple(s for s in range(len(now)) if s not in mine and before[s] != now[s] and now[s] == GONE)
    elif before is None and not after_drop:  # away when this terminal came: said by its hint
        gone_at_first = {s for s in range(len(now)) if s not in mine and now[s] == GONE}
        said_gone = said_gone | gone_at_first
    back = tuple(s for s in sorted(said_gone) if now[s:s + 1] == (BACK,))
    still = {s for s in said_gone | set(gone) if now[s:s + 1] == (GONE,)}
    return gone, back, still
