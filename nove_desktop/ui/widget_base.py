"""What every widget builds on: :class:`Widget` (a focusable rectangle) and the panel, the focus
ring and the shortening of text they draw with."""

from __future__ import annotations

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


def _elide(font: pygame.font.Font, text: str, room: int) -> str:
    if font.size(text)[0] <= room:
        return text
    while len(text) > 1 and font.size(text + "\u2026")[0] > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"
