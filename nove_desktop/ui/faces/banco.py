"""Nove banco's faces (spec 2 and 11): the Neapolitan deck and the French decks, and their backs.

Both show the rank in the corner with the suit under it. A card whose value in the game
differs from its rank (Fante, Cavallo, Re, and the French 8, 9, 10: worth 1, 2, 3) adds a gold
value disc under the suit, so the number a player adds up is always on the card.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

import pygame

from ...games.banco import cards as banco_cards
from ...i18n import N_, _, pgettext
from .base import FaceSet
from .draw import (
    Colour,
    blit_centred,
    clip_rounded,
    darker,
    lattice,
    lighter,
    mirrored,
    rounded_card,
    smooth,
)
from .layout import CardGeometry, centre_area, index_block, place_indices
from .neapolitan import GOLD, SUIT_EDGES, SUIT_INKS, SUIT_PAINTERS, coin

PAPER: Colour = (252, 249, 240)
BADGE_INK: Colour = (70, 44, 6)
FRENCH_RED: Colour = (198, 28, 44)
FRENCH_BLACK: Colour = (28, 28, 36)
FRENCH_SYMBOLS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}
ITALIAN_SUIT_NAMES = {"Co": N_("Coppe"), "De": N_("Denari"), "Ba": N_("Bastoni"), "Sp": N_("Spade")}
COURTS = {8: (N_("Fante"), "\u265f"), 9: (N_("Cavallo"), "\u265e"), 10: (N_("Re"), "\u265a")}
"""Italian court cards: name and the chess piece that draws them (pawn: the foot soldier)."""
FRENCH_SUIT_NAMES = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}

# Pip places in unit coordinates (x, y) of the pip area; y > 0.5 is drawn upside down on French
# cards, as printed cards do.
L, M, R = 0.0, 0.5, 1.0
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((M, 0), (M, 1)),
    3: ((M, 0), (M, 0.5), (M, 1)),
    4: ((L, 0), (R, 0), (L, 1), (R, 1)),
    5: ((L, 0), (R, 0), (M, 0.5), (L, 1), (R, 1)),
    6: ((L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    7: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    8: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (M, 0.75), (L, 1), (R, 1)),
    9: ((L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (M, 0.5), (L, 2 / 3), (R, 2 / 3), (L, 1), (R, 1)),
    10: (
        (L, 0), (R, 0), (M, 1 / 6), (L, 1 / 3), (R, 1 / 3),
        (L, 2 / 3), (R, 2 / 3), (M, 5 / 6), (L, 1), (R, 1),
    ),
}  # fmt: skip
PIP_ROWS = {2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4}
"""Rows of pips in one column (the middle column's pips sit between the side columns')."""


class BancoFaces(FaceSet):
    """What the Neapolitan and French faces share: index, value disc, pips, the compact look."""

    styles: ClassVar[tuple[str, ...]]
    invert_lower_pips: ClassVar[bool]

    def cards(self) -> tuple[str, ...]:
        return tuple(card for style in self.styles for card in banco_cards.DECKS[style])

    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        self.check(card)
        suit, rank, value = self.suit(card), banco_cards.RANK[card], banco_cards.VALUE[card]
        geometry = CardGeometry(w, h)
        ink = self.ink(suit)
        label = self.corner_number(self.rank_label(rank), ink, geometry)
        narrow = _index_width(geometry)  # printed cards condense the 10 in the corner
        if label.get_width() > narrow:
            label = pygame.transform.smoothscale(label, (narrow, label.get_height()))
        mark = self.sign(suit, geometry.mark)
        badge = None
        if value != rank and not geometry.compact:
            badge = self.value_disc(value, geometry.mark * 1.1)
        block = index_block(label, mark, geometry.gap, badge)
        surface = rounded_card(w, h, PAPER, self.border(suit), geometry.radius, geometry.border)
        place_indices(surface, geometry, block)
        area = centre_area(geometry, block)
        if geometry.compact:
            self._compact(surface, suit, rank, value, area)
        else:
            widest = block.get_width()
            if badge is not None:  # all cards with a value disc lay out alike (Fante to Re)
                widest = max(_index_width(geometry), badge.get_width())
            self.centre(surface, suit, rank, geometry, self._pip_area(geometry, widest))
        return surface

    # -- what each deck style provides -----------------------------------------------------------
    @abstractmethod
    def suit(self, card: str) -> str:
        """The suit code of ``card``."""

    @abstractmethod
    def ink(self, suit: str) -> Colour:
        """The colour of ``suit``'s numbers."""

    @abstractmethod
    def sign(self, suit: str, size: float) -> pygame.Surface:
        """The suit sign, about ``size`` pixels tall."""

    def border(self, suit: str) -> Colour:
        """The card's edge colour."""
        return darker(self.ink(suit), 0.1)

    def rank_label(self, rank: int) -> str:
        """What the corner prints for ``rank``."""
        return str(rank)

    def centre(
        self,
        surface: pygame.Surface,
        suit: str,
        rank: int,
        geometry: CardGeometry,
        area: pygame.Rect,
    ) -> None:
        """The middle of a card with room for it: its pips."""
        self._pips(surface, suit, rank, area)

    # -- shared parts ----------------------------------------------------------------------------
    def value_disc(self, value: int, size: float) -> pygame.Surface:
        """A gold disc with the card's value in the game."""
        side = max(7, round(size))
        disc = smooth(side, side, _disc_painter, darker(GOLD, 0.35))
        number = self.text.fit(str(value), BADGE_INK, side * 0.56, side * 0.58, tight=True)
        blit_centred(disc, number, (side / 2, side / 2))
        return disc

    def _compact(
        self, surface: pygame.Surface, suit: str, rank: int, value: int, area: pygame.Rect
    ) -> None:
        """Small cards: one large sign, or the value disc when the value is not the rank."""
        side = min(area.width, area.height)
        centre = (area.centerx + area.width * 0.1, area.centery + area.height * 0.08)
        if value != rank:
            blit_centred(surface, self.value_disc(value, side * 0.86), centre)
        else:
            blit_centred(surface, self.sign(suit, side * 0.8), centre)

    def _pip_area(self, geometry: CardGeometry, index_width: int) -> pygame.Rect:
        """Where pips and portraits go: clear of an index ``index_width`` pixels wide."""
        left = geometry.pad + index_width + geometry.gap
        if not geometry.mirrored:  # beside the one index, never over it
            top = round(geometry.pad * 1.5)
            return pygame.Rect(left, top, geometry.w - left - geometry.pad, geometry.h - 2 * top)
        top = round(geometry.h * 0.1)
        return pygame.Rect(left, top, geometry.w - 2 * left, geometry.h - 2 * top)

    def _pips(self, surface: pygame.Surface, suit: str, rank: int, area: pygame.Rect) -> None:
        if rank == 1 or rank not in PIPS:
            side = min(area.width, area.height) * (0.72 if rank == 1 else 0.5)
            blit_centred(surface, self.sign(suit, side), area.center)
            return
        rows = PIP_ROWS[rank]
        crowded = rank >= 7  # a middle column between two side columns: leave it room
        size = min(area.width * (0.34 if crowded else 0.44), area.height / (rows * 1.08 + 0.25))
        pip = self.sign(suit, size)
        turned = mirrored(pip) if self.invert_lower_pips else pip
        half_w, half_h = pip.get_width() / 2, pip.get_height() / 2
        for x, y in PIPS[rank]:
            centre = (
                area.left + half_w + x * (area.width - 2 * half_w),
                area.top + half_h + y * (area.height - 2 * half_h),
            )
            blit_centred(surface, turned if y > 0.5 else pip, centre)


