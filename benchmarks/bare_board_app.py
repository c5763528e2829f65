"""A bare Textual app shaped as a board at 120×40, for ui_latency.py's cold starts.

It has the nodes a board has (34 with the screen's own): a status line, five point cards
and six merchant cards with borders, two piles, two caravan lines, a hand of three chips,
a log and a key bar, laid out as a board is; and nothing of the game: no engine, no words,
no data files. The gap from the bare app (Header, Static, Footer) to this one is what
Textual itself takes to start a board's widgets; the gap from this one to `century new`
is the game's own.
"""

from textual.app import App, ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Footer, Static


class Card(Static):
    DEFAULT_CSS = "Card { border: round $accent; width: 1fr; height: 100%; }"


class BareBoard(App):
    CSS = """
    #points { height: 8; } #merchants { height: 6; } #lower { height: 1fr; layout: horizontal; } #left { width: 2fr; }
    #caravans, #hand { height: auto; } #chips { height: 3; } .line { height: 1; }
    #log { width: 1fr; } .deck { border: dashed $panel; width: 12; height: 100%; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Round 1 · Ann to play", classes="line")
        with Horizontal(id="points"):
            for i in range(5):
                yield Card(f"[b]{12 + i}[/b]\nYY GG")
            yield Static("deck", classes="deck")
        with Horizontal(id="merchants"):
            for i in range(6):
                yield Card(f"2Y → R\nslot {i + 1}")
            yield Static("deck", classes="deck")
        with Container(id="lower"):
            with Vertical(id="left"):
                with Vertical(id="caravans"):
                    yield Static("Ann  YYY GG", classes="line")
                    yield Static("Bob  YYYY", classes="line")
                yield Static("Bob rested.", classes="line")
                with Vertical(id="hand"):
                    yield Static("Your hand", classes="line")
                    with Horizontal(id="chips"):
                        yield Card("2 Y")
                        yield Card("upgrade 2")
                        yield Card("rest")
                yield Static("", classes="line")
            yield Static("the game's log\n" * 5, id="log")
        yield Footer()


if __name__ == "__main__":
    BareBoard().run()
