"""Reproducible positions for screenshots, snapshot tests and the UI benchmarks.

`policy` is a small deterministic player (claim when it can, else a seeded choice that
prefers progress over resting); `advance_until` plays it from a seed until a condition
holds, so "a position where a trade can be repeated" is the same position every run.
"""

from __future__ import annotations

import random
from typing import Callable

from msgspec import Struct

from century_tui.engine import (
    MERCHANT_CARDS,
    POINT_CARDS,
    Game,
    Move,
    MoveKind,
    Phase,
    Seat,
    State,
    times_affordable,
)


def _need(cubes: tuple[int, ...], cost: tuple[int, ...]) -> int:
    """How far a caravan is from a cost: missing cubes weighted by tier."""
    return sum(max(0, cost[t] - cubes[t]) * (t + 1) for t in range(4))


def _value(state: State, seat: int) -> float:
    p = state.players[seat]
    c = p.cubes
    near = min((_need(c, POINT_CARDS[card].cost) for card in state.point_row), default=0)
    return -4 * near + c[1] * 1.5 + c[2] * 2 + c[3] * 2.5 + 0.3 * c[0] + len(p.hand_cards) * 0.2


def policy(state: State, rng: random.Random) -> Move:
    """A quick greedy player: claim the best card it can, else the move that brings a
    point card nearest (one ply), resting when nothing helps; ties broken by `rng`."""
    moves = state.legal_moves()
    claims = [m for m in moves if m.kind == MoveKind.CLAIM]
    if claims:
        return max(claims, key=lambda m: POINT_CARDS[state.point_row[m.index]].points)  # type: ignore[union-attr]
    if state.phase == Phase.DISCARD:
        seat = state.seat
        return max(moves, key=lambda m: _value(_after(state, m), seat))
    seat = state.seat
    base = _value(state, seat)
    best, best_value = None, base + 0.5
    for m in moves:
        if m.kind == MoveKind.REST or (m.kind == MoveKind.ACQUIRE and m.index > 2):  # type: ignore[union-attr]
            continue
        v = _value(_after(state, m), seat) + rng.random() * 0.1
        if m.kind == MoveKind.ACQUIRE:
            owned = len(state.current.hand_cards) + len(state.current.played_cards)
            v += (1.0 if owned < 6 else -2.0) - m.index  # type: ignore[union-attr]
        if v > best_value:
            best, best_value = m, v
    if best is not None:
        return best
    if state.current.played:
        return moves[[m.kind for m in moves].index(MoveKind.REST)]
    return rng.choice([m for m in moves if m.kind != MoveKind.REST] or list(moves))


def _after(state: State, move: Move) -> State:
    return state.child(move)


def new_game(names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 3) -> Game:
    return Game([Seat(n) for n in names], seed)


def advance_until(game: Game, done: Callable[[State], bool], rng_seed: int = 1, limit: int = 2000) -> Game:
    """Play `policy` until `done(state)` (checked before each move); the game is changed."""
    rng = random.Random(rng_seed)
    for _ in range(limit):
        if done(game.state) or game.state.is_over:
            return game
        game.apply(policy(game.state, rng))
    raise RuntimeError("no such position within the move limit")


def finished(names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 3) -> Game:
    return advance_until(new_game(names, seed), lambda s: False)


# ---------------------------------------------------------------- modal positions
def can_trade_twice(s: State) -> bool:
    p = s.current
    if s.phase != Phase.ACTION:
        return False
    return any(
        MERCHANT_CARDS[c].kind == MoveKind.TRADE
        and times_affordable(p.cubes, MERCHANT_CARDS[c].pay) >= 2
        for c in p.hand_cards
    )


def can_upgrade(s: State) -> bool:
    p = s.current
    return s.phase == Phase.ACTION and any(MERCHANT_CARDS[c].kind == MoveKind.UPGRADE for c in p.hand_cards) and (
        p.cubes[0] >= 2 and p.cubes[1] >= 1
    )


def can_pay_mixed(s: State) -> bool:
    """Slot 4 or more affordable with at least two colours of cube: a real payment choice."""
    p = s.current
    return (
        s.phase == Phase.ACTION
        and len(s.merchant_row) >= 4
        and sum(p.cubes) >= 3
        and sum(1 for n in p.cubes if n) >= 2
    )


def must_discard(s: State) -> bool:
    return s.phase == Phase.DISCARD


def upgrade_card(s: State) -> int:
    return next(c for c in s.current.hand_cards if MERCHANT_CARDS[c].kind == MoveKind.UPGRADE)


def trade_card(s: State) -> int:
    p = s.current
    return next(
        c for c in p.hand_cards
        if MERCHANT_CARDS[c].kind == MoveKind.TRADE
        and times_affordable(p.cubes, MERCHANT_CARDS[c].pay) >= 2
    )


