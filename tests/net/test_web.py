"""`century host --web PORT`, without a browser: the host and its web server in this
process on loopback, spoken to over HTTP and the page's websocket as the page would
(aiohttp's client), the join app's screen read back through a terminal emulator (pyte)."""

from __future__ import annotations

import asyncio
import json
import re
import socket

import aiohttp
import pyte
import pytest

from century_tui import storage
from century_tui.cli import main
from century_tui.cli.network import serve
from century_tui.engine import Game, PlaySpice, Seat, dumps
from century_tui.net import web as web_module
from century_tui.net.web import WebSeats, join_command
from tests.helpers.hosting import Hosted, first_to_play, processes_running, until

WAIT = 60.0
"""Seconds for a tab's app to start (a new Python process) on a busy machine."""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))


class Tab:
    """What a browser tab does with the page: open its websocket, send keys and sizes, and
    draw what comes back on a terminal screen."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, cols: int, rows: int) -> None:
        self.ws = ws
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = False

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, condition, timeout: float = WAIT) -> None:
        """Draw what the app sends until `condition()` holds (on the screen, or in the host:
        looked at again at least every 50 ms)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not condition():
            left = end - loop.time()
            assert left > 0 and not self.closed, f"the awaited screen never came:\n{self.text()}"
            try:
                message = await self.ws.receive(timeout=min(left, 0.05))
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                self.closed = True

    async def type(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))


@pytest.mark.asyncio
async def test_the_page_is_served_and_its_websocket_starts_a_join_app_that_takes_a_seat():
    seats = [Seat("Ann"), Seat("Bob")]
    async with Hosted(seats, first_to_play(0, seats)) as h:
        assert h.url.startswith("http://127.0.0.1:")  # loopback, as the game's own port
        async with aiohttp.ClientSession() as http:
            async with http.get(h.url) as page:
                assert page.status == 200
                html = await page.text()
            ws_url = re.search(r'data-session-websocket-url="([^"]+)"', html)[1]
            assert ws_url == h.url.replace("http://", "ws://") + "/ws"
            assert "Century: Spice Road" in html
            async with http.get(h.url + "/static/js/textual.js") as script:
                assert script.status == 200
            async with http.ws_connect(f"{ws_url}?width=100&height=30", headers={"Origin": h.url}) as ws:
                tab = Tab(ws, 100, 30)
                await tab.until(lambda: "Join the game" in tab.text())  # the app's first screen
                await tab.type("nosuchcode99\r")
                await tab.until(lambda: "did not let you in" in tab.text())
                await tab.type(h.hosted.code_for(0) + "\r")
                await tab.until(lambda: h.hosted.connected(0) and "Ann" in tab.text() and "Bob" in tab.text())
                assert "Ann is connected." in h.printed
                assert processes_running(h.tab_command) == 1  # the tab's app, in a process of its own
                await tab.type("\r")  # the first card of the hand, a spice card: played
                await tab.until(lambda: len(h.hosted.table.game.moves) == 1)
                assert isinstance(h.hosted.table.game.moves[0], PlaySpice)
                await tab.until(lambda: "Bob has not joined yet: the game waits for Bob" in tab.text())
                stopping = asyncio.create_task(h.stop())  # Ctrl+C on the host, the page still open
                await tab.until(lambda: tab.closed)  # the tab's app quit and said so
                await asyncio.wait_for(stopping, WAIT)
                assert processes_running(h.tab_command) == 0
    assert "Ann is disconnected; the seat waits." in h.printed
    assert not storage.is_held(h.path)


@pytest.mark.asyncio
async def test_through_a_tunnel_the_page_links_to_the_address_it_was_opened_at():
    async with Hosted([Seat("Ann"), Seat("Bob")]) as h:
        async with aiohttp.ClientSession() as http:  # ssh -L 9000:127.0.0.1:PORT, then localhost:9000
            async with http.get(h.url, headers={"Host": "localhost:9000"}) as page:
                html = await page.text()
    assert 'data-session-websocket-url="ws://localhost:9000/ws"' in html
    assert 'src="http://localhost:9000/static/js/textual.js"' in html


