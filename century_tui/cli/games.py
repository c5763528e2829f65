"""The commands that open a game window or read the saves folder: `new`, `resume`, `replay`,
`review` and `saves`. The three that open a window import the TUI, and only then.
Whatever comes from disk or the command line is printed with its control characters
escaped (`files.say`), and a file that is not opened is said so in one line on stderr."""

from __future__ import annotations

import argparse
import sys

from century_tui.cli.files import folder_unreadable, load_save, refused, save_file, say


def cmd_new(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Open the game window: on the new-game form, or on the game `--players` names."""
    from century_tui import engine
    from century_tui.tui.app import CenturyApp
    from century_tui.seats import validate_seats

    game = None
    if args.players:
        rows = [(name, f"bot:{level}" if level else "human") for name, level in args.players]
        seats, problem = validate_seats(rows)
        if problem:  # only an auto bot name clashing with a person's name gets here
            parser.error(problem)
        seed = args.seed if args.seed is not None else engine.new_seed()
        game = engine.Game(seats, seed, hints=args.hints)
    CenturyApp(game, skin=args.skin, seed=args.seed, language=args.lang, bot_budget_ms=args.budget_ms,
               hints=args.hints, bot_processes=True).run()
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with a saved game in a window that holds its file: a second window is refused."""
    from century_tui import storage
    from century_tui.engine import SaveError
    from century_tui.text import t

    if args.file is not None:
        path = save_file(args.file)
        if path is None:
            return 1
    else:
        try:
            latest = storage.latest_unfinished()
        except OSError as e:
            return folder_unreadable(e)
        if latest is None:
            print(f"century: {t('cli.resume_none')}", file=sys.stderr)
            return 1
        path = latest.path
    try:
        game, lock = storage.open_save(path)
    except SaveError as e:
        refused(path, e)
        return 1
    try:
        from century_tui.tui.app import CenturyApp

        CenturyApp(
            game, save_path=path, save_lock=lock, resumed=True, skin=args.skin, language=args.lang,
            bot_budget_ms=args.budget_ms, bot_processes=True,
        ).run()
    finally:
        lock.release()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    path = save_file(args.file)
    game = None if path is None else load_save(path)
    if game is None:
        return 1
    from century_tui.tui.app import CenturyApp

    # a replay writes nothing; a new game from it does
    CenturyApp(game, skin=args.skin, replay=True, language=args.lang, bot_processes=True).run()
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    from century_tui import storage
    from century_tui.text import Names, error_text, t

    folder = storage.saves_dir()
    try:
        infos = storage.list_saves(folder)
    except OSError as e:
        return folder_unreadable(e)
    if not infos:
        say(t("cli.saves_none", folder=folder))
        return 0
    say(t("cli.saves_header", folder=folder))
    rows: list[list[str]] = []
    for info in infos:
        date = info.modified.strftime("%Y-%m-%d %H:%M")
        if info.error:
            rows.append([date, t("cli.saves_damaged"),
                         t("cli.saves_error", file=info.path.name, error=error_text(info.error))])
            continue
        state = t("cli.saves_over" if info.finished else "cli.saves_ongoing")
        rows.append([date, state, t("cli.saves_round", round=info.round),
                     str(Names(tuple(info.players))), info.path.name])
        if info.lock_error:
            rows.append(["    " + error_text(info.lock_error)])
    for line in columns(rows):
        say(line)
    return 0


def columns(rows: list[list[str]]) -> list[str]:
    """Rows of words in columns two spaces apart, padded by the cells they take on screen
    (a Japanese letter takes two): a row's last word is not padded, nor counted in the
    widths, so a long one (a damaged file's reason, a lock note) runs on without widening
    the columns of the others."""
    from rich.cells import cell_len

    widths: dict[int, int] = {}
    for row in rows:
        for i, word in enumerate(row[:-1]):
            widths[i] = max(widths.get(i, 0), cell_len(word))
    return ["  ".join([word + " " * (widths[i] - cell_len(word)) for i, word in enumerate(row[:-1])] + row[-1:])
            for row in rows]


def cmd_review(args: argparse.Namespace) -> int:
    """The moves that cost each person most, with a progress bar on a terminal (never when
    piped); a damaged file is said so, exit code 1; Ctrl+C stops it (exit code 130)."""
    from century_tui.review import report, review
    from century_tui.text import t

    path = save_file(args.file)
    game = None if path is None else load_save(path)
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
