"""The race: what each other player will do next, from a short search of its own.

Century is won by the points a player has when someone takes the trigger card (6 point
cards with 2-3 players, 5 with 4-5) and the round ends. So the bot must know when that
will be, which point cards will still be there for it, and which of them another player
is about to take. Once a move, each other player gets a search of its own (the planner's,
narrow, the others standing still in it, as a player plans its own game): its best line
is its `Plan`. In the bot's search the worlds play the plans (`World.turn`): a card of a
plan goes at its turn unless the bot took it first, which costs that player the card
(another it can pay for instead) or a turn and the card's surplus (`world.SNIPED_KEEPS`);
past its plan a player claims a card every `pace` turns, so the end comes in every line,
as in real games. Its search has no rivals, so its plan ends the game whenever it can; in
the worlds a player that would end it behind the bot holds the card back
(`world.HOLD_GAIN`).
"""

from __future__ import annotations

from msgspec import Struct

from .caravan_tables import INDEX, within_tables
from .world import Other

PLAN_BEAM = 8
"""Positions kept a turn in another player's search: a cheap guess at its next claims."""
PLAN_DEPTH = 16
"""Own turns another player's search looks ahead (its plan's length at most)."""
PLAN_WEIGHTS = {"discount": 1.0, "claim_bonus": 0.0}
"""How another player's search weighs its claims (`evaluation.Weights`). While tuning,
benchmarks/bots.py sets these three from CENTURY_PLAN_SIZE and CENTURY_PLAN_WEIGHTS: the
game itself reads no environment for them."""
PACE = 5
"""Own turns a claim past a plan. Bots claim about every five turns once they have begun
(their plans' own pace, three to six, foretold too few cards 20 turns on)."""


class Plan(Struct, frozen=True):
    """Another player's predicted turns: `steps[k]` is its (k + 1)-th turn from now, as
    ("claim", point card), ("acquire", merchant card), ("play", -1) or ("rest", -1), and
    `states[k]` its (caravan number, cards, hand) after k of them (`states[0]`: now)."""

    steps: tuple[tuple[str, int], ...]
    states: tuple[tuple[int, int, int], ...]

    def cubes(self, k: int) -> int:
        return self.states[min(k, len(self.states) - 1)][0]

    def cards(self, k: int) -> int:
        return self.states[min(k, len(self.states) - 1)][1]

    def hand(self, k: int) -> int:
        return self.states[min(k, len(self.states) - 1)][2]

    def turns_to(self, k: int, missing: int, pace: int) -> int:
        """Own turns from its turn `k` until it has `missing` more cards (the last one's
        turn counted), by the plan and then one every `pace` turns."""
        if missing <= 0:
            return 0
        found = 0
        for s in range(k, len(self.steps)):
            if self.steps[s][0] == "claim":
                found += 1
                if found == missing:
                    return s - k + 1
        return max(0, len(self.steps) - k) + (missing - found) * pace


def still(cubes: tuple[int, int, int, int], cards: int, hand: int) -> Plan:
    """A plan of a player who does nothing (no search made for it)."""
    return Plan((), ((INDEX.get(cubes, 0) if sum(cubes) <= 10 else 0, cards, hand),))


def other(plan: Plan, late: int) -> Other:
    """Another player as the worlds play it."""
    return Other(plan, late, PACE)


def plan_from_line(start: tuple[int, int, int], line: list[tuple]) -> Plan:
    """A plan from the planner's best line for that player: its nodes, first to last."""
    steps, states = [], [start]
    for node in line:
        steps.append(node[10])
        states.append((within_tables(node[2]), node[3] | node[4], node[3]))
    return Plan(tuple(steps), tuple(states))
