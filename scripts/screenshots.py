"""Regenerate screenshots/*.svg from the real app: `python scripts/screenshots.py [name ...]`.

Each shot (support.demo.showcase) starts the app headless on a reproducible
position, presses the keys a player would, and exports the screen; a few are shot again
in Japanese and French (TRANSLATED). Settings and saves go to a temporary folder, never
to the real one.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package and support/
os.environ["CENTURY_HOME"] = tempfile.mkdtemp(prefix="century-shots-")
os.environ["COLORTERM"] = "truecolor"
os.environ.pop("NO_COLOR", None)

from century_tui.storage import Settings  # noqa: E402
from century_tui.tui.app import CenturyApp  # noqa: E402
from century_tui.tui.screens import handoff  # noqa: E402
from support.demo import Shot, showcase  # noqa: E402

handoff.HOLD_S = 0.0  # keys come faster than a person's: the pass screen takes the first Enter, as in the tests

OUT = Path(__file__).resolve().parent.parent / "screenshots"

TRANSLATED = {
    "board-ja-80x24": ("board-spice-80x24", "ja"),
    "board-fr-80x24": ("board-spice-80x24", "fr"),
    "modal-ja-acquire": ("modal-acquire", "ja"),
}
"""Shots of the showcase in another language: name → (showcase shot, language)."""


async def shoot(shot: Shot, language: str = "en", name: str | None = None) -> Path:
    name = name or shot.name
    settings = Settings(skin=shot.skin, bot_delay_ms=0, language=language)
    app = CenturyApp(shot.game(), skin=shot.skin, settings=settings, autosave=False, replay=shot.replay)
    async with app.run_test(size=shot.size) as pilot:
        await pilot.pause()
        for key in shot.press:
            await pilot.press(key)
        while shot.ready is not None and not shot.ready(app):  # a worker's answer
            await pilot.pause(0.05)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        svg = app.export_screenshot(title=f"century — {name}")
    path = OUT / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def shoot_lobby(name: str = "lobby") -> Path:
    """`century host` on a terminal with two tables, one person connected (its codes are
    new each time: the host draws them from `secrets`)."""
    from century_tui.engine import Game, Seat
    from century_tui.net.client import RemoteTable
    from century_tui.net.host import Host
    from century_tui import text
    from century_tui.tui.lobby import LobbyApp

    text.set_language("en")  # the words are global: the shots before it may have left Japanese
    text.set_skin("spice")
    host = Host(port=7777)
    await host.start()
    try:
        first = host.add(Game([Seat("Ann"), Seat("Bob"), Seat("Cog", "hard")], 7), autosave=False)
        host.add(Game([Seat("Dee"), Seat("Eve")], 8), autosave=False)
        ann = await RemoteTable.connect(host.address, code=first.code_for(0))
        app = LobbyApp(host)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause(0.2)
            svg = app.export_screenshot(title=f"century host — {name}")
        await ann.aclose()
    finally:
        await host.close()
    path = OUT / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def main(only: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    shots = {shot.name: shot for shot in showcase()}
    for shot in shots.values():
        if not only or shot.name in only:
            print((await shoot(shot)).relative_to(OUT.parent))
    for name, (source, language) in TRANSLATED.items():
        if not only or name in only:
            print((await shoot(shots[source], language, name)).relative_to(OUT.parent))
    if not only or "lobby" in only:
        print((await shoot_lobby()).relative_to(OUT.parent))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
