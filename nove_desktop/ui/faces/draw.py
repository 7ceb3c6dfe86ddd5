"""Drawing helpers shared by the decks: colour mixing, smooth shapes and the blank card.

pygame's shape drawing is not antialiased, so shapes are painted at a few times the target size
and scaled down smoothly; text is rendered at the final size (it is antialiased already and
stays sharper that way).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]
Painter = Callable[[pygame.Surface, pygame.Rect], object]  # what it returns is not used

WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighter(colour: Colour, t: float) -> Colour:
    """``colour`` mixed ``t`` of the way towards white."""
    return mix(colour, WHITE, t)


def darker(colour: Colour, t: float) -> Colour:
    """``colour`` mixed ``t`` of the way towards black."""
    return mix(colour, BLACK, t)


def hex_colour(code: str) -> Colour:
    """``"#0072B2"`` as an RGB tuple."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def oversampling(w: int, h: int) -> int:
    """How many times larger to paint: small images need more to keep their edges smooth."""
    side = min(w, h)
    return 4 if side < 40 else 3 if side < 100 else 2


def smooth(w: int, h: int, paint: Painter, edge: Colour = BLACK) -> pygame.Surface:
    """A ``w`` x ``h`` SRCALPHA image painted by ``paint(surface, rect)`` at a larger size.

    ``edge`` is the colour of the outermost painted pixels: the transparent background takes
    it, so scaling down blends edges towards it instead of towards black.
    """
    w, h = max(1, w), max(1, h)
    factor = oversampling(w, h)
    big = pygame.Surface((w * factor, h * factor), pygame.SRCALPHA)
    big.fill((*edge, 0))
    paint(big, big.get_rect())
    return pygame.transform.smoothscale(big, (w, h))


def rounded_card(
    w: int,
    h: int,
    fill: Colour,
    border: Colour,
    radius: int | None = None,
    border_width: float | None = None,
    inner: Painter | None = None,
) -> pygame.Surface:
    """A blank card: a rounded rectangle with a border, antialiased.

    ``inner`` paints more shapes at the same oversampled scale (inside the border).
    """
    radius = max(3, round(w * 0.09)) if radius is None else radius
    width = max(1.0, w / 48) if border_width is None else border_width

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        r = round(radius * scale)
        pygame.draw.rect(surface, border, rect, border_radius=r)
        edge = max(1, round(width * scale))
        pygame.draw.rect(surface, fill, rect.inflate(-2 * edge, -2 * edge), border_radius=r - edge)
        if inner is not None:
            inner(surface, rect)

    return smooth(w, h, paint, edge=border)


def blit_centred(target: pygame.Surface, image: pygame.Surface, centre: Point) -> pygame.Rect:
    """Blit ``image`` onto ``target`` centred on ``centre``; return where it went."""
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    target.blit(image, rect)
    return rect


def mirrored(image: pygame.Surface) -> pygame.Surface:
    """``image`` turned by half a turn (exact: a flip on both axes)."""
    return pygame.transform.flip(image, True, True)


def card_shadow(w: int, h: int) -> pygame.Surface:
    """A soft shadow for a ``w`` x ``h`` card, 8 px larger, to blit a few pixels down-right."""
    surface = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    for i, alpha in enumerate((26, 22, 18, 14)):
        rect = pygame.Rect(i, i, w + 8 - 2 * i, h + 8 - 2 * i)
        pygame.draw.rect(surface, (0, 0, 0, alpha), rect, border_radius=max(4, w // 8))
    return surface


def clip_rounded(image: pygame.Surface, radius: int) -> pygame.Surface:
    """``image`` with everything outside a rounded rectangle of its size made transparent."""
    mask = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return image


def lattice(size: tuple[int, int], colour: Colour, step: float, width: int) -> pygame.Surface:
    """Diagonal lines both ways, ``step`` px apart, centred: a diamond lattice."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    count = int((w + h) / step) + 2
    for i in range(-count, count + 1):
        x = cx + i * step
        pygame.draw.line(image, colour, (x - h, cy - h), (x + h, cy + h), width)
        pygame.draw.line(image, colour, (x + h, cy - h), (x - h, cy + h), width)
    return image
