"""Words and looks as data: the language file, the skins, and how cubes are drawn."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from century_tui import text
from century_tui.engine.errors import REASONS
from century_tui.resources import data_dir
from century_tui.skins import SKINS, SkinDataError, load_skin, parse_skin
from century_tui.tui import render

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "century_tui").rglob("*.py"))


def raw_english() -> dict:
    with open(data_dir() / "lang" / "en.toml", "rb") as f:
        return tomllib.load(f)


def test_every_key_the_code_looks_up_exists():
    pattern = re.compile(r"""\b(?:t|rt|parts|template)\(\s*["']([a-z_]+\.[a-z_0-9]+)["']|["'](key\.[a-z_]+)["']""")
    used = set()
    for path in SOURCES:
        for a, b in pattern.findall(path.read_text(encoding="utf-8")):
            used.add(a or b)
    assert len(used) > 100
    missing = sorted(k for k in used if not text.has(k))
    assert not missing
    for kind in ("spice", "upgrade", "trade"):  # looked up as t(f"kind.{kind}")
        assert text.has(f"kind.{kind}")


def test_engine_refusals_all_have_words_with_the_engine_params():
    for code, english in REASONS.items():
        assert text.has(f"error.{code}")
        assert text.fields_of(text.template(f"error.{code}")) <= text.fields_of(english) | set(text.words().nouns())


def test_a_broken_language_file_names_the_problem():
    raw = raw_english()
    del raw["error"]["claim_cost"]
    with pytest.raises(text.TextDataError, match="error.claim_cost"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["skin"]["golem"]["letters"] = ["Y", "G", "G", "P"]
    with pytest.raises(text.TextDataError, match="skin.golem.letters"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["log"]["traded"] = "{name.upper} traded"
    with pytest.raises(text.TextDataError, match="log.traded"):
        text.parse_language("xx", raw)
    raw = raw_english()
    raw["error"]["claim_cost"] = "{secret}"
    with pytest.raises(text.TextDataError, match="secret"):
        text.parse_language("xx", raw)
    with pytest.raises(text.TextDataError):
        text.set_language("zz")


def test_no_words_are_written_inside_widgets_and_screens():
    """Literal text handed to Text/Static/Button/notify must not hold words: only t()."""
    calls = {"Text", "Static", "Button", "ModalButton", "Label", "notify", "append"}
    offenders = []
    for path in (ROOT / "century_tui" / "tui").rglob("*.py"):
        if path.name in ("demo.py",):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in calls and node.args and isinstance(node.args[0], ast.Constant):
                    value = node.args[0].value
                    if isinstance(value, str) and re.search(r"[A-Za-z]{2,}", value):
                        offenders.append(f"{path.name}:{node.lineno} {value!r}")
    assert not offenders


def test_skin_words_and_nouns_follow_the_switch():
    text.set_skin("spice")
    assert text.words().letters == ("Y", "R", "G", "B")
    assert "point card" in text.t("hint.claim", cost=(2, 0, 0, 0), coin="")
    assert text.cube_letters((2, 1, 0, 1)) == "YYRB"
    text.set_skin("golem")
    assert text.words().letters == ("Y", "G", "T", "M")
    assert "golem card" in text.t("hint.claim", cost=(2, 0, 0, 0), coin="")
    assert text.cube_letters((2, 1, 0, 1)) == "YYGM"
    assert text.t("log.coin", name="Ann", coin=text.Coin(True)) == "Ann took a copper coin."


def test_skins_are_validated_data():
    for name in SKINS:
        skin = load_skin(name)
        assert len(skin.tier) == 4 and skin.tier[0].ansi
    with open(data_dir() / "skins" / "golem.toml", "rb") as f:
        raw = tomllib.load(f)
    raw["tier"][2]["colour"] = "turquoise"
    with pytest.raises(SkinDataError, match="tier.2.colour"):
        parse_skin("golem", raw)
    raw["tier"][2]["colour"] = "#2fa4d6"
    raw["tier"][2]["ansi"] = "teal"
    with pytest.raises(SkinDataError, match="16 terminal colour"):
        parse_skin("golem", raw)
    with pytest.raises(SkinDataError):
        load_skin("tea")


def test_every_cube_shows_its_letter_and_16_colours_use_the_skin_fallback():
    cubes = render.cubes((1, 1, 1, 1), slots=10)
    assert cubes.plain.startswith("YRGB") and cubes.plain.count("·") == 6
    assert str(render.tier_style(3).bgcolor.name).startswith("#")
    render.set_ansi(True)
    assert render.tier_style(0).bgcolor.name == "bright_yellow"
    assert render.tier_style(3).bgcolor.name == load_skin("spice").tier[3].ansi


async def test_sixteen_colour_terminal_and_no_color(monkeypatch):
    from century_tui.storage import Settings
    from support import demo
    from century_tui.tui.app import CenturyApp
    from tests.helpers.driver import settle

    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    app = CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0))

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen
        assert app.console.color_system == "standard" and app.no_color
        assert render.tier_style(1).bgcolor.name == "red"
        line = app.screen.caravans.lines[0].render().plain
        assert re.search(r"[YRGB]{3}", line)  # cubes read as letters without colour


@pytest.fixture
def app():
    from century_tui.storage import Settings
    from support import demo
    from century_tui.tui.app import CenturyApp

    return CenturyApp(demo.new_game(), settings=Settings(bot_delay_ms=0))


async def test_textual_private_api_is_still_there(monkeypatch, app, pilot):
    """The private Textual API tests.helpers.textual_private uses: fails loudly when Textual changes it."""
    from tests.helpers.textual_private import quicken_idle_waits, screen_strips, visible_regions

    quicken_idle_waits(monkeypatch)  # monkeypatch.setattr raises if the names are gone
    assert len(screen_strips(app)) == 24 and pilot.app is app
    assert app.screen in visible_regions(app.screen)
