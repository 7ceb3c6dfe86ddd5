"""NUM-X's 91 playing cards and 10 objective cards (spec 1.1, 10.3, 16), and its back.

Classic cards are filled with a colour per value band (negatives violet, 0 slate, 1-4 blue,
5-8 green, 9-11 orange, 12-13 red) and carry white numbers; ∞ is black with a gold sign.
Specials are dark with a gold frame and their own sign (Num-X an X, X-Joker a star, Swipe two
arrows, Malus+ its two numbers). Cards that weigh 20 in a malus area (∞ and specials) say so
on a small ⚖ badge when there is room. Objectives are pale parchment cards with their number,
a sign of the condition and a short title.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import pygame

from ...games.numx import cards as numx_cards
from ...i18n import N_, _
from ..theme import Fonts
from .base import FaceSet
from .draw import (
    Colour,
    Painter,
    blit_centred,
    darker,
    lighter,
    rounded_card,
    smooth,
)
from .layout import (
    CardGeometry,
    centre_area,
    index_block,
    place_badges,
    place_indices,
    side_by_side,
)
from .numx_objectives import OBJECTIVES, objective_face

WHITE: Colour = (255, 255, 255)
GOLD: Colour = (236, 190, 70)
INK: Colour = (34, 30, 44)
MALUS_RED: Colour = (214, 52, 60)
INFINITY = "\u221e"
MINUS = "\u2212"
SCALE_SIGN = "\u2696"

VALUE_BANDS: tuple[tuple[int, Colour], ...] = (
    (-1, (92, 50, 150)),  # -2, -1
    (0, (72, 82, 100)),
    (4, (24, 92, 176)),
    (8, (0, 122, 98)),
    (11, (204, 88, 18)),
    (13, (178, 28, 50)),
)
"""(highest value of the band, its colour), in order."""
INFINITY_FILL: Colour = (28, 28, 36)


@dataclasses.dataclass(frozen=True)
class Special:
    """How one kind of special card looks: fill, the sign in its corner, its printed name."""

    fill: Colour
    sign: str
    title: str


SPECIALS: dict[str, Special] = {
    numx_cards.NUMX: Special((40, 34, 52), "X", N_("Num-X")),
    numx_cards.JOKER: Special((58, 30, 96), "\u2605", N_("X-Joker")),
    numx_cards.SWIPE: Special((0, 92, 110), "\u21c4", N_("Swipe")),
    numx_cards.MALUS_PLUS: Special((116, 22, 40), "+", N_("Malus+")),
}


def value_colour(value: int) -> Colour:
    """The fill of a classic card: its value band's colour (∞ black)."""
    if value == numx_cards.INF:
        return INFINITY_FILL
    for highest, colour in VALUE_BANDS:
        if value <= highest:
            return colour
    return VALUE_BANDS[-1][1]


def value_label(value: int) -> str:
    """A classic value as printed: "∞", "−2", "7"."""
    if value == numx_cards.INF:
        return INFINITY
    return f"{MINUS}{-value}" if value < 0 else str(value)


