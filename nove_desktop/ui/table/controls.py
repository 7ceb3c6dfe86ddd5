"""Controls for game tables whose labels change with the situation ("Fusion X -> 7 x 11", or
the engine's reason why a selection cannot be played): the label is fitted (shrunk, then wrapped
onto a few lines), never clipped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import theme
from ..app import App
from ..theme import Fonts
from ..widgets import Button
from .text import fitted


class FittedButton(Button):
    """A button whose label always fits: it shrinks, then wraps onto up to ``max_lines``."""

    def __init__(
        self,
        app: App,
        label: str,
        on_click: Callable[[], Any],
        *,
        max_lines: int = 2,
        **style: Any,
    ) -> None:
        super().__init__(label, on_click, **style)
        self.app = app
        self.max_lines = max_lines

    def ink(self) -> tuple[int, int, int]:
        if not self.enabled:
            return (130, 136, 140)
        return theme.INK if self.primary else theme.WHITE

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        label, self.label = self.label, ""
        try:  # the panel, hover and focus ring as any button
            super().draw(surface, fonts, focused, scale)
        finally:
            self.label = label
        pad = max(4, int(10 * scale))
        pixels = max(10, int(min(self.rect.height * 0.42, 20 * scale)))
        room = self.rect.width - 2 * pad
        image = fitted(
            self.app, label, room, pixels, self.ink(), bold=True, max_lines=self.max_lines
        )
        while image.get_height() > self.rect.height - 4 and pixels > 9:
            pixels -= 1  # wrapped lines must also fit the button's height
            image = fitted(
                self.app, label, room, pixels, self.ink(), bold=True, max_lines=self.max_lines
            )
        surface.blit(image, image.get_rect(center=self.rect.center))