class ItalianFaces(BancoFaces):
    """The Neapolitan 40-card deck: Coppe, Denari, Bastoni, Spade; Fante, Cavallo, Re."""

    deck_id = "banco-italian"
    deck_name = "Neapolitan"
    styles = (banco_cards.ITALIAN40,)
    invert_lower_pips = False

    def name(self, card: str) -> str:
        self.check(card)
        rank = banco_cards.RANK[card]
        suit = _(ITALIAN_SUIT_NAMES[card[:2]])
        if rank in COURTS:
            return _("{court} di {suit}").format(court=_(COURTS[rank][0]), suit=suit)
        if rank == 1:
            return _("Asso di {suit}").format(suit=suit)
        return _("{number} di {suit}").format(number=rank, suit=suit)

    def suit(self, card: str) -> str:
        return card[:2]

    def ink(self, suit: str) -> Colour:
        return SUIT_INKS[suit]

    def sign(self, suit: str, size: float) -> pygame.Surface:
        side = max(6, round(size))
        return smooth(side, side, SUIT_PAINTERS[suit], SUIT_EDGES[suit])

    def centre(
        self,
        surface: pygame.Surface,
        suit: str,
        rank: int,
        geometry: CardGeometry,
        area: pygame.Rect,
    ) -> None:
        """Pips, or for the Fante, Cavallo and Re a framed portrait: the chess piece of the
        figure, the suit sign it holds and its name."""
        if rank not in COURTS:
            super().centre(surface, suit, rank, geometry, area)
            return
        name, piece = COURTS[rank]
        ink = SUIT_INKS[suit]
        label = None
        if geometry.h >= 120:
            label = self.text.fit(_(name), ink, area.width * 0.9, geometry.h * 0.06)
        panel = area.inflate(-area.width * 0.04, -area.height * 0.04)
        if label is not None:
            panel.height -= round(label.get_height() * 1.7)
        tint = lighter(SUIT_EDGES[suit], 0.84)
        frame = smooth(
            panel.width,
            panel.height,
            lambda s, r: _panel(s, r, tint, lighter(ink, 0.3), panel.width),
            lighter(ink, 0.3),
        )
        surface.blit(frame, panel)
        figure = self.text.fit(piece, ink, panel.width * 0.8, panel.height * 0.62, bold=False)
        blit_centred(
            surface,
            figure,
            (panel.centerx - panel.width * 0.08, panel.centery - panel.height * 0.04),
        )
        held = self.sign(suit, min(panel.width, panel.height) * 0.34)
        blit_centred(
            surface,
            held,
            (panel.right - held.get_width() * 0.7, panel.bottom - held.get_height() * 0.7),
        )
        if label is not None:
            blit_centred(surface, label, (area.centerx, panel.bottom + label.get_height() * 0.95))

    def back(self, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)
        cream, red = (242, 230, 204), (166, 36, 40)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            scale = rect.width / w
            inset = rect.inflate(-w * 0.14 * scale, -w * 0.14 * scale)
            line = max(1, round(scale * max(1.0, w / 60)))
            radius = round(geometry.radius * 0.6 * scale)
            grid = lattice(inset.size, lighter(red, 0.35), max(4.0, w / 8) * scale, line)
            surface.blit(clip_rounded(grid, radius), inset)
            pygame.draw.rect(surface, red, inset, width=line * 2, border_radius=radius)
            medal = pygame.Rect(0, 0, round(rect.width * 0.5), round(rect.width * 0.5))
            medal.center = rect.center
            pygame.draw.circle(surface, cream, medal.center, medal.width * 0.6)
            coin(surface, medal)

        return rounded_card(w, h, cream, red, geometry.radius, geometry.border, paint)


