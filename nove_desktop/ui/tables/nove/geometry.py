"""Where things lie on the NOVE table (design units of the 1280x720 table): the seats' room,
the piles, the hands' fans and the grid of joker options over the table's centre."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...table.basics import Slot
from ...table.layout import SeatSpot, Side

SEAT_AREA = (220.0, 118.0)
DECK_SPOT = (560.0, 296.0)
DISCARD_SPOT = (720.0, 296.0)
BEST_NOVE_TOP = (640.0, 428.0)  # the "best NOVE" line, below the piles
CHIP = 20  # a score chip's diameter (design pixels, scaled)
GRID_GAP = 8.0
GRID_WIDTH = 300.0  # at most, per column
GRID_HEIGHT = 40.0  # at most, per button


def hand_slots(spot: SeatSpot, own: bool, width: float, count: int) -> list[Slot]:
    """A hand's fan, centred in its seat's area: the viewer's cards wider apart (and a little
    lower) than the others'; squeezed when the area is too narrow."""
    spacing = width * (0.8 if own else 0.52)
    room = spot.area.width - width
    if count > 1 and spacing * (count - 1) > room:
        spacing = room / (count - 1)
    total = spacing * (count - 1)
    x0 = spot.area.centerx - total / 2
    y = spot.area.centery + (6 if own else 0)
    return [Slot(x0 + i * spacing, y, width) for i in range(count)]


def centre_band(spots: Sequence[SeatSpot]) -> pygame.FRect:
    """The room in the table's centre that no seat's cards or plate take."""
    margin = 10.0
    top, bottom, left, right = 120.0, 500.0, 230.0, 1050.0
    for spot in spots:
        for rect in (spot.area, spot.plate):
            if spot.side is Side.TOP:
                top = max(top, rect.bottom + margin)
            elif spot.side is Side.BOTTOM:
                bottom = min(bottom, rect.top - margin)
            elif spot.side is Side.LEFT:
                left = max(left, rect.right + margin)
            else:
                right = min(right, rect.left - margin)
    return pygame.FRect(left, top, max(0.0, right - left), max(0.0, bottom - top))


def option_grid(band: pygame.FRect, count: int) -> tuple[list[pygame.FRect], float]:
    """``count`` option buttons in two columns from the top of ``band``, and where the grid
    ends (its bottom, gap included)."""
    rows = (count + 1) // 2
    width = min(GRID_WIDTH, (band.width - GRID_GAP) / 2)
    height = min(GRID_HEIGHT, (band.height + GRID_GAP) / rows - GRID_GAP)
    rects = []
    for i in range(count):
        x = band.centerx - width - GRID_GAP / 2 + (i % 2) * (width + GRID_GAP)
        y = band.top + (i // 2) * (height + GRID_GAP)
        rects.append(pygame.FRect(x, y, width, height))
    return rects, band.top + rows * (height + GRID_GAP)
