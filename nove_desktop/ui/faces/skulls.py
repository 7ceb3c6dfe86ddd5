"""NOX's three characters as simple shapes: one skull, three hats ("Down to the bone!")."""

from __future__ import annotations

import pygame

from .draw import Colour, darker

HATS = ("none", "tricorn", "top hat")


def draw_skull(
    surface: pygame.Surface,
    rect: pygame.Rect,
    bone: Colour,
    hole: Colour,
    hat: str,
    felt: Colour | None = None,
) -> None:
    """A front-facing skull filling ``rect`` (about 6 wide for 7 tall), wearing ``hat``.

    ``hole`` colours the eyes, nose and teeth; ``felt`` the hat (a darker ``bone`` by default).
    """
    if hat not in HATS:
        raise ValueError(f"a NOX character wears one of {', '.join(HATS)}, not {hat!r}")
    head = rect.copy()
    if hat != "none":  # the hat takes the top of the box; the skull shrinks a little under it
        head = pygame.Rect(0, 0, round(rect.width * 0.86), round(rect.height * 0.78))
        head.midbottom = rect.midbottom
    _bones(surface, head, bone, hole)
    felt = darker(bone, 0.28) if felt is None else felt
    if hat == "tricorn":
        _tricorn(surface, rect, head, felt, hole)
    elif hat == "top hat":
        _top_hat(surface, rect, head, felt, hole)


def _bones(surface: pygame.Surface, box: pygame.Rect, bone: Colour, hole: Colour) -> None:
    x, y, w, h = box.x, box.y, box.width, box.height
    cx = x + w / 2
    radius = w * 0.47
    cranium_y = y + radius
    pygame.draw.circle(surface, bone, (cx, cranium_y), radius)
    jaw = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.36))
    jaw.midbottom = (round(cx), box.bottom)
    pygame.draw.rect(surface, bone, jaw, border_radius=round(w * 0.1))
    cheek = pygame.Rect(0, 0, round(w * 0.78), round(h * 0.2))
    cheek.center = (round(cx), round(y + h * 0.6))
    pygame.draw.ellipse(surface, bone, cheek)
    eye_w, eye_h = w * 0.25, h * 0.22
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, round(eye_w), round(eye_h))
        eye.center = (round(cx + side * w * 0.19), round(y + h * 0.48))
        pygame.draw.ellipse(surface, hole, eye)
    nose = [(cx, y + h * 0.6), (cx - w * 0.06, y + h * 0.7), (cx + w * 0.06, y + h * 0.7)]
    pygame.draw.polygon(surface, hole, nose)
    tooth_top, tooth_bottom = y + h * 0.8, box.bottom - h * 0.05
    line = max(1, round(w * 0.025))
    for i in (-1.5, -0.5, 0.5, 1.5):
        tx = cx + i * w * 0.1
        pygame.draw.line(surface, hole, (tx, tooth_top), (tx, tooth_bottom), line)


def _tricorn(
    surface: pygame.Surface, box: pygame.Rect, head: pygame.Rect, felt: Colour, trim: Colour
) -> None:
    """Jack's hat: a triangle with its point up, a brim across the brow."""
    brim_y = head.top + head.height * 0.3
    points = [
        (box.centerx, box.top),
        (box.right, brim_y),
        (box.left, brim_y),
    ]
    pygame.draw.polygon(surface, felt, points)
    band = pygame.Rect(0, 0, round(box.width * 0.98), max(2, round(box.height * 0.07)))
    band.midbottom = (box.centerx, round(brim_y))
    pygame.draw.rect(surface, felt, band, border_radius=band.height // 2)
    pygame.draw.line(
        surface,
        trim,
        (box.left + box.width * 0.18, brim_y - band.height * 1.2),
        (box.right - box.width * 0.18, brim_y - band.height * 1.2),
        max(1, round(box.width * 0.03)),
    )


def _top_hat(
    surface: pygame.Surface, box: pygame.Rect, head: pygame.Rect, felt: Colour, trim: Colour
) -> None:
    """Alphonse's hat: a tall square crown on a wide brim."""
    brim_y = head.top + head.height * 0.26
    crown = pygame.Rect(0, 0, round(box.width * 0.56), round(brim_y - box.top))
    crown.midbottom = (box.centerx, round(brim_y))
    pygame.draw.rect(surface, felt, crown, border_radius=round(box.width * 0.04))
    brim = pygame.Rect(0, 0, round(box.width * 0.96), max(2, round(box.height * 0.07)))
    brim.midtop = (box.centerx, round(brim_y - brim.height / 2))
    pygame.draw.rect(surface, felt, brim, border_radius=brim.height // 2)
    ribbon = pygame.Rect(0, 0, crown.width, max(1, round(crown.height * 0.16)))
    ribbon.midbottom = (crown.centerx, round(brim.top))
    pygame.draw.rect(surface, trim, ribbon)
