"""The bytes a frame costs on the terminal's line, the wait for a move over SSH: Textual's
frames, with nothing sent that the terminal shows already (`written`) and each change of
style said once (`sgr`). The terminal shows exactly the cells Textual drew
(`tests/tui/test_output.py` reads both through a terminal emulator).

It is done by a terminal driver of Textual's own kind (`App.get_driver_class`), so a browser
tab's driver and the tests' headless one are left as they are.
"""

from __future__ import annotations

import os

from textual.driver import Driver

from century_tui.tui.output.sgr import compact
from century_tui.tui.output.written import Written

__all__ = ["compact", "compact_output", "Written"]


def compact_output(driver: type[Driver]) -> type[Driver]:
    """`driver`, writing its frames compacted, if it drives a terminal (Textual's Linux
    driver); any other (a browser tab's, Windows') as it is."""
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # not on this system
        return driver
    if not issubclass(driver, LinuxDriver):
        return driver

    class CompactDriver(driver):  # type: ignore[valid-type,misc]
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.written = Written()

        def write(self, data: str) -> None:
            super().write(compact(self.written.send(data, _size())))

    return CompactDriver


def _size() -> tuple[int, int] | None:
    """The terminal's size now (Textual's driver draws on standard error's terminal)."""
    try:
        return tuple(os.get_terminal_size(2))  # type: ignore[return-value]
    except OSError:
        return None
