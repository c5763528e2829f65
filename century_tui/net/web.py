"""`century host --web PORT`: a seat in a web browser, through textual-serve.

textual-serve serves a page (xterm.js) whose websocket starts one process per browser tab,
the command it is given, with Textual's web driver in between. Here that command is
`century join HOST:PORT` without a code: each tab's join app asks for one, then plays
against the game host like any other terminal. The page is served on the game host's
own event loop and `--bind` address, and stops with it, taking its tabs' processes along.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import re
import shlex
import socket
import sys
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TABS = 8
"""Browser tabs served at once: each is a process (about 60 MB)."""

WEB_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/?>')
"""textual-serve's page asks Google for the Roboto Mono font, which its own static folder holds."""
LOCAL_FONT = """<style>@font-face { font-family: "Roboto Mono";
  src: url("%sfonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }</style>"""

TAB_SIZE = ((10, 400), (5, 200))
"""The columns and rows a tab may ask for (past them, the nearest): no page makes a
tab's app draw a screen of a million cells."""


def clamped(text: str | None, default: int, bounds: tuple[int, int]) -> int:
    """A size a page sent, as a number within `bounds` (`default` if it is none)."""
    low, high = bounds
    return max(low, min(high, to_int(str(text), default)))


def serves_name(name: str | None, bind: str) -> bool:
    """Whether a page's address names this server (DNS rebinding: a site may point its own
    name at 127.0.0.1 and then be "same origin" with it). An IP address (only a browser
    sent there names one), localhost, this machine's own names, or the --bind name; the
    port is not checked, since a tunnel (`ssh -L 9000:localhost:8000`) changes it."""
    if not name:
        return False
    name = name.lower().rstrip(".")
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if name == "localhost" or name.endswith(".localhost"):
        return True
    own = {bind.lower(), socket.gethostname().lower(), socket.getfqdn().lower()}
    return name in own


def host_name(netloc: str) -> str | None:
    """The name in a Host header or an origin's HOST:PORT ('[::1]:80' → '::1')."""
    try:
        return urlsplit(f"//{netloc}").hostname
    except ValueError:
        return None


QUIT_WAIT = 5.0
"""Seconds a tab's app gets to quit (when its page closes, or the host stops) before it is killed."""


def join_args(address: str, language: str, *more: str, verb: str = "join") -> list[str]:
    """`century join ADDRESS` (or `watch`) in `language`, then `more`, as this Python and
    this package run it: what a browser tab and an SSH seat start, as a guest (`--guest`:
    their switches never reach the host user's settings)."""
    return [sys.executable, "-m", "century_tui", "--lang", language, verb, address, "--guest", *more]


def join_command(address: str, language: str) -> str:
    """The shell command each tab runs: no code (the app asks); `exec`, so the tab's process
    is the app itself (a kill reaches it)."""
    return "exec " + shlex.join(join_args(address, language))


class Tab(AppService):
    """One browser tab's app process, stopped within `QUIT_WAIT` seconds (killed past it)
    and waited for: textual-serve asks it to quit and reads its output to the end, but
    leaves its input open and never waits for it."""

    async def stop(self) -> None:
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), QUIT_WAIT)
        except TimeoutError:
            pass
        if process is None:
            return
        self.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), QUIT_WAIT)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