class FrenchFaces(BancoFaces):
    """The French decks: hearts, diamonds, clubs, spades; 40 cards (A-10) or 56 (A-7 twice)."""

    deck_id = "banco-french"
    deck_name = "French"
    styles = (banco_cards.FRENCH40, banco_cards.FRENCH56)
    invert_lower_pips = True

    def face_key(self, card: str) -> str:
        self.check(card)
        return card[:3]  # the two copies of the 56-card deck look like the 40-card deck's card

    def name(self, card: str) -> str:
        self.check(card)
        rank = banco_cards.RANK[card]
        suit = _(FRENCH_SUIT_NAMES[card[0]])
        if rank == 1:
            return _("ace of {suit}").format(suit=suit)
        return _("{number} of {suit}").format(number=rank, suit=suit)

    def suit(self, card: str) -> str:
        return card[0]

    def ink(self, suit: str) -> Colour:
        return FRENCH_RED if suit in ("H", "D") else FRENCH_BLACK

    def rank_label(self, rank: int) -> str:
        return pgettext("ace in a card's corner", "A") if rank == 1 else str(rank)

    def sign(self, suit: str, size: float) -> pygame.Surface:
        return self.text.fit(FRENCH_SYMBOLS[suit], self.ink(suit), size, size, bold=False)

    def back(self, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)
        blue, white = (34, 62, 138), (246, 246, 250)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            scale = rect.width / w
            inset = rect.inflate(-w * 0.16 * scale, -w * 0.16 * scale)
            radius = round(geometry.radius * 0.5 * scale)
            pygame.draw.rect(surface, blue, inset, border_radius=radius)
            line = max(1, round(scale * max(1.0, w / 70)))
            grid = lattice(inset.size, lighter(blue, 0.3), max(3.0, w / 12) * scale, line)
            surface.blit(clip_rounded(grid, radius), inset)
            frame = inset.inflate(-w * 0.06 * scale, -w * 0.06 * scale)
            pygame.draw.rect(surface, white, frame, width=line, border_radius=radius)
            medal = pygame.Rect(0, 0, round(rect.width * 0.42), round(rect.width * 0.42))
            medal.center = rect.center
            pygame.draw.circle(surface, white, medal.center, medal.width / 2)
            pygame.draw.circle(surface, blue, medal.center, medal.width / 2 * 0.86)

        surface = rounded_card(
            w, h, white, (200, 200, 210), geometry.radius, geometry.border, paint
        )
        suits = self.text.fit("\u2660\u2665\u2663\u2666", white, w * 0.3, h * 0.1, bold=False)
        blit_centred(surface, suits, (w / 2, h / 2))
        return surface


def _index_width(geometry: CardGeometry) -> int:
    """The corner rank's widest ink (a condensed 10)."""
    return round(geometry.index_h * 1.02)


def _disc_painter(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = rect.width / 2
    pygame.draw.circle(surface, darker(GOLD, 0.35), rect.center, r)
    pygame.draw.circle(surface, lighter(GOLD, 0.25), rect.center, r * 0.84)


def _panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour, w: int) -> None:
    scale = rect.width / w
    radius = round(w * 0.1 * scale)
    pygame.draw.rect(surface, edge, rect, border_radius=radius)
    border = max(1, round(scale * max(1.0, w / 60)))
    pygame.draw.rect(
        surface, fill, rect.inflate(-2 * border, -2 * border), border_radius=radius - border
    )
