"""The only private Textual API the tests use, in one place, for what Textual 8.2 has no
public way to do: the screen as drawn (text and styles, modal screens over what lies behind;
`App.export_screenshot` gives only SVG), which widgets a modal shows, and Pilot's idle wait,
made finer so that whole-game tests stay quick. The game itself uses no private Textual API
(`test_the_package_reaches_into_no_private_textual_name`); `test_textual_private_api_is_still_there`
fails if Textual changes what is used here."""

from __future__ import annotations


def screen_strips(app) -> list:
    """The current screen as drawn, one Strip of segments per row."""
    return app.screen._compositor.render_strips()


def visible_regions(screen) -> dict:
    """Every widget visible on `screen`, with its (region, clip)."""
    return screen._compositor.visible_widgets


def quicken_idle_waits(monkeypatch) -> None:
    """Pilot waits for the app to go idle by sleeping 20 ms at a time; 5 ms windows (with
    the same 1 ms CPU threshold) keep the whole-game tests quick without skipping work."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 1000)
