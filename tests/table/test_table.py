"""The table: a game in play outside any screen. Bots, autosave and the undo policy,
driven on one thread (`Inline`) so every hand-off is a step the test takes."""

from __future__ import annotations

import pytest

from century_tui import storage
from century_tui.engine import Game, IllegalMove, Rest, Seat, loads
from century_tui.storage.autosaver import Saver
from century_tui.table import Inline, LocalTable, Moved, ReplayTable, Rewound, SaveChanged, Thinking


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CENTURY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class Hands:
    """Background work held until the test lets it run: bots and saves apart."""

    def __init__(self) -> None:
        self.saves = Inline()
        self.bots = Inline()
        self.back = Inline()

    def table(self, game: Game, autosave: bool = True) -> LocalTable:
        saver = Saver(None, None, spawn=self.saves.spawn, call_soon=self.back.call_soon) if autosave else None
        return LocalTable(game, saver=saver, spawn=self.bots.spawn, call_soon=self.back.call_soon)

    def run(self) -> None:
        while self.saves.tasks or self.bots.tasks or self.back.tasks:
            self.saves.run()
            self.bots.run()
            self.back.run()


def heard(table) -> list:
    changes: list = []
    table.subscribe(changes.append)
    return changes


def test_a_game_of_bots_plays_to_its_end_through_the_table_and_is_saved():
    loop = Inline()
    game = Game([Seat("A", "easy"), Seat("B", "random"), Seat("C", "medium")], 11)
    table = LocalTable(game, saver=Saver(None, None, spawn=loop.spawn, call_soon=loop.call_soon), spawn=loop.spawn,
                       call_soon=loop.call_soon)
    changes = heard(table)
    table.start()
    loop.run()
    assert game.state.is_over
    moved = [c for c in changes if isinstance(c, Moved)]
    assert [c.move for c in moved] == game.moves and [c.seat for c in moved] == game.movers
    assert sum(isinstance(c, Thinking) for c in changes) == len(game.moves)  # one think a move
    saved = loads(table.save_path.read_text())
    assert saved.moves == game.moves
    table.close()
    assert not storage.is_held(table.save_path)


def test_a_bot_answer_to_a_position_left_behind_is_dropped():
    hands = Hands()
    game = Game([Seat("Ann"), Seat("Bot", "random")], 4)
    table = hands.table(game, autosave=False)
    table.start()
    table.play(Rest())  # the bot's turn: it thinks (held by the test)
    assert table.thinking and len(hands.bots.tasks) == 1
    table.undo()  # Ann takes it back before the bot answers
    hands.run()
    assert game.moves == [] and not table.thinking  # the stale answer was not played


def test_saves_are_written_off_the_playing_thread_the_latest_wins():
    hands = Hands()
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    table = hands.table(game)
    table.start()
    hands.run()
    path = table.save_path
    writes: list[int] = []
    real = storage.autosave
    storage.autosave = lambda p, doc: (writes.append(len(loads(doc).moves)), real(p, doc))
    try:
        for _ in range(3):
            table.play(Rest())
        assert writes == [] and loads(path.read_text()).moves == []  # nothing written yet
        hands.run()
    finally:
        storage.autosave = real
    assert writes == [3] and loads(path.read_text()).moves == game.moves  # three moves, one write


def test_a_failing_disk_is_news_once_and_its_recovery_once(monkeypatch):
    hands = Hands()
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    table = hands.table(game)
    table.start()
    hands.run()
    full = True
    real = storage.autosave

    def autosave(path, doc):
        if full:
            raise OSError(28, "No space left on device")
        real(path, doc)

    monkeypatch.setattr(storage, "autosave", autosave)
    changes = heard(table)
    for _ in range(2):
        table.play(Rest())
        hands.run()
    assert [c for c in changes if isinstance(c, SaveChanged)] == [SaveChanged("No space left on device")]
    assert table.save_error == "No space left on device"
    full = False
    assert table.retry_save() is None and table.save_error is None
    assert changes[-1] == SaveChanged(None)
    assert loads(table.save_path.read_text()).moves == game.moves


def test_closing_makes_the_last_save_and_lets_go_of_the_file():
    hands = Hands()
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    table = hands.table(game)
    table.start()
    hands.run()
    table.play(Rest())  # its save is still pending when the table closes
    table.close()
    assert loads(table.save_path.read_text()).moves == game.moves
    assert not storage.is_held(table.save_path)
    with pytest.raises(IllegalMove):
        table.play(Rest())


def test_undo_of_another_person_s_move_needs_their_consent_alone_with_bots_it_never_does():
    hands = Hands()
    people = hands.table(Game([Seat("Ann"), Seat("Bob")], 4), autosave=False)
    people.seated(0)
    people.play(Rest())  # Ann's
    assert people.undo_owner() == 0 and not people.undo_needs_consent()
    people.seated(1)  # Bob at the keyboard now
    assert people.undo_needs_consent()
    changes = heard(people)
    assert people.undo()
    assert changes == [Rewound(undo=True, by=1, owner=0, point=0)]
    alone = hands.table(Game([Seat("Ann"), Seat("Bot", "random")], 4), autosave=False)
    alone.play(Rest())
    assert not alone.undo_needs_consent()


def test_an_illegal_move_changes_nothing_and_tells_no_view():
    hands = Hands()
    game = Game([Seat("Ann"), Seat("Bob")], 4)
    table = hands.table(game, autosave=False)
    changes = heard(table)
    from century_tui.engine import Claim

    with pytest.raises(IllegalMove):
        table.play(Claim(0))  # nothing in the caravan pays a point card at the start
    assert game.moves == [] and changes == [] and table.epoch == 0


def test_a_replay_table_steps_exactly_and_plays_nothing():
    loop = Inline()
    game = Game([Seat("A", "random"), Seat("B", "random")], 3)
    LocalTable(game, spawn=loop.spawn, call_soon=loop.call_soon).start()
    loop.run()
    replay = ReplayTable(game)
    assert replay.goto(1) is not None and replay.at == 1  # a step forward: its events
    assert replay.goto(len(game.moves) + 5) is None and replay.at == len(game.moves)
    assert replay.state.is_over and replay.state.score(0) == game.state.score(0)
    replay.goto(2)
    assert replay.game.moves == game.moves[:2]
    with pytest.raises(IllegalMove):
        replay.play(game.moves[2])
