"""The `century` command. Textual is imported only when a game window opens."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Sequence


ARGPARSE_WORDS = (  # argparse's own messages (English only), matched to our keys
    (re.compile(r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)$"), "cli.invalid_choice"),
    (re.compile(r"expected one argument$"), "cli.expected_one"),
    (re.compile(r"unrecognized arguments: (?P<args>.+)$"), "cli.unrecognized"),
    (re.compile(r"the following arguments are required: (?P<args>.+)$"), "cli.required"),
    (re.compile(r"ignored explicit argument (?P<value>.+)$"), "cli.no_value"),
)


def _translated(message: str) -> str:
    """argparse's message in the player's language: "argument --seed: ..." and the few
    messages argparse writes itself; ours (ArgumentTypeError) are translated already. What
    the player typed is cut short: argparse would echo a 100 KB argument back whole."""
    from century_tui.engine.names import clipped
    from century_tui.text import t

    argument = re.match(r"argument (?P<argument>[^:]+): (?P<message>.*)$", message, re.S)
    inner = argument["message"] if argument else message
    for pattern, key in ARGPARSE_WORDS:
        found = pattern.match(inner)
        if found:
            typed = {k: v if k == "choices" else clipped(v, 60) for k, v in found.groupdict().items()}
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

    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, whatever was typed: a control character in it is shown, not obeyed."""
        from century_tui.engine.names import printable
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
            from century_tui.engine.names import shown
            from century_tui.text import t

            raise argparse.ArgumentTypeError(t("cli.unknown_bot", level=shown(n), levels=", ".join(LEVELS)))
    return names


def _players(text: str) -> list[tuple[str, str | None]]:
    """"Ann,Bob,bot:hard" → [(name, bot level or None)]; bots without a name get one later.
    Names follow the one rule of `engine.names`, as in the new-game form and save files."""
    from century_tui.bots import LEVELS
    from century_tui.engine.names import NameRefused, checked_name, duplicate, shown
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
    from century_tui.engine.names import shown
    from century_tui.text import languages, t

    if code not in languages():
        raise argparse.ArgumentTypeError(t("cli.unknown_language", code=shown(code), codes=", ".join(languages())))
    return code


def build_parser() -> Parser:
    """The command line, its help in the current language (set before it is built)."""
    from century_tui.text import t

    from century_tui.engine.game import MAX_SEED
    from century_tui.storage import BOT_BUDGET_MS

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
    sim.add_argument("--budget-ms", type=_count(*BOT_BUDGET_MS), default=None, help=h("budget_sim"))
    sim.add_argument("--round-cap", type=_count(1, 10_000), default=None, help=h("round_cap"))
    sim.add_argument("--jobs", type=_count(1, 256), default=None, help=h("jobs"))
    sim.add_argument("--json", action="store_true", help=h("json_sim"))

    cards = sub.add_parser("cards", help=h("cards"))
    cards.add_argument("--json", action="store_true", help=h("json_cards"))

    new = sub.add_parser("new", help=h("new"))
    new.add_argument("--players", type=_players, default=None, metavar="NAMES", help=h("players"))
    new.add_argument("--skin", choices=("spice", "golem"), default=None, help=h("skin"))
    new.add_argument("--seed", type=_count(0, MAX_SEED), default=None, help=h("seed"))
    new.add_argument("--budget-ms", type=_count(*BOT_BUDGET_MS), default=None, help=h("budget"))
    new.add_argument("--hints", action="store_true", help=h("hints"))

    resume = sub.add_parser("resume", help=h("resume"))
    resume.add_argument("file", nargs="?", default=None, help=h("file"))
    resume.add_argument("--skin", choices=("spice", "golem"), default=None, help=h("skin"))
    resume.add_argument("--budget-ms", type=_count(*BOT_BUDGET_MS), default=None, help=h("budget"))

    sub.add_parser("saves", help=h("saves"))

    replay = sub.add_parser("replay", help=h("replay"))
    replay.add_argument("file", help=h("file"))
    replay.add_argument("--skin", choices=("spice", "golem"), default=None, help=h("skin"))
    review = sub.add_parser("review", help=h("review"))
    review.add_argument("file", help=h("file"))
    for opener in (new, resume, replay, sim, review):  # after the command too; SUPPRESS keeps `century --lang` set
        opener.add_argument("--lang", type=_language, default=argparse.SUPPRESS, help=h("lang"))
    return parser


