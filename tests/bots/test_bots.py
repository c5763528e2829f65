"""Bots (issue 4): complete legal games at 2-5 players, determinism, the hard bot's
budget, no peeking at the face-down decks, and the sub-choices they make.

The hard bot runs with a small node limit here so games take well under a second
and stay deterministic (the node limit, not the clock, ends each search).
"""

from __future__ import annotations

import random
import threading

import pytest

from century_tui.bots import LEVELS, make_bot
from century_tui.bots.hard import SCHEDULE, HardBot, _public_seed, imagined
from century_tui.bots.heuristics import (
    GAIN,
    PAY,
    deficit,
    discard_move,
    least_valuable_discard,
)
from century_tui.engine import (
    ACQUIRE,
    DISCARD,
    TRADE,
    UPGRADE,
    Acquire,
    Claim,
    Discard,
    Phase,
    State,
    cheapest_payment,
    covers,
)

FAST_NODES = 100
TURN_LIMIT = 150
"""Rounds a game with a thinking bot must end within (random games may run longer)."""


def fast_bot(level: str, seed: int):
    """A bot as the tests use it: the hard one with a node limit that ends well before its clock."""
    if level == "hard":
        return HardBot(seed, budget_ms=20_000, max_nodes=FAST_NODES, schedule=((6, 3),))
    return make_bot(level, seed)


def play(levels: list[str], seed: int, on_move=None) -> tuple[State, list]:
    """A complete game; `apply` raises IllegalMove on an illegal move and we let it."""
    state = State.new(len(levels), seed)
    bots = [fast_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    moves = []
    limit = 400 if set(levels) == {"random"} else TURN_LIMIT
    while not state.is_over:
        assert state.players[state.seat].turns < limit, "the game does not end"
        before = state.clone()
        move = bots[state.seat].choose(state.clone())  # the TUI hands bots a clone too
        assert move in state.legal_moves(move.kind), move
        if on_move is not None:
            on_move(levels[state.seat], before, move)
        state.apply(move)
        moves.append(move)
    return state, moves


def snapshot(state: State) -> str:
    return repr(
        [state.seat, state.phase, state.point_row, state.point_deck, state.merchant_row,
         state.merchant_cubes, state.merchant_deck, state.upper_coins, state.lower_coins]
        + [(p.cubes, p.hand, p.played, p.claimed, p.upper, p.lower, p.turns) for p in state.players]
    )


def midgame(seed: int, players: int = 2, turns: int = 8) -> State:
    """A position some turns in, reached by the medium bot, with the decks partly used."""
    state = State.new(players, seed)
    bots = [make_bot("medium", i) for i in range(players)]
    while state.players[state.seat].turns < turns and not state.is_over:
        state.advance(bots[state.seat].choose(state))
    return state


# ----------------------------------------------------------- complete games
def test_levels_are_listed():
    assert LEVELS == ("random", "easy", "medium", "hard")
    with pytest.raises(ValueError):
        make_bot("impossible")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_complete_legal_games(level, players):
    state, _ = play([level] * players, seed=players)
    assert state.is_over
    assert len({p.turns for p in state.players}) == 1  # R-END-2: equal turns


@pytest.mark.parametrize("players", [2, 5])
def test_mixed_table_plays_a_complete_game(players):
    levels = ["hard", "medium", "easy", "random", "hard"][:players]
    state, _ = play(levels, seed=11)
    assert state.is_over


# ------------------------------------------------------------- determinism
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level):
    levels = [level, "medium" if level != "medium" else "easy", level]
    _, first = play(levels, seed=3)
    _, again = play(levels, seed=3)
    assert first == again


def test_hard_choice_is_a_function_of_seed_and_position():
    state = midgame(5)
    bot = fast_bot("hard", 42)
    assert bot.choose(state.clone()) == bot.choose(state.clone()) == fast_bot("hard", 42).choose(state)


@pytest.mark.parametrize("level", LEVELS)
def test_choose_does_not_change_the_state(level):
    state = midgame(6)
    before = snapshot(state)
    fast_bot(level, 1).choose(state)
    assert snapshot(state) == before


