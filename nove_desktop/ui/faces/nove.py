"""NOVE's 40 faces and its back.

Every colour also has a symbol (red heart, yellow star, green club, purple spade), the three
Babatos characters have different silhouettes as well as their letter, and the jokers are
multicoloured 7s. Cards at least ``COMPACT_HEIGHT`` tall look exactly as they did before the
face sets existed; smaller ones (never used by the NOVE table at launch) get one big index and a
big colour symbol instead of detail they could not show.
"""

from __future__ import annotations

import math

import pygame

from ...games.nove import cards as nove_cards
from ...i18n import N_, _
from .. import theme
from .base import FaceSet
from .draw import Colour, blit_centred, rounded_card
from .layout import COMPACT_HEIGHT, CardGeometry

BABATOS_NAMES = {"A": N_("Arlo"), "B": N_("Bea"), "C": N_("Cosmo")}
COLOUR_NAMES = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "P": N_("purple")}
JOKER_STRIPES = [theme.SUIT_COLOURS[c] for c in "RYGP"]
JOKER_INK = (60, 60, 70)


class NoveFaces(FaceSet):
    """NOVE: four colours with symbols, three Babatos characters, two multicoloured jokers."""

    deck_id = "nove"
    deck_name = "NOVE"

    def cards(self) -> tuple[str, ...]:
        return nove_cards.DECK

    def face_key(self, card: str) -> str:
        self.check(card)
        return "joker" if nove_cards.is_joker(card) else card  # the two jokers look alike

    def name(self, card: str) -> str:
        self.check(card)
        if card == "JR":
            return _("red joker")
        if card == "JY":
            return _("yellow joker")
        colour = _(COLOUR_NAMES[card[0]])
        rank = card[1]
        if rank in nove_cards.BABATOS:
            return _("{colour} Babatos {letter}").format(colour=colour, letter=rank)
        return _("{colour} {number}").format(colour=colour, number=rank)

    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        self.check(card)
        if h < COMPACT_HEIGHT:
            return self._compact(card, w, h)
        if nove_cards.is_joker(card):
            return self._joker(w, h)
        return self._full(card, w, h)

    def back(self, w: int, h: int) -> pygame.Surface:
        surface = _blank(w, h, (122, 26, 40), theme.GOLD)
        inner = surface.get_rect().inflate(-w // 7, -w // 7)
        pygame.draw.rect(surface, (150, 36, 52), inner, border_radius=max(3, w // 12))
        step = max(4, w // 7)
        for x in range(inner.left - inner.height, inner.right, step):
            pygame.draw.line(
                surface, (170, 52, 68), (x, inner.bottom), (x + inner.height, inner.top), 1
            )
        pygame.draw.rect(
            surface, theme.GOLD, inner, width=max(1, w // 45), border_radius=max(3, w // 12)
        )
        mono = self.fonts.art(max(8, int(h * 0.20)), bold=True).render("9", True, theme.GOLD)
        pygame.draw.circle(surface, (110, 20, 34), inner.center, int(w * 0.22))
        pygame.draw.circle(surface, theme.GOLD, inner.center, int(w * 0.22), max(1, w // 45))
        surface.blit(mono, mono.get_rect(center=inner.center))
        return surface

    # -- cards at least COMPACT_HEIGHT tall (the look NOVE launched with) -------------------------
    def _full(self, card: str, w: int, h: int) -> pygame.Surface:
        colour_key, rank = card[0], card[1]
        ink = theme.SUIT_COLOURS[colour_key]
        symbol = theme.SUIT_SYMBOLS[colour_key]
        surface = _blank(w, h, theme.PAPER, ink)
        corner = self.fonts.art(max(8, int(h * 0.16)), bold=True)
        small = self.fonts.art(max(7, int(h * 0.12)))
        label = corner.render(rank, True, ink)
        sym = small.render(symbol, True, ink)
        pad = max(2, w // 14)
        sym_at = (
            pad + (label.get_width() - sym.get_width()) // 2,
            pad // 2 + label.get_height() - 2,
        )
        surface.blit(label, (pad, pad // 2))
        surface.blit(sym, sym_at)
        turned = pygame.Surface((w, h), pygame.SRCALPHA)
        turned.blit(label, (pad, pad // 2))
        turned.blit(sym, sym_at)
        surface.blit(pygame.transform.rotate(turned, 180), (0, 0))
        center = (w // 2, h // 2)
        if rank.isdigit():
            big = self.fonts.art(max(10, int(h * 0.40)), bold=True)
            number = big.render(rank, True, ink)
            surface.blit(number, number.get_rect(center=(center[0], center[1] - h * 0.05)))
            pip = self.fonts.art(max(8, int(h * 0.17))).render(symbol, True, ink)
            surface.blit(pip, pip.get_rect(center=(center[0], center[1] + h * 0.22)))
        else:
            _babatos(surface, rank, ink, w, h)
            name = self.fonts.art(max(7, int(h * 0.10)), bold=True).render(
                _(BABATOS_NAMES[rank]), True, ink
            )
            surface.blit(name, name.get_rect(center=(w // 2, int(h * 0.84))))
        return surface

    def _joker(self, w: int, h: int) -> pygame.Surface:
        surface = _blank(w, h, theme.PAPER, JOKER_INK)
        inner = pygame.Rect(w * 0.12, h * 0.18, w * 0.76, h * 0.64)
        surface.blit(_stripes(inner.size, max(3, w // 10)), inner)
        big = self.fonts.art(max(10, int(h * 0.42)), bold=True)
        seven = big.render("7", True, theme.WHITE)
        outline = big.render("7", True, theme.INK)
        c = inner.center
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            surface.blit(outline, outline.get_rect(center=(c[0] + dx, c[1] + dy)))
        surface.blit(seven, seven.get_rect(center=c))
        label = self.fonts.art(max(7, int(h * 0.10)), bold=True).render(_("JOKER"), True, theme.INK)
        surface.blit(label, label.get_rect(center=(w // 2, int(h * 0.09))))
        star = self.fonts.art(max(7, int(h * 0.11))).render("\u2605", True, theme.GOLD_DARK)
        surface.blit(star, star.get_rect(center=(w // 2, int(h * 0.91))))
        return surface

    # -- compact cards: one big index, one big symbol ---------------------------------------------
    def _compact(self, card: str, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)
        joker = nove_cards.is_joker(card)
        ink = JOKER_INK if joker else theme.SUIT_COLOURS[card[0]]
        surface = rounded_card(w, h, theme.PAPER, ink, geometry.radius, geometry.border)
        pad = geometry.pad
        if joker:
            stripes = pygame.Rect(0, 0, w - 2 * pad, round(h * 0.5))
            stripes.midbottom = (w // 2, h - pad)
            surface.blit(_stripes(stripes.size, max(2, w // 8)), stripes)
        rank = "7" if joker else card[1]
        label = self.text.fit(rank, ink, w * 0.5, geometry.index_h * 1.05)
        surface.blit(label, (pad + 1, pad + 1))
        if joker:
            seven = self.text.fit("\u2605", theme.WHITE, stripes.width * 0.7, stripes.height * 0.7)
            blit_centred(surface, seven, stripes.center)
            return surface
        symbol = self.text.fit(theme.SUIT_SYMBOLS[card[0]], ink, w * 0.5, h * 0.36, bold=False)
        blit_centred(surface, symbol, (w * 0.66, h * 0.68))
        return surface


def _blank(w: int, h: int, fill: Colour, border: Colour) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 9)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(
        surface, border, surface.get_rect(), width=max(1, w // 40), border_radius=radius
    )
    return surface


def _stripes(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The joker's four colour bands in a rounded frame."""
    width, height = size
    clip = pygame.Surface(size, pygame.SRCALPHA)
    stripe_h = height / len(JOKER_STRIPES)
    for i, colour in enumerate(JOKER_STRIPES):
        pygame.draw.rect(
            clip, colour, pygame.Rect(0, int(i * stripe_h), width, math.ceil(stripe_h))
        )
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    clip.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return clip


def _babatos(surface: pygame.Surface, rank: str, ink: Colour, w: int, h: int) -> None:
    """Three characters with different silhouettes: A round with antennae, B tall with a square
    hat, C wide with a crown."""
    cx, cy = w // 2, int(h * 0.50)
    light = tuple(min(255, c + 150) for c in ink)
    pygame.draw.ellipse(
        surface,
        light,
        pygame.Rect(0, 0, int(w * 0.70), int(h * 0.56)).move(
            cx - int(w * 0.35), cy - int(h * 0.28)
        ),
    )
    head_r = max(3, int(w * 0.13))
    body = pygame.Rect(0, 0, int(w * 0.34), int(h * 0.22))
    if rank == "A":
        _arlo(surface, ink, body, head_r, cx, cy, w, h)
    elif rank == "B":
        _bea(surface, ink, body, head_r, cx, cy, w, h)
    else:
        _cosmo(surface, ink, body, head_r, cx, cy, w, h)
    eye = max(1, w // 45)
    eye_y = cy - int(h * (0.07 if rank != "C" else 0.05))
    for dx in (-1, 1):
        pygame.draw.circle(surface, theme.PAPER, (cx + dx * head_r // 2, eye_y), eye)


def _arlo(
    surface: pygame.Surface,
    ink: Colour,
    body: pygame.Rect,
    head_r: int,
    cx: int,
    cy: int,
    w: int,
    h: int,
) -> None:
    body.center = (cx, cy + int(h * 0.10))
    pygame.draw.ellipse(surface, ink, body)
    pygame.draw.circle(surface, ink, (cx, cy - int(h * 0.06)), head_r)
    for dx in (-1, 1):
        tip = (cx + dx * int(w * 0.12), cy - int(h * 0.22))
        pygame.draw.line(
            surface, ink, (cx + dx * head_r // 2, cy - int(h * 0.12)), tip, max(1, w // 40)
        )
        pygame.draw.circle(surface, ink, tip, max(2, w // 30))


def _bea(
    surface: pygame.Surface,
    ink: Colour,
    body: pygame.Rect,
    head_r: int,
    cx: int,
    cy: int,
    w: int,
    h: int,
) -> None:
    body.size = (int(w * 0.26), int(h * 0.26))
    body.center = (cx, cy + int(h * 0.10))
    pygame.draw.rect(surface, ink, body, border_radius=max(2, w // 20))
    pygame.draw.circle(surface, ink, (cx, cy - int(h * 0.07)), head_r)
    hat = pygame.Rect(0, 0, int(w * 0.22), int(h * 0.12))
    hat.midbottom = (cx, cy - int(h * 0.07) - head_r + 2)
    pygame.draw.rect(surface, ink, hat)
    pygame.draw.line(
        surface,
        ink,
        (cx - int(w * 0.17), hat.bottom),
        (cx + int(w * 0.17), hat.bottom),
        max(2, w // 25),
    )


def _cosmo(
    surface: pygame.Surface,
    ink: Colour,
    body: pygame.Rect,
    head_r: int,
    cx: int,
    cy: int,
    w: int,
    h: int,
) -> None:
    body.size = (int(w * 0.46), int(h * 0.18))
    body.center = (cx, cy + int(h * 0.11))
    pygame.draw.ellipse(surface, ink, body)
    head = (cx, cy - int(h * 0.05))
    pygame.draw.circle(surface, ink, head, head_r)
    top = head[1] - head_r
    points = [
        (cx - head_r, top + 2),
        (cx - head_r, top - h * 0.08),
        (cx - head_r // 2, top - h * 0.03),
        (cx, top - h * 0.10),
        (cx + head_r // 2, top - h * 0.03),
        (cx + head_r, top - h * 0.08),
        (cx + head_r, top + 2),
    ]
    pygame.draw.polygon(surface, theme.GOLD_DARK, points)