def cmd_sim(args: argparse.Namespace) -> int:
    """Play the games, with a progress bar on a terminal (never when piped or with --json);
    Ctrl+C stops them and the summary covers the games finished (exit code 130)."""
    from century_tui.sim import DEFAULT_ROUND_CAP, SimReport, default_jobs, simulate

    jobs = args.jobs or default_jobs()

    def play(progress=None) -> SimReport:
        return simulate(
            args.bots,
            args.games,
            args.players,
            seed=args.seed,
            round_cap=args.round_cap or DEFAULT_ROUND_CAP,
            budget_ms=args.budget_ms,
            time_moves=args.bots != ["random"],
            jobs=jobs,
            progress=progress,
        )

    report = None
    try:
        if args.json or not sys.stdout.isatty():
            report = play()
        else:
            with sim_progress(args.games) as advance:
                report = play(advance)
    except KeyboardInterrupt:  # as the bar opened or closed: the games catch their own
        pass
    if report is None:
        report = SimReport.start(args.bots, args.players, args.games, jobs)
    print(json.dumps(report.as_dict()) if args.json else sim_summary(report))
    return 130 if report.interrupted else 0


def sim_progress(games: int):
    """A progress bar on stdout for `games` games: games done, games/s and time left, both
    from the whole run so far (games come back in batches, too unevenly for rich's recent
    speed); gone once the run ends. The context gives the function that moves it on."""
    import time
    from contextlib import contextmanager

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn
    from rich.text import Text

    from century_tui.text import t

    def rate(task) -> float:
        return task.completed / task.elapsed if task.completed and task.elapsed else 0.0

    class Rate(ProgressColumn):
        def render(self, task) -> Text:
            return Text(t("cli.sim_rate", rate=_decimal(rate(task), 1)))

    class Left(ProgressColumn):
        def render(self, task) -> Text:
            if not rate(task):
                return Text("-:--:--", "progress.remaining")
            seconds = round((task.total - task.completed) / rate(task))
            return Text(f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}", "progress.remaining")

    @contextmanager
    def bar():
        columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), Rate(), Left())
        # drawn as games come back, at most 10 times a second, with no thread of its own: the
        # worker processes are forked from this one, and a fork must not catch a thread
        # holding stdout's lock (a worker flushes stdout as it exits)
        with Progress(*columns, transient=True, auto_refresh=False) as progress:
            task = progress.add_task(t("cli.sim_playing"), total=games)
            shown = [0.0]

            def advance(n: int) -> None:
                progress.advance(task, n)
                now = time.monotonic()
                if now - shown[0] >= 0.1:
                    shown[0] = now
                    progress.refresh()

            yield advance

    return bar()


def _decimal(value: float, digits: int) -> str:
    """A number with the decimal mark of the player's language (12,5 in French)."""
    from century_tui.text import t

    return f"{value:.{digits}f}".replace(".", t("cli.sim_decimal_mark"))


