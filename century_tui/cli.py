"""The `century` command. Textual is imported only when a game window opens."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong argument gets one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _count(low: int, high: int | None = None):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{value} is out of range ({span})")
        return value

    return parse


def _bot_list(text: str) -> list[str]:
    from century_tui.bots import LEVELS

    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown bot {n!r} (choose from {', '.join(LEVELS)})")
    return names


def build_parser() -> Parser:
    parser = Parser(prog="century", description="Century: Spice Road in the terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("sim", help="play bot games headless and print figures")
    sim.add_argument("--games", type=_count(1), default=100)
    sim.add_argument("--players", type=_count(2, 5), default=2)
    sim.add_argument("--bots", type=_bot_list, default=["random"], help="comma-separated bot levels")
    sim.add_argument("--seed", type=_count(0), default=0)
    sim.add_argument("--budget-ms", type=_count(1), default=None, help="thinking budget per move")
    sim.add_argument("--round-cap", type=_count(1), default=None, help="abandon games after this many rounds")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    cards = sub.add_parser("cards", help="print every card")
    cards.add_argument("--json", action="store_true", help="print the cards as JSON")
    return parser


def cmd_sim(args: argparse.Namespace) -> int:
    from century_tui.sim import DEFAULT_ROUND_CAP, simulate

    report = simulate(
        args.bots,
        args.games,
        args.players,
        seed=args.seed,
        round_cap=args.round_cap or DEFAULT_ROUND_CAP,
        budget_ms=args.budget_ms,
        time_moves=args.bots != ["random"],
    )
    print(json.dumps(report.as_dict()) if args.json else report.text())
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from century_tui import cardlist

    if args.json:
        print(json.dumps(cardlist.as_json()))
    else:
        cardlist.print_tables()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command == "cards":
        return cmd_cards(args)
    print("century: the game window is not built yet; try `century sim` or `century cards`.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
