"""Where Kaël's things lie on the table (design units): the zones, the hands' fans, the table
pile with its chain fanned, the cut window's ring and the chain's badge."""

from __future__ import annotations

from ....games.kael.cards import POINTS
from ...table.basics import Slot
from ...table.layout import SeatSpot, Side

DECK = "deck"
TABLE = "table"
FAN_STEP = 26.0  # design units between the fanned cards of a chain
CUT_RING = 78.0  # the cut window's countdown ring around the pile (radius, design units)
PROMPT_RING = ((640.0, 452.0), 14.0)  # the good draw's private countdown, beside the prompt


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def sort_key(card: str) -> tuple[int, str]:
    """Own hand order: by points, the X last."""
    return (POINTS.get(card, 99), card)


def hand_slots(
    spot: SeatSpot, seat: int, viewer: int | None, widths: tuple[float, float], count: int
) -> list[Slot]:
    """A hand's fan: the viewer's own at the bottom wide and lifted, the others narrow and
    tighter; the fan squeezes to stay inside its seat's area. ``widths``: (own, other)."""
    own = spot.side is Side.BOTTOM and seat == viewer
    width = widths[0] if own else widths[1]
    spacing = width * (0.82 if own else 0.5)
    room = spot.area.width - width
    if count > 1 and spacing * (count - 1) > room:
        spacing = room / (count - 1)
    x0 = spot.area.centerx - spacing * (count - 1) / 2
    y = spot.area.centery + (6 if own else 0)
    return [Slot(x0 + i * spacing, y, width) for i in range(count)]


def table_slots(spot: tuple[float, float], width: float, count: int, chain: int) -> list[Slot]:
    """The table pile: older cards stacked, the chain (``chain`` cards of one rank on top)
    fanned to the right so a run of one rank is obvious, the top card whole and last."""
    fanned = max(1, min(chain, 4))
    x, y = spot
    slots = []
    for i in range(count):
        from_top = count - 1 - i
        if from_top < fanned:
            slots.append(Slot(x + (fanned - 1 - from_top) * FAN_STEP, y, width))
        else:
            slots.append(Slot(x - 4, y - 2, width, shown=from_top == fanned))
    return slots


def ring_centre(spot: tuple[float, float], length: int) -> tuple[float, float]:
    """The centre of the cut window's ring: the middle of the fanned chain."""
    x, y = spot
    return (x + (min(length, 4) - 1) * FAN_STEP / 2, y)


def badge_spot(spot: tuple[float, float], length: int) -> tuple[float, float]:
    """The left end of the chain's "\u00d73" badge: right of the pile, outside the cut
    window's ring (which would cut through it), at the same place with or without it."""
    cx, y = ring_centre(spot, length)
    return (cx + CUT_RING + 12, y)