def sim_summary(report) -> str:
    """The sim's figures in the player's language, in columns that line up in any script."""
    from rich.cells import cell_len

    from century_tui.text import t

    d = report.as_dict()

    def row(cells: list[str], widths: tuple[int, ...] = (12, 14, 14)) -> str:
        out = cells[0] + " " * max(1, widths[0] - cell_len(cells[0]))
        for cell, width in zip(cells[1:], widths[1:]):
            out += " " * max(1, width - cell_len(cell)) + cell
        return "  ".join([out, *cells[3:]]).rstrip()

    def share(x: float) -> str:
        return t("cli.sim_share", share=_decimal(100 * x, 1))

    lines = []
    if report.interrupted:
        lines += [t("cli.sim_interrupted", games=d["games"], asked=d["asked"]), ""]
    lines += [
        t("cli.sim_totals", games=d["games"], moves=d["moves"], seconds=_decimal(d["seconds"], 2),
          jobs=d["jobs"], games_per_s=_decimal(d["games_per_s"], 1), moves_per_s=round(d["moves_per_s"])),
        t("cli.sim_turns", turns=_decimal(d["turns_per_player"], 1), capped=d["capped"]),
        "",
        row([t("cli.sim_seat"), t("cli.sim_win_share"), t("cli.sim_mean_score")]),
    ]
    for s in d["by_seat"]:
        lines.append(row([str(s["seat"]), share(s["win_share"]), _decimal(s["mean_score"], 1)]))
    lines += ["", row([t("cli.sim_bot"), t("cli.sim_win_share"), t("cli.sim_mean_score")])]
    for name, b in d["by_bot"].items():
        think = [t("cli.sim_think", median=_decimal(b["median_ms"], 1), max=_decimal(b["max_ms"], 1))] if "median_ms" in b else []
        lines.append(row([t(f"level.{name}"), share(b["win_share"]), _decimal(b["mean_score"], 1), *think]))
    return "\n".join(lines)


def cmd_cards(args: argparse.Namespace) -> int:
    from century_tui import cardlist

    if args.json:
        print(json.dumps(cardlist.as_json()))
    else:
        cardlist.print_tables()
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Open the game window (the only command that imports Textual)."""
    from century_tui.engine.game import Game, new_seed
    from century_tui.tui.app import CenturyApp
    from century_tui.seats import validate_seats

    game = None
    if args.players:
        rows = [(name, f"bot:{level}" if level else "human") for name, level in args.players]
        seats, problem = validate_seats(rows)
        if problem:  # only an auto bot name clashing with a person's name gets here
            build_parser().error(problem)
        seed = args.seed if args.seed is not None else new_seed()
        game = Game(seats, seed, hints=args.hints)
    CenturyApp(game, skin=args.skin, seed=args.seed, language=args.lang, bot_budget_ms=args.budget_ms,
               hints=args.hints).run()
    return 0


def say(line: str, file=None) -> None:
    """Print a line that holds text from disk or the command line (file and player names):
    a control character in it is shown as an escape ("\\x1b"), never obeyed by the terminal."""
    from century_tui.engine.names import printable

    print(printable(line), file=file or sys.stdout)


def _save_file(typed: str) -> Path | None:
    """The save file FILE names (a name `century saves` prints, or a path), or None after
    saying on stderr that no saved game has that name."""
    from century_tui import storage
    from century_tui.engine.names import clipped
    from century_tui.text import t

    path = storage.find_save(typed)
    if path is None:
        name = clipped(typed, 80)  # not 100 KB of a pasted name back at the player
        say(f"century: {t('cli.no_save_named', name=name, folder=storage.saves_dir())}", file=sys.stderr)
    return path


def _load(path: Path):
    """The game in a save file, or None after saying why on stderr (the file is left as it is)."""
    from century_tui import storage
    from century_tui.engine.save import SaveError

    try:
        return storage.load_game(path)
    except SaveError as e:
        return _refused(path, e)


def _refused(path: Path, error) -> None:
    """Say on stderr, in one line, why the file at `path` is not opened (a path typed
    100 KB long is cut short, as every argument in a message is)."""
    from century_tui.engine.names import clipped
    from century_tui.engine.save import SaveError
    from century_tui.text import error_text, t

    file = clipped(str(path), 80)
    if "path" in error.params:
        error = SaveError(error.code, **{**error.params, "path": file})
    say(f"century: {t('cli.save_refused', file=file, error=error_text(error))}", file=sys.stderr)


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with a saved game in a window that holds its file: a second window is refused."""
    from century_tui import storage
    from century_tui.engine.save import SaveError
    from century_tui.text import t

    if args.file is not None:
        path = _save_file(args.file)
        if path is None:
            return 1
    else:
        try:
            latest = storage.latest_unfinished()
        except OSError as e:
            return _folder_unreadable(e)
        if latest is None:
            print(f"century: {t('cli.resume_none')}", file=sys.stderr)
            return 1
        path = latest.path
    try:
        game, lock = storage.open_save(path)
    except SaveError as e:
        _refused(path, e)
        return 1
    try:
        from century_tui.tui.app import CenturyApp

        CenturyApp(
            game, save_path=path, save_lock=lock, resumed=True, skin=args.skin, language=args.lang,
            bot_budget_ms=args.budget_ms,
        ).run()
    finally:
        lock.release()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    path = _save_file(args.file)
    game = None if path is None else _load(path)
    if game is None:
        return 1
    from century_tui.tui.app import CenturyApp

    CenturyApp(game, skin=args.skin, replay=True, language=args.lang).run()  # a replay writes nothing; a new game from it does
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """The moves that cost each person most, with a progress bar on a terminal (never when
    piped); a damaged file is said so, exit code 1; Ctrl+C stops it (exit code 130)."""
    from century_tui.review import report, review
    from century_tui.text import t

    path = _save_file(args.file)
    game = None if path is None else _load(path)
    if game is None:
        return 1
    try:
        if sys.stdout.isatty():
            with review_progress() as advance:
                found = review(game, progress=advance)
        else:
            found = review(game)
    except KeyboardInterrupt:
        print(t("review.cancelled"), file=sys.stderr)
        return 130
    say(t("cli.review_header", file=path.name))
    say("")
    for line in report(game, found):
        say(line)
    return 0


