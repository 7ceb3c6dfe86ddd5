"""Where things lie at the Nove banco table, in design units (1280x720).

Each seat's cards: the hole card alone on the left (the stake sits on it), the extra cards fanned
to its right, and one line of words under them ("? + 4", "bank full", "7 \u00b7 +5"); the
viewer's row is larger and its line sits above the cards. The bank (the BANCO plaque, the stock
and the banker's chips) stands in front of the banker, on the way to the table's centre, where it
touches no seat, no label and the status line; it slides to the next banker when the bank passes.
Sizes shrink with the number of seats so that twelve still fit at 1024x640.
"""

from __future__ import annotations

import dataclasses
import itertools

import pygame

from ...table.layout import DESIGN_W, SeatSpot, Side

MAX_CARDS = 5
CARD_RATIO = 1.42
TABLE_CENTRE = (640.0, 318.0)
STATUS_Y = 462.0  # the status line: above the viewer's row, below any bank
STATUS_BOX = pygame.FRect(330, STATUS_Y, 620, 26)
HUD_BOTTOM = 50.0  # the Menu/Rules/Log buttons and the top-right line end here
BANK_SIZE = (176.0, 124.0)  # the bank: plaque, stock with its count, chips with their total
PILE_WIDTH = 44.0
LABEL_HEIGHT = 28.0  # two short lines of 13 design pixels
BANNER_SIZE = (440.0, 52.0)  # the room a centre call-out may take (they are short)


@dataclasses.dataclass(frozen=True)
class Sizes:
    """The room per other seat and the card widths for one seat count."""

    area: tuple[float, float]
    other: float
    own: float


def sizes_for(count: int) -> Sizes:
    """Larger cards at small tables; at 9-12 seats the cards stay readable at 1024x640 (40
    design units: 32x45 pixels there, the corner index still whole)."""
    if count <= 4:
        return Sizes((250.0, 132.0), 62.0, 80.0)
    if count <= 6:
        return Sizes((220.0, 120.0), 54.0, 80.0)
    if count <= 8:
        return Sizes((170.0, 104.0), 46.0, 80.0)
    return Sizes((150.0, 96.0), 40.0, 78.0)


@dataclasses.dataclass(frozen=True)
class Row:
    """One seat's cards: ``xs`` the centres of the five places, ``y`` their centre, ``width``;
    ``label`` the box of its line of words."""

    xs: tuple[float, ...]
    y: float
    width: float
    label: pygame.FRect

    @property
    def height(self) -> float:
        return self.width * CARD_RATIO

    def card_rect(self, index: int) -> pygame.FRect:
        rect = pygame.FRect(0, 0, self.width, self.height)
        rect.center = (self.xs[index], self.y)
        return rect

    @property
    def cards_box(self) -> pygame.FRect:
        """Every place the five cards may take."""
        return self.card_rect(0).union(self.card_rect(MAX_CARDS - 1))


def row_for(spot: SeatSpot, width: float) -> Row:
    """The hole card on the left, a gap, the extras overlapping; the whole row centred in the
    seat's area as if all five cards were there, so the hole card never moves."""
    area = spot.area
    gap = width * 0.16
    room = area.width - 2 * width - gap - 4
    step = max(width * 0.3, min(width * (0.72 if spot.side is Side.BOTTOM else 0.5), room / 3))
    total = 2 * width + gap + 3 * step
    left = area.centerx - total / 2 + width / 2
    xs = (left, *(left + width + gap + k * step for k in range(MAX_CARDS - 1)))
    height = width * CARD_RATIO
    if spot.side is Side.BOTTOM:
        y = area.bottom - height / 2 - 4
        label = pygame.FRect(area.x, y - height / 2 - LABEL_HEIGHT - 2, area.width, LABEL_HEIGHT)
    else:
        y = area.top + 2 + height / 2
        label = pygame.FRect(area.x, y + height / 2 + 2, area.width, LABEL_HEIGHT)
    return Row(xs, y, width, label)


# -- the bank --------------------------------------------------------------------------------------
def bank_rect(centre: tuple[float, float]) -> pygame.FRect:
    rect = pygame.FRect(0, 0, *BANK_SIZE)
    rect.center = centre
    return rect


def plaque_rect(centre: tuple[float, float]) -> pygame.FRect:
    rect = pygame.FRect(0, 0, BANK_SIZE[0] - 10, 24)
    rect.midtop = (centre[0], centre[1] - BANK_SIZE[1] / 2)
    return rect


def deck_point(centre: tuple[float, float]) -> tuple[float, float]:
    return (centre[0] - 44, centre[1] + 4)


def chips_point(centre: tuple[float, float]) -> tuple[float, float]:
    """The middle of the banker's chip stacks (where lost stakes land)."""
    return (centre[0] + 42, centre[1] + 4)


def bank_centre(spots: list[SeatSpot], banker: int, rows: dict[int, Row]) -> tuple[float, float]:
    """The bank's place: starting just off the banker's cards towards the table's centre, the
    first point from which the bank touches no plate, area, row or the status line and stays
    inside the table (below the HUD)."""
    spot = spots[banker]
    start = _first_guess(spot)
    blockers = [s.plate for s in spots] + [s.area for s in spots] + [STATUS_BOX]
    blockers += [row.label for row in rows.values()] + [row.cards_box for row in rows.values()]
    steps = 40
    for k in range(steps + 1):
        t = k / steps
        point = (
            start[0] + (TABLE_CENTRE[0] - start[0]) * t,
            start[1] + (TABLE_CENTRE[1] - start[1]) * t,
        )
        rect = bank_rect(point)
        inside = rect.left >= 8 and rect.right <= DESIGN_W - 8 and rect.top >= HUD_BOTTOM
        if inside and not any(rect.colliderect(b) for b in blockers):
            return point
    return TABLE_CENTRE


def _first_guess(spot: SeatSpot) -> tuple[float, float]:
    area = spot.area
    half_w, half_h = BANK_SIZE[0] / 2, BANK_SIZE[1] / 2
    if spot.side is Side.TOP:
        return (area.centerx, area.bottom + half_h + 6)
    if spot.side is Side.LEFT:
        return (area.right + half_w + 6, area.centery)
    if spot.side is Side.RIGHT:
        return (area.left - half_w - 6, area.centery)
    return (area.centerx, STATUS_Y - half_h - 6)


def centre_banner_point(
    bank: pygame.FRect, spots: list[SeatSpot], rows: dict[int, Row]
) -> tuple[float, float]:
    """A place for a centre call-out (at most ``BANNER_SIZE``) that covers neither the bank
    nor a seat: the table's middle when it is free, else the nearest free place."""
    blockers = [bank, STATUS_BOX] + [s.area for s in spots] + [s.plate for s in spots]
    blockers += [row.label for row in rows.values()]
    for y, x in itertools.product(
        (300.0, 370.0, 240.0, 420.0, 200.0), (640.0, 560.0, 720.0, 480.0, 800.0)
    ):
        band = banner_band((x, y))
        if not any(band.colliderect(b) for b in blockers):
            return (x, y)
    return (640.0, 300.0)


def banner_band(centre: tuple[float, float]) -> pygame.FRect:
    band = pygame.FRect(0, 0, *BANNER_SIZE)
    band.center = centre
    return band
