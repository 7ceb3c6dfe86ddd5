"""Widgets that hold a value: a choice from a list (:class:`Choice`), a line of text
(:class:`TextField`) and a number on a track (:class:`Slider`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import theme
from .theme import Fonts
from .widget_base import Widget, _elide, _panel, focus_ring


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