# ---------------------------------------------------------------- the showcase
class Shot(Struct, frozen=True):
    """One screenshot of the real app: a position, a size, a skin and the keys pressed."""

    name: str
    size: tuple[int, int]
    skin: str
    game: Callable[[], Game | None]
    press: tuple[str, ...] = ()
    replay: bool = False
    """Open the game in the replay viewer (`century replay`), not as a game to play."""
    ready: Callable[[object], bool] | None = None
    """Shot only once this holds for the app, after the keys (a worker's answer: the coach's
    hint, the review)."""


def midgame() -> Game:
    """Three players some rounds in: coins taken, cubes on merchant cards, played cards."""
    return advance_until(new_game(("Ann", "Bob", "Cy"), seed=7), lambda s: sum(p.turns for p in s.players) >= 21)


def _hand_key(game: Game, card: int) -> str:
    return str(game.state.current.owned.index(card) + 1)


def _upgrade() -> tuple[Game, tuple[str, ...]]:
    game = advance_until(new_game(), can_upgrade)
    return game, ("h", _hand_key(game, upgrade_card(game.state)), "enter", "1", "2")


def _trade() -> tuple[Game, tuple[str, ...]]:
    game = advance_until(new_game(), can_trade_twice)
    return game, ("h", _hand_key(game, trade_card(game.state)), "enter", "left")


FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
"""The most players a game has: the chart must still fit 80×24."""

PASS = ("enter",)
"""Every game of two people opens on the pass screen: Enter shows the board."""


def with_hints() -> Game:
    """Ann and Bob after a round, in a game that allows hints (the log still fits its
    space: a shot of the hint does not depend on where the log is scrolled)."""
    game = advance_until(new_game(), lambda s: sum(p.turns for p in s.players) >= 2)
    return Game(game.seats, game.seed, game.moves, hints=True)


def reviewed() -> Game:
    """A finished game of one person (Ann) and four bots: the review weighs Ann's moves only."""
    game = finished(FIVE, seed=7)
    seats = [game.seats[0]] + [Seat(s.name, "easy") for s in game.seats[1:]]
    return Game(seats, game.seed, game.moves)


def hint_on_show(app) -> bool:
    from century_tui.tui.coach import CoachLine

    return any(line.phrase is not None for line in app.screen.query(CoachLine))


def review_listed(app) -> bool:
    from century_tui.tui.screens.review import ReviewScreen

    return isinstance(app.screen, ReviewScreen) and app.screen.found is not None


def showcase() -> list[Shot]:
    """Every screen and modal worth a look, as screenshots and snapshot tests use them."""
    up, up_keys = _upgrade()
    tr, tr_keys = _trade()
    return [
        Shot("board-spice-80x24", (80, 24), "spice", midgame, PASS),
        Shot("board-spice-120x40", (120, 40), "spice", midgame, PASS),
        Shot("board-golem-80x24", (80, 24), "golem", midgame, PASS),
        Shot("board-golem-120x40", (120, 40), "golem", midgame, PASS),
        Shot("modal-upgrade", (80, 24), "spice", lambda: up, PASS + up_keys),
        Shot("modal-trade", (80, 24), "spice", lambda: tr, PASS + tr_keys),
        Shot("modal-acquire", (80, 24), "golem", lambda: advance_until(new_game(seed=4), can_pay_mixed),
             PASS + ("m", "4", "enter", "right")),
        Shot("modal-discard", (80, 24), "spice", lambda: advance_until(new_game(seed=5), must_discard, rng_seed=5), PASS),
        Shot("results", (80, 24), "spice", lambda: finished(("Ann", "Bob"), seed=48)),
        Shot("results-golem-120x40", (120, 40), "golem", lambda: finished(("Ann", "Bob", "Cy"), seed=7)),
        Shot("results-chart-spice-80x24", (80, 24), "spice", lambda: finished(FIVE, seed=7), ("c",)),
        Shot("results-chart-golem-80x24", (80, 24), "golem", lambda: finished(FIVE, seed=7), ("c",)),
        Shot("new-game", (80, 24), "spice", lambda: None),
        Shot("handoff", (80, 24), "spice", new_game, PASS + ("r",)),
        Shot("help", (80, 24), "golem", new_game, PASS + ("f1",)),
        Shot("confirm-undo", (80, 24), "spice", new_game, PASS + ("r", "enter", "u")),
        Shot("too-small", (60, 20), "spice", new_game),
        Shot("table", (80, 24), "spice", midgame, PASS + ("t",)),
        Shot("replay", (80, 24), "spice", lambda: finished(("Ann", "Bob"), seed=48), ("right",) * 30, replay=True),
        Shot("coach-hint", (80, 24), "spice", with_hints, PASS + ("c",), ready=hint_on_show),
        Shot("review", (80, 24), "spice", reviewed, ("v",), ready=review_listed),
    ]
