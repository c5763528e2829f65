"""A real headless Chromium (Debian's `chromium` package), driven through the DevTools
protocol over a WebSocket (the `websockets` package): open a page, read the terminal a
textual-serve page shows, press keys, take a screenshot.

The page draws its terminal (xterm.js) on a canvas, so the text is read where xterm.js
keeps it, its buffer: the page's terminal object is found through the DevTools protocol
(the closure of the resize handler the page installs holds its class; `queryObjects`
finds the instance). Every wait is bounded; the browser's whole process group is killed
on exit, and it may not reach beyond this machine.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any

import aiohttp
from websockets.asyncio.client import ClientConnection, connect

NAMES = ("chromium", "chromium-browser", "google-chrome")

BUFFER_TEXT = """function () {
    const buffer = this.terminal.buffer.active;
    const lines = [];
    for (let y = 0; y < buffer.length; y++) lines.push(buffer.getLine(y).translateToString(true));
    return lines.join("\\n");
}"""
"""Run on the page's terminal object: the text it shows, a line per row."""

IS_TERMINAL_CLASS = "function () { return !!(this.prototype && this.prototype.sendSize && this.prototype.connect); }"
"""textual-serve's terminal class: it sends the size and connects the page's websocket."""

KEYS = {"enter": ("Enter", 13, "\r"), "escape": ("Escape", 27, ""), "tab": ("Tab", 9, "\t")}


def find_chromium() -> str | None:
    return next((path for path in map(shutil.which, NAMES) if path), None)


class BrowserError(AssertionError):
    pass


class Browser:
    """One headless Chromium with one page, `width`×`height` pixels."""

    def __init__(self, width: int = 1280, height: int = 800, timeout: float = 60.0) -> None:
        self.size = (width, height)
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="century-chromium-")
        self.proc: asyncio.subprocess.Process | None = None
        self.ws: ClientConnection | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None
        self._terminal: str | None = None  # the page's terminal object (its DevTools id)

    # ------------------------------------------------------------ the browser
    async def __aenter__(self) -> Browser:
        chromium = find_chromium()
        assert chromium is not None
        self.proc = await asyncio.create_subprocess_exec(
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--disable-dev-shm-usage",
            "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", f"--user-data-dir={self.profile}",
            f"--window-size={self.size[0]},{self.size[1]}",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",  # this machine only (no web fonts)
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, start_new_session=True)
        try:
            endpoint = await asyncio.wait_for(self._devtools_port(), self.timeout)
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{endpoint}/json/list") as answer:
                    targets = await answer.json()
            page = next(t for t in targets if t["type"] == "page")
            self.ws = await connect(page["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024)
            self._reader = asyncio.create_task(self._read())
        except BaseException:
            await self.close()
            raise
        return self

    async def _devtools_port(self) -> int:
        assert self.proc is not None and self.proc.stderr is not None
        while line := await self.proc.stderr.readline():
            found = re.search(rb"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                asyncio.create_task(self._drain(self.proc.stderr))  # its chatter, unread, must not block it
                return int(found[1])
        raise BrowserError("chromium ended before it listened for DevTools")

    @staticmethod
    async def _drain(stream: asyncio.StreamReader) -> None:
        while await stream.read(65536):
            pass

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # the browser and its helpers: its own group
                await asyncio.wait_for(self.proc.wait(), 10)
            except (ProcessLookupError, TimeoutError):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                await self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    # ------------------------------------------------------------ the protocol
    async def _read(self) -> None:
        assert self.ws is not None
        async for raw in self.ws:
            message = json.loads(raw)
            waiter = self._waiting.pop(message.get("id", -1), None)
            if waiter is not None and not waiter.done():
                waiter.set_result(message)

    async def call(self, method: str, **params: Any) -> dict:
        """One DevTools command; its result (BrowserError if it failed)."""
        assert self.ws is not None
        number = next(self._ids)
        waiter = asyncio.get_running_loop().create_future()
        self._waiting[number] = waiter
        await self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        message = await asyncio.wait_for(waiter, self.timeout)
        if "error" in message:
            raise BrowserError(f"{method}: {message['error']}")
        return message["result"]

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def on(self, object_id: str, function: str, by_value: bool = True) -> dict:
        """`function` called with `this` the object `object_id`: its result."""
        result = await self.call("Runtime.callFunctionOn", objectId=object_id, functionDeclaration=function,
                                 returnByValue=by_value)
        return result["result"]

    # ------------------------------------------------------------ the page
    async def open(self, url: str) -> None:
        self._terminal = None
        await self.call("Page.navigate", url=url)

    async def until(self, condition, what: str, timeout: float | None = None) -> None:
        """Ask `await condition()` again until it holds (BrowserError saying `what` and the
        terminal's text if it never does)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + (timeout or self.timeout)
        while not await condition():
            if loop.time() > end:
                raise BrowserError(f"never came: {what}\n{await self.terminal_text()}")
            await asyncio.sleep(0.05)  # between two looks at the page; the wait is for the condition

    async def until_shown(self, text: str, timeout: float | None = None) -> None:
        async def shown() -> bool:
            return text in await self.terminal_text()

        await self.until(shown, repr(text), timeout)

    async def terminal_text(self) -> str:
        """The text the page's terminal shows now ("" before it has one)."""
        if self._terminal is None:
            self._terminal = await self._find_terminal()
            if self._terminal is None:
                return ""
        return (await self.on(self._terminal, BUFFER_TEXT))["value"]

    async def _find_terminal(self) -> str | None:
        """The page's terminal object, through the closure of `window.onresize` (which
        textual-serve's page sets as it makes its terminal)."""
        handler = (await self.call("Runtime.evaluate", expression="window.onresize"))["result"]
        if handler.get("type") != "function":
            return None
        inner = await self.call("Runtime.getProperties", objectId=handler["objectId"], ownProperties=True)
        scopes = next(p for p in inner.get("internalProperties", []) if p["name"] == "[[Scopes]]")
        for scope in (await self.call("Runtime.getProperties", objectId=scopes["value"]["objectId"],
                                      ownProperties=True))["result"]:
            if "objectId" not in scope.get("value", {}):
                continue
            names = await self.call("Runtime.getProperties", objectId=scope["value"]["objectId"], ownProperties=True)
            for variable in names["result"]:
                value = variable.get("value", {})
                if value.get("type") != "function" or not (await self.on(value["objectId"], IS_TERMINAL_CLASS))["value"]:
                    continue
                prototype = await self.on(value["objectId"], "function () { return this.prototype; }", by_value=False)
                found = await self.call("Runtime.queryObjects", prototypeObjectId=prototype["objectId"])
                first = await self.on(found["objects"]["objectId"], "function () { return this[0]; }", by_value=False)
                return first.get("objectId")
        return None

    async def focus_terminal(self) -> None:
        """As a click into the page would: keys go to the terminal."""
        assert self._terminal is not None
        await self.on(self._terminal, "function () { this.terminal.focus(); }")

    async def type(self, text: str) -> None:
        """Type `text` a key at a time, as the keyboard would."""
        for ch in text:
            await self.call("Input.dispatchKeyEvent", type="keyDown", key=ch, text=ch, unmodifiedText=ch)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=ch)

    async def press(self, name: str) -> None:
        key, code, text = KEYS[name]
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=key, windowsVirtualKeyCode=code,
                        nativeVirtualKeyCode=code, text=text, unmodifiedText=text)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=key, windowsVirtualKeyCode=code,
                        nativeVirtualKeyCode=code)

    async def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode((await self.call("Page.captureScreenshot", format="png"))["data"])
        path.write_bytes(data)
        return data