class WebSeats(Server):
    """textual-serve's server, run on the caller's event loop (not its own, as `serve`
    would), without its banner (the host prints the address with its other lines), and
    holding at most `tabs` browser tabs, each from a page of this server: every request
    must name this server (`serves_name`), and a tab's must come from one of its pages."""

    def __init__(self, command: str, bind: str, port: int, *, title: str, tabs: int = TABS) -> None:
        super().__init__(command, host=bind, port=port, title=title)
        self.tabs = tabs
        self.open_tabs: set[Tab] = set()
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen (OSError if the address is taken or not this machine's)."""
        app = await self._make_app()
        app.middlewares.append(self._named_here)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError:
            await self._runner.cleanup()
            raise

    @property
    def port_bound(self) -> int:
        """The port listened on (the one asked for, or the system's pick for 0)."""
        assert self._runner is not None
        return self._runner.addresses[0][1]

    async def close(self) -> None:
        """Quit every tab's app (its page then says the session ended), then stop listening."""
        await asyncio.gather(*(tab.stop() for tab in self.open_tabs))
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _named_here(self, request: web.Request, handler) -> web.StreamResponse:
        """Only a request that names this server (its Host) is answered."""
        if not serves_name(host_name(request.host), self.host):
            raise web.HTTPMisdirectedRequest(text="not a name of this server")
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """No banner: the host's own lines say where to point a browser."""

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, its links made from the address the browser used: through an
        `ssh -L 9000:localhost:8000` tunnel it is localhost:9000, not this server's own."""
        self.public_url = f"{request.scheme}://{request.host}"
        page = await super().handle_index(request)
        # The font from this server: the page asks no other (a host with no internet, and
        # no third party told who opens a seat).
        static = f"{self.public_url}{request.app.router['static'].url_for(filename='/')}".rstrip("/") + "/"
        page.text = WEB_FONT.sub(LOCAL_FONT % static, page.text)
        return page

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """A tab's app, as textual-serve starts one: only for a page of this server
        (another site open in the same browser may not start one, nor a request that says
        no page, as a browser's always does), only `tabs` at once."""
        origin = urlsplit(request.headers.get("Origin", ""))
        if origin.scheme not in ("http", "https") or origin.netloc != request.host:
            raise web.HTTPForbidden(text="not a page of this server")
        if len(self.open_tabs) >= self.tabs:
            raise web.HTTPServiceUnavailable(text="too many browser tabs at once")
        websocket = web.WebSocketResponse(heartbeat=15, timeout=2.0)
        await websocket.prepare(request)
        tab = Tab(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                  close=websocket.close, download_manager=self.download_manager, debug=self.debug)
        self.open_tabs.add(tab)
        try:
            (columns, rows), (wide, high) = (80, 24), TAB_SIZE
            await tab.start(clamped(request.query.get("width"), columns, wide),
                            clamped(request.query.get("height"), rows, high))
            await relay(websocket, tab)
        finally:
            await tab.stop()
            self.open_tabs.discard(tab)
            await websocket.close()
        return websocket


async def relay(websocket: web.WebSocketResponse, tab: Tab) -> None:
    """What the page sends, to its tab's app until the page goes: keys, its size, focus
    and blur; a ping is answered. Anything else is let by."""
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            kind, *data = json.loads(message.data)
        except (ValueError, TypeError):
            continue
        if kind == "stdin" and data and isinstance(data[0], str):
            await tab.send_bytes(data[0].encode("utf-8"))
        elif kind == "resize" and data and isinstance(data[0], dict):
            (wide, high) = TAB_SIZE
            await tab.set_terminal_size(clamped(data[0].get("width"), 80, wide), clamped(data[0].get("height"), 24, high))
        elif kind == "ping" and data:
            await websocket.send_json(["pong", data[0]])
        elif kind == "blur":
            await tab.blur()
        elif kind == "focus":
            await tab.focus()


def reach(bind: str, port: int) -> str:
    """HOST:PORT where a process on this machine reaches a server bound to `bind`."""
    if bind in ("0.0.0.0", ""):
        bind = "127.0.0.1"
    elif bind == "::":
        bind = "::1"
    return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"


async def serve_web(bind: str, port: int, game_port: int, *, language: str, title: str) -> WebSeats:
    """Start serving browser seats, on `bind:port`, for the game host listening on
    `bind:game_port`; OSError if it cannot listen."""
    seats = WebSeats(join_command(reach(bind, game_port), language), bind, port, title=title)
    await seats.start()
    return seats