@pytest.mark.asyncio
async def test_the_page_asks_no_other_site_its_font_comes_from_the_host():
    async with Hosted([Seat("Ann"), Seat("Bob")]) as h:
        async with aiohttp.ClientSession() as http:
            async with http.get(h.url) as page:
                html = await page.text()
            assert "googleapis" not in html and "gstatic" not in html
            assert not [url for url in re.findall(r'(?:href|src|url)\(?="?(https?://[^"\s)]+)', html)
                        if not url.startswith(h.url)]  # every link is to this server
            font = re.search(r'url\("([^"]+\.ttf)"\)', html)
            assert font is not None
            async with http.get(font.group(1)) as served:
                assert served.status == 200 and len(await served.read()) > 10_000


@pytest.mark.asyncio
async def test_only_a_page_of_this_server_by_one_of_its_names_opens_a_tab_and_of_a_size_in_bounds(monkeypatch):
    """DNS rebinding (a site pointing its own name at 127.0.0.1: its page is then "same
    origin" with its Host) and a request that names no page are turned away; a tab's
    size is clamped, asked at the start or in a resize."""
    sizes = []

    async def start(tab, width, height):
        sizes.append((width, height))
        await started(tab, width, height)

    async def resize(tab, width, height):
        sizes.append((width, height))

    started = web_module.Tab.start
    monkeypatch.setattr(web_module.Tab, "start", start)
    monkeypatch.setattr(web_module.Tab, "set_terminal_size", resize)
    async with Hosted([Seat("Ann"), Seat("Bob")]) as h:
        port = h.url.rsplit(":", 1)[1]
        async with aiohttp.ClientSession() as http:
            ws_url = h.url.replace("http://", "ws://") + "/ws"
            rebound = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
            for headers, status in ((rebound, 421), ({"Origin": "http://evil.example"}, 403), ({}, 403),
                                    ({"Origin": "null"}, 403), ({"Origin": f"file://127.0.0.1:{port}"}, 403)):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(ws_url, headers=headers)
                assert refused.value.status == status, headers
            async with http.get(h.url, headers={"Host": f"evil.example:{port}"}) as page:
                assert page.status == 421
            assert not sizes and processes_running(h.tab_command) == 0
            tunnelled = {"Origin": "http://localhost:9000", "Host": "localhost:9000"}  # a page of this server
            async with http.ws_connect(ws_url + "?width=100000&height=-3", headers=tunnelled) as ws:
                await until(lambda: sizes, WAIT)
                await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": "9" * 5000}]))
                await until(lambda: len(sizes) == 2, WAIT)
            assert sizes == [(400, 5), (400, 24)]


def test_a_wrong_web_port_is_a_one_line_error(capsys):
    for value in ("eighty", "70000", "-1"):
        with pytest.raises(SystemExit) as e:
            main(["--lang", "en", "host", "--players", "Ann,Bob", "--web", value])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "--web" in err and err.count("\n") == 1


@pytest.mark.asyncio
async def test_past_the_tab_cap_a_new_tab_is_turned_away_until_one_closes_and_junk_is_let_by():
    seats = WebSeats(join_command("127.0.0.1:9", "en"), "127.0.0.1", 0, title="Century", tabs=1)
    await seats.start()
    ws_url = f"ws://127.0.0.1:{seats.port_bound}/ws"
    try:
        async with aiohttp.ClientSession(headers={"Origin": f"http://127.0.0.1:{seats.port_bound}"}) as http:
            async with http.ws_connect(ws_url) as ws:
                tab = Tab(ws, 80, 24)
                await tab.until(lambda: "Join the game" in tab.text())
                for junk in ("not json", "[]", '["stdin", 5]', '{"stdin": "x"}', '["resize", "big"]'):
                    await ws.send_str(junk)  # let by: the tab goes on
                await tab.type("zq7")
                await tab.until(lambda: "zq7" in tab.text())
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(ws_url)
                assert refused.value.status == 503
            await until(lambda: not seats.open_tabs, WAIT)  # its app quit
            async with http.ws_connect(ws_url) as ws:  # the first tab closed: room again
                tab = Tab(ws, 80, 24)
                await tab.until(lambda: "Join the game" in tab.text())
    finally:
        await seats.close()


@pytest.mark.asyncio
async def test_a_web_port_in_use_is_said_and_the_host_does_not_start(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    game = Game([Seat("Ann"), Seat("Bob")], 1)
    path, lock = storage.create_save(dumps(game))
    printed: list[str] = []
    try:
        code = await serve([(game, path, lock)], "127.0.0.1", 0, web=taken.getsockname()[1],
                           out=lambda line, file=None: printed.append(line))
    finally:
        lock.release()
        taken.close()
    assert code == 1 and len(printed) == 1 and "cannot listen on 127.0.0.1:" in printed[0]
