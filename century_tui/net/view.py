"""What a board on another terminal is shown of a game: its position with the decks turned
face down (their sizes only), claimed point cards as counts until the end, and the log.

The host makes a `View` from its game (`view_of`); a client makes from it a `State` the
board and the rules' checks can read (`state_of`, through the engine's `State.with_hidden_decks`),
with every hidden card `HIDDEN`. The
seed and the decks' order never leave the host, so no client can see what comes next.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from century_tui.engine import HIDDEN, MAX_PLAYERS, Game, Player, Seat, State
from century_tui.text import Coin, MerchantRef, Names, Steps, TierSeq
from century_tui.timeline import Claimed, Running, running_scores
from century_tui.journal import Entry, history

Cubes = tuple[int, int, int, int]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatView(Model):
    name: str = Field(max_length=200)
    bot: str | None = None


class PlayerView(Model):
    cubes: Cubes
    hand: int = Field(ge=0)
    """Merchant cards in hand, as the engine's bitmask of card ids."""
    played: int = Field(ge=0)
    owned: tuple[int, ...]
    claimed: list[int] | None
    """The point cards claimed, once the game is over (None before: only their count)."""
    claimed_count: int = Field(ge=0)
    upper: int = Field(ge=0)
    lower: int = Field(ge=0)
    turns: int = Field(ge=0)


class EntryView(Model):
    """A log line as data: its template key and params (tagged when not plain)."""

    key: str
    params: dict[str, Any]
    seat: int | None
    move: int


class RunningView(Model):
    scores: tuple[int, ...]
    claims: tuple[tuple[int, int], ...]


class View(Model):
    """A game as a remote board sees it, at one moment."""

    seats: list[SeatView] = Field(min_length=2, max_length=MAX_PLAYERS)
    first: int
    seat: int
    phase: Literal["action", "discard", "over"]
    end_triggered: int | None
    point_row: list[int]
    point_deck: int = Field(ge=0)
    merchant_row: list[int]
    merchant_cubes: list[Cubes]
    merchant_deck: int = Field(ge=0)
    upper_coins: int
    lower_coins: int
    players: list[PlayerView]
    moves: int = Field(ge=0)
    """Moves made so far."""
    redo: int = Field(ge=0)
    """Moves undo took back that redo would bring back."""
    undo_owner: int | None
    """The seat whose move undo would take back (None: nothing to undo)."""
    epoch: int
    thinking: bool
    save_error: str | None
    log: list[EntryView] | None = None
    """The whole log, in a full view; None in the view that comes with a move (the client
    writes that move's lines itself, from its events)."""
    running: list[RunningView] | None = None
    """Everyone's running score, once the game is over (for the results' chart)."""


# ---------------------------------------------------------------- log lines
def _param(value: Any) -> Any:
    if isinstance(value, MerchantRef):
        return ["ref", value.card]
    if isinstance(value, TierSeq):
        return ["tiers", list(value.tiers)]
    if isinstance(value, Steps):
        return ["steps", list(value.steps)]
    if isinstance(value, Names):
        return ["names", list(value.names)]
    if isinstance(value, Coin):
        return ["coin", value.upper]
    if isinstance(value, tuple):
        return ["cubes", list(value)]
    return value


_UNTAG = {
    "ref": lambda v: MerchantRef(int(v)),
    "tiers": lambda v: TierSeq(tuple(int(x) for x in v)),
    "steps": lambda v: Steps(tuple(int(x) for x in v)),
    "names": lambda v: Names(tuple(str(x) for x in v)),
    "coin": lambda v: Coin(bool(v)),
    "cubes": lambda v: tuple(int(x) for x in v),
}


def _unparam(value: Any) -> Any:
    if isinstance(value, list) and len(value) == 2 and value[0] in _UNTAG:
        return _UNTAG[value[0]](value[1])
    if isinstance(value, (int, str, bool)) or value is None:
        return value
    raise ValueError(f"not a log parameter: {value!r}")


def entry_view(entry: Entry) -> EntryView:
    return EntryView(key=entry.key, params={k: _param(v) for k, v in entry.params.items()},
                     seat=entry.seat, move=entry.move)


def entry_of(view: EntryView) -> Entry:
    return Entry(view.key, {k: _unparam(v) for k, v in view.params.items()}, view.seat, view.move)


# ---------------------------------------------------------------- host side
def view_of(game: Game, *, epoch: int, thinking: bool, save_error: str | None,
            undo_owner: int | None, full: bool) -> View:
    """The view of `game` now; `full` adds the whole log (a replay from the seed, here)."""
    s = game.state
    over = s.is_over
    return View(
        seats=[SeatView(name=x.name, bot=x.bot) for x in game.seats],
        first=s.first, seat=s.seat, phase=s.phase, end_triggered=s.end_triggered,
        point_row=list(s.point_row), point_deck=len(s.point_deck),
        merchant_row=list(s.merchant_row), merchant_cubes=list(s.merchant_cubes),
        merchant_deck=len(s.merchant_deck), upper_coins=s.upper_coins, lower_coins=s.lower_coins,
        players=[
            PlayerView(cubes=p.cubes, hand=p.hand, played=p.played, owned=p.owned,
                       claimed=list(p.claimed) if over else None, claimed_count=len(p.claimed),
                       upper=p.upper, lower=p.lower, turns=p.turns)
            for p in s.players
        ],
        moves=len(game.moves), redo=len(game.redo_moves), undo_owner=undo_owner,
        epoch=epoch, thinking=thinking, save_error=save_error,
        log=[entry_view(e) for e in history(game)] if full else None,
        running=[RunningView(scores=r.scores, claims=tuple((c.round, c.points) for c in r.claims))
                 for r in running_scores(game)] if over and full else None,
    )


# ---------------------------------------------------------------- client side
def state_of(view: View) -> State:
    """A State the board can draw and the rules can check a move against: the decks hold
    `HIDDEN` cards (only their number is known), as do claimed cards before the end."""
    if len(view.players) != len(view.seats):
        raise ValueError("a view with a player per seat")
    players = [
        Player(p.cubes, p.hand, p.played,
               list(p.claimed) if p.claimed is not None else [HIDDEN] * p.claimed_count,
               p.upper, p.lower, p.turns, tuple(p.owned))
        for p in view.players
    ]
    return State.with_hidden_decks(
        players, first=view.first, seat=view.seat, phase=view.phase, end_triggered=view.end_triggered,
        point_row=list(view.point_row), point_deck=view.point_deck, merchant_row=list(view.merchant_row),
        merchant_cubes=[tuple(c) for c in view.merchant_cubes], merchant_deck=view.merchant_deck,
        upper_coins=view.upper_coins, lower_coins=view.lower_coins,
    )


def running_of(view: View) -> list[Running] | None:
    if view.running is None:
        return None
    return [Running(tuple(r.scores), tuple(Claimed(a, b) for a, b in r.claims)) for r in view.running]


class RemoteGame:
    """A game played on another machine, as far as a view tells it: an engine `GameRecord`
    (seats, position, moves made and taken back), without the seed. Its log and its running
    scores need a replay: they come from the host (`RemoteTable.history`, `running_scores`)."""

    def __init__(self, view: View) -> None:
        self.seats = [Seat(x.name, x.bot) for x in view.seats]
        self.state = state_of(view)
        self.moves: list[None] = [None] * view.moves
        """As many as were made: the board counts them, never reads one."""
        self.redo_moves: list[None] = [None] * view.redo
        self.hints = False
        """The coach is for a game played here: a hosted game offers no hints (yet)."""

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.state.seat]
