"""A screen may be closed before it is mounted: keys typed in one burst (over SSH, or by
a quick player) reach a screen the moment it is pushed, before Textual mounts it. Its
late `on_mount` then finds its widgets gone, so every screen asks first."""

from __future__ import annotations


def closed_early(screen) -> bool:
    """True when `screen` left the stack before its mount ran: nothing to draw or focus."""
    return screen not in screen.app.screen_stack