class NumxFaces(FaceSet):
    """NUM-X; ``malus_plus_values`` are the game's option (hand draws, malus draws) per MP card."""

    deck_id = "numx"
    deck_name = "NUM-X"

    def __init__(
        self,
        fonts: Fonts,
        malus_plus_values: tuple[tuple[int, int], ...] = numx_cards.MALUS_PLUS_DEFAULT,
    ) -> None:
        super().__init__(fonts)
        try:
            self.malus_plus = numx_cards.malus_plus_numbers(tuple(malus_plus_values))
        except (TypeError, ValueError) as error:
            raise ValueError(
                "malus_plus_values must be three pairs of whole numbers (cards drawn into the "
                f"hand, cards drawn into the malus area), not {malus_plus_values!r}"
            ) from error

    def cards(self) -> tuple[str, ...]:
        return numx_cards.FULL_DECK

    def face_key(self, card: str) -> str:
        self.check(card)
        return numx_cards.FACE[card]  # copies of a value, or of a special kind, look the same

    def name(self, card: str) -> str:
        self.check(card)
        kind = numx_cards.KIND[card]
        if kind == numx_cards.CLASSIC:
            return _("NUM-X {value}").format(value=value_label(numx_cards.VALUE[card] or 0))
        if kind == numx_cards.OBJECTIVE:
            return _("Objective {number}: {title}").format(
                number=int(card[2:]), title=_(OBJECTIVES[card][1])
            )
        if kind == numx_cards.MALUS_PLUS:
            hand, malus = self.malus_plus[card]
            return _("Malus+ (+{hand} hand, +{malus} malus)").format(hand=hand, malus=malus)
        return _(SPECIALS[kind].title)

    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        self.check(card)
        kind = numx_cards.KIND[card]
        geometry = CardGeometry(w, h)
        if kind == numx_cards.CLASSIC:
            return self._classic(numx_cards.VALUE[card] or 0, geometry)
        if kind == numx_cards.OBJECTIVE:
            return objective_face(self, card, geometry)
        return self._special(card, kind, geometry)

    def back(self, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)
        indigo = (34, 24, 80)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            scale = rect.width / w
            inset = rect.inflate(-w * 0.14 * scale, -w * 0.14 * scale)
            pygame.draw.rect(surface, (48, 36, 112), inset, border_radius=round(w * 0.06 * scale))
            width = round(inset.width * 0.16)
            for start, end in (
                (inset.topleft, inset.bottomright),
                (inset.topright, inset.bottomleft),
            ):
                pygame.draw.line(surface, (66, 52, 142), start, end, width)
            pygame.draw.rect(
                surface,
                GOLD,
                inset,
                width=max(1, round(scale * w / 60)),
                border_radius=round(w * 0.06 * scale),
            )
            pygame.draw.circle(surface, indigo, rect.center, rect.width * 0.26)
            pygame.draw.circle(
                surface, GOLD, rect.center, rect.width * 0.26, max(1, round(scale * w / 50))
            )

        surface = rounded_card(w, h, indigo, GOLD, geometry.radius, geometry.border, paint)
        sign = self.text.fit("X", GOLD, w * 0.28, w * 0.28)
        blit_centred(surface, sign, (w / 2, h / 2))
        if h >= 80:
            logo = self.text.fit("NUM-X", WHITE, w * 0.5, h * 0.07)
            blit_centred(surface, logo, (w / 2, h / 2 + w * 0.26 + logo.get_height()))
        return surface

    # -- classic cards ---------------------------------------------------------------------------
    def _classic(self, value: int, geometry: CardGeometry) -> pygame.Surface:
        w, h = geometry.w, geometry.h
        fill = value_colour(value)
        infinity = value == numx_cards.INF
        ink = GOLD if infinity else WHITE
        surface = rounded_card(
            w, h, fill, darker(fill, 0.35), geometry.radius, geometry.border, _x_watermark(w, fill)
        )
        text = value_label(value)
        block = self._index_label(text, ink, geometry)
        place_indices(surface, geometry, block)
        if infinity and geometry.mirrored:
            place_badges(surface, geometry, self._weight_badge(geometry.index_h * 0.62))
        area = centre_area(geometry, block)
        if geometry.compact:
            if infinity:  # ∞ alone reads as ∞ already: repeat it big
                big = self.text.fit(text, ink, area.width * 0.9, area.height * 0.5, bold=True)
                blit_centred(
                    surface,
                    big,
                    (area.centerx + area.width * 0.08, area.centery + area.height * 0.1),
                )
            return surface
        height = area.height * (0.5 if geometry.mirrored else 0.55)
        big = self.text.fit(text, ink, area.width * 0.86, height, tight=True)
        blit_centred(surface, big, area.center)
        return surface

    def _index_label(self, text: str, ink: Colour, geometry: CardGeometry) -> pygame.Surface:
        if text == INFINITY:  # wide and short: give it the whole corner width
            return self.text.fit(text, ink, geometry.index_w * 1.1, geometry.index_h * 0.75)
        return self.corner_number(text, ink, geometry)

    def _weight_badge(self, height: float) -> pygame.Surface:
        """A small gold pill "⚖20": what the card weighs in a malus area."""
        h = max(8, round(height))
        sign = self.text.fit(SCALE_SIGN, INK, h * 0.9, h * 0.66, bold=False)
        number = self.text.fit(str(numx_cards.SPECIAL_WEIGHT), INK, h * 2, h * 0.58, tight=True)
        content = side_by_side(sign, number, max(1, h // 8))
        w = content.get_width() + round(h * 0.6)
        pill = smooth(
            w, h, lambda s, r: pygame.draw.rect(s, GOLD, r, border_radius=r.height // 2), GOLD
        )
        blit_centred(pill, content, (w / 2, h / 2))
        return pill

    # -- special cards ---------------------------------------------------------------------------
    def _special(self, card: str, kind: str, geometry: CardGeometry) -> pygame.Surface:
        w, h = geometry.w, geometry.h
        special = SPECIALS[kind]
        surface = rounded_card(
            w,
            h,
            special.fill,
            GOLD,
            geometry.radius,
            max(1.5, w / 30),
            _gold_frame(w, special.fill),
        )
        if kind == numx_cards.MALUS_PLUS:
            block = self._malus_index(card, geometry)
        else:
            block = self._sign(kind, GOLD, geometry.index_w * 0.9, geometry.index_h)
        place_indices(surface, geometry, block)
        if geometry.mirrored:
            place_badges(surface, geometry, self._weight_badge(geometry.index_h * 0.62))
        area = centre_area(geometry, block)
        if geometry.compact:
            if kind != numx_cards.MALUS_PLUS:
                icon = self._sign(kind, WHITE, area.width * 0.8, area.height * 0.55)
                blit_centred(
                    surface,
                    icon,
                    (area.centerx + area.width * 0.08, area.centery + area.height * 0.1),
                )
            return surface
        if kind == numx_cards.MALUS_PLUS:
            self._malus_centre(surface, card, area, geometry)
        else:
            self._special_centre(surface, kind, area, geometry)
        return surface

    def _sign(self, kind: str, colour: Colour, max_w: float, max_h: float) -> pygame.Surface:
        special = SPECIALS[kind]
        if kind == numx_cards.JOKER:  # a star ringed in the four band colours: it can be any value
            return self._joker_star(min(max_w, max_h))
        return self.text.fit(special.sign, colour, max_w, max_h, bold=kind != numx_cards.SWIPE)

    def _joker_star(self, size: float) -> pygame.Surface:
        side = max(6, round(size))
        ring = smooth(side, side, _rainbow_ring, VALUE_BANDS[2][1])
        star = self.text.fit("\u2605", GOLD, side * 0.66, side * 0.66, bold=False)
        blit_centred(ring, star, (side / 2, side / 2))
        return ring

    def _special_centre(
        self, surface: pygame.Surface, kind: str, area: pygame.Rect, geometry: CardGeometry
    ) -> None:
        title = None
        if geometry.h >= 100:
            title = self.text.fit(
                _(SPECIALS[kind].title).upper(), WHITE, area.width * 0.9, geometry.h * 0.065
            )
        room = area.height - (title.get_height() * 1.6 if title else 0)
        icon = self._sign(
            kind, GOLD if kind != numx_cards.SWIPE else WHITE, area.width * 0.8, room * 0.7
        )
        top = area.centery - (icon.get_height() + (title.get_height() * 1.6 if title else 0)) / 2
        blit_centred(surface, icon, (area.centerx, top + icon.get_height() / 2))
        if title is not None:
            blit_centred(
                surface, title, (area.centerx, top + icon.get_height() + title.get_height() * 1.1)
            )

    def _malus_index(self, card: str, geometry: CardGeometry) -> pygame.Surface:
        """ "+h" in white over "+m" on a red pill: hand draws, then malus draws."""
        hand, malus = self.malus_plus[card]
        top = self.corner_number(f"+{hand}", WHITE, geometry, 0.86)
        pill = self._malus_pill(malus, geometry.index_h * 0.78)
        return index_block(top, pill, geometry.gap)

    def _malus_pill(self, malus: int, height: float) -> pygame.Surface:
        h = max(7, round(height))
        number = self.text.fit(f"+{malus}", WHITE, h * 2, h * 0.66, tight=True)
        w = number.get_width() + round(h * 0.5)
        pill = smooth(
            w,
            h,
            lambda s, r: pygame.draw.rect(s, MALUS_RED, r, border_radius=r.height // 3),
            MALUS_RED,
        )
        blit_centred(pill, number, (w / 2, h / 2))
        return pill

    def _malus_centre(
        self, surface: pygame.Surface, card: str, area: pygame.Rect, geometry: CardGeometry
    ) -> None:
        """Two rows: a fan of cards with "+h" (drawn into the hand) and a card on a red mat
        with "+m" (drawn face up into the malus area), under the card's name when it fits."""
        hand, malus = self.malus_plus[card]
        title = None
        if geometry.h >= 150:
            title = self.text.fit(_("Malus+").upper(), WHITE, area.width * 0.8, geometry.h * 0.055)
        title_h = title.get_height() * 1.8 if title is not None else 0
        row_h = min((area.height - title_h) / 2, area.width * 0.42)
        top = area.centery - (title_h + 2 * row_h) / 2
        if title is not None:
            blit_centred(surface, title, (area.centerx, top + title.get_height() / 2))
        for i, (count, into_malus) in enumerate(((hand, False), (malus, True))):
            side = max(6, round(row_h * 0.9))
            icon = smooth(side, side, functools.partial(_mini_cards, into_malus=into_malus), WHITE)
            colour = (255, 178, 178) if into_malus else WHITE
            number = self.text.fit(f"+{count}", colour, area.width * 0.5, row_h * 0.62, tight=True)
            row = side_by_side(icon, number, max(2, round(row_h * 0.12)))
            blit_centred(surface, row, (area.centerx, top + title_h + row_h * (i + 0.5)))


# -- painters (oversampled) ----------------------------------------------------------------------
def _x_watermark(w: int, fill: Colour) -> Painter:
    """A large faint X across the card and a fine light frame: NUM-X's mark on every card."""

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        inset = rect.inflate(-w * 0.12 * scale, -w * 0.12 * scale)
        radius = round(w * 0.05 * scale)
        bar = inset.width * 0.22  # each arm is a parallelogram from corner to corner
        left, top, right, bottom = inset.left, inset.top, inset.right, inset.bottom
        shade = lighter(fill, 0.08)
        pygame.draw.polygon(
            surface, shade, [(left, top), (left + bar, top), (right, bottom), (right - bar, bottom)]
        )
        pygame.draw.polygon(
            surface, shade, [(right - bar, top), (right, top), (left + bar, bottom), (left, bottom)]
        )
        line = max(1, round(scale * w / 70))
        pygame.draw.rect(surface, lighter(fill, 0.35), inset, width=line, border_radius=radius)

    return paint


def _gold_frame(w: int, fill: Colour) -> Painter:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        inset = rect.inflate(-w * 0.12 * scale, -w * 0.12 * scale)
        pygame.draw.rect(surface, lighter(fill, 0.12), inset, border_radius=round(w * 0.05 * scale))
        line = max(1, round(scale * w / 60))
        pygame.draw.rect(surface, GOLD, inset, width=line, border_radius=round(w * 0.05 * scale))

    return paint


def _rainbow_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A ring of wedges in every value band's colour around a dark centre."""
    r = rect.width / 2
    cx, cy = rect.center
    colours = [colour for _, colour in VALUE_BANDS]
    steps = 8  # points along each wedge's arc
    for i, colour in enumerate(colours):
        start = 2 * math.pi * i / len(colours) - math.pi / 2
        span = 2 * math.pi / len(colours)
        arc = [
            (
                cx + math.cos(start + span * k / steps) * r,
                cy + math.sin(start + span * k / steps) * r,
            )
            for k in range(steps + 1)
        ]
        pygame.draw.polygon(surface, colour, [(cx, cy), *arc])
    pygame.draw.circle(surface, (30, 20, 50), rect.center, r * 0.8)


def _mini_cards(surface: pygame.Surface, rect: pygame.Rect, into_malus: bool) -> None:
    """Two fanned cards (into the hand) or one card on a red mat (into the malus area)."""
    w, h = rect.width, rect.height
    card = pygame.Rect(0, 0, round(w * 0.46), round(h * 0.66))
    radius = max(1, round(w * 0.06))
    line = max(1, round(w * 0.06))
    if into_malus:
        mat = pygame.Rect(rect.x + w * 0.08, rect.y + h * 0.62, w * 0.84, h * 0.3)
        pygame.draw.rect(surface, MALUS_RED, mat, border_radius=radius)
        card.midbottom = (rect.centerx, round(rect.y + h * 0.8))
        pygame.draw.rect(surface, WHITE, card, border_radius=radius)
        return
    for dx in (-0.14, 0.14):
        card.center = (round(rect.centerx + dx * w), round(rect.centery))
        pygame.draw.rect(surface, WHITE, card, border_radius=radius)
        pygame.draw.rect(surface, (120, 120, 130), card, width=line, border_radius=radius)
