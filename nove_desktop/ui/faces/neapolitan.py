"""The four Neapolitan suit signs drawn as shapes: cup, coin, baton, sword.

Each sign has its own silhouette and its own colours (a red cup, a gold coin, a green baton, a
blue sword), so suits differ by shape even where colour is not seen. Every painter fills a
square ``rect`` on an oversampled surface (see ``draw.smooth``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .draw import Colour, darker, lighter

CUP_RED: Colour = (196, 42, 42)
GOLD: Colour = (218, 164, 32)
BATON_GREEN: Colour = (58, 122, 46)
BATON_WOOD: Colour = (128, 84, 38)
SWORD_BLUE: Colour = (40, 92, 170)
STEEL: Colour = (196, 210, 226)


def cup(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A goblet: a red bowl with a gold rim on a gold stem and foot."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    cx = x + w / 2
    foot = [
        (cx - w * 0.3, y + h),
        (cx + w * 0.3, y + h),
        (cx + w * 0.12, y + h * 0.86),
        (cx - w * 0.12, y + h * 0.86),
    ]
    pygame.draw.polygon(surface, darker(GOLD, 0.15), foot)
    pygame.draw.rect(surface, GOLD, pygame.Rect(cx - w * 0.06, y + h * 0.5, w * 0.12, h * 0.4))
    knot = pygame.Rect(0, 0, w * 0.26, h * 0.1)
    knot.center = (round(cx), round(y + h * 0.66))
    pygame.draw.ellipse(surface, darker(GOLD, 0.1), knot)
    bowl = pygame.Rect(x + w * 0.1, y + h * 0.02, w * 0.8, h * 0.6)
    pygame.draw.ellipse(surface, CUP_RED, bowl)
    pygame.draw.rect(surface, CUP_RED, pygame.Rect(bowl.x, y + h * 0.08, bowl.width, h * 0.2))
    rim = pygame.Rect(x + w * 0.06, y, w * 0.88, h * 0.12)
    pygame.draw.rect(surface, GOLD, rim, border_radius=round(h * 0.05))
    shine = pygame.Rect(x + w * 0.24, y + h * 0.18, w * 0.12, h * 0.24)
    pygame.draw.ellipse(surface, lighter(CUP_RED, 0.35), shine)


def coin(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A gold coin: rim, field and an eight-pointed red rosette."""
    cx, cy = rect.center
    r = rect.width / 2
    pygame.draw.circle(surface, darker(GOLD, 0.3), (cx, cy), r)
    pygame.draw.circle(surface, GOLD, (cx, cy), r * 0.86)
    pygame.draw.circle(surface, darker(GOLD, 0.2), (cx, cy), r * 0.66, max(1, round(r * 0.06)))
    points = []
    for i in range(16):
        radius = r * (0.5 if i % 2 == 0 else 0.24)
        angle = i * math.pi / 8
        points.append((cx + math.cos(angle) * radius, cy + math.sin(angle) * radius))
    pygame.draw.polygon(surface, CUP_RED, points)
    pygame.draw.circle(surface, GOLD, (cx, cy), r * 0.12)


def baton(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A wooden club, leaning, thicker and rounded at the head, with green bands and knots."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    base = (x + w * 0.38, y + h * 0.92)
    head = (x + w * 0.62, y + h * 0.16)
    dx, dy = head[0] - base[0], head[1] - base[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    half_base, half_head = w * 0.1, w * 0.17

    def across(t: float, scale: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
        px, py = base[0] + dx * t, base[1] + dy * t
        half = (half_base + (half_head - half_base) * t) * scale
        return (px + nx * half, py + ny * half), (px - nx * half, py - ny * half)

    outline = darker(BATON_WOOD, 0.35)
    for colour, grow in ((outline, w * 0.035), (BATON_WOOD, 0.0)):
        left_base, right_base = across(0.0)
        left_head, right_head = across(1.0)
        body = [
            (left_base[0] + nx * grow, left_base[1] + ny * grow),
            (left_head[0] + nx * grow, left_head[1] + ny * grow),
            (right_head[0] - nx * grow, right_head[1] - ny * grow),
            (right_base[0] - nx * grow, right_base[1] - ny * grow),
        ]
        pygame.draw.polygon(surface, colour, body)
        pygame.draw.circle(surface, colour, head, half_head + grow)
        pygame.draw.circle(surface, colour, base, half_base + grow)
    shine = [
        *across(0.05, 0.55)[:1],
        *across(0.95, 0.55)[:1],
        *across(0.95, 0.2)[:1],
        *across(0.05, 0.2)[:1],
    ]
    pygame.draw.polygon(surface, lighter(BATON_WOOD, 0.3), shine)
    for t in (0.3, 0.62):  # knots
        px, py = base[0] + dx * t, base[1] + dy * t
        side = 1 if t < 0.5 else -1
        knot = (px - nx * side * w * 0.04, py - ny * side * w * 0.04)
        pygame.draw.circle(surface, outline, knot, w * 0.045)
    band = max(1, round(w * 0.09))
    for t in (0.12, 0.84):
        left, right = across(t, 1.12)
        pygame.draw.line(surface, BATON_GREEN, left, right, band)


def sword(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An upright sword: steel blade with a blue fuller, gold guard, blue grip, gold pommel."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    cx = x + w / 2
    half = w * 0.16
    blade = [
        (cx, y),
        (cx + half, y + h * 0.16),
        (cx + half, y + h * 0.64),
        (cx - half, y + h * 0.64),
        (cx - half, y + h * 0.16),
    ]
    pygame.draw.polygon(surface, SWORD_BLUE, blade)
    inner = [
        (cx, y + h * 0.07),
        (cx + half * 0.45, y + h * 0.17),
        (cx + half * 0.45, y + h * 0.62),
        (cx - half * 0.45, y + h * 0.62),
        (cx - half * 0.45, y + h * 0.17),
    ]
    pygame.draw.polygon(surface, STEEL, inner)
    guard = pygame.Rect(0, 0, w * 0.78, h * 0.1)
    guard.center = (round(cx), round(y + h * 0.69))
    pygame.draw.rect(surface, GOLD, guard, border_radius=round(h * 0.05))
    pygame.draw.rect(
        surface, SWORD_BLUE, pygame.Rect(cx - w * 0.09, y + h * 0.72, w * 0.18, h * 0.17)
    )
    pygame.draw.circle(surface, GOLD, (cx, y + h * 0.9), w * 0.12)


SUIT_PAINTERS: dict[str, Callable[[pygame.Surface, pygame.Rect], None]] = {
    "Co": cup,
    "De": coin,
    "Ba": baton,
    "Sp": sword,
}
SUIT_INKS: dict[str, Colour] = {
    "Co": (170, 30, 36),
    "De": (150, 104, 10),
    "Ba": (40, 100, 36),
    "Sp": (30, 74, 150),
}
"""Text colour of each suit's numbers: a dark shade of the sign's main colour."""
SUIT_EDGES: dict[str, Colour] = {
    "Co": CUP_RED,
    "De": darker(GOLD, 0.3),
    "Ba": BATON_GREEN,
    "Sp": SWORD_BLUE,
}
"""The colour at each sign's outer edge (what smoothing blends towards)."""
