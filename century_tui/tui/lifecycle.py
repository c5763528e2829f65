"""A screen may be closed before it is mounted: keys typed in one burst (over SSH, or by
a quick player) reach a screen the moment it is pushed, before Textual mounts it. Its
late `on_mount` then finds its widgets gone, so every screen asks first."""

from __future__ import annotations


def closed(screen) -> bool:
    """True when `screen` has left the stack, or the app is taking it down (it exits as
    the screen mounts): at a late mount, nothing to draw or focus; for a board, no move to
    apply or save."""
    return screen not in screen.app.screen_stack or not screen.is_attached


class OnTop:
    """Mixin for screens that close themselves: `dismiss` acts only while the screen is the
    one on show. Textual's dismiss pops whatever is on top and runs the result callback
    again, so the second key or click of a burst, reaching a screen already on its way
    out, would have closed the board beneath it."""

    def dismiss(self, result=None):  # type: ignore[no-untyped-def]
        if self.app.screen is not self:  # type: ignore[attr-defined]
            return None
        return super().dismiss(result)  # type: ignore[misc]
