"""The cycle collector paused, process-wide, while bot searches run."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_gc_lock = threading.Lock()
_gc_searches = 0
_gc_was_enabled = False


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """No cycle collection while searches run. A search makes thousands of short-lived
    copies, freed by reference counting; a collection meanwhile would walk the whole heap
    (50 ms in a long-running process) for nothing. The switch is process-wide, and a
    bot thread left running after an undo may overlap the next one: the first search in
    turns collection off, the last one out restores it."""
    global _gc_searches, _gc_was_enabled
    with _gc_lock:
        if _gc_searches == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_searches += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_searches -= 1
            if _gc_searches == 0 and _gc_was_enabled:
                gc.enable()
