"""`century host`, `century join` and `century watch`: their arguments and what they do.
The cli only hands them over (`add_parsers`, `run`)."""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path
from typing import Callable

LOOPBACK = ("127.0.0.1", "localhost", "::1")
ADDRESS = re.compile(r"^(wss?://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


def _address(text: str) -> str:
    from century_tui.engine import shown
    from century_tui.text import t

    match = ADDRESS.match(text)
    if match is None or not 0 < int(match.group(3)) < 65536:
        raise argparse.ArgumentTypeError(t("cli.bad_address", value=shown(text)))
    return text


def add_parsers(sub, h: Callable[[str], str], *, players, count) -> list[argparse.ArgumentParser]:
    """The three commands' parsers (their help in the current language)."""
    from century_tui.engine import MAX_SEED
    from century_tui.skins import SKINS

    host = sub.add_parser("host", help=h("host"))
    # each --players and each --resume is one more table, with codes of its own
    host.add_argument("--players", type=players, action="append", default=None, metavar="NAMES",
                      help=h("players_host"))
    host.add_argument("--port", type=count(0, 65535), default=7777, help=h("port"))
    host.add_argument("--bind", default="127.0.0.1", help=h("bind"))
    host.add_argument("--skin", choices=SKINS, default=None, help=h("skin_host"))
    host.add_argument("--seed", type=count(0, MAX_SEED), default=None, help=h("seed"))
    host.add_argument("--resume", action="append", default=None, metavar="FILE", help=h("resume_host"))
    host.add_argument("--tls-cert", default=None, metavar="FILE", help=h("tls_cert"))
    host.add_argument("--tls-key", default=None, metavar="FILE", help=h("tls_key"))
    host.add_argument("--web", type=count(0, 65535), default=None, metavar="PORT", help=h("web"))
    host.add_argument("--ssh", type=count(0, 65535), default=None, metavar="PORT", help=h("ssh"))
    host.add_argument("--ssh-keys", default=None, metavar="FILE", help=h("ssh_keys"))
    out = [host]
    for name in ("join", "watch"):
        command = sub.add_parser(name, help=h(name))
        command.add_argument("address", type=_address, metavar="HOST:PORT", help=h("address"))
        command.add_argument("--code", default=None, help=h("code"))
        command.add_argument("--skin", choices=SKINS, default=None, help=h("skin"))
        command.add_argument("--tls-ca", default=None, metavar="FILE", help=h("tls_ca"))
        # A seat the host serves over SSH or to a browser tab (`web.join_args`), on the host
        # user's account: the guest's switches last for the session, and the host user's
        # settings are neither read nor written. Not for people: left out of --help.
        command.add_argument("--guest", action="store_true", help=argparse.SUPPRESS)
        out.append(command)
    return out


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.command == "host":
        return cmd_host(args, parser)
    return cmd_join(args)


# ---------------------------------------------------------------- join / watch
def cmd_join(args: argparse.Namespace) -> int:
    """The usual board for the seat the code gives (none: a watcher's read-only board)."""
    from century_tui.cli.files import say
    from century_tui.engine import clipped, shown
    from century_tui.text import t

    from century_tui.net.client import normal_code
    from century_tui.net.join import JoinApp
    from century_tui.storage import Settings

    address = args.address
    tls = None
    if args.tls_ca is not None:
        tls = _tls_context(lambda ctx: ctx.load_verify_locations(cafile=args.tls_ca), args.tls_ca, server=False)
        if tls is None:
            return 1
        address = address if address.startswith("wss://") else "wss://" + address.removeprefix("ws://")
    guest = {"settings": Settings(), "remember_settings": False} if args.guest else {}
    app = JoinApp(address, args.code, watch=args.command == "watch", skin=args.skin, language=args.lang, tls=tls,
                  **guest)
    app.run()
    if app.farewell is not None:
        say(f"century: {app.farewell}")
        return 0
    if app.failure_code == "seat_code":  # `century watch` with a seat's code: the line that plays it
        line = f"century join {args.address} --code {shown(normal_code(args.code) or '', 40)}"
        if args.tls_ca is not None:
            line += f" --tls-ca {shown(args.tls_ca, 80)}"
        say(f"century: {t('cli.watch_seat_code', command=line)}", file=sys.stderr)
        return 1
    if app.failure is not None:
        reason = clipped(app.failure, 120)
        if "CERTIFICATE_VERIFY_FAILED" in app.failure and args.tls_ca is None:
            reason = t("cli.join_tls_hint", reason=reason)
        key = "cli.join_left" if app.joined else "cli.join_failed"  # in the game, then out of it
        say(f"century: {t(key, address=args.address, reason=reason)}", file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------- host
def _tls_context(load, file: str, *, server: bool):
    """An SSL context that `load` fills from `file`, or None after saying on stderr why
    the file cannot be used (missing, not a certificate, the key not matching)."""
    import ssl

    from century_tui import storage
    from century_tui.cli.files import say
    from century_tui.engine import clipped
    from century_tui.text import t

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER if server else ssl.PROTOCOL_TLS_CLIENT)
    if not server:
        context.load_default_certs()
    try:
        load(context)
    except OSError as e:  # ssl.SSLError is one
        detail = storage.os_reason(e) if not isinstance(e, ssl.SSLError) else (e.reason or str(e))
        say(f"century: {t('cli.tls_refused', file=clipped(file, 80), detail=clipped(str(detail), 120))}",
            file=sys.stderr)
        return None
    return context


def _unusable_keys(file: str) -> str | None:
    """Why an authorized_keys file admits no one (None: it can be used)."""
    import asyncssh

    from century_tui import storage
    from century_tui.engine import clipped

    try:
        asyncssh.read_authorized_keys(file)
    except OSError as e:
        return storage.os_reason(e)
    except (ValueError, asyncssh.KeyImportError) as e:
        return clipped(str(e), 120)
    return None


def cmd_host(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Serve a table for each --players and each --resume, all on one port."""
    from century_tui import storage
    from century_tui.cli.files import refused, save_file
    from century_tui.engine import Game, new_seed
    from century_tui.engine import SaveError, dumps
    from century_tui.seats import validate_seats
    from century_tui.text import t

    if not args.players and not args.resume:
        parser.error(t("cli.host_needs_players"))
    if args.tls_key is not None and args.tls_cert is None:
        parser.error(t("cli.tls_key_alone"))
    rows_of = []
    for players in args.players or []:
        rows = [(name, f"bot:{level}" if level else "human") for name, level in players]
        seats, problem = validate_seats(rows)
        if problem:
            parser.error(problem)
        rows_of.append(seats)
    if args.web is not None and args.tls_cert is not None:
        parser.error(t("cli.host_web_tls"))
    if args.ssh_keys is not None:
        if args.ssh is None:
            parser.error(t("cli.ssh_keys_alone"))
        problem = _unusable_keys(args.ssh_keys)
        if problem is not None:
            parser.error(t("cli.ssh_keys_refused", file=args.ssh_keys, detail=problem))
    tls = None
    if args.tls_cert is not None:
        tls = _tls_context(lambda ctx: ctx.load_cert_chain(args.tls_cert, args.tls_key), args.tls_cert, server=True)
        if tls is None:
            return 1
    tables: list[tuple[Game, Path, storage.SaveLock]] = []
    try:
        for typed in args.resume or []:
            path = save_file(typed)
            if path is None:
                return 1
            if any(path.resolve() == taken.resolve() for _game, taken, _lock in tables):
                parser.error(t("cli.host_twice", file=path.name))
            try:
                game, lock = storage.open_save(path)
            except SaveError as e:
                refused(path, e)
                return 1
            tables.append((game, path, lock))
        for seats in rows_of:
            game = Game(seats, args.seed if args.seed is not None else new_seed())
            path, lock = storage.create_save(dumps(game))  # the file is known before anyone joins
            tables.append((game, path, lock))
        lobby = None
        if sys.stdin.isatty() and sys.stdout.isatty():
            from century_tui.tui.lobby import LobbyApp

            lobby = LobbyApp
        return asyncio.run(serve(tables, args.bind, args.port, skin=args.skin, tls=tls, lobby=lobby, web=args.web,
                                 ssh=args.ssh, ssh_keys=args.ssh_keys))
    except KeyboardInterrupt:
        return 0
    finally:
        for _game, _path, lock in tables:
            lock.release()


async def serve(tables, bind: str, port: int, *, out=None, ready=None, skin: str | None = None,
                tls=None, lobby=None, web: int | None = None, ssh: int | None = None,
                ssh_keys: str | None = None) -> int:
    """Serve `tables` ((game, save path, lock) each) until cancelled (Ctrl+C) or, with a
    `lobby` (the app's class: a terminal), until the host quits it. Without one, the join
    lines are printed, then who comes and goes. With `web`, browser seats on that port too.
    With `ssh`, SSH seats on that port (`--ssh-keys`: only those keys). `ready(host, *hosted)`
    is told once it listens (for tests)."""
    from century_tui import storage
    from century_tui.cli.files import say
    from century_tui.text import t

    from century_tui.net.host import Host, public_address
    from century_tui.table.bot_processes import BotProcesses
    from century_tui.net.signals import stop_app, stopped_by_signals

    out = out or say

    def cannot_listen(address: str, e: OSError) -> int:
        out(f"century: {t('cli.host_cannot_listen', address=address, detail=storage.os_reason(e))}", file=sys.stderr)
        return 1

    settings = storage.load_settings()[0]
    # Every SSH seat's join reaches the host from this machine: admitted connections are not
    # counted by address (net/door.py), so they crowd out no one.
    bot_processes = BotProcesses()
    host = Host(bind=bind, port=port, bot_delay=settings.bot_delay_ms / 1000, bot_budget_ms=settings.bot_budget_ms,
                tls=tls, skin=skin, bot_processes=bot_processes)
    try:
        await host.start()
    except OSError as e:
        return cannot_listen(f"{bind}:{port}", e)
    seats = None
    if web is not None:
        from century_tui.net.web import serve_web
        from century_tui.text import language

        try:
            seats = await serve_web(bind, web, host.port, language=language(), title=t("app.title"))
        except OSError as e:
            await host.close()
            return cannot_listen(f"{bind}:{web}", e)
    doors = None
    if ssh is not None:
        from century_tui.net.ssh import SshSeats
        from century_tui.text import language

        try:
            doors = SshSeats(host, bind, ssh, language=language(), keys=ssh_keys)
            await doors.start()
        except (OSError, ValueError) as e:  # the port taken; the host key unreadable or damaged
            if seats is not None:
                await seats.close()
            await host.close()
            return cannot_listen(f"{bind}:{ssh}", e if isinstance(e, OSError) else OSError(0, str(e)))
    notices = [t("cli.host_exposed", bind=bind)] if bind not in LOOPBACK else []
    web_line = None
    if seats is not None:
        web_line = t("cli.host_web", url=f"http://{public_address(bind, seats.port_bound)}")
    ssh_line = None
    if doors is not None:
        ssh_line = t("cli.host_ssh", port=doors.port, fingerprint=doors.fingerprint)
    stopping = asyncio.Event()
    """Set by SIGTERM or SIGHUP: the host stops as by Ctrl+C."""

    async def closed() -> None:
        if seats is not None:
            await seats.close()  # the browser tabs' apps quit first, while the games are still served
        await host.close()  # the goodbyes, the last saves; the tables let go of their files
        if doors is not None:
            await doors.close()  # each SSH seat's join ends on the host's goodbye, its words on its screen

    closing: list[asyncio.Future] = []

    async def close() -> None:  # once, whether a signal or the way out asks first
        if not closing:
            closing.append(asyncio.ensure_future(closed()))
        await closing[0]

    if any(seat.bot for game, _, _ in tables for seat in game.seats):
        bot_processes.warm_up()  # their imports while the host starts, not at a bot's first move
    try:
        hosted = [host.add(game, save_path=path, lock=lock) for game, path, lock in tables]
        if lobby is not None:
            where = "\n".join(line.strip() for line in (web_line, ssh_line) if line) or None
            app = lobby(host, notices, where, ssh=doors.line if doors is not None else None)
            host.hands_over = True  # its `b` key
            if ready is not None:
                ready(host, *hosted)
            stops: list[asyncio.Task] = []  # held, so that the loop does not lose them
            with stopped_by_signals(lambda sig: stops.append(stop_app(app, sig, close))):
                await app.run_async()  # until the host quits the lobby
            return 0
        for notice in notices:
            out(f"century: {notice}", file=sys.stderr)
        Lobby(out, several=len(hosted) > 1, ssh=doors.line if doors is not None else None).serving(host)
        for line in (web_line, ssh_line):
            if line is not None:
                out(line)
        if ready is not None:
            ready(host, *hosted)
        with stopped_by_signals(lambda sig: stopping.set()):
            await stopping.wait()  # until Ctrl+C (or the caller) cancels, or a signal
        return 0
    finally:
        await close()


class Lobby:
    """The host's output when it is not a terminal: the join lines, then a line when a
    seat's person comes or goes."""

    def __init__(self, out, *, several: bool = False, ssh=None) -> None:
        self.out = out
        self.several = several
        self.ssh = ssh
        """A code's `ssh` line, when the host seats players over SSH too."""
        self.seen: dict[int, set[int]] = {}

    def serving(self, host) -> None:
        from century_tui.text import t

        host.on_lobby = self.changed
        host.on_notice = self.noticed
        count = len(host.tables)
        self.out(t("cli.host_serving_tables", count=count, address=host.address) if self.several
                 else t("cli.host_serving", address=host.address))
        for hosted in host.tables:
            if self.several:
                self.out(t("cli.host_table", file=hosted.name))
            for seat, s in enumerate(hosted.table.seats):
                command = hosted.join_command(seat)
                if command is not None:
                    self.out(t("cli.host_seat", name=s.name, command=command))
                    self._ssh(hosted.code_for(seat))
            self.out(t("cli.host_watch", command=hosted.watch_command()))
            self._ssh(hosted.watch_code)
        files = ", ".join(hosted.name for hosted in host.tables)
        self.out(t("cli.host_stop_tables" if self.several else "cli.host_stop", file=files))

    def noticed(self, hosted, line: str) -> None:
        from century_tui.text import t

        if hosted is not None and self.several:
            line = t("cli.host_table_line", file=hosted.name, line=line)
        self.out(f"century: {line}", file=sys.stderr)

    def _ssh(self, code: str | None) -> None:
        from century_tui.text import t

        if self.ssh is not None and code is not None:
            self.out(t("cli.host_ssh_line", command=self.ssh(code)))

    def changed(self, hosted) -> None:
        from century_tui.text import t

        now = {seat for seat in range(len(hosted.table.seats)) if hosted.connected(seat)}
        before = self.seen.get(id(hosted), set())
        for key, seats in (("cli.host_connected", now - before), ("cli.host_disconnected", before - now)):
            for seat in sorted(seats):
                line = t(key, name=hosted.table.seats[seat].name)
                self.out(t("cli.host_table_line", file=hosted.name, line=line) if self.several else line)
        self.seen[id(hosted)] = now
