"""Where things go on a card of a given size: the corner index, its mirror, the centre.

One geometry serves Kaël, NOX, Nove banco and NUM-X so that their cards read alike: a big
index in the top-left corner (the part of a card that stays visible in a fan) and, when the
card is tall enough, the same index turned round in the bottom-right corner. Smaller cards
keep the one index and give the room of the second to a larger centre.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import pygame

COMPACT_HEIGHT = 64
"""Below this height a card shows its index and one simple centre mark, no detail."""
MIRROR_HEIGHT = 100
"""From this height a card repeats its index, turned, in the bottom-right corner."""

# Card height -> fraction of it that the corner rank's ink fills (then its width limit).
INDEX_HEIGHT = ((48, 0.34), (63, 0.29), (64, 0.215), (86, 0.205), (136, 0.16), (210, 0.14))
INDEX_WIDTH = ((48, 0.6), (63, 0.56), (64, 0.46), (86, 0.44), (136, 0.34), (210, 0.30))
INDEX_SQUEEZE = 0.8
"""How far a two-digit rank may be narrowed before it is made smaller."""


def interpolate(x: float, points: Sequence[tuple[float, float]]) -> float:
    """Piecewise-linear ``y(x)`` through ``points`` (sorted by x), flat beyond both ends."""
    if x <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


@dataclasses.dataclass(frozen=True)
class CardGeometry:
    """Sizes, in pixels, of the parts of a ``w`` x ``h`` card."""

    w: int
    h: int

    @property
    def compact(self) -> bool:
        return self.h < COMPACT_HEIGHT

    @property
    def mirrored(self) -> bool:
        return self.h >= MIRROR_HEIGHT

    @property
    def radius(self) -> int:
        return max(3, round(self.w * 0.09))

    @property
    def border(self) -> float:
        return max(1.0, self.w / 48)

    @property
    def pad(self) -> int:
        return max(2, round(self.w * 0.055))

    @property
    def index_h(self) -> float:
        return self.h * interpolate(self.h, INDEX_HEIGHT)

    @property
    def index_w(self) -> float:
        return self.w * interpolate(self.h, INDEX_WIDTH)

    @property
    def mark(self) -> float:
        """Side of the colour or suit mark under the corner rank."""
        return self.index_h * 0.72

    @property
    def gap(self) -> int:
        return max(1, round(self.index_h * 0.16))

    def column(self, block: pygame.Surface) -> int:
        """Width the index column takes, padding included."""
        return self.pad + block.get_width()


def index_block(
    rank: pygame.Surface, mark: pygame.Surface | None, gap: int, extra: pygame.Surface | None = None
) -> pygame.Surface:
    """The rank over its mark (centred under it), then ``extra`` (a badge) under both."""
    parts = [p for p in (rank, mark, extra) if p is not None]
    width = max(p.get_width() for p in parts)
    height = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
    block = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for part in parts:
        block.blit(part, ((width - part.get_width()) // 2, y))
        y += part.get_height() + gap
    return block


def side_by_side(left: pygame.Surface, right: pygame.Surface, gap: int) -> pygame.Surface:
    """``right`` beside ``left``, both centred on one line."""
    height = max(left.get_height(), right.get_height())
    row = pygame.Surface((left.get_width() + gap + right.get_width(), height), pygame.SRCALPHA)
    row.blit(left, (0, (height - left.get_height()) // 2))
    row.blit(right, (left.get_width() + gap, (height - right.get_height()) // 2))
    return row


def place_indices(card: pygame.Surface, geometry: CardGeometry, block: pygame.Surface) -> None:
    """The index at the top left and, on tall enough cards, turned at the bottom right."""
    pad = geometry.pad
    top = max(2, round(pad * 1.1))
    card.blit(block, (pad, top))
    if geometry.mirrored:
        turned = pygame.transform.flip(block, True, True)
        card.blit(
            turned, (geometry.w - pad - block.get_width(), geometry.h - top - block.get_height())
        )


def place_badges(card: pygame.Surface, geometry: CardGeometry, badge: pygame.Surface) -> None:
    """``badge`` in the top-right corner and, turned, in the bottom-left one (the corners the
    indices leave free)."""
    pad = geometry.pad
    top = max(2, round(pad * 1.1))
    card.blit(badge, (geometry.w - pad - badge.get_width(), top))
    turned = pygame.transform.flip(badge, True, True)
    card.blit(turned, (pad, geometry.h - top - badge.get_height()))


def centre_area(geometry: CardGeometry, block: pygame.Surface) -> pygame.Rect:
    """The room the indices leave for the centre art.

    One index: the lower right, overlapping the index's box by half each way. Two indices: the
    wider of the band between them (full width) and the column between them (full height).
    """
    w, h, pad = geometry.w, geometry.h, geometry.pad
    if not geometry.mirrored:
        left = pad + round(block.get_width() * 0.6)
        top = pad + round(block.get_height() * 0.55)
        return pygame.Rect(left, top, w - left - pad, h - top - pad)
    top = round(pad * 1.1) + block.get_height() + pad // 2
    band = pygame.Rect(pad, top, w - 2 * pad, h - 2 * top)
    side = geometry.column(block) + max(1, pad // 2)
    column = pygame.Rect(side, pad, w - 2 * side, h - 2 * pad)
    return max(band, column, key=lambda r: min(r.width, r.height))
