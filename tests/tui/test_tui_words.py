"""Words a play tester found wrong or cryptic: the pass screen's heading on a first turn
and after a take-back, a refusal in shapes mode, a damaged save's reason, the Japanese
discard rows."""

from __future__ import annotations

from century_tui import text
from century_tui.text import Names
from century_tui.journal import Entry
from century_tui.tui.screens.handoff import missed_since, missed_words

START = Entry("log.new_game", {"names": Names(("Bob", "Ann")), "name": "Bob"}, None, 0)
ROUND = Entry("log.round", {"round": 1}, None, 0)


def rested(seat: int, name: str, move: int) -> Entry:
    return Entry("log.rested_nothing", {"name": name}, seat, move)


def missed_text(missed, taken_back=None) -> str:
    return missed_words(missed, taken_back).plain


def test_a_first_turn_lists_what_happened_since_the_game_began():
    missed = missed_since([START, ROUND, rested(0, "Bob", 1)], seat=1)
    assert missed_text(missed).startswith("Since the game began:\n")
    later = missed_since([START, ROUND, rested(0, "Bob", 1), rested(1, "Ann", 2), rested(0, "Bob", 3)], seat=1)
    assert missed_text(later) == "Since your last turn:\nBob rested."


def test_after_a_take_back_nothing_else_happened():
    """All before the move taken back was seen as it was made: no 'Nothing happened yet'."""
    missed = missed_since([START, ROUND, rested(0, "Bob", 1)], seat=1)
    shown = missed_text(missed, ("Bob", [rested(1, "Ann", 2)]))
    assert shown == "Bob took back your move: Ann rested.\n\nNothing else has happened since your move."


def test_must_return_is_left_out_where_the_return_follows():
    must = Entry("log.discard_required", {"name": "Bob", "excess": 2}, 0, 3)
    back = Entry("log.discarded", {"name": "Bob", "cubes": (2, 0, 0, 0)}, 0, 4)
    assert missed_since([START, rested(1, "Ann", 1), must, back], seat=1) == [back]
    assert missed_since([START, rested(1, "Ann", 1), must], seat=1) == [must]


def test_a_refusal_names_the_shape_on_screen_with_the_colour():
    from century_tui.engine.errors import IllegalMove

    error = IllegalMove("R-X", "no_cube_to_upgrade", tier=2)
    assert text.error_text(error) == "No green spice is left to upgrade."
    text.set_cube_code("shapes")
    assert text.error_text(error) == "No green (◆) spice is left to upgrade."
    text.set_language("fr")
    assert "d'épice verte (◆)" in text.error_text(error)  # the colour agrees with the spice


def test_a_damaged_save_says_its_reason_with_one_full_stop():
    from century_tui.engine.save_errors import SaveError
    from century_tui.engine.errors import IllegalMove

    error = SaveError("no_replay", move=7, reason=IllegalMove("R-X", "no_cube_to_upgrade", tier=2))
    for language in ("en", "fr", "es", "pt", "ja"):
        text.set_language(language)
        said = text.error_text(error)
        assert ".)" not in said and "。）" not in said and ".." not in said, said
