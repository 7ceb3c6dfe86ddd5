"""Buttons and small controls with mouse and keyboard support and a visible focus ring."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import theme
from .theme import Fonts


class Widget:
    """Something focusable with a rectangle in window pixels."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.hovered = False
        self.has_focus = False  # the keyboard's target (set by its FocusGroup before drawing)
        self.hint = ""  # one line of help shown while the widget has the focus
        self.hotkey: int | None = None  # a key that presses it (same letter in every language)
        self.action: Any = None  # the game action it takes, if any (a hint outlines it)
        self.suggested = False

    def activate(self) -> None:
        """Enter/Space or a click."""

    def adjust(self, step: int) -> bool:
        """Left/Right on a focused control; True if it used the key."""
        return False

    def text_input(self, text: str) -> bool:
        return False

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        """Draw the widget; the base widget is invisible (subclasses draw themselves)."""


def _panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int],
    border: tuple[int, int, int] | None,
    radius: int,
    width: int = 2,
) -> None:
    shadow = rect.move(0, max(2, rect.height // 14))
    shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=radius)
    surface.blit(shade, shadow)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The keyboard's target: a white ring inside a gold one, unlike any button's own edge
    (Enter presses exactly the widget that wears it)."""
    pad = max(3, int(4 * scale))
    width = max(2, int(3 * scale))
    ring = rect.inflate(pad * 2, pad * 2)
    pygame.draw.rect(
        surface,
        theme.ACCENT,
        ring.inflate(width * 2, width * 2),
        width=width,
        border_radius=max(6, int(12 * scale)) + width,
    )
    pygame.draw.rect(surface, theme.WHITE, ring, width=width, border_radius=max(6, int(12 * scale)))


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


def _elide(font: pygame.font.Font, text: str, room: int) -> str:
    if font.size(text)[0] <= room:
        return text
    while len(text) > 1 and font.size(text + "\u2026")[0] > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"


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


class Choice(Widget):
    """A value picked from a list with Left/Right (or a click on its arrows)."""

    def __init__(
        self,
        label: str,
        values: Sequence[Any],
        index: int,
        on_change: Callable[[Any], Any] | None = None,
        describe: Callable[[Any], str] = str,
    ) -> None:
        super().__init__()
        self.label = label
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.describe = describe

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.values) < 2:
            return False
        self.index = (self.index + step) % len(self.values)
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        """A click left of the value's centre (the left arrow) goes back, right of it forward."""
        self.adjust(-1 if pos[0] < self._value_centre else 1)

    @property
    def _value_centre(self) -> int:
        return getattr(self, "_drawn_centre", self.rect.x + self.rect.width * 3 // 4)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        radius = max(6, int(10 * scale))
        _panel(surface, self.rect, theme.PANEL, (70, 90, 100), radius)
        h = self.rect.height
        small = fonts.get(max(10, int(h * 0.30)))
        big = fonts.get(max(12, int(h * 0.40)), bold=True)
        label = small.render(self.label, True, theme.MUTED)
        surface.blit(
            label, (self.rect.x + int(h * 0.35), self.rect.centery - label.get_height() // 2)
        )
        ink = theme.WHITE if self.enabled else theme.MUTED
        text = big.render(self.describe(self.value), True, ink)
        right = self.rect.right - int(h * 0.6)
        room = self.rect.width - label.get_width() - int(h * 1.6)
        if text.get_width() > room:
            small_bold = fonts.get(
                max(theme.READABLE_PIXELS, int(h * 0.40 * room / text.get_width())), bold=True
            )
            text = small_bold.render(_elide(small_bold, self.describe(self.value), room), True, ink)
        surface.blit(text, text.get_rect(midright=(right, self.rect.centery)))
        self._drawn_centre = right - text.get_width() // 2
        if self.enabled and len(self.values) > 1:
            arrow = big.render("\u25c0", True, theme.ACCENT)
            surface.blit(
                arrow,
                arrow.get_rect(
                    midright=(right - text.get_width() - int(h * 0.2), self.rect.centery)
                ),
            )
            arrow = big.render("\u25b6", True, theme.ACCENT)
            surface.blit(arrow, arrow.get_rect(midleft=(right + int(h * 0.12), self.rect.centery)))
        if focused:
            focus_ring(surface, self.rect, scale)


class TextField(Widget):
    """A one-line text box (player names): type when focused, Backspace deletes."""

    def __init__(
        self,
        label: str,
        text: str,
        max_length: int = 16,
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__()
        self.label = label
        self.text = text
        self.max_length = max_length
        self.on_change = on_change
        self.blink = 0.0

    def text_input(self, text: str) -> bool:
        if not self.enabled:
            return False
        allowed = "".join(ch for ch in text if ch.isprintable())
        self.text = (self.text + allowed)[: self.max_length]
        if self.on_change:
            self.on_change(self.text)
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE and self.enabled:
            self.text = self.text[:-1]
            if self.on_change:
                self.on_change(self.text)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        radius = max(6, int(10 * scale))
        _panel(
            surface,
            self.rect,
            (245, 242, 232),
            (70, 90, 100) if not focused else theme.ACCENT,
            radius,
        )
        h = self.rect.height
        font = fonts.get(max(12, int(h * 0.42)))
        shown = self.text if self.text else self.label
        ink = theme.INK if self.text else (140, 140, 140)
        text = font.render(shown, True, ink)
        x = self.rect.x + int(h * 0.3)
        surface.blit(text, (x, self.rect.centery - text.get_height() // 2))
        if self.has_focus:
            caret_x = x + (font.size(self.text)[0] if self.text else 0) + 2
            if int(pygame.time.get_ticks() / 500) % 2 == 0:
                pygame.draw.line(
                    surface,
                    theme.INK,
                    (caret_x, self.rect.y + h * 0.22),
                    (caret_x, self.rect.bottom - h * 0.22),
                    2,
                )
        if focused:
            focus_ring(surface, self.rect, scale)


class Slider(Widget):
    """A whole number between ``low`` and ``high`` on a track: click or drag the track, or
    Left/Right (Home/End: the ends, PageUp/PageDown: bigger steps) while it has the focus.

    ``caption`` (fitted above the track) says what the number is and, when the range is
    capped, why; ``on_change`` runs with every new value."""

    def __init__(
        self,
        caption: str,
        low: int,
        high: int,
        value: int,
        on_change: Callable[[int], Any] | None = None,
    ) -> None:
        super().__init__()
        if low > high:
            raise ValueError(f"a slider needs low <= high, not {low} > {high}")
        self.caption = caption
        self.low = low
        self.high = high
        self.value = min(high, max(low, value))
        self.on_change = on_change
        self.dragging = False

    def set_value(self, value: int) -> bool:
        """Move to ``value`` (kept inside the range); True if it changed."""
        value = min(self.high, max(self.low, value))
        if value == self.value:
            return False
        self.value = value
        if self.on_change:
            self.on_change(value)
        return True

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        self.set_value(self.value + step)
        return True  # at an end the key is still the slider's: the focus does not jump away

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        big = max(1, (self.high - self.low) // 4)
        moves = {
            pygame.K_HOME: self.low - self.value,
            pygame.K_END: self.high - self.value,
            pygame.K_PAGEUP: big,
            pygame.K_PAGEDOWN: -big,
        }
        if event.key not in moves:
            return False
        self.set_value(self.value + moves[event.key])
        return True

    @property
    def track(self) -> pygame.Rect:
        """The track's rectangle, in the lower part of the widget."""
        h = self.rect.height
        pad = int(h * 0.35)
        track = pygame.Rect(0, 0, max(1, self.rect.width - 2 * pad), max(2, h // 9))
        track.center = (self.rect.centerx, self.rect.y + int(h * 0.70))
        return track

    def value_at(self, pos: tuple[int, int]) -> int:
        track = self.track
        if self.high == self.low or track.width <= 1:
            return self.low
        share = (pos[0] - track.x) / track.width
        return self.low + round(min(1.0, max(0.0, share)) * (self.high - self.low))

    def press(self, pos: tuple[int, int]) -> None:
        """A click on the widget: the value jumps there and follows the mouse until release."""
        if self.enabled:
            self.dragging = True
            self.set_value(self.value_at(pos))

    def drag(self, pos: tuple[int, int]) -> None:
        if self.dragging:
            self.set_value(self.value_at(pos))

    def release(self) -> None:
        self.dragging = False

    def knob_centre(self) -> tuple[int, int]:
        track = self.track
        span = self.high - self.low
        share = 0.5 if span == 0 else (self.value - self.low) / span
        return (track.x + round(share * track.width), track.centery)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        radius = max(6, int(10 * scale))
        _panel(surface, self.rect, theme.PANEL, (70, 90, 100), radius)
        h = self.rect.height
        room = self.rect.width - int(h * 0.4)
        size = max(theme.READABLE_PIXELS, int(h * 0.22))
        font = fonts.get(size)
        while size > theme.READABLE_PIXELS and font.size(self.caption)[0] > room:
            size -= 1
            font = fonts.get(size)
        ink = theme.MUTED if self.enabled else (130, 136, 140)
        caption = font.render(_elide(font, self.caption, room), True, ink)
        surface.blit(caption, caption.get_rect(midtop=(self.rect.centerx, self.rect.y + h // 12)))
        track = self.track
        pygame.draw.rect(surface, (60, 76, 86), track, border_radius=track.height // 2)
        knob = self.knob_centre()
        filled = pygame.Rect(track.x, track.y, knob[0] - track.x, track.height)
        if filled.width > 0:
            pygame.draw.rect(surface, theme.GOLD_DARK, filled, border_radius=track.height // 2)
        ends = fonts.get(max(9, int(h * 0.18)))
        for number, x in ((self.low, track.x), (self.high, track.right)):
            label = ends.render(str(number), True, theme.MUTED)
            surface.blit(label, label.get_rect(midtop=(x, track.bottom + max(2, h // 16))))
        r = max(6, int(h * 0.2))
        pygame.draw.circle(surface, theme.GOLD if self.enabled else (110, 110, 110), knob, r)
        pygame.draw.circle(surface, theme.INK, knob, r, max(1, r // 6))
        value = str(self.value)
        digits = fonts.get(max(8, int(r * 1.1)), bold=True)
        if digits.size(value)[0] > 2 * r - 4:
            digits = fonts.get(max(7, int(r * 0.8)), bold=True)
        image = digits.render(value, True, theme.INK)
        surface.blit(image, image.get_rect(center=knob))
        if focused:
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