def test_choose_in_a_worker_thread_gives_the_same_move():
    state = midgame(7)
    found = []
    worker = threading.Thread(target=lambda: found.append(fast_bot("hard", 9).choose(state.clone())))
    worker.start()
    worker.join()
    assert found == [fast_bot("hard", 9).choose(state.clone())]


# ------------------------------------------------------------------ budget
def test_hard_stops_searching_when_its_clock_share_is_spent(monkeypatch):
    """A fake clock that advances 1 ms per look: the search must stop by itself at the
    share of the budget it may use (the rest is margin), whatever the node limit."""
    import century_tui.bots.hard as hard

    now = [0.0]

    def tick() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(hard.time, "perf_counter", tick)
    state = midgame(8, players=4)
    for budget_ms, search_ms in ((150, 112.5), (100, 70), (40, 20)):
        now[0] = 0.0
        bot = HardBot(1, budget_ms=budget_ms)  # no node cap: only the clock stops it
        move = bot.choose(state)
        assert move in state.legal_moves(move.kind) and bot.nodes > 0
        # one look at the clock per node, plus one at the start: stops at the first look past it
        assert now[0] * 1000 <= search_ms + 2, (budget_ms, now[0])
        assert now[0] * 1000 >= search_ms - 1, (budget_ms, now[0])


def test_hard_default_budget_is_one_second():
    assert make_bot("hard").budget_ms == 1000
    assert make_bot("hard", 1, 250).budget_ms == 250


# ---------------------------------------------------------- hidden decks
@pytest.mark.parametrize("level", LEVELS)
def test_bots_ignore_the_order_of_face_down_decks(level):
    for seed in range(4):
        state = midgame(seed, players=3)
        shuffled = state.clone()
        rng = random.Random(seed + 100)
        rng.shuffle(shuffled.point_deck)
        rng.shuffle(shuffled.merchant_deck)
        assert fast_bot(level, seed).choose(state) == fast_bot(level, seed).choose(shuffled)


def test_hard_searches_an_imagined_deck_order_that_ignores_the_real_one():
    state = midgame(4, players=3)
    shuffled = state.clone()
    random.Random(1).shuffle(shuffled.point_deck)
    random.Random(2).shuffle(shuffled.merchant_deck)
    a, b = imagined(state, 7), imagined(shuffled, 7)
    assert a.point_deck == b.point_deck and a.merchant_deck == b.merchant_deck
    assert sorted(a.point_deck) == sorted(state.point_deck)
    assert a.point_deck != state.point_deck  # a guess, not the truth
    assert imagined(state, 8).point_deck != a.point_deck  # the bot's seed drives the guess


def test_imagined_decks_do_not_depend_on_the_types_the_engine_holds_facts_in():
    """The imagined order is seeded by a repr of the public facts: an engine type with a repr
    of its own (the phase as a StrEnum rather than a string) changed every guess, and with it
    the hard bot's play, though the position was the same (issue 15: no behaviour change)."""
    state = midgame(4, players=3)
    plain = state.clone()
    plain.phase = state.phase.value  # the plain string the engine held before the split
    a, b = imagined(state, 7), imagined(plain, 7)
    assert a.point_deck == b.point_deck and a.merchant_deck == b.merchant_deck
    assert "<" not in _public_seed(7, state)  # no object's own repr in the seed


def test_imagined_decks_are_the_ones_the_hard_bot_always_imagined():
    """The first cards of the decks the hard bot imagines at an opening, as it imagined them
    before the engine's split (62258f8): its moves follow from these."""
    for seed, points, merchants in (
        (0, [17, 1, 3, 12, 18, 22], [13, 32, 26, 14, 37, 33]),
        (7, [2, 19, 35, 7, 28, 23], [13, 17, 25, 41, 3, 35]),
    ):
        guess = imagined(State.new(2, 100), seed)
        assert (guess.point_deck[:6], guess.merchant_deck[:6]) == (points, merchants)


# -------------------------------------------------------------- sub-choices
def test_cheapest_payment_places_cheapest_colours():
    assert cheapest_payment((2, 1, 0, 3), 3) == (0, 0, 1)
    assert cheapest_payment((0, 0, 2, 1), 3) == (2, 2, 3)
    assert cheapest_payment((5, 0, 0, 0), 0) == ()


