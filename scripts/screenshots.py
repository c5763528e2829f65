"""Regenerate screenshots/*.svg from the real app: `python scripts/screenshots.py [name ...]`.

Each shot (century_tui.tui.demo.showcase) starts the app headless on a reproducible
position, presses the keys a player would, and exports the screen. Settings and saves
go to a temporary folder, never to the real one.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

os.environ["CENTURY_HOME"] = tempfile.mkdtemp(prefix="century-shots-")
os.environ["COLORTERM"] = "truecolor"
os.environ.pop("NO_COLOR", None)

from century_tui.storage import Settings  # noqa: E402
from century_tui.tui.app import CenturyApp  # noqa: E402
from century_tui.tui.demo import Shot, showcase  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def shoot(shot: Shot) -> Path:
    app = CenturyApp(shot.game(), skin=shot.skin, settings=Settings(skin=shot.skin, bot_delay_ms=0), autosave=False)
    async with app.run_test(size=shot.size) as pilot:
        await pilot.pause()
        for key in shot.press:
            await pilot.press(key)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        svg = app.export_screenshot(title=f"century — {shot.name}")
    path = OUT / f"{shot.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def main(only: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for shot in showcase():
        if not only or shot.name in only:
            print((await shoot(shot)).relative_to(OUT.parent))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
