"""Where NUM-X's cards and labels rest, in design units (1280x720, scaled by the kit).

The viewer's strip at the bottom, left to right: the secret objective (corner), the malus area,
the hand (classic cards by value, the special cards apart on the right). Every other seat's area
(below its name plate): a small fan of its hand at the left, its malus cards spread beside it,
the area's weight and "needs" marker underneath. The centre: the deck on the left, the trick in
the middle (its top combination large, earlier plays of the trick smaller behind it, up and to
the left), the discard pile on the right, the Facteur X countdown bar above the trick, the badge
of what must be beaten under it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...table.scene import Slot

SEAT_AREA = (236.0, 110.0)
# Card widths (design units): few of them, so that each face is rendered at few sizes.
OWN_CARD = 78.0
OWN_MALUS_CARD = 64.0
OTHER_MALUS_CARD = 50.0
FAN_CARD = 26.0
REVEAL_CARD = 26.0
OBJECTIVE_CARD = 64.0
OTHER_OBJECTIVE_CARD = 50.0
TRICK_CARD = 78.0  # as large as the hand (and the same cached faces)
EARLIER_CARD = 50.0
PILE_CARD = 50.0
CARD_RATIO = 1.42

DECK_SPOT = (350.0, 312.0)
DISCARD_SPOT = (930.0, 312.0)
TRICK_CENTRE = (640.0, 310.0)
TRICK_STEP = 30.0  # between the cards of the top combination
TRICK_WIDTH = 300.0  # the top combination never spreads wider than this
EARLIER_STEP = 12.0
EARLIER_SHIFT = (-30.0, -8.0)  # each earlier play lies this much further up and to the left
EARLIER_SHOWN = 3
BADGE_Y = 380.0
COUNTDOWN = pygame.FRect(490, 230, 290, 10)
COUNTDOWN_LABEL_RIGHT = 482.0
WINDOW_BUTTONS = pygame.FRect(794, 219, 232, 31)
HAND_BOX = pygame.FRect(338, 480, 666, 150)  # the viewer's hand (card centres at HAND_Y)
HAND_Y = 560.0
SPECIAL_GAP = 14.0
OWN_MALUS_BOX = pygame.FRect(126, 500, 200, 100)
OWN_MALUS_Y = 550.0
OBJECTIVE_SPOT = (62.0, 546.0)
MAIN_BUTTON = pygame.FRect(390, 424, 500, 46)
COLUMN = pygame.FRect(1022, 380, 244, 326)  # the other buttons, bottom up
COLUMN_BUTTON_H = 38.0
COLUMN_GAP = 6.0
PICKER_BOX = pygame.FRect(300, 244, 680, 250)  # over the trick, clear of the seats' cards
FAN_SHOWN = 6  # backs drawn in another seat's fan (its plate says how many)


def card_height(width: float) -> float:
    return width * CARD_RATIO


def row(
    x0: float, x1: float, y: float, width: float, count: int, step: float | None = None
) -> list[Slot]:
    """``count`` cards of ``width`` spread between the centres x0 and x1 (left-aligned, at most
    ``step`` apart)."""
    if count <= 0:
        return []
    gap = width + 4 if step is None else step
    if count > 1:
        gap = min(gap, (x1 - x0) / (count - 1))
    return [Slot(x0 + i * gap, y, width) for i in range(count)]


def centred_row(
    centre: float, y: float, width: float, count: int, room: float, step: float
) -> list[Slot]:
    """``count`` cards centred on ``centre``, never spread over ``room``."""
    if count <= 0:
        return []
    gap = step if count == 1 else min(step, (room - width) / (count - 1))
    x0 = centre - gap * (count - 1) / 2
    return [Slot(x0 + i * gap, y, width) for i in range(count)]


def own_hand(refs: Sequence[str], specials: frozenset[str]) -> list[Slot]:
    """The viewer's hand: classic cards by value, then a gap, then the special cards."""
    count = len(refs)
    if not count:
        return []
    split = next((i for i, ref in enumerate(refs) if ref in specials), count)
    gap = SPECIAL_GAP if 0 < split < count else 0.0
    room = HAND_BOX.width - OWN_CARD - gap
    step = OWN_CARD * 0.8 if count == 1 else min(OWN_CARD * 0.8, room / (count - 1))
    width = step * (count - 1) + gap
    x = HAND_BOX.centerx - width / 2
    slots = []
    for i in range(count):
        slots.append(Slot(x, HAND_Y, OWN_CARD))
        x += step + (gap if i == split - 1 else 0.0)
    return slots


