"""Where the seats sit around the table, for 2 to 12 seats, in design units (1280x720).

The viewer's seat is always at the bottom centre. The other seats follow the turn order along
the table's edge: clockwise (NOVE, NOX, Kaël, NUM-X: the next seat sits on the viewer's left)
or counter-clockwise (banco: the next seat sits on the viewer's right). Up to three other seats
get the classic places (opposite, the two sides); more seats are spread at equal distances along
a path that climbs the left edge, crosses the top and comes down the right edge.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import math

import pygame

DESIGN_W, DESIGN_H = 1280, 720
BOTTOM_ANCHOR = (640.0, 676.0)
# The path the other seats are spread along: up the left edge, across the top, down the right.
PATH_TOP = 78.0
EDGE = 6.0  # design units kept free along the window's edges
SIDE_X = 136.0  # the side seats' plate centres when there are three other seats
MAX_SIDE_WIDTH = 230.0
SINGLE_SIDE_Y = 230.0  # a lone side seat sits a little above the middle of its edge
PATH_SIDE_HIGH = 130.0  # the side edges run between these heights
PATH_SIDE_LOW = 470.0  # (the viewer's hand lies below the lower one)


class Side(enum.Enum):
    """Which edge of the table a seat faces from: it decides where its cards lie."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


@dataclasses.dataclass(frozen=True)
class SeatSpot:
    """One seat's place: ``anchor`` is the centre of its name plate; ``area`` is the room for its
    cards, on the table side of the plate; ``inward`` points from the seat to the centre."""

    seat: int
    side: Side
    anchor: tuple[float, float]
    plate: pygame.FRect
    area: pygame.FRect
    inward: tuple[float, float]


def plate_size(count: int) -> tuple[float, float]:
    """Name plates shrink as seats are added, so that twelve still fit side by side."""
    if count <= 6:
        return (210.0, 48.0)
    if count <= 8:
        return (176.0, 46.0)
    return (148.0, 44.0)


def seat_order(count: int, viewer: int, clockwise: bool) -> list[int]:
    """Seats in the order they are placed: the viewer first, then along the table's edge."""
    step = 1 if clockwise else -1
    return [(viewer + step * k) % count for k in range(count)]


def _classic_points(others: int) -> list[tuple[float, float]]:
    """Left-to-right-over-the-top places for one to three other seats."""
    if others == 1:
        return [(640.0, PATH_TOP)]
    if others == 2:
        return [(330.0, PATH_TOP), (950.0, PATH_TOP)]
    return [(SIDE_X, 250.0), (640.0, PATH_TOP), (DESIGN_W - SIDE_X, 250.0)]


def _per_side(others: int, area: tuple[float, float]) -> int:
    """How many seats go on each side edge: one from five seats on and two from eight (so the
    players sit around the table, not in a row), more when the top edge would be too crowded
    for the game's areas (at most two per side)."""
    preferred = 0 if others < 4 else (1 if others < 7 else 2)
    for per_side in range(preferred, 3):
        on_top = others - 2 * per_side
        if on_top >= 1 and _top_length(per_side, area) / on_top >= area[0] + 8:
            return per_side
    return 2


def _top_length(per_side: int, area: tuple[float, float]) -> float:
    """The top edge's usable length: the whole width, less the side columns when used."""
    if per_side == 0:
        return DESIGN_W - 2 * EDGE
    return DESIGN_W - 2 * (EDGE + _side_width(area) + 8)


def _side_width(area: tuple[float, float]) -> float:
    return min(area[0], MAX_SIDE_WIDTH)