def test_discard_returns_least_valuable_cubes():
    assert least_valuable_discard((3, 3, 3, 3), 2) == Discard((2, 0, 0, 0))
    assert least_valuable_discard((1, 3, 3, 3), 2) == Discard((1, 1, 0, 0))
    # Cubes saved for a point card stay; the cheapest of the rest go first.
    assert least_valuable_discard((3, 3, 3, 3), 2, keep=(3, 0, 0, 0)) == Discard((0, 2, 0, 0))


def test_full_caravan_of_browns_keeps_the_yellows_it_needs():
    """Ten browns, a row of cards asking for yellows: throwing the new yellows away
    again and again would never end; the discard keeps them and drops browns."""
    state = State.new(2, 1)
    p = state.players[state.seat]
    p.cubes = (2, 0, 0, 10)
    state.point_row = [8]  # P09: 2Y 2B
    state.phase = Phase.DISCARD
    assert discard_move(state) == Discard((0, 0, 0, 2))
    state.point_row = [31]  # P32: 2G 3B, the yellows are its future greens
    assert discard_move(state) == Discard((0, 0, 0, 2))


def test_deficit_counts_upgrade_steps():
    assert deficit((2, 2, 0, 0), (2, 2, 0, 0)) == 0
    assert deficit((4, 0, 0, 0), (2, 2, 0, 0)) == 2  # two Y→R
    assert deficit((0, 0, 0, 0), (0, 0, 1, 0)) == 3  # gain a Y, two steps


def _check_sub_choices(level: str, before: State, move) -> None:
    if level not in ("easy", "medium", "hard"):
        return
    cubes = before.players[before.seat].cubes
    if move.kind == ACQUIRE:
        assert move.payment == cheapest_payment(cubes, move.index)
    elif move.kind == UPGRADE:
        assert move.steps, "an upgrade that changes nothing wastes a turn"
    if level == "hard":
        return  # its search weighs every trade repetition, every upgrade and every discard
    if move.kind == DISCARD:
        assert move == discard_move(before)
    elif move.kind == TRADE:
        most = max(m.times for m in before.legal_moves(TRADE) if m.card == move.card)
        if move.times < most:  # fewer repetitions only to make a claim possible
            pay, gain = PAY[move.card], GAIN[move.card]
            after = tuple(cubes[t] + (gain[t] - pay[t]) * move.times for t in range(4))
            assert any(covers(after, c) for c in _costs(before))
    elif move.kind == UPGRADE:
        most = max(len(m.steps) for m in before.legal_moves(UPGRADE) if m.card == move.card)
        if len(move.steps) < most:
            after = list(cubes)
            for t in move.steps:
                after[t] -= 1
                after[t + 1] += 1
            assert any(covers(tuple(after), c) for c in _costs(before))


def _costs(state: State):
    from century_tui.engine import POINT_CARDS

    return [POINT_CARDS[c].cost for c in state.point_row]


@pytest.mark.parametrize("players", [2, 4])
def test_bots_make_sensible_sub_choices(players):
    seen = set()

    def check(level, before, move):
        seen.add(move.kind)
        _check_sub_choices(level, before, move)

    for seed in range(2):
        play(["hard", "medium", "easy", "hard"][:players], seed=20 + seed, on_move=check)
    assert {ACQUIRE, TRADE, UPGRADE} <= seen


def test_acquire_moves_are_engine_moves():
    state = midgame(2)
    cubes = state.players[state.seat].cubes
    legal = state.legal_moves(ACQUIRE)
    for i in range(min(sum(cubes) + 1, len(state.merchant_row))):
        assert Acquire(i, cheapest_payment(cubes, i)) in legal


def test_cycle_collection_is_back_after_overlapping_searches():
    """A hard bot's thread may outlive an undo and overlap the next one: collection is off
    while any search runs and on again after the last, whatever the order they end in."""
    import gc

    from century_tui.bots.gc_pause import no_cycle_collection

    assert gc.isenabled()
    first, second = no_cycle_collection(), no_cycle_collection()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the first ends while the second still searches
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()
    HardBot(1, budget_ms=100).choose(midgame(8, players=2))
    assert gc.isenabled()


