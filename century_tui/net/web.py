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
import json
import re
import shlex
import sys
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TABS = 8
"""Browser tabs served at once: each is a process (about 60 MB). The game host lets in
8 connections per address, and every tab reaches it from this machine."""

WEB_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/?>')
"""textual-serve's page asks Google for the Roboto Mono font, which its own static folder holds."""
LOCAL_FONT = """<style>@font-face { font-family: "Roboto Mono";
  src: url("%sfonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }</style>"""

QUIT_WAIT = 5.0
"""Seconds a tab's app gets to quit (when its page closes, or the host stops) before it is killed."""


def join_args(address: str, language: str, *more: str, verb: str = "join") -> list[str]:
    """`century join ADDRESS` (or `watch`) in `language`, then `more`, as this Python and
    this package run it: what a browser tab and an SSH seat start."""
    return [sys.executable, "-m", "century_tui", "--lang", language, verb, address, *more]


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
    holding at most `tabs` browser tabs, each from a page of this server."""

    def __init__(self, command: str, bind: str, port: int, *, title: str, tabs: int = TABS) -> None:
        super().__init__(command, host=bind, port=port, title=title)
        self.tabs = tabs
        self.open_tabs: set[Tab] = set()
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen (OSError if the address is taken or not this machine's)."""
        self._runner = web.AppRunner(await self._make_app(), access_log=None, shutdown_timeout=1.0)
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
        (another site open in the same browser may not start one), only `tabs` at once."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="not a page of this server")
        if len(self.open_tabs) >= self.tabs:
            raise web.HTTPServiceUnavailable(text="too many browser tabs at once")
        websocket = web.WebSocketResponse(heartbeat=15, timeout=2.0)
        await websocket.prepare(request)
        tab = Tab(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                  close=websocket.close, download_manager=self.download_manager, debug=self.debug)
        self.open_tabs.add(tab)
        try:
            await tab.start(to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24))
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
            await tab.set_terminal_size(to_int(str(data[0].get("width")), 80), to_int(str(data[0].get("height")), 24))
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
