"""The app icon, drawn by code: two fanned cards on a felt tile, the front one showing a red 9.

One drawing serves every size from 16 to 512 pixels: it is drawn two to four times larger and
scaled down smoothly, and its shapes are bold enough to stay legible at 16 pixels. The window
uses it at run time; ``python -m tools.release icons`` writes the PNG files that the archive, the
.deb and the Windows and macOS icon files are made from.
"""

from __future__ import annotations

import pygame

from ..resources import asset_path
from . import theme

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes of the freedesktop icon theme's ``hicolor`` folders that the release ships."""
WINDOW_ICON_SIZE = 64  # what title and task bars show: ~2 ms to draw at start (128 px: ~9 ms)
# Drawn 2-4 times larger, at most 1024 px, then scaled down: smooth edges at every size.
_SUPERSAMPLE_PIXELS = 1024

NINE_RED = theme.SUIT_COLOURS["R"]
BACK_PURPLE = theme.SUIT_COLOURS["P"]


def _card(width: int, height: int, face: bool, nine_font: pygame.font.Font) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 7
    border = max(1, width // 16)
    body = card.get_rect()
    if face:
        pygame.draw.rect(card, theme.PAPER, body, border_radius=radius)
        pygame.draw.rect(card, theme.INK, body, width=border, border_radius=radius)
        nine = nine_font.render("9", True, NINE_RED)
        card.blit(nine, nine.get_rect(center=(width // 2, height // 2 + height // 40)))
    else:
        pygame.draw.rect(card, theme.WHITE, body, border_radius=radius)
        inner = body.inflate(-2 * border, -2 * border)
        pygame.draw.rect(card, BACK_PURPLE, inner, border_radius=max(1, radius - border))
        pygame.draw.rect(
            card,
            theme.GOLD,
            inner.inflate(-3 * border, -3 * border),
            width=border,
            border_radius=max(1, radius - 2 * border),
        )
    return card


def _tile(side: int) -> pygame.Surface:
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = side * 22 // 100
    body = tile.get_rect()
    pygame.draw.rect(tile, theme.FELT, body, border_radius=radius)
    # A lighter band across the upper half: the felt catching the light.
    glow = pygame.Rect(0, 0, side, side // 2)
    pygame.draw.rect(
        tile, theme.FELT_LIGHT, glow, border_top_left_radius=radius, border_top_right_radius=radius
    )
    pygame.draw.rect(tile, theme.GOLD, body, width=max(1, side // 24), border_radius=radius)
    return tile


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with per-pixel alpha (needs no window)."""
    if size < 8:
        raise ValueError(f"An icon needs at least 8x8 pixels, not {size}x{size}")
    if not pygame.font.get_init():
        pygame.font.init()
    scale = max(2, min(4, _SUPERSAMPLE_PIXELS // size))
    side = size * scale
    canvas = _tile(side)
    card_w, card_h = side * 46 // 100, side * 64 // 100
    font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans-Bold.ttf")), card_h * 62 // 100)
    for face, angle, centre in ((False, 14, (42, 52)), (True, -8, (58, 50))):
        card = pygame.transform.rotozoom(_card(card_w, card_h, face, font), angle, 1.0)
        canvas.blit(card, card.get_rect(center=(side * centre[0] // 100, side * centre[1] // 100)))
    return pygame.transform.smoothscale(canvas, (size, size))


def window_icon() -> pygame.Surface:
    """The icon the window and the task bar show."""
    return draw_icon(WINDOW_ICON_SIZE)
