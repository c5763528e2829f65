"""`century host`, `century join` and `century watch`: their arguments and what they do.
The cli only hands them over (`add_parsers`, `run`)."""

from __future__ import annotations

import argparse
import asyncio
import re
import socket
import sys
from pathlib import Path
from typing import Callable

LOOPBACK = ("127.0.0.1", "localhost", "::1")
ADDRESS = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


def _address(text: str) -> str:
    from century_tui.engine import shown
    from century_tui.text import t

    match = ADDRESS.match(text)
    if match is None or not 0 < int(match.group(2)) < 65536:
        raise argparse.ArgumentTypeError(t("cli.bad_address", value=shown(text)))
    return text


def add_parsers(sub, h: Callable[[str], str], *, players, count) -> list[argparse.ArgumentParser]:
    """The three commands' parsers (their help in the current language)."""
    from century_tui.engine import MAX_SEED

    host = sub.add_parser("host", help=h("host"))
    host.add_argument("--players", type=players, default=None, metavar="NAMES", help=h("players"))
    host.add_argument("--port", type=count(0, 65535), default=7777, help=h("port"))
    host.add_argument("--bind", default="127.0.0.1", help=h("bind"))
    host.add_argument("--seed", type=count(0, MAX_SEED), default=None, help=h("seed"))
    host.add_argument("--resume", default=None, metavar="FILE", help=h("resume_host"))
    host.add_argument("--web", type=count(0, 65535), default=None, metavar="PORT", help=h("web"))
    out = [host]
    for name in ("join", "watch"):
        command = sub.add_parser(name, help=h(name))
        command.add_argument("address", type=_address, metavar="HOST:PORT", help=h("address"))
        command.add_argument("--code", default=None, help=h("code"))
        command.add_argument("--skin", choices=("spice", "golem"), default=None, help=h("skin"))
        out.append(command)
    return out


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.command == "host":
        return cmd_host(args, parser)
    return cmd_join(args)


# ---------------------------------------------------------------- join / watch
def cmd_join(args: argparse.Namespace) -> int:
    """The usual board for the seat the code gives (none: a watcher's read-only board)."""
    from century_tui.cli.games import say
    from century_tui.engine import clipped
    from century_tui.text import t

    from century_tui.net.join import JoinApp

    app = JoinApp(args.address, args.code, watch=args.command == "watch", skin=args.skin, language=args.lang)
    app.run()
    if app.failure is not None:
        say(f"century: {t('cli.join_failed', address=args.address, reason=clipped(app.failure, 120))}",
            file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------- host
def cmd_host(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from century_tui import storage
    from century_tui.cli.games import _refused, _save_file
    from century_tui.engine import Game, new_seed
    from century_tui.engine import SaveError, dumps
    from century_tui.seats import validate_seats
    from century_tui.text import t

    if args.resume is not None:
        path = _save_file(args.resume)
        if path is None:
            return 1
        try:
            game, lock = storage.open_save(path)
        except SaveError as e:
            _refused(path, e)
            return 1
    elif args.players:
        rows = [(name, f"bot:{level}" if level else "human") for name, level in args.players]
        seats, problem = validate_seats(rows)
        if problem:
            parser.error(problem)
        game = Game(seats, args.seed if args.seed is not None else new_seed())
        path, lock = storage.create_save(dumps(game))  # the file is known before anyone joins
    else:
        parser.error(t("cli.host_needs_players"))
    try:
        return asyncio.run(serve(game, path, lock, args.bind, args.port, web=args.web))
    except KeyboardInterrupt:
        return 0
    finally:
        lock.release()


def join_address(bind: str, port: int) -> str:
    """What the others type to reach this host: the machine's name when it listens everywhere."""
    host = socket.gethostname() if bind in ("0.0.0.0", "::", "") else bind
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


async def serve(game, path: Path, lock, bind: str, port: int, *, web: int | None = None, out=None,
                ready=None) -> int:
    """Serve `game` until cancelled (Ctrl+C): the join lines, then who comes and goes; with
    `web`, browser seats on that port too. `ready(host, hosted)` is told once it listens
    (for tests)."""
    from century_tui import storage
    from century_tui.cli.games import say
    from century_tui.text import t

    from century_tui.net.host import Host

    out = out or say
    settings = storage.load_settings()[0]
    host = Host(bind=bind, port=port, bot_delay=settings.bot_delay_ms / 1000, bot_budget_ms=settings.bot_budget_ms)
    try:
        await host.start()
    except OSError as e:
        out(f"century: {t('cli.host_cannot_listen', address=f'{bind}:{port}', detail=storage.os_reason(e))}",
            file=sys.stderr)
        return 1
    seats = None
    if web is not None:
        from century_tui.net.web import serve_web
        from century_tui.text import language

        try:
            seats = await serve_web(bind, web, host.port, language=language(), title=t("app.title"))
        except OSError as e:
            out(f"century: {t('cli.host_cannot_listen', address=f'{bind}:{web}', detail=storage.os_reason(e))}",
                file=sys.stderr)
            await host.close()
            return 1
    if bind not in LOOPBACK:
        out(f"century: {t('cli.host_exposed', bind=bind)}", file=sys.stderr)
    lobby = Lobby(out)
    host.on_lobby = lobby.changed
    hosted = host.add(game, save_path=path, lock=lock)
    address = join_address(bind, host.port)
    out(t("cli.host_serving", address=address))
    for seat, s in enumerate(game.seats):
        code = hosted.code_for(seat)
        if code is not None:
            out(t("cli.host_seat", name=s.name, command=f"century join {address} --code {code}"))
    out(t("cli.host_watch", command=f"century watch {address} --code {hosted.watch_code}"))
    if seats is not None:
        out(t("cli.host_web", url=f"http://{join_address(bind, seats.port_bound)}"))
    out(t("cli.host_stop", file=path.name))
    if ready is not None:
        ready(host, hosted)
    try:
        await asyncio.Event().wait()  # until Ctrl+C (or the caller) cancels
    finally:
        if seats is not None:
            await seats.close()  # the browser tabs' apps quit first, while the game is still served
        await host.close()  # the last save; the table lets go of the file
    return 0


class Lobby:
    """The host's terminal: a line when a seat's person comes or goes."""

    def __init__(self, out) -> None:
        self.out = out
        self.seen: dict[int, set[int]] = {}

    def changed(self, hosted) -> None:
        from century_tui.text import t

        now = {seat for seat in range(len(hosted.table.seats)) if hosted.connected(seat)}
        before = self.seen.get(id(hosted), set())
        for seat in sorted(now - before):
            self.out(t("cli.host_connected", name=hosted.table.seats[seat].name))
        for seat in sorted(before - now):
            self.out(t("cli.host_disconnected", name=hosted.table.seats[seat].name))
        self.seen[id(hosted)] = now
