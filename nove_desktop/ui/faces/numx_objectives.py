"""NUM-X's ten objective cards (spec 10.3): held apart, never in play, so one index, a sign
of the condition and a short title in our own words (the table shows the full text)."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from .base import FaceSet
from .draw import Colour, Painter, blit_centred, mix, rounded_card, smooth
from .layout import CardGeometry, centre_area, index_block

PARCHMENT: Colour = (246, 238, 214)
OBJECTIVE_INK: Colour = (92, 58, 20)
TARGET_RED: Colour = (214, 52, 60)

OBJECTIVES: dict[str, tuple[str, str]] = {
    "OB01": ("2\u00d7\u2261", N_("A matching pair")),
    "OB02": ("\u221e", N_("An \u221e among your malus")),
    "OB03": ("> 20", N_("Over 20 malus points")),
    "OB04": ("< 5", N_("Under 5 malus points")),
    "OB05": ("= 7", N_("Exactly 7 malus points")),
    "OB06": ("= 13", N_("Exactly 13 malus points")),
    "OB07": ("2\u00d7\u2605", N_("Two special cards")),
    "OB08": ("\u2265 4", N_("Four malus cards or more")),
    "OB09": ("\u2460", N_("First to empty your hand")),
    "OB10": ("\u2192 \u2713", N_("Your right neighbour succeeds")),
}
"""Objective id -> (a sign of its condition, a short title)."""


TITLE_HEIGHT = 100
"""Cards shorter than this show the sign of the condition alone: a title would be unreadable."""


def objective_face(face_set: FaceSet, card: str, geometry: CardGeometry) -> pygame.Surface:
    """Objectives are held apart and never fanned: one index, then the sign of the condition
    and, on cards tall enough, a heading and the title, as large as the card allows. Small
    cards drop the target under the number: the parchment already says "objective"."""
    w, h, pad = geometry.w, geometry.h, geometry.pad
    surface = rounded_card(
        w, h, PARCHMENT, OBJECTIVE_INK, geometry.radius, geometry.border, _target_frame(w)
    )
    label = face_set.corner_number(str(int(card[2:])), OBJECTIVE_INK, geometry)
    sign, title = OBJECTIVES[card]
    if geometry.compact:  # the number, and the sign across the width under it
        surface.blit(label, (pad, max(2, round(pad * 1.1))))
        room = pygame.Rect(pad, label.get_height() + 3 * pad, w - 2 * pad, 0)
        room.height = h - room.top - 2 * pad
        formula = face_set.text.fit(sign, OBJECTIVE_INK, room.width * 0.94, room.height * 0.8)
        blit_centred(surface, formula, room.center)
        return surface
    mark = max(6, round(geometry.mark))
    target = smooth(mark, mark, _target, OBJECTIVE_INK)
    block = index_block(label, target, geometry.gap)
    surface.blit(block, (pad, max(2, round(pad * 1.1))))
    if h < TITLE_HEIGHT:
        area = centre_area(geometry, block)
        formula = face_set.text.fit(sign, OBJECTIVE_INK, area.width * 0.88, area.height * 0.42)
        blit_centred(surface, formula, area.center)
    else:
        _heading(face_set, surface, geometry, block)
        _sign_and_title(face_set, surface, geometry, block, sign, _(title))
    return surface


def _heading(
    face_set: FaceSet, surface: pygame.Surface, geometry: CardGeometry, block: pygame.Surface
) -> None:
    """ "OBJECTIVE", centred in the room right of the index."""
    w, h, pad = geometry.w, geometry.h, geometry.pad
    ink = mix(OBJECTIVE_INK, PARCHMENT, 0.3)
    heading = face_set.text.fit(_("OBJECTIVE"), ink, w * 0.5, h * 0.045)
    left = pad + block.get_width() + (w - 2 * pad - block.get_width()) / 2
    blit_centred(surface, heading, (left, pad + geometry.index_h / 2))


def _sign_and_title(
    face_set: FaceSet,
    surface: pygame.Surface,
    geometry: CardGeometry,
    block: pygame.Surface,
    sign: str,
    title: str,
) -> None:
    """The title (one or two lines) at the bottom, the sign as large as fits above it."""
    w, h, pad, gap = geometry.w, geometry.h, geometry.pad, geometry.gap
    inner_w = w - 2 * pad - w * 0.08
    lines = face_set.text.lines(title, OBJECTIVE_INK, inner_w, h * 0.16)
    text_h = sum(line.get_height() for line in lines) + gap * (len(lines) - 1)
    y = h - pad * 2.2 - text_h
    for line in lines:
        blit_centred(surface, line, (w / 2, y + line.get_height() / 2))
        y += line.get_height() + gap
    top = pad + block.get_height() + gap
    bottom = h - pad * 2.2 - text_h - gap * 2
    formula = face_set.text.fit(sign, OBJECTIVE_INK, inner_w * 0.9, max(6, (bottom - top) * 0.7))
    blit_centred(surface, formula, (w / 2, (top + bottom) / 2))


def _target_frame(w: int) -> Painter:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        inset = rect.inflate(-w * 0.1 * scale, -w * 0.1 * scale)
        line = max(1, round(scale * w / 80))
        pygame.draw.rect(
            surface,
            mix(OBJECTIVE_INK, PARCHMENT, 0.6),
            inset,
            width=line,
            border_radius=round(w * 0.05 * scale),
        )

    return paint


def _target(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = rect.width / 2
    for i, colour in enumerate((OBJECTIVE_INK, PARCHMENT, OBJECTIVE_INK, PARCHMENT, TARGET_RED)):
        pygame.draw.circle(surface, colour, rect.center, r * (1 - i * 0.19))