def _path_points(others: int, area: tuple[float, float]) -> tuple[list[tuple[float, float]], int]:
    """Places up the left edge, across the top (left to right) and down the right edge, each
    edge's seats at the centres of equal segments; and the number of seats per side."""
    per_side = _per_side(others, area)
    on_top = others - 2 * per_side
    slot = (PATH_SIDE_LOW - PATH_SIDE_HIGH) / max(per_side, 1)
    side_x = EDGE + _side_width(area) / 2
    if per_side == 1:
        left = [(side_x, SINGLE_SIDE_Y)]
    else:
        left = [(side_x, PATH_SIDE_LOW - slot * (k + 1) + 26) for k in range(per_side)]
    length = _top_length(per_side, area)
    x0 = (DESIGN_W - length) / 2
    top = [(x0 + length * (k + 0.5) / on_top, PATH_TOP) for k in range(on_top)]
    right = [(DESIGN_W - x, y) for x, y in reversed(left)]
    return left + top + right, per_side


def _side_of(point: tuple[float, float]) -> Side:
    x, y = point
    if y > PATH_TOP + 40:
        return Side.LEFT if x < DESIGN_W / 2 else Side.RIGHT
    return Side.TOP


def seat_spots(
    count: int,
    viewer: int,
    clockwise: bool = True,
    area: tuple[float, float] = (200.0, 118.0),
) -> list[SeatSpot]:
    """Every seat's spot, indexed by seat number. ``area`` is the room a game wants in front of
    each other seat; it is narrowed (or shortened on crowded side edges) where seats stand
    closer than that."""
    if not 2 <= count <= 12:
        raise ValueError(f"a table seats 2 to 12 players, not {count}")
    others = count - 1
    if others <= 3:
        points, per_side = _classic_points(others), 0
    else:
        points, per_side = _path_points(others, area)
    plate_w, plate_h = plate_size(count)
    spacing = _top_spacing(points)
    top_room = (min(area[0], spacing - 8), area[1])
    side_room = (_side_width(area), area[1])
    if per_side:
        slot = (PATH_SIDE_LOW - PATH_SIDE_HIGH) / per_side
        side_room = (side_room[0], min(area[1], slot - plate_h - 14))
    spots: list[SeatSpot | None] = [None] * count
    order = seat_order(count, viewer, clockwise)
    # The points run left -> top -> right. Clockwise play walks them with the turn order (the
    # next seat on the viewer's left); counter-clockwise play walks them against it (the
    # order is reversed by seat_order, so the next seat ends up on the viewer's right).
    spots[viewer] = _spot(viewer, Side.BOTTOM, BOTTOM_ANCHOR, (plate_w + 60, 48.0), area)
    for seat, point in zip(order[1:], points, strict=True):
        side = _side_of(point)
        room = top_room if side is Side.TOP else side_room
        spots[seat] = _spot(seat, side, point, (min(plate_w, room[0]), plate_h), room)
    return [spot for spot in spots if spot is not None]


def _top_spacing(points: list[tuple[float, float]]) -> float:
    """The smallest distance between two neighbours on the top edge."""
    xs = sorted(x for x, y in points if y <= PATH_TOP + 1)
    gaps = [b - a for a, b in itertools.pairwise(xs)]
    return min(gaps, default=float(DESIGN_W))


def _spot(
    seat: int,
    side: Side,
    anchor: tuple[float, float],
    size: tuple[float, float],
    room: tuple[float, float],
) -> SeatSpot:
    x, y = anchor
    w, h = size
    plate = pygame.FRect(0, 0, w, h)
    plate.center = (x, y)
    cx, cy = DESIGN_W / 2, 330.0
    length = math.hypot(cx - x, cy - y) or 1.0
    inward = ((cx - x) / length, (cy - y) / length)
    return SeatSpot(seat, side, anchor, plate, _area(side, plate, room), inward)


def _area(side: Side, plate: pygame.FRect, room: tuple[float, float]) -> pygame.FRect:
    """The room for a seat's cards: above the viewer's plate, below every other plate."""
    if side is Side.BOTTOM:
        area = pygame.FRect(0, 0, 760, 150)
        area.midbottom = (plate.centerx, plate.top - 4)
        return area
    area = pygame.FRect(0, 0, room[0], room[1])
    area.midtop = (plate.centerx, plate.bottom + 4)
    area.left = max(4.0, area.left)
    area.right = min(DESIGN_W - 4.0, area.right)
    return area
