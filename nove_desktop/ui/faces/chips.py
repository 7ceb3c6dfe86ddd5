"""Round table pieces: NOVE's score chips and Nove banco's betting tokens.

Every piece prints its number; tokens also differ in colour and in the pattern on their edge
(blocks, stripes, dots, diamonds), so neither colour nor pattern is ever the only cue.
"""

from __future__ import annotations

import dataclasses
import math

import pygame

from ..theme import Fonts
from .draw import Colour, darker, lighter, smooth
from .text import TextPainter

CHIP_STYLE = {
    -1: ((196, 52, 46), (250, 210, 200), "\u22121"),
    1: ((236, 236, 228), (40, 120, 80), "+1"),
    6: ((232, 188, 70), (120, 80, 10), "+6"),
}
"""NOVE's chips: body colour, ink colour, label."""


class UnknownChipError(ValueError):
    """A chip or token value that has no piece."""

    def __init__(self, value: object, kind: str, known: tuple[int, ...]) -> None:
        listed = ", ".join(str(v) for v in known)
        super().__init__(f"there is no {kind} worth {value!r} (there are {listed})")
        self.value = value


def nove_chip(fonts: Fonts, value: int, d: int) -> pygame.Surface:
    """One of NOVE's score chips (-1, +1, +6), ``d`` pixels across."""
    if value not in CHIP_STYLE:
        raise UnknownChipError(value, "NOVE chip", tuple(CHIP_STYLE))
    fill, ink, text = CHIP_STYLE[value]
    surface = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(surface, (0, 0, 0, 80), (r, r + max(1, d // 14)), r - 1)
    pygame.draw.circle(surface, fill, (r, r), r - 1)
    for i in range(8):  # edge marks
        a = i * math.pi / 4
        p = (r + math.cos(a) * (r - d * 0.12), r + math.sin(a) * (r - d * 0.12))
        pygame.draw.circle(surface, ink, p, max(1, d // 14))
    pygame.draw.circle(surface, ink, (r, r), int(r * 0.62), max(1, d // 18))
    label = fonts.art(max(6, int(d * 0.34)), bold=True).render(text, True, ink)
    surface.blit(label, label.get_rect(center=(r, r)))
    return surface


@dataclasses.dataclass(frozen=True)
class TokenStyle:
    """How one banco token looks: body, edge inlays and ink, and the inlays' shape."""

    body: Colour
    inlay: Colour
    ink: Colour
    pattern: str  # "blocks", "stripes", "dots" or "diamonds"
    count: int


TOKEN_STYLES: dict[int, TokenStyle] = {
    1: TokenStyle((238, 234, 222), (38, 70, 150), (30, 52, 110), "blocks", 4),
    5: TokenStyle((196, 44, 48), (250, 244, 232), (255, 255, 255), "stripes", 6),
    10: TokenStyle((34, 92, 176), (250, 244, 232), (255, 255, 255), "dots", 8),
    25: TokenStyle((28, 128, 84), (246, 206, 92), (255, 255, 255), "diamonds", 6),
}
TOKEN_VALUES = tuple(sorted(TOKEN_STYLES, reverse=True))


def banco_token(text: TextPainter, value: int, d: int) -> pygame.Surface:
    """One of Nove banco's betting tokens (1, 5, 10, 25), ``d`` pixels across."""
    style = TOKEN_STYLES.get(value) if isinstance(value, int) else None
    if style is None:
        raise UnknownChipError(value, "token", tuple(sorted(TOKEN_STYLES)))
    d = max(8, d)
    drop = max(1, round(d / 16))
    size = d - drop

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / d
        r = size * scale / 2
        centre = (r, r)
        pygame.draw.circle(surface, (0, 0, 0, 90), (r, r + drop * scale), r)
        pygame.draw.circle(surface, darker(style.body, 0.35), centre, r)
        pygame.draw.circle(surface, style.body, centre, r - max(1, scale * d / 40))
        _inlays(surface, style, centre, r)
        pygame.draw.circle(surface, lighter(style.body, 0.12), centre, r * 0.64)
        pygame.draw.circle(surface, style.inlay, centre, r * 0.64, max(1, round(r * 0.05)))

    surface = smooth(d, d, paint, edge=darker(style.body, 0.35))
    label = text.fit(str(value), style.ink, size * 0.46, size * 0.3, tight=True)
    surface.blit(label, label.get_rect(center=(size / 2, size / 2)))
    return surface


def _inlays(
    surface: pygame.Surface, style: TokenStyle, centre: tuple[float, float], r: float
) -> None:
    """The edge pattern: ``count`` marks around the rim in the style's shape."""
    cx, cy = centre
    for i in range(style.count):
        angle = 2 * math.pi * i / style.count - math.pi / 2
        cos, sin = math.cos(angle), math.sin(angle)
        if style.pattern == "dots":
            mid = r * 0.83
            pygame.draw.circle(surface, style.inlay, (cx + cos * mid, cy + sin * mid), r * 0.1)
            continue
        half = {"blocks": 0.26, "stripes": 0.075, "diamonds": 0.2}[style.pattern]
        inner, outer = r * 0.7, r * 0.94
        if style.pattern == "diamonds":
            mid = (inner + outer) / 2
            points = [
                (cx + cos * inner, cy + sin * inner),
                (cx + math.cos(angle + half) * mid, cy + math.sin(angle + half) * mid),
                (cx + cos * outer, cy + sin * outer),
                (cx + math.cos(angle - half) * mid, cy + math.sin(angle - half) * mid),
            ]
        else:
            points = [
                (cx + math.cos(angle + s * half) * radius, cy + math.sin(angle + s * half) * radius)
                for s, radius in ((-1, inner), (-1, outer), (1, outer), (1, inner))
            ]
        pygame.draw.polygon(surface, style.inlay, points)


def chip_stack(score: int) -> list[int]:
    """Chips that show a score (spec 12): for s >= 0, +6s then +1s; for s < 0, -1s."""
    if score < 0:
        return [-1] * min(-score, 12)
    return [6] * (score // 6) + [1] * (score % 6)


def token_stack(amount: int) -> list[int]:
    """The fewest banco tokens that make ``amount`` chips, largest first.

    1, 5, 10 and 25 form a system where taking the largest token that fits is always optimal.
    """
    if not isinstance(amount, int) or amount < 0:
        raise ValueError(
            f"a stack of tokens needs a whole number of chips, 0 or more, not {amount!r}"
        )
    tokens: list[int] = []
    for value in TOKEN_VALUES:
        count, amount = divmod(amount, value)
        tokens += [value] * count
    return tokens
