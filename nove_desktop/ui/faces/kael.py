"""Kaël's 56 faces (spec 1.1) and its back.

Kaël has no suits: a card is its rank. The rank is printed large in the corners and in a centre
medallion; the pass card is a cross with its 15 points on a badge (the one card whose points
differ from its rank). Colour groups say what a card costs at scoring (green up to 5, the hand
total that may call Kaël; blue 6-9; red 10-13), always together with the number.
"""

from __future__ import annotations

import math

import pygame

from ...games.kael import cards as kael_cards
from ...i18n import _
from .base import FaceSet
from .draw import (
    Colour,
    Painter,
    blit_centred,
    clip_rounded,
    darker,
    lattice,
    lighter,
    rounded_card,
    smooth,
)
from .layout import CardGeometry, centre_area, place_indices, side_by_side

PAPER: Colour = (251, 248, 240)
LOW: Colour = (18, 118, 82)
MIDDLE: Colour = (30, 84, 158)
HIGH: Colour = (176, 36, 56)
CROSS: Colour = (44, 38, 52)
GOLD: Colour = (214, 168, 60)
BACK: Colour = (18, 70, 78)
BACK_LINE: Colour = (34, 102, 108)
MINUS = "\u2212"


def rank_label(rank: str) -> str:
    """The printed rank: a real minus sign for -1."""
    return rank.replace("-", MINUS)


def rank_colour(rank: str) -> Colour:
    """The colour of a rank's group: what the card costs at scoring."""
    if rank == "X":
        return CROSS
    points = int(rank)
    return LOW if points <= 5 else MIDDLE if points <= 9 else HIGH


