"""Buttons and small controls with mouse and keyboard support and a visible focus ring.

The widgets come in families, one module each: the base every widget builds on
(:mod:`.widget_base`), the widgets that hold a value (:mod:`.fields`: Choice, TextField, Slider)
and, here, the button with its label fitting and the focus group that routes the keyboard and
the mouse. Everything is imported from this module."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import theme
from .fields import Choice, Slider, TextField
from .theme import Fonts
from .widget_base import Widget, _elide, _panel, focus_ring


def _label(
    fonts: Fonts, label: str, rect: pygame.Rect, ink: tuple[int, int, int]
) -> pygame.Surface:
    """A button's label at the largest size that fits (down to the readable size), then on two
    lines, then without its key hint ("Hint (?)" -> "Hint"), then shortened with an ellipsis:
    never clipped, never unreadably small."""
    room = rect.width - max(12, rect.height // 3)
    for two_lines in (False, True):
        for text in _label_forms(label):
            image = _label_image(fonts, text, room, rect.height, ink, two_lines)
            if image is not None:
                return image
    font = fonts.get(theme.READABLE_PIXELS, bold=True)
    return _shrunk(
        font.render(_elide(font, _label_forms(label)[-1], room), True, ink), room, rect.height
    )


def _label_forms(label: str) -> list[str]:
    """The label, and without a trailing key hint in brackets when it has one."""
    words = label.split()
    if len(words) > 1 and words[-1].startswith("(") and words[-1].endswith(")"):
        return [label, " ".join(words[:-1])]
    return [label]


def _label_image(
    fonts: Fonts,
    label: str,
    room: int,
    height: int,
    ink: tuple[int, int, int],
    two_lines: bool,
) -> pygame.Surface | None:
    size = max(12, int(height * 0.42))
    floor = max(theme.READABLE_PIXELS, int(height * 0.26))
    while size > floor and fonts.get(size, bold=True).size(label)[0] > room:
        size -= 1
    font = fonts.get(size, bold=True)
    if font.size(label)[0] <= room:
        return font.render(label, True, ink)
    words = label.split()
    if not two_lines or len(words) < 2 or 2 * font.get_linesize() > height:
        return None
    best = min(
        range(1, len(words)),
        key=lambda i: max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0]),
    )
    first, second = " ".join(words[:best]), " ".join(words[best:])
    if max(font.size(first)[0], font.size(second)[0]) > room:
        return None
    return font.render(first + "\n" + second, True, ink, wraplength=0)


def _shrunk(image: pygame.Surface, width: int, height: int) -> pygame.Surface:
    """The very last resort of "never clip" (a single letter wider than its room): scaled
    down into its room."""
    w, h = image.get_size()
    scale = min(1.0, max(1, width) / max(1, w), max(1, height) / max(1, h))
    if scale >= 1.0:
        return image
    return pygame.transform.smoothscale(image, (max(1, int(w * scale)), max(1, int(h * scale))))


class Button(Widget):
    """A labelled button; ``on_click`` runs on click or Enter/Space when focused."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any],
        *,
        primary: bool = False,
        danger: bool = False,
        hint: str = "",
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.danger = danger
        self.hint = hint
        self.selected = False  # toggled look (e.g. a card chosen for the exchange)

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.on_click()

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        if not self.enabled:
            fill, border, ink = (60, 66, 70), (80, 86, 90), (130, 136, 140)
        elif self.primary:
            # The move most players make, in gold ink and a gold edge: never a filled gold
            # block, which looked like the focus and left unclear what Enter does.
            fill, border, ink = theme.PANEL_LIGHT, theme.GOLD, theme.ACCENT
        elif self.danger:
            fill, border, ink = (150, 50, 46), (210, 90, 80), theme.WHITE
        else:
            fill, border, ink = theme.PANEL_LIGHT, (90, 110, 120), theme.WHITE
        if self.enabled and (self.hovered or self.selected or focused):
            fill = theme.lighter(fill, 24)
        radius = max(6, int(12 * scale))
        _panel(surface, self.rect, fill, border, radius)
        text = _label(fonts, self.label, self.rect, ink)
        surface.blit(text, text.get_rect(center=self.rect.center))
        if focused and self.enabled:
            focus_ring(surface, self.rect, scale)


class FocusGroup:
    """Widgets in keyboard order: Tab/arrows move the focus, Enter/Space activate, the mouse
    hovers and clicks. The focused widget always shows a ring."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = 0
        self.keyboard = False  # the ring shows once the keyboard is used
        self.parked = False  # no widget has the focus: Enter does nothing until a move

    def park(self) -> None:
        """Focus nothing (a neutral start: Enter presses nothing); the first arrow or Tab
        focuses the first widget (Up, Shift+Tab: the last) and shows its ring."""
        self.parked = True

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        self.parked = False
        current = self.focused
        self.widgets = list(widgets)
        if keep and current in self.widgets:
            self.index = self.widgets.index(current)
        else:
            self.index = 0
        self._skip(1)

    @property
    def focused(self) -> Widget | None:
        usable = [w for w in self.widgets if w.enabled and w.visible]
        if not usable or self.parked:
            return None
        if not (0 <= self.index < len(self.widgets)) or self.widgets[self.index] not in usable:
            self._skip(1)
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)
            self.parked = False

    def _skip(self, step: int) -> None:
        n = len(self.widgets)
        for _ in range(n):
            if (
                0 <= self.index < n
                and self.widgets[self.index].enabled
                and self.widgets[self.index].visible
            ):
                return
            self.index = (self.index + step) % n if n else 0

    def move(self, step: int) -> None:
        n = len(self.widgets)
        if not n:
            return
        if self.parked:  # the first move lands on the first (or, backwards, the last) widget
            self.parked = False
            self.index = -1 if step > 0 else 0
        for _ in range(n):
            self.index = (self.index + step) % n
            w = self.widgets[self.index]
            if w.enabled and w.visible:
                return

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; True if a widget used it."""
        if event.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                w.hovered = w.visible and w.rect.collidepoint(event.pos)
                if isinstance(w, Slider):
                    w.drag(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for w in self.widgets:
                if isinstance(w, Slider):
                    w.release()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.widgets):
                if w.visible and w.enabled and w.rect.collidepoint(event.pos):
                    self.index = i
                    self.parked = False
                    if isinstance(w, Choice):
                        w.click(event.pos)
                    elif isinstance(w, Slider):
                        w.press(event.pos)
                    else:
                        w.activate()
                    return True
            return False
        if event.type == pygame.TEXTINPUT:
            focused = self.focused
            return bool(focused and focused.text_input(event.text))
        if event.type != pygame.KEYDOWN:
            return False
        focused = self.focused
        if focused is not None and focused.key(event):
            self.keyboard = True
            return True
        if event.key in (pygame.K_TAB,):
            self.keyboard = True
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.keyboard = True
            self.move(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.keyboard = True
            step = 1 if event.key == pygame.K_RIGHT else -1
            if focused is not None and focused.adjust(step):
                return True
            self.move(step)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if isinstance(focused, TextField) and event.key == pygame.K_SPACE:
                return False  # a space is typed (TEXTINPUT), not a click
            self.keyboard = True
            if focused is not None:
                focused.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, scale: float) -> None:
        focused = self.focused
        for w in self.widgets:
            w.has_focus = focused is w
            w.draw(surface, fonts, focused is w and self.keyboard, scale)