def review_progress():
    """A progress bar on stdout while the moves are weighed; gone once they are."""
    from contextlib import contextmanager

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from century_tui.text import t

    @contextmanager
    def bar():
        with Progress("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      transient=True) as progress:
            task = progress.add_task(t("cli.review_weighing"), total=None)
            yield lambda done, total: progress.update(task, completed=done, total=total)

    return bar()


def _folder_unreadable(error: OSError) -> int:
    """The saves folder cannot be listed: say so (not "no saved games"), exit code 1."""
    from century_tui import storage
    from century_tui.text import t

    detail = storage.os_reason(error)
    say(f"century: {t('cli.saves_unreadable', folder=storage.saves_dir(), detail=detail)}", file=sys.stderr)
    return 1


def cmd_saves(args: argparse.Namespace) -> int:
    from century_tui import storage
    from century_tui.text import Names, error_text, t

    folder = storage.saves_dir()
    try:
        infos = storage.list_saves(folder)
    except OSError as e:
        return _folder_unreadable(e)
    if not infos:
        say(t("cli.saves_none", folder=folder))
        return 0
    say(t("cli.saves_header", folder=folder))
    for info in infos:
        date = info.modified.strftime("%Y-%m-%d %H:%M")
        if info.error:
            say(t("cli.saves_damaged", date=date, file=info.path.name, error=error_text(info.error)))
            continue
        state = t("cli.saves_over" if info.finished else "cli.saves_ongoing")
        say(t("cli.saves_line", date=date, state=state, round=info.round,
              players=Names(tuple(info.players)), file=info.path.name))
        if info.lock_error:
            say("    " + error_text(info.lock_error))
    return 0


def _words_for(argv: Sequence[str]) -> None:
    """Messages in the player's language from the start: --lang, the saved one, LANG...;
    cubes in the saved cube code (`century cards` reads like the board)."""
    from century_tui import storage, text

    asked = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    settings = storage.load_settings()[0]
    text.set_language(text.resolve_language(asked, settings.language))
    text.set_cube_code(settings.cube_code)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _words_for(argv)
    args = build_parser().parse_args(argv)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command == "cards":
        return cmd_cards(args)
    if args.command == "resume":
        return cmd_resume(args)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command == "saves":
        return cmd_saves(args)
    if args.command == "review":
        return cmd_review(args)
    if args.command is None:
        args = build_parser().parse_args(["new", *(["--lang", args.lang] if args.lang else [])])
    return cmd_new(args)


if __name__ == "__main__":
    sys.exit(main())
