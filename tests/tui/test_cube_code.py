"""A cube never changes meaning under a player (issue 13 §2): the goods are named, a cube
code chosen in the palette (remembered) shows each tier by one glyph in every skin and
language, and a skin's colour names agree across languages."""

from __future__ import annotations

import pytest
from tests.helpers.driver import run_app, board, palette, screen_lines, settle

from century_tui import storage, text
from century_tui.engine import Acquire
from century_tui.storage import Settings
from century_tui.skins import SKINS
from century_tui.tui import render
from support import demo
from century_tui.tui.app import CenturyApp
from century_tui.tui.modals import AcquireModal
from century_tui.tui.screens.help import HelpScreen
from century_tui.tui.widgets.log import GameLog

GOODS = {"en": ("turmeric", "saffron", "cardamom", "cinnamon"), "fr": ("curcuma", "safran", "cardamome", "cannelle"),
         "es": ("cúrcuma", "azafrán", "cardamomo", "canela"), "pt": ("cúrcuma", "açafrão", "cardamomo", "canela"),
         "ja": ("ターメリック", "サフラン", "カルダモン", "シナモン")}


@pytest.mark.parametrize("code", ["digits", "shapes"])
def test_a_tier_keeps_one_glyph_in_every_skin_and_language(code):
    text.set_cube_code(code)
    seen = set()
    for language in text.languages():
        text.set_language(language)
        for skin in SKINS:
            text.set_skin(skin)
            seen.add(text.cube_glyphs())
            assert text.cube_letters((1, 1, 1, 1)) == "".join(text.cube_glyphs())
            assert render.cubes((2, 0, 0, 1)).plain == text.tier_letter(0) * 2 + text.tier_letter(3)
    assert len(seen) == 1 and len(set(next(iter(seen)))) == 4


def test_a_skin_s_colours_are_each_edition_s_printed_colours():
    """Golem's crystals are named as each language's printed rules name them: the French
    sheet's Jaune > Vert > Bleu > Rose (J V B R), the Portuguese sheet's turquesa and
    magenta; where no sheet says otherwise, turquoise and magenta. A table of several
    languages reads the same glyph in every language with the digits or shapes code."""
    golem = {c: text.load_language(c).skins["golem"] for c in text.languages()}
    assert golem["fr"].letters == ("J", "V", "B", "R") and golem["fr"].tiers == ("jaune", "vert", "bleu", "rose")
    assert golem["pt"].tiers[2:] == ("turquesa", "magenta")
    for code in ("en", "es", "pt"):
        assert golem[code].letters[2:] == ("T", "M"), code


async def run(game, body, size=(120, 40), settings=None):
    """`game` on the board, then `body(app, pilot, board)`."""
    app = CenturyApp(game, settings=settings or Settings(bot_delay_ms=0, handoff=False))
    await run_app(app, lambda app, pilot: body(app, pilot, board(app)), size)


@pytest.mark.parametrize("language", sorted(GOODS))
async def test_the_legend_and_help_name_the_goods(language):
    text.set_language(language)

    async def body(app, pilot, screen):
        status = screen.status.render().plain
        assert all(good in status for good in GOODS[language]), status
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        for skin in ("spice", "golem"):
            app.skin = skin
            await settle(pilot)
            shown = "\n".join(screen_lines(app))
            assert all(good in shown for good in text.words().goods), shown

    await run(demo.new_game(), body, settings=Settings(bot_delay_ms=0, handoff=False, language=language))


async def test_the_cube_code_from_the_palette_reaches_the_board_and_log_and_is_remembered():
    """Digits: the board, the legend and the log read 1–4, and a skin switch no longer
    rewrites the log; the choice is saved and the next window opens with it."""
    game = demo.midgame()

    async def body(app, pilot, screen):
        await palette(pilot, "as digits")
        assert app.cube_code == "digits"
        lines = "\n".join(screen_lines(app))
        caravan = render.cubes(screen.game.state.current.cubes).plain
        assert caravan.strip("1234") == "" and caravan in lines
        log = screen.query_one(GameLog)

        def trades() -> list[str]:
            """The merchant cards taken, as the log shows them: ["4→1113", ...]."""
            lines = [log._line(e).plain for e in log.entries]
            took = [line.split(" took ")[1].split(" ")[0] for line in lines if " took " in line]
            return [effect for effect in took if "→" in effect]

        before = trades()
        assert before and all(c in "1234→" for effect in before for c in effect), before
        app.skin = "golem"
        await settle(pilot)
        assert trades() == before  # a skin switch rewrites no cube

    await run(game, body, settings=None)
    assert storage.load_settings()[0].cube_code == "digits"

    async def again(app, pilot, screen):
        assert app.cube_code == "digits" and text.tier_letter(3) == "4"
        await palette(pilot, "as shapes")
        assert text.cube_letters((0, 0, 0, 1)) == "★"

    await run(demo.new_game(), again, settings=storage.load_settings()[0])


async def test_the_acquire_modal_takes_the_tier_s_digit_and_a_letter_only_while_letters_show():
    game = demo.advance_until(demo.new_game(seed=4), demo.can_pay_mixed)
    cubes = game.state.current.cubes
    top = max(t for t in range(4) if cubes[t])
    letter = text.words().letters[top].lower()
    low = min(t for t in range(4) if cubes[t])

    async def body(app, pilot, screen):
        app.cube_code = "digits"
        await settle(pilot)
        await pilot.press("m", "4", "enter")
        modal = app.screen
        assert isinstance(modal, AcquireModal)
        first = modal.payment[0]
        await pilot.press(letter)  # a letter the board no longer shows means nothing
        assert modal.payment[0] == first and modal.at == 0
        assert "letter" not in modal.keys_text()
        await pilot.press(str(top + 1))
        assert modal.payment[0] == top and modal.at == 1
        await pilot.press("up", str(low + 1))
        want = tuple(modal.payment)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.moves[-1] == Acquire(3, want) and want[0] == low

    await run(game, body, size=(80, 24))


@pytest.mark.parametrize("skin", SKINS)
async def test_at_80_columns_the_legend_still_says_which_shape_is_which_colour(skin):
    """Digits and shapes share no initial with the colour: the legend keeps each colour's
    name, written short, rather than four bare glyphs."""
    text.set_skin(skin)

    async def body(app, pilot, screen):
        status = screen.status.render().plain
        for tier, colour in enumerate(text.words().tiers):
            assert f"{text.tier_letter(tier)} {colour[:2]}" in status, status

    await run(demo.midgame(), body, size=(80, 24), settings=Settings(skin=skin, bot_delay_ms=0, handoff=False, cube_code="shapes"))