class KaelFaces(FaceSet):
    """Kaël: -1, two 0s, 1-13 four times, the pass card X (15 points)."""

    deck_id = "kael"
    deck_name = "Kaël"

    def cards(self) -> tuple[str, ...]:
        return kael_cards.DECK

    def face_key(self, card: str) -> str:
        self.check(card)
        return kael_cards.RANK[card]  # the four copies of a number are the same card to players

    def name(self, card: str) -> str:
        self.check(card)
        if card == kael_cards.PASS_CARD:
            return _("Kaël X (15 points)")
        return _("Kaël {rank}").format(rank=rank_label(kael_cards.RANK[card]))

    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        self.check(card)
        rank = kael_cards.RANK[card]
        ink = rank_colour(rank)
        geometry = CardGeometry(w, h)
        surface = rounded_card(
            w, h, PAPER, darker(ink, 0.1), geometry.radius, geometry.border, _frame(w, ink)
        )
        label = self.corner_number(rank_label(rank), ink, geometry)
        block = label
        if rank == "X" and not geometry.compact:  # the only card whose points differ from its rank
            block = side_by_side(label, self._points_badge(geometry.index_h * 0.66), geometry.gap)
        place_indices(surface, geometry, block)
        area = centre_area(geometry, block)
        if rank == "X":
            self._cross(surface, area, geometry)
        else:
            self._medallion(surface, rank, ink, area, geometry)
        return surface

    def back(self, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            scale = rect.width / w
            inset = rect.inflate(-w * 0.16 * scale, -w * 0.16 * scale)
            line = max(1, round(scale * max(1.0, w / 70)))
            radius = round(geometry.radius * 0.6 * scale)
            grid = lattice(inset.size, BACK_LINE, max(5.0, w / 7) * scale, line)
            surface.blit(clip_rounded(grid, radius), inset)
            pygame.draw.rect(surface, GOLD, inset, width=line, border_radius=radius)
            centre = rect.center
            _diamond(surface, GOLD, centre, rect.width * 0.30, rect.width * 0.40)
            _diamond(surface, BACK, centre, rect.width * 0.25, rect.width * 0.34)

        surface = rounded_card(w, h, BACK, GOLD, geometry.radius, geometry.border, paint)
        mono = self.text.fit("K", GOLD, w * 0.2, h * 0.16)
        blit_centred(surface, mono, (w / 2, h / 2))
        return surface

    # -- parts -----------------------------------------------------------------------------------
    def _points_badge(self, height: float) -> pygame.Surface:
        """A red pill with the pass card's points."""
        points = str(kael_cards.POINTS[kael_cards.PASS_CARD])
        text = self.text.fit(points, PAPER, height * 3, height * 0.64, tight=True)
        w = text.get_width() + round(height * 0.7)
        h = round(height)
        badge = smooth(
            w, h, lambda s, r: pygame.draw.rect(s, HIGH, r, border_radius=r.height // 2), HIGH
        )
        blit_centred(badge, text, (w / 2, h / 2))
        return badge

    def _medallion(
        self,
        surface: pygame.Surface,
        rank: str,
        ink: Colour,
        area: pygame.Rect,
        geometry: CardGeometry,
    ) -> None:
        if geometry.compact:  # no room for a second number: a jewel in the group's colour
            size = min(area.width, area.height) * 0.9
            jewel = smooth(round(size), round(size), lambda s, r: _jewel(s, r, ink), ink)
            blit_centred(
                surface, jewel, (area.centerx + area.width * 0.1, area.centery + area.height * 0.08)
            )
            return
        diameter = min(area.width, area.height) * 0.94
        disc = smooth(round(diameter), round(diameter), lambda s, r: _disc(s, r, ink), ink)
        blit_centred(surface, disc, area.center)
        number = self.text.fit(rank_label(rank), ink, diameter * 0.64, diameter * 0.46, tight=True)
        blit_centred(surface, number, area.center)

    def _cross(self, surface: pygame.Surface, area: pygame.Rect, geometry: CardGeometry) -> None:
        if geometry.compact:  # the index already is a cross: show what it costs
            badge = self._points_badge(geometry.h * 0.36)
            blit_centred(
                surface,
                badge,
                (
                    geometry.w - geometry.pad - badge.get_width() / 2,
                    area.centery + area.height * 0.12,
                ),
            )
            return
        size = min(area.width, area.height) * 0.96
        label = None
        if geometry.h >= 120:
            text = _("{points} points").format(points=kael_cards.POINTS[kael_cards.PASS_CARD])
            label = self.text.fit(text, HIGH, area.width * 0.8, size * 0.2)
            size -= label.get_height() * 1.2
        disc = smooth(round(size), round(size), _cross_disc, CROSS)
        top = area.centery - (size + (label.get_height() * 1.4 if label else 0)) / 2
        blit_centred(surface, disc, (area.centerx, top + size / 2))
        if label is not None:
            blit_centred(surface, label, (area.centerx, top + size + label.get_height() * 0.9))


def _frame(w: int, ink: Colour) -> Painter:
    """A thin inner frame in a pale tint of the card's colour."""

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        inset = rect.inflate(-w * 0.09 * scale, -w * 0.09 * scale)
        pygame.draw.rect(
            surface,
            lighter(ink, 0.8),
            inset,
            width=max(1, round(scale * w / 90)),
            border_radius=round(w * 0.05 * scale),
        )

    return paint


def _diamond(
    surface: pygame.Surface, colour: Colour, centre: tuple[float, float], rx: float, ry: float
) -> None:
    cx, cy = centre
    pygame.draw.polygon(
        surface, colour, [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
    )


def _disc(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    r = rect.width / 2
    pygame.draw.circle(surface, ink, rect.center, r)
    pygame.draw.circle(surface, PAPER, rect.center, r * 0.94)
    pygame.draw.circle(surface, lighter(ink, 0.86), rect.center, r * 0.86)
    for i in range(8):  # small beads around the ring
        angle = i * math.pi / 4 + math.pi / 8
        bead = (rect.centerx + math.cos(angle) * r * 0.9, rect.centery + math.sin(angle) * r * 0.9)
        pygame.draw.circle(surface, ink, bead, r * 0.035)


def _cross_disc(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = rect.width / 2
    cx, cy = rect.center
    pygame.draw.circle(surface, CROSS, (cx, cy), r)
    pygame.draw.circle(surface, GOLD, (cx, cy), r * 0.9)
    arm, half = r * 0.62, r * 0.16
    for sign in (-1, 1):  # the two bars of a saltire
        dx, dy = arm / math.sqrt(2), sign * arm / math.sqrt(2)
        nx, ny = -dy / arm * half, dx / arm * half
        points = [
            (cx - dx + nx, cy - dy + ny),
            (cx + dx + nx, cy + dy + ny),
            (cx + dx - nx, cy + dy - ny),
            (cx - dx - nx, cy - dy - ny),
        ]
        pygame.draw.polygon(surface, CROSS, points)


def _jewel(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A cut diamond: the shape in the group's colour with a lighter facet."""
    cx, cy = rect.center
    rx, ry = rect.width * 0.4, rect.height * 0.5
    _diamond(surface, ink, (cx, cy), rx, ry)
    _diamond(surface, lighter(ink, 0.35), (cx - rx * 0.22, cy - ry * 0.22), rx * 0.3, ry * 0.3)
