"""NOX's faces (spec 2 and 12) under both deck profiles, and its back.

Colour is never alone: blue cards carry a circle and "B", green a triangle and "G", orange a
square and "O", in the Okabe-Ito palette that colour-blind players tell apart. Each colour's
character sits behind the big number: Ramon (blue) a bare skull, Jack (green) a skull in a
tricorn, Alphonse (orange) a skull in a top hat.
"""

from __future__ import annotations

import dataclasses

import pygame

from ...games.nox import cards as nox_cards
from ...i18n import N_, NP_, _, pgettext
from .base import FaceSet
from .draw import Colour, Painter, blit_centred, darker, hex_colour, lighter, rounded_card, smooth
from .layout import CardGeometry, centre_area, index_block, place_indices
from .skulls import draw_skull

PAPER: Colour = (252, 250, 244)
BONE: Colour = (238, 232, 214)
NIGHT: Colour = (30, 30, 40)


@dataclasses.dataclass(frozen=True)
class NoxColour:
    """One NOX colour: its palette tone, a darker ink for numbers, its shape, letter, character."""

    tone: Colour
    ink: Colour
    shape: str  # "circle", "triangle" or "square"
    letter: str
    name: str
    character: str
    hat: str  # what the character wears: "none", "tricorn" or "top hat"


COLOURS: dict[str, NoxColour] = {
    nox_cards.BLUE: NoxColour(
        hex_colour("#0072B2"),
        (0, 92, 146),
        "circle",
        NP_("NOX colour letter", "B"),
        N_("blue"),
        N_("Ramon"),
        "none",
    ),
    nox_cards.GREEN: NoxColour(
        hex_colour("#009E73"),
        (0, 116, 84),
        "triangle",
        NP_("NOX colour letter", "G"),
        N_("green"),
        N_("Jack"),
        "tricorn",
    ),
    nox_cards.ORANGE: NoxColour(
        hex_colour("#E69F00"),
        (172, 104, 0),
        "square",
        NP_("NOX colour letter", "O"),
        N_("orange"),
        N_("Alphonse"),
        "top hat",
    ),
}


def _all_cards() -> tuple[str, ...]:
    """Every id of both profiles: the published deck, then the uniform deck's other ids."""
    published = nox_cards.deck(nox_cards.PUBLISHED)
    extra = [c for c in nox_cards.deck(nox_cards.UNIFORM) if c not in set(published)]
    return (*published, *extra)


