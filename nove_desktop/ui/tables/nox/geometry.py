"""Where a NOX seat's things lie, in design units (1280x720): an info line (hand, colour pips,
points, the "n/6" counter) over a row of six stack slots.

The seat at the bottom has a wide area: its kitty on the left, its hand (large cards) on the
right. Every other seat fits its info line and its six slots in the area the kit gives it
(``TableScene.seat_area``, narrowed where seats crowd); its hand is a small fan of backs at the
start of the info line.
"""

from __future__ import annotations

import dataclasses

import pygame

from ...table.layout import SeatSpot, Side

SLOTS = 6  # a kitty of six stacks ends the round (spec 5.4): never more on the table
RATIO = 1.42  # card height / width
INFO_HEIGHT = 24.0
EDGE_STEP = 4.0  # how far a buried card peeks out above the top card
EDGES_SHOWN = 1  # buried cards whose edge shows (the rest lie hidden beneath)
GAP = 5.0  # between two stack slots
OTHER_CARD_MAX = 44.0
BOTTOM_CARD = 58.0
BOTTOM_GAP = 6.0
HAND_CARD = 84.0
HAND_STEP = 92.0
BACK_WIDTH = 16.0
BACK_STEP = 5.0
PIP = 14.0  # diameter of a colour pip
PIP_STEP = 16.0
COUNTER_WIDTH = 40.0  # "5/6" at the readable size
SPACE = 5.0  # between the parts of the info line


@dataclasses.dataclass(frozen=True)
class SeatGeometry:
    """One seat's places. ``slots`` are the centres of the six stack slots (left to right);
    ``card`` the width of a stack's cards; ``row`` the rectangle of the slot row (edges of
    buried cards included); ``info`` the info line; ``pips``, ``points`` and ``counter`` its
    parts; ``hand`` the centres of the hand's cards and ``hand_card`` their width."""

    seat: int
    card: float
    slots: tuple[tuple[float, float], ...]
    row: pygame.FRect
    info: pygame.FRect
    pips: tuple[tuple[float, float], ...]
    points: pygame.FRect
    counter: pygame.FRect
    hand: tuple[tuple[float, float], ...]
    hand_card: float

    def slot_rect(self, index: int) -> pygame.FRect:
        """A slot's rectangle: the card and the edges above it (where a drop lands)."""
        x, y = self.slots[index]
        height = self.card * RATIO
        rect = pygame.FRect(0, 0, self.card, height + EDGE_STEP * EDGES_SHOWN)
        rect.midbottom = (x, y + height / 2)
        return rect

    @property
    def bounds(self) -> pygame.FRect:
        """Everything of this seat's area that is drawn (info line, slots, hand)."""
        rect = self.row.union(self.info)
        for x, y in self.hand:
            card = pygame.FRect(0, 0, self.hand_card, self.hand_card * RATIO)
            card.center = (x, y)
            rect.union_ip(card)
        return rect


def seat_geometry(spot: SeatSpot) -> SeatGeometry:
    """The places of one seat, from its spot."""
    if spot.side is Side.BOTTOM:
        return _bottom(spot)
    return _other(spot)


def _slot_centres(
    left: float, top: float, card: float, gap: float
) -> tuple[tuple[float, float], ...]:
    y = top + EDGE_STEP * EDGES_SHOWN + card * RATIO / 2
    return tuple((left + card / 2 + i * (card + gap), y) for i in range(SLOTS))


def _info_parts(
    info: pygame.FRect, start: float
) -> tuple[tuple[tuple[float, float], ...], pygame.FRect, pygame.FRect]:
    """The pips from ``start``, then the points, then the counter at the right end."""
    y = info.centery
    pips = tuple((start + PIP / 2 + i * PIP_STEP, y) for i in range(3))
    counter = pygame.FRect(info.right - COUNTER_WIDTH, info.y, COUNTER_WIDTH, info.height)
    left = start + 2 * PIP_STEP + PIP + SPACE
    points = pygame.FRect(left, info.y, counter.left - SPACE - left, info.height)
    return pips, points, counter


def _other(spot: SeatSpot) -> SeatGeometry:
    area = spot.area
    # A top seat's info line goes under its stacks, inside the table (above them it lay on
    # the table's rim).
    below = spot.side is Side.TOP
    top = area.y if below else area.y + INFO_HEIGHT + 4
    by_width = (area.width - (SLOTS - 1) * GAP) / SLOTS
    by_height = (area.height - INFO_HEIGHT - 4 - EDGE_STEP * EDGES_SHOWN) / RATIO
    card = min(OTHER_CARD_MAX, by_width, by_height)
    width = SLOTS * card + (SLOTS - 1) * GAP
    left = area.centerx - width / 2
    row = pygame.FRect(left, top, width, EDGE_STEP * EDGES_SHOWN + card * RATIO)
    info = pygame.FRect(left, row.bottom + 4 if below else area.y, width, INFO_HEIGHT)
    hand = tuple((left + BACK_WIDTH / 2 + i * BACK_STEP, info.centery) for i in range(3))
    hand_right = left + BACK_WIDTH + 2 * BACK_STEP
    pips, points, counter = _info_parts(info, hand_right + SPACE)
    return SeatGeometry(
        spot.seat,
        card,
        _slot_centres(left, top, card, GAP),
        row,
        info,
        pips,
        points,
        counter,
        hand,
        BACK_WIDTH,
    )


def _bottom(spot: SeatSpot) -> SeatGeometry:
    area = spot.area
    card = BOTTOM_CARD
    width = SLOTS * card + (SLOTS - 1) * BOTTOM_GAP
    left = area.x
    top = area.y + INFO_HEIGHT + 4
    row = pygame.FRect(left, top, width, EDGE_STEP * EDGES_SHOWN + card * RATIO)
    info = pygame.FRect(left, area.y, width, INFO_HEIGHT)
    pips, points, counter = _info_parts(info, left)
    hand_left = left + width + 40
    centre_x = (hand_left + area.right) / 2
    y = area.bottom - HAND_CARD * RATIO / 2 - 2
    hand = tuple((centre_x + (i - 1) * HAND_STEP, y) for i in range(3))
    return SeatGeometry(
        spot.seat,
        card,
        _slot_centres(left, top, card, BOTTOM_GAP),
        row,
        info,
        pips,
        points,
        counter,
        hand,
        HAND_CARD,
    )


def hand_centres(geometry: SeatGeometry, count: int) -> list[tuple[float, float]]:
    """Where ``count`` hand cards rest: the fan stays centred on its middle place."""
    places = geometry.hand
    if count <= 0:
        return []
    mid_x = places[1][0]
    step = places[1][0] - places[0][0]
    y = places[1][1]
    if geometry.hand_card == BACK_WIDTH:  # a fan of backs grows from its left end
        return [places[i] if i < len(places) else places[-1] for i in range(count)]
    first = mid_x - step * (count - 1) / 2
    return [(first + i * step, y) for i in range(count)]