def own_malus(count: int) -> list[Slot]:
    box = OWN_MALUS_BOX
    half = OWN_MALUS_CARD / 2
    return row(box.left + half, box.right - half, OWN_MALUS_Y, OWN_MALUS_CARD, count)


def other_malus(area: pygame.FRect, count: int) -> list[Slot]:
    half = OTHER_MALUS_CARD / 2
    return row(
        area.left + 66 + half,
        area.right - 4 - half,
        area.top + 37,
        OTHER_MALUS_CARD,
        count,
        OTHER_MALUS_CARD + 4,
    )


def other_fan(area: pygame.FRect, count: int) -> list[Slot]:
    """A small fan of backs: only the last ``FAN_SHOWN`` cards are drawn."""
    x0 = area.left + 4 + FAN_CARD / 2
    step = 5.0
    slots = []
    for i in range(count):
        shown = i >= count - FAN_SHOWN
        k = max(0, i - (count - FAN_SHOWN))
        slots.append(Slot(x0 + k * step, area.top + 30, FAN_CARD, shown))
    return slots


def revealed_hand(area: pygame.FRect, count: int) -> list[Slot]:
    half = REVEAL_CARD / 2
    return row(
        area.left + 4 + half,
        area.right - 4 - half,
        area.top + 89,
        REVEAL_CARD,
        count,
        REVEAL_CARD + 2,
    )


def objective(area: pygame.FRect | None) -> Slot:
    """The viewer's objective in the corner, or another seat's revealed one in its area."""
    if area is None:
        return Slot(*OBJECTIVE_SPOT, OBJECTIVE_CARD)
    return Slot(area.left + 4 + OTHER_OBJECTIVE_CARD / 2, area.top + 37, OTHER_OBJECTIVE_CARD)


def trick(groups: Sequence[int], depth: int, count: int) -> list[Slot]:
    """A play group of the trick at ``depth`` (0: the top combination). ``groups`` are the
    sizes of the groups, oldest first."""
    top = groups[-1] if groups else count
    x, y = TRICK_CENTRE
    if depth == 0:
        return centred_row(x, y, TRICK_CARD, count, TRICK_WIDTH + TRICK_CARD, TRICK_STEP)
    gap = TRICK_STEP if top <= 1 else min(TRICK_STEP, TRICK_WIDTH / (top - 1))
    left = x - gap * (top - 1) / 2 - TRICK_CARD / 2
    shown = depth <= EARLIER_SHOWN
    d = min(depth, EARLIER_SHOWN)
    x0 = left + EARLIER_SHIFT[0] * d + EARLIER_CARD / 2
    y0 = y + EARLIER_SHIFT[1] * d
    return [Slot(x0 + i * EARLIER_STEP, y0, EARLIER_CARD, shown) for i in range(count)]


def discard(count: int) -> list[Slot]:
    return [Slot(*DISCARD_SPOT, PILE_CARD, i == count - 1) for i in range(count)]


def column(count: int) -> list[pygame.FRect]:
    """The side buttons, stacked from the bottom right corner."""
    rects = []
    y = COLUMN.bottom
    for _ in range(count):
        y -= COLUMN_BUTTON_H
        rects.append(pygame.FRect(COLUMN.left, y, COLUMN.width, COLUMN_BUTTON_H))
        y -= COLUMN_GAP
    return list(reversed(rects))


def picker_layout(count: int) -> tuple[pygame.FRect, list[pygame.FRect]]:
    """A picker's panel (as tall as its options need) and its options in one or two columns
    (the last one: Cancel)."""
    box = PICKER_BOX
    columns = 1 if count <= 5 else 2
    width = (box.width - 48 - 12 * (columns - 1)) / columns
    rows = (count + columns - 1) // columns
    height = min(40.0, (box.height - 64 - 6 * (rows - 1)) / max(rows, 1))
    rects = []
    for i in range(count):
        col, line = i % columns, i // columns
        x = box.left + 24 + col * (width + 12)
        y = box.top + 52 + line * (height + 6)
        rects.append(pygame.FRect(x, y, width, height))
    panel = pygame.FRect(box.left, box.top, box.width, 52 + rows * (height + 6) + 12)
    return panel, rects
