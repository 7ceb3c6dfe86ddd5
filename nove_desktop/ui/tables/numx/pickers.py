"""Pickers of the NUM-X table: a short list of choices in a panel over the trick (the X-Joker's
value, Swipe and Malus+ targets, Facteur X claims), paged when long, with the cards of the
focused choice outlined; Esc cancels."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ....i18n import _
from ... import theme
from ...scenes import common
from ...table import paint
from ...table.controls import FittedButton
from ...table.scene import TableScene
from ...table.text import fitted
from ...widgets import Widget
from . import geometry as G

PAGE = 6  # picker options per page


@dataclasses.dataclass(frozen=True)
class Option:
    """One choice of a picker; ``cards`` are highlighted while it has the focus."""

    label: str
    choose: Callable[[], None]
    cards: tuple[str, ...] = ()


class Picker:
    """A short list of choices in a panel over the table (paged when long)."""

    def __init__(self, kind: str, title: str, options: list[Option],
                 on_cancel: Callable[[], None], seat: int, seconds: float | None = None,
                 cancel: str = "") -> None:
        self.kind = kind
        self.title = title
        self.options = options
        self.on_cancel = on_cancel
        self.seat = seat
        self.left = seconds
        self.seconds = seconds
        self.cancel = cancel or _("Cancel (Esc)")
        self.page = 0
        self.window_key: object = None

    @property
    def pages(self) -> int:
        return max(1, (len(self.options) + PAGE - 1) // PAGE)

    def shown(self) -> list[Option]:
        return self.options[self.page * PAGE:(self.page + 1) * PAGE]


class NumxPickers(TableScene):
    """Buttons and pickers of the NUM-X table (mixed into ``NumxTable``)."""

    picker: Picker | None

    def button(self, label: str, action: Callable[[], Any], key: int | None,
               max_lines: int = 2, **style: Any) -> FittedButton:
        """A button with a fitted label; ``key`` presses it (the label shows the key)."""
        widget = FittedButton(self.app, label, action, max_lines=max_lines, **style)
        widget.key_code = key  # type: ignore[attr-defined]
        return widget

    def picker_widgets(self) -> list[Widget]:
        picker = self.picker
        if picker is None:
            return []
        widgets: list[Widget] = []
        for option in picker.shown():
            widget = self.button(option.label, option.choose, None, primary=not widgets)
            widget.cards = option.cards  # type: ignore[attr-defined]
            widgets.append(widget)
        if picker.pages > 1:
            widgets.append(self.button(_("More choices ({page}/{pages})").format(
                page=picker.page + 1, pages=picker.pages), self.next_page, pygame.K_TAB))
        widgets.append(self.button(picker.cancel, picker.on_cancel, None))
        return widgets

    def next_page(self) -> None:
        if self.picker is not None:
            self.picker.page = (self.picker.page + 1) % self.picker.pages
            self.show_controls(self.picker_widgets())

    def open_picker(self, picker: Picker) -> None:
        self.picker = picker
        self.show_controls(self.picker_widgets())

    def close_picker(self) -> None:
        self.picker = None

    def cancel_picker(self) -> None:
        picker = self.picker
        if picker is not None:
            picker.on_cancel()

    def highlighted_cards(self) -> set[str]:
        """The cards of the picker option that has the focus (or the mouse)."""
        if self.picker is None:
            return set()
        focused = self.focus.focused
        hovered = next((w for w in self.controls if w.hovered), None)
        widget = hovered or focused
        return set(getattr(widget, "cards", ()) or ())

    def draw_picker(self, surface: pygame.Surface) -> None:
        picker = self.picker
        if picker is None or not self.controls:
            return
        app = self.app
        box = paint.rect_to_screen(app, G.picker_layout(len(self.controls))[0])
        common.panel(surface, box, app, 238)
        text = picker.title
        if picker.left is not None:
            text += "  " + _("({s} s)").format(s=max(0, int(picker.left + 0.99)))
        title = fitted(app, text, box.width - app.s(40), app.s(20), theme.ACCENT, bold=True,
                       max_lines=1)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + app.s(12))))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.picker:
            self.cancel_picker()
            return
        super().handle_event(event)