# ------------------------------------------------------- anytime (issue 17)
def test_a_clock_stopped_search_plays_what_its_node_count_gives(monkeypatch):
    """Anytime and reproducible: stopped by the clock after N nodes, the bot plays the move
    a cap of N nodes gives, whatever N the clock allowed."""
    import century_tui.bots.hard as hard

    now = [0.0]

    def tick() -> float:
        now[0] += 0.0001
        return now[0]

    state = midgame(9, players=3)
    for budget_ms in (100, 400):
        monkeypatch.setattr(hard.time, "perf_counter", tick)
        now[0] = 0.0
        timed = HardBot(3, budget_ms=budget_ms)
        move = timed.choose(state)
        monkeypatch.undo()
        capped = HardBot(3, budget_ms=budget_ms, max_nodes=timed.nodes, clock=lambda: 0.0)  # only the cap stops it
        assert capped.choose(state) == move
        assert capped.nodes == timed.nodes


def test_hard_searches_wider_while_its_budget_lasts():
    """The first search is the schedule's narrowest; more nodes buy wider ones, each to
    the game's end as the race model sees it."""
    state = midgame(10)
    small, large = HardBot(1, 600_000, max_nodes=3_000), HardBot(1, 600_000, max_nodes=60_000)
    small.choose(state)
    large.choose(state)
    first = SCHEDULE[0][0]
    assert small.reached[0] == first and large.reached[0] > first
    assert large.reached[1] > 12  # far past the twelve own turns issue 17's bot stopped at


def test_more_work_buys_more_imagined_deck_orders_each_voting():
    """With each order's search capped in width (`order_width`), the work left after one
    order goes to another imagined deck order, not to a wider search of the same one: a
    larger node cap gets more orders that vote, none wider than the cap, and a node cap
    still gives the same move and node count for the same seed and position."""
    state = midgame(10)
    small = HardBot(1, 600_000, max_nodes=8_000, order_width=24)
    large = HardBot(1, 600_000, max_nodes=60_000, order_width=24)
    small.choose(state)
    move = large.choose(state)
    assert small.voted == 1 and large.voted > 2
    assert large.reached[0] == 24
    again = HardBot(1, 600_000, max_nodes=60_000, order_width=24)
    assert again.choose(state) == move and again.nodes == large.nodes


def test_a_small_budget_searches_one_imagined_order_wider():
    """Below `ORDERS_FROM_MS` a second order would only tie with the first (two voters):
    the work goes to wider searches of one order instead, as far as it lasts."""
    from century_tui.bots.hard import ORDER_WIDTH, ORDERS_FROM_MS

    state = midgame(10)
    bot = HardBot(1, budget_ms=ORDERS_FROM_MS - 1, max_nodes=150_000, clock=lambda: 0.0)  # the cap stops it
    bot.choose(state)
    assert bot.voted == 1 and bot.reached[0] > ORDER_WIDTH


# ----------------------------------------------------- the race (issue 17)
def with_point_row(state: State, row: list[int]) -> State:
    """The position with these point cards face up (no coins), the others in the deck."""
    state.point_deck = [c for c in state.point_row + state.point_deck if c not in row]
    state.point_row = list(row)
    state.upper_coins = state.lower_coins = 0
    return state


def test_hard_takes_first_the_card_the_other_player_can_pay_for():
    """Two 8-point cards the bot can pay for (2 yellow 2 green, 4 red), three it cannot
    reach; the other player has 4 reds. Taking the reds' card first denies it: the bot
    weighs the other player's worth too (`Weights.rival`); on its own worth alone it
    bought a merchant card here and let the other player take the reds' card."""
    state = with_point_row(State.new(2, 0), [4, 2, 33, 34, 35])
    state.players[state.seat].cubes = (2, 4, 2, 0)
    state.players[1 - state.seat].cubes = (0, 4, 0, 0)
    assert HardBot(1, 600_000, max_nodes=2000).choose(state) == Claim(1)
