"""Painting Kaël's own marks on the table, beyond the kit's sprites: the chain's "\u00d7n" badge,
the empty table's outline, and the countdown rings (the cut window's round the chain, for everyone;
the good draw's beside the drawer's prompt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....i18n import _
from ... import theme
from ...table import paint
from ...table.text import fitted
from .geometry import CUT_RING, PROMPT_RING, TABLE, badge_spot, ring_centre

if TYPE_CHECKING:
    from .base import KaelBase


def draw_centre(table: KaelBase, surface: pygame.Surface) -> None:
    app = table.app
    rank, length = table.chain_of_model()
    if rank is not None and length >= 2:
        badge = _("\u00d7{n}").format(n=length)
        image = fitted(app, badge, app.s(60), app.s(20), theme.ACCENT, bold=True)
        spot = badge_spot(table.table_spot, length)
        surface.blit(image, image.get_rect(midleft=table.to_screen(spot)))
    if not table.zones.row(TABLE):
        w, h = table.card_size(table.pile_width)
        outline = pygame.Rect(0, 0, w, h)
        outline.center = table.to_screen(table.table_spot)
        pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(7))
    moment = table.moment
    if moment is not None and moment.moment.public:
        paint.countdown_ring(
            table, surface, ring_centre(table.table_spot, length), CUT_RING, moment.countdown.left
        )
    elif moment is not None and table.viewer in table.session.to_act():
        centre, radius = PROMPT_RING
        paint.countdown_ring(table, surface, centre, radius, moment.countdown.left)
