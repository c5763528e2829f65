"""A one-line chooser for the new-game form: the choice on show and a ▼, and the list of
choices in a small menu when it is opened (Enter, Space, ↑/↓ or a click).

Textual's `Select` does the same with six widgets, its menu built up front; the form has
four of them and they were a third of its start. This one is a single widget, and its
menu is made only when someone opens it."""

from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Region
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from century_tui.tui.lifecycle import OnTop
from century_tui.tui.repaint import ModalScreen
from century_tui.tui.styles import FormStyled
from century_tui.tui.widgets.form_controls import ControlMessage

Options = Sequence[tuple[str, str]]
"""(label, value) pairs, in the order the menu lists them."""


class Choice(Widget, can_focus=True):
    """Shows the label of `value`; opening it lists every option, the current one lit."""

    BINDINGS = [Binding("enter,space,down,up", "open", show=False)]
    DEFAULT_CSS = """
    Choice {
        height: 1;
        width: 24;
        padding: 0 1 0 0;
    }
    """
    ALLOW_SELECT = False

    value: reactive[str] = reactive("", init=False)

    class Changed(ControlMessage):
        """The person chose another option (or the program set another value)."""

        def __init__(self, widget: Widget, value: str) -> None:
            super().__init__(widget)
            self.value = value

    def __init__(self, options: Options, value: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.options = list(options)
        self.set_reactive(Choice.value, self.validate_value(value))

    def validate_value(self, value: str) -> str:
        if all(v != value for _, v in self.options):
            raise ValueError(f"{value!r} is not one of the options")
        return value

    def watch_value(self, value: str) -> None:
        self.post_message(self.Changed(self, value))

    @property
    def label(self) -> str:
        return next(label for label, v in self.options if v == self.value)

    def set_options(self, options: Options) -> None:
        """New labels for the options; the value stays (it must still be one of them)."""
        self.options = list(options)
        self.validate_value(self.value)
        self.refresh()

    def render(self) -> Text:
        label = Text(self.label, no_wrap=True)
        label.truncate(max(self.content_size.width - 2, 0), overflow="ellipsis", pad=True)
        label.append(" ")
        _, _, background, colour = self.colors
        return label + Text("▼", Style(color=background.blend(colour, 0.5).rich_color))  # as Select's ▼

    def action_open(self) -> None:
        self.app.push_screen(ChoiceMenu(self), self.chose)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_open()

    def chose(self, value: str | None) -> None:
        if value is not None and self.is_attached:
            self.value = value


def menu_place(chooser: Region, height: int, screen_height: int) -> Offset:
    """Where a menu `height` lines tall goes: just under the chooser, else just above it,
    else as high as the screen lets it (a menu never covers its chooser if it can help it)."""
    if chooser.bottom + height <= screen_height:
        return Offset(chooser.x, chooser.bottom)
    return Offset(chooser.x, max(chooser.y - height, 0))


class ChoiceMenu(FormStyled, OnTop, ModalScreen[str | None]):
    """The options of one `Choice`, laid over the form just under it (above it when the
    screen's bottom is too near). Enter or a click chooses, a letter goes to an option;
    Esc, or a click beside the menu, leaves the choice as it was."""

    BINDINGS = [Binding("escape", "dismiss_menu", show=False)]
    DEFAULT_CSS = """
    ChoiceMenu {
        background: transparent;
        align: left top;
        & > OptionList {
            border: tall $border;
            max-height: 100%;
            padding: 0;
        }
    }
    """

    def __init__(self, choice: Choice) -> None:
        super().__init__()
        self.choice = choice

    def compose(self):
        options = [Option(Text(label), id=value) for label, value in self.choice.options]
        menu = OptionList(*options)
        menu.highlighted = next(i for i, (_, v) in enumerate(self.choice.options) if v == self.choice.value)
        menu.styles.width = self.choice.region.width
        menu.styles.offset = menu_place(self.choice.region, len(options) + 2, self.app.size.height)
        yield menu

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_key(self, event: events.Key) -> None:
        """A letter goes to the next option that begins with it (and is no shortcut of the
        screen beneath, such as S for the skin)."""
        if event.character and event.character.isprintable() and not event.character.isspace():
            event.stop()
            menu = self.query_one(OptionList)
            labels = [label.casefold() for label, _ in self.choice.options]
            start = menu.highlighted or 0
            order = [(start + i) % len(labels) for i in range(1, len(labels) + 1)]
            found = next((i for i in order if labels[i].startswith(event.character.casefold())), None)
            if found is not None:
                menu.highlighted = found

    def on_click(self, event: events.Click) -> None:
        if event.widget is self:  # beside the menu
            self.dismiss(None)

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)
