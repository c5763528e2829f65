"""`century sim`: play bot games headless, with a progress bar on a terminal, and print the
figures in the player's language (or as JSON)."""

from __future__ import annotations

import argparse
import json
import sys


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
