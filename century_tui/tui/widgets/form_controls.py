"""The new-game form's buttons and check boxes: one line of words, chosen by Enter (Space
for a box) or a click.

They look and act as Textual's compact `Button` and `Checkbox` do. Those bring the style
sheets of every variant and border (17 ms and 9 ms to parse) and restyle themselves as
they are made: the form's five buttons and two boxes were a fifth of its start, the first
thing a player waits for. The board's dialogs keep Textual's own."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget


class ControlMessage(Message):
    """What a form control says; `control` (Textual's name) is the widget that said it.
    (Plain classes, as Textual's own messages are: a dataclass compiles its methods at
    every start.)"""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    @property
    def control(self) -> Widget:
        return self.widget


class FormControl(Widget, can_focus=True):
    """Words on one line, shown as written (never read as markup), and what a click does."""

    ALLOW_SELECT = False

    def __init__(self, label: str, *, id: str | None = None, classes: str = "", disabled: bool = False) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.caption = label

    @property
    def label(self) -> str:
        return self.caption

    @label.setter
    def label(self, label: str) -> None:
        self.caption = label
        self.refresh(layout=True)

    def activate(self) -> None:
        raise NotImplementedError

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.activate()


class FormButton(FormControl):
    BINDINGS = [Binding("enter", "press", show=False)]
    DEFAULT_CSS = """
    FormButton {
        width: auto;
        min-width: 16;
        height: 1;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        &:focus {
            text-style: $button-focus-text-style;
            background-tint: $foreground 5%;
        }
        &:hover { background: $surface-darken-1; }
        &.-active {
            background: $surface;
            tint: $background 30%;
        }
        &:disabled {
            text-opacity: 0.6;
            pointer: not-allowed;
        }
        &.-primary {
            color: $button-color-foreground;
            background: $primary;
            &:hover { background: $primary-darken-2; }
            &.-active { background: $primary; }
        }
        &:ansi {
            background: ansi_default;
            &:hover { background: $ansi-background; }
            &.-active {
                background: $ansi-background;
                tint: transparent;
            }
            &:disabled {
                text-opacity: 1;
                text-style: bold dim;
                background: ansi_default;
            }
            &.-primary {
                color: $primary;
                background: ansi_default;
                &:hover { background: $ansi-background; }
            }
        }
    }
    """

    active_effect_duration = 0.2
    """Seconds the button shows pressed; a click meanwhile is the same press (as Button)."""

    class Pressed(ControlMessage):
        """Enter or a click."""

    def __init__(self, label: str, *, id: str | None = None, classes: str = "", primary: bool = False,
                 disabled: bool = False) -> None:
        super().__init__(label, id=id, classes=f"{classes} -primary" if primary else classes, disabled=disabled)

    def render(self) -> Content:
        return Content(self.caption)

    def activate(self) -> None:
        self.press()

    def press(self) -> None:
        """Pressed, unless disabled or still showing the last press (as Button.press)."""
        if self.disabled or self.has_class("-active"):
            return
        self.add_class("-active")
        self.set_timer(self.active_effect_duration, lambda: self.remove_class("-active"))
        self.post_message(self.Pressed(self))

    def action_press(self) -> None:
        self.press()


class FormCheck(FormControl):
    BINDINGS = [Binding("enter,space", "toggle", show=False)]
    COMPONENT_CLASSES = {"form-check--box", "form-check--label"}
    DEFAULT_CSS = """
    FormCheck {
        width: auto;
        height: 1;
        background: $surface;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        pointer: pointer;
        & > .form-check--box {
            color: $panel-darken-2;
            background: $panel;
        }
        &.-on > .form-check--box {
            color: $text-success;
            background: $panel;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .form-check--label {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        &:blur:hover > .form-check--label { background: $block-hover-background; }
        &:ansi {
            background: ansi_default;
            & > .form-check--box {
                /* the sides in the terminal's own colour: in its background, as Textual
                   draws them, they were invisible half-blocks */
                background: ansi_default;
                color: $ansi-foreground;
                text-style: dim;
            }
            &.-on > .form-check--box {
                color: $accent;
                text-style: bold not dim;
            }
        }
    }
    """

    value: reactive[bool] = reactive(False, init=False)

    class Changed(ControlMessage):
        def __init__(self, widget: Widget, value: bool) -> None:
            super().__init__(widget)
            self.value = value

    def __init__(self, label: str, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(label, id=id, classes="-on" if value else "")
        self.set_reactive(FormCheck.value, value)

    def watch_value(self, value: bool) -> None:
        self.set_class(value, "-on")
        self.post_message(self.Changed(self, value))

    def box(self) -> Content:
        """▐X▌: the X in the box's colours, its sides in the box's background."""
        inside = self.get_visual_style("form-check--box")
        if self.get_component_styles("form-check--box").text_style.reverse:  # (a visual style drops it)
            inside += Style(reverse=True)
        side = Style(foreground=inside.background, background=self.background_colors[1])
        return Content.assemble(("▐", side), ("X", inside), ("▌", side))

    def render(self) -> Content:
        label = Content(self.caption).pad(1, 1).stylize_before(self.get_visual_style("form-check--label"))
        return Content.assemble(self.box(), label)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 3 + 2 + Content(self.caption).cell_length

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def activate(self) -> None:
        self.value = not self.value

    def action_toggle(self) -> None:
        self.activate()
