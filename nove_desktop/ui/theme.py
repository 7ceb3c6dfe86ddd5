"""Colours, fonts and the layout scale shared by every scene."""

from __future__ import annotations

import pygame

from ..resources import asset_path

BASE_W, BASE_H = 1280, 720  # every layout is designed at this size and scaled
READABLE_PIXELS = 11  # no text is drawn smaller (the smallest window is 1024x640)

FELT = (18, 84, 58)
FELT_DARK = (11, 58, 40)
FELT_LIGHT = (30, 110, 78)
INK = (28, 28, 32)
PAPER = (250, 247, 238)
WHITE = (255, 255, 255)
GOLD = (232, 190, 80)
GOLD_DARK = (160, 118, 30)
SHADOW = (0, 0, 0)
PANEL = (20, 30, 38)
PANEL_LIGHT = (38, 52, 64)
ACCENT = (255, 214, 102)
MUTED = (170, 180, 176)
DANGER = (214, 72, 64)
OK = (96, 200, 120)

Colour = tuple[int, int, int]


def lighter(colour: Colour, amount: int) -> Colour:
    """``colour`` with ``amount`` added to each channel (at most 255): a hovered control."""
    red, green, blue = colour
    return (min(255, red + amount), min(255, green + amount), min(255, blue + amount))


# Card colours: every colour also has a symbol, so colour is never the only cue.
SUIT_COLOURS = {
    "R": (200, 40, 48),
    "Y": (214, 150, 0),
    "G": (24, 130, 70),
    "P": (112, 58, 160),
}
SUIT_SYMBOLS = {"R": "\u2665", "Y": "\u2605", "G": "\u2663", "P": "\u2660"}
SUIT_NAMES = {"R": "red", "Y": "yellow", "G": "green", "P": "purple"}


class Fonts:
    """The bundled fonts (DejaVu Sans), cached per pixel size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._regular = str(asset_path("fonts", "DejaVuSans.ttf"))
        self._bold = str(asset_path("fonts", "DejaVuSans-Bold.ttf"))

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``size`` pixels, never under the readable size: a text sized down to
        fit its room must wrap or be shortened instead of becoming unreadable."""
        return self.art(max(int(size), READABLE_PIXELS), bold)

    def art(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A font for card art (a card's corner index), which scales with the card."""
        size = max(int(size), 6)
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            if len(self._cache) > 64:  # bounded: window resizes create new sizes
                self._cache.clear()
            font = pygame.font.Font(self._bold if bold else self._regular, size)
            self._cache[key] = font
        return font


def render_text(
    font: pygame.font.Font,
    text: str,
    colour: tuple[int, int, int],
    shadow: bool = False,
) -> pygame.Surface:
    """Text as a surface, optionally with a soft drop shadow."""
    surface = font.render(text, True, colour)
    if not shadow:
        return surface
    out = pygame.Surface((surface.get_width() + 2, surface.get_height() + 2), pygame.SRCALPHA)
    dark = font.render(text, True, SHADOW)
    dark.set_alpha(140)
    out.blit(dark, (2, 2))
    out.blit(surface, (0, 0))
    return out
