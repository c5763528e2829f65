"""The command line's grammar: its commands and arguments, each argument checked as it is
read, and argparse made to speak the player's language (its help wrapped by terminal cells,
so Japanese lines break where they may) with one line and exit code 2 for a wrong argument."""

from __future__ import annotations

import argparse
import re


ARGPARSE_WORDS = (  # argparse's own messages (English only), matched to our keys
    (re.compile(r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)$"), "cli.invalid_choice"),
    (re.compile(r"expected one argument$"), "cli.expected_one"),
    (re.compile(r"unrecognized arguments: (?P<args>.+)$"), "cli.unrecognized"),
    (re.compile(r"the following arguments are required: (?P<args>.+)$"), "cli.required"),
    (re.compile(r"ignored explicit argument (?P<value>.+)$"), "cli.no_value"),
)


def unquoted(text: str) -> str:
    """argparse's Python quotes taken off ("'wood'" → "wood", "'spice', 'golem'" → "spice,
    golem"): the language's words put their own around a value, “wood” or « wood », as
    in the game's other messages (not two styles side by side)."""
    return re.sub(r"'([^']*)'", r"\1", text)


def _translated(message: str) -> str:
    """argparse's message in the player's language: "argument --seed: ..." and the few
    messages argparse writes itself; ours (ArgumentTypeError) are translated already. What
    the player typed is cut short: argparse would echo a 100 KB argument back whole."""
    from century_tui.engine import clipped
    from century_tui.text import t

    argument = re.match(r"argument (?P<argument>[^:]+): (?P<message>.*)$", message, re.S)
    inner = argument["message"] if argument else message
    for pattern, key in ARGPARSE_WORDS:
        found = pattern.match(inner)
        if found:
            typed = {k: v if k == "choices" else clipped(v, 60) for k, v in found.groupdict().items()}
            typed = {k: unquoted(v) if k in ("value", "choices") else v for k, v in typed.items()}  # the language quotes
            inner = t(key, **typed)
            break
    return t("cli.argument", argument=argument["argument"], message=inner) if argument else inner


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help with "usage:" in the player's language."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:  # type: ignore[override]
        from century_tui.text import t

        super().add_usage(usage, actions, groups, t("cli_help.usage") if prefix is None else prefix)

    def _format_usage(self, usage, actions, groups, prefix) -> str:  # type: ignore[override]
        """Continuation lines of the usage line up under a wide prefix ("使い方：")."""
        from rich.cells import cell_len

        extra = cell_len(prefix or "") - len(prefix or "")
        if not extra:
            return super()._format_usage(usage, actions, groups, prefix)
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        return re.sub(r"\n(?=\s+\S)", "\n" + " " * extra, text)

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Wrap by terminal cells: a Japanese character is two columns wide and a line may
        break after it, where argparse counts one column and breaks only at spaces."""
        from rich.cells import cell_len

        if cell_len(text) == len(text):
            return super()._split_lines(text, width)
        return wrap_cells(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from rich.cells import cell_len

        if cell_len(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap_cells(" ".join(text.split()), width - len(indent)))


CLOSING = "、。，．・ー）」』】〕！？：；"
"""Japanese punctuation that may not start a line: it hangs at the end of the one before."""
OPENING = "（「『【〔"
"""Japanese brackets that may not end a line: they go down with the word they open."""


def wrap_cells(text: str, width: int) -> list[str]:
    """Lines of at most `width` cells (a closing mark may hang one over). Latin words stay
    whole; a line may break between any two wide characters."""
    from rich.cells import cell_len

    tokens = re.findall(r"[^\s\u2E80-\uFFEF]+\s*|[\u2E80-\uFFEF]\s*", text)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and cell_len((line + token).rstrip()) > width and token[0] not in CLOSING:
            carry = ""
            while line.rstrip() and line.rstrip()[-1] in OPENING and len(line.rstrip()) > 1:
                carry = line.rstrip()[-1] + carry  # an opening mark goes down with its word
                line = line.rstrip()[:-1]
            lines.append(line.rstrip())
            line = carry
        line += token
    if line:
        lines.append(line.rstrip())
    return lines


class Parser(argparse.ArgumentParser):
    """argparse, but in the player's language, and a wrong argument gets one line on
    stderr and exit code 2."""

    def __init__(self, *args, **kwargs) -> None:
        from century_tui.text import t

        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False
        kwargs["allow_abbrev"] = False  # "--s" is not taken as --skin or --seed
        super().__init__(*args, **kwargs)
        self._positionals.title = t("cli_help.positional")
        self._optionals.title = t("cli_help.options")
        self.add_argument("-h", "--help", action="help", help=t("cli_help.help"))

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        """A command's parser refuses what it does not know itself, so the message names the
        command ("century cards: error: …"); argparse leaves it to "century", which then
        names no command."""
        namespace, extras = super().parse_known_args(args, namespace)
        if extras and self.prog != "century":
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, whatever was typed: a control character in it is shown, not obeyed."""
        from century_tui.engine import printable
        from century_tui.text import t

        self.exit(2, printable(t("cli.error", prog=self.prog, message=_translated(message))) + "\n")


def _count(low: int, high: int):
    """A whole number from `low` to `high`: every number argument has bounds, so none can
    overflow what reads it (a 400-digit budget once broke the bot's clock)."""

    def parse(text: str) -> int:
        from century_tui.engine.names import shown as outside
        from century_tui.text import t

        shown = outside(text, 20)  # not 400 digits back at the player, nor an ESC to obey
        digits = text.strip().lstrip("+-").lstrip("0")
        if re.fullmatch(r"\s*[+-]?\d+\s*", text) and len(digits) > len(str(high)):
            raise argparse.ArgumentTypeError(t("cli.out_of_range", value=shown, low=low, high=high))
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("cli.not_whole", value=shown)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(t("cli.out_of_range", value=shown, low=low, high=high))
        return value

    return parse


def _bot_list(text: str) -> list[str]:
    from century_tui.bots import LEVELS

    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in LEVELS:
            from century_tui.engine import shown
            from century_tui.text import t

            raise argparse.ArgumentTypeError(t("cli.unknown_bot", level=shown(n), levels=", ".join(LEVELS)))
    return names


def _players(text: str) -> list[tuple[str, str | None]]:
    """"Ann,Bob,bot:hard" → [(name, bot level or None)]; bots without a name get one later.
    Names follow the one rule of `engine.names`, as in the new-game form and save files."""
    from century_tui.bots import LEVELS
    from century_tui.engine import NameRefused, checked_name, duplicate, shown
    from century_tui.text import t

    entries = text.split(",")
    if not 2 <= len(entries) <= 5:
        raise argparse.ArgumentTypeError(t("cli.players_count", count=len(entries)))
    out: list[tuple[str, str | None]] = []
    for n, entry in enumerate(entries, start=1):
        if entry.strip().casefold().startswith("bot:"):
            level = entry.strip()[4:].strip()
            if level not in LEVELS:
                raise argparse.ArgumentTypeError(t("cli.unknown_bot", level=shown(level), levels=", ".join(LEVELS)))
            out.append(("", level))
            continue
        try:
            out.append((checked_name(entry), None))
        except NameRefused as e:
            raise argparse.ArgumentTypeError(t(f"cli.player_{e.code}", n=n, name=shown(entry), **e.params)) from None
    same = duplicate(name for name, level in out if not level)
    if same is not None:
        raise argparse.ArgumentTypeError(t("cli.player_duplicate", name=same))
    return out


def _language(code: str) -> str:
    from century_tui.engine import shown
    from century_tui.text import languages, t

    if code not in languages():
        raise argparse.ArgumentTypeError(t("cli.unknown_language", code=shown(code), codes=", ".join(languages())))
    return code


def build_parser() -> Parser:
    """The command line, its help in the current language (set before it is built)."""
    from century_tui.text import t

    from century_tui.engine import MAX_SEED
    from century_tui.bots.registry import BUDGET_RANGE_MS
    from century_tui.skins import SKINS

    def h(key: str) -> str:
        return t(f"cli_help.{key}")

    parser = Parser(prog="century", description=h("description"))
    parser.add_argument("--lang", type=_language, default=None, help=h("lang"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("sim", help=h("sim"))
    sim.add_argument("--games", type=_count(1, 1_000_000), default=100, help=h("games"))
    sim.add_argument("--players", type=_count(2, 5), default=2, help=h("players_count"))
    sim.add_argument("--bots", type=_bot_list, default=["random"], help=h("bots"))
    sim.add_argument("--seed", type=_count(0, MAX_SEED), default=0, help=h("seed_sim"))
    sim.add_argument("--budget-ms", type=_count(*BUDGET_RANGE_MS), default=None, help=h("budget_sim"))
    sim.add_argument("--round-cap", type=_count(1, 10_000), default=None, help=h("round_cap"))
    sim.add_argument("--jobs", type=_count(1, 256), default=None, help=h("jobs"))
    sim.add_argument("--json", action="store_true", help=h("json_sim"))

    cards = sub.add_parser("cards", help=h("cards"))
    cards.add_argument("--json", action="store_true", help=h("json_cards"))

    new = sub.add_parser("new", help=h("new"))
    new.add_argument("--players", type=_players, default=None, metavar="NAMES", help=h("players"))
    new.add_argument("--skin", choices=SKINS, default=None, help=h("skin"))
    new.add_argument("--seed", type=_count(0, MAX_SEED), default=None, help=h("seed"))
    new.add_argument("--budget-ms", type=_count(*BUDGET_RANGE_MS), default=None, help=h("budget"))
    new.add_argument("--hints", action="store_true", help=h("hints"))

    resume = sub.add_parser("resume", help=h("resume"))
    resume.add_argument("file", nargs="?", default=None, metavar="NAME", help=h("file"))
    resume.add_argument("--skin", choices=SKINS, default=None, help=h("skin"))
    resume.add_argument("--budget-ms", type=_count(*BUDGET_RANGE_MS), default=None, help=h("budget"))

    saves = sub.add_parser("saves", help=h("saves"))

    replay = sub.add_parser("replay", help=h("replay"))
    replay.add_argument("file", metavar="NAME", help=h("file"))
    replay.add_argument("--skin", choices=SKINS, default=None, help=h("skin"))
    review = sub.add_parser("review", help=h("review"))
    review.add_argument("file", metavar="NAME", help=h("file"))
    from century_tui.cli.network import add_parsers

    networked = add_parsers(sub, h, players=_players, count=_count)
    for opener in (new, resume, replay, sim, review, cards, saves, *networked):  # after the command too; SUPPRESS keeps `century --lang` set
        opener.add_argument("--lang", type=_language, default=argparse.SUPPRESS, help=h("lang"))
    return parser