class NoxFaces(FaceSet):
    """NOX: numbers 1-15 in three colours, each colour with its shape, letter and character."""

    deck_id = "nox"
    deck_name = "NOX"

    def cards(self) -> tuple[str, ...]:
        return _all_cards()

    def face_key(self, card: str) -> str:
        self.check(card)
        return card.split("-")[0]  # copies of a colour and number are the same card to players

    def name(self, card: str) -> str:
        self.check(card)
        colour = _(COLOURS[card[0]].name)
        return _("{colour} {number}").format(colour=colour, number=nox_cards.NUMBER[card])

    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        self.check(card)
        colour = COLOURS[card[0]]
        number = str(nox_cards.NUMBER[card])
        geometry = CardGeometry(w, h)
        label = self.corner_number(number, colour.ink, geometry)
        mark = self.mark(colour, geometry.index_h * (0.8 if geometry.compact else 0.86))
        block = index_block(label, mark, geometry.gap)
        area = centre_area(geometry, block)
        figure = None
        if not geometry.compact:
            side = min(area.width, area.height / 1.16) if not geometry.mirrored else w * 0.66
            figure = pygame.Rect(0, 0, round(side), round(side * 1.16))
            figure.center = area.center if not geometry.mirrored else (w // 2, round(h * 0.48))
        inner = _frame_and_watermark(w, colour, figure)
        surface = rounded_card(w, h, PAPER, colour.tone, geometry.radius, max(1.5, w / 22), inner)
        place_indices(surface, geometry, block)
        if geometry.compact:
            self._compact_centre(surface, colour, area)
            return surface
        if not geometry.mirrored:
            big = self.text.fit(
                number, colour.ink, area.width * 0.86, area.height * 0.5, tight=True
            )
            blit_centred(surface, big, area.center)
            return surface
        band = h - 2 * (geometry.pad + block.get_height()) - 2 * geometry.gap  # between indices
        big = self.text.fit(number, colour.ink, w * 0.7, min(h * 0.3, band), tight=True)
        blit_centred(surface, big, (w / 2, h / 2))
        return surface

    def mark(self, colour: NoxColour, size: float) -> pygame.Surface:
        """The colour's shape filled with its tone, its letter in white inside."""
        side = max(6, round(size))
        image = smooth(side, side, lambda s, r: _shape(s, r, colour), colour.tone)
        letter = self.text.fit(
            pgettext("NOX colour letter", colour.letter), (255, 255, 255), side * 0.5, side * 0.46
        )
        centre_y = side * (0.62 if colour.shape == "triangle" else 0.5)
        blit_centred(image, letter, (side / 2, centre_y))
        return image

    def back(self, w: int, h: int) -> pygame.Surface:
        geometry = CardGeometry(w, h)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            scale = rect.width / w
            inset = rect.inflate(-w * 0.14 * scale, -w * 0.14 * scale)
            pygame.draw.rect(surface, (44, 44, 58), inset, border_radius=round(w * 0.06 * scale))
            skull = pygame.Rect(0, 0, inset.width * 0.62, inset.width * 0.72)
            skull.center = (inset.centerx, round(inset.centery - inset.height * 0.08))
            draw_skull(surface, skull, BONE, (44, 44, 58), "none")
            side = inset.width * 0.2
            for i, colour in enumerate(COLOURS.values()):  # the deck's three colour shapes
                box = pygame.Rect(0, 0, round(side), round(side))
                box.center = (
                    round(inset.centerx + (i - 1) * side * 1.35),
                    round(skull.bottom + side * 1.1),
                )
                _shape(surface, box, colour)

        return rounded_card(w, h, NIGHT, (12, 12, 16), geometry.radius, geometry.border, paint)

    # -- parts ---------------------------------------------------------------------------------
    def _compact_centre(
        self, surface: pygame.Surface, colour: NoxColour, area: pygame.Rect
    ) -> None:
        """Small cards: the character's head alone, in the colour's tone."""
        side = min(area.width, area.height)
        skull = pygame.Rect(0, 0, round(side * 0.86), round(side))
        skull.center = (area.centerx + area.width // 8, area.centery + area.height // 10)
        figure = smooth(
            skull.width,
            skull.height,
            lambda s, r: draw_skull(
                s, r, lighter(colour.tone, 0.45), PAPER, colour.hat, colour.tone
            ),
            lighter(colour.tone, 0.45),
        )
        surface.blit(figure, skull)


def _frame_and_watermark(w: int, colour: NoxColour, figure: pygame.Rect | None) -> Painter:
    """A thin tinted frame inside the border and the colour's character as a pale watermark
    in ``figure`` (card pixels; none on small cards)."""

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = rect.width / w
        inset = rect.inflate(-w * 0.1 * scale, -w * 0.1 * scale)
        pygame.draw.rect(
            surface,
            lighter(colour.tone, 0.7),
            inset,
            width=max(1, round(scale * w / 80)),
            border_radius=round(w * 0.05 * scale),
        )
        if figure is None:
            return
        box = pygame.Rect(
            round(figure.x * scale),
            round(figure.y * scale),
            round(figure.width * scale),
            round(figure.height * scale),
        )
        draw_skull(
            surface,
            box,
            lighter(colour.tone, 0.86),
            lighter(colour.tone, 0.72),
            colour.hat,
            lighter(colour.tone, 0.66),
        )

    return paint


def _shape(surface: pygame.Surface, rect: pygame.Rect, colour: NoxColour) -> None:
    edge = darker(colour.tone, 0.25)
    if colour.shape == "circle":
        pygame.draw.circle(surface, edge, rect.center, rect.width / 2)
        pygame.draw.circle(surface, colour.tone, rect.center, rect.width / 2 * 0.88)
    elif colour.shape == "triangle":
        outer = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
        pygame.draw.polygon(surface, edge, outer)
        inner = rect.inflate(-rect.width * 0.2, -rect.height * 0.16)
        inner.bottom = round(rect.bottom - rect.height * 0.06)
        pygame.draw.polygon(
            surface,
            colour.tone,
            [(inner.centerx, inner.top), (inner.right, inner.bottom), (inner.left, inner.bottom)],
        )
    else:
        square = rect.inflate(-rect.width * 0.08, -rect.height * 0.08)
        pygame.draw.rect(surface, edge, square, border_radius=round(rect.width * 0.12))
        pygame.draw.rect(
            surface,
            colour.tone,
            square.inflate(-rect.width * 0.12, -rect.height * 0.12),
            border_radius=round(rect.width * 0.08),
        )
