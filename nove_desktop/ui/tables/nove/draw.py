"""What the NOVE table paints beyond the kit's sprites: a joker's value badge, the best NOVE
so far and each seat's score as chips (spec 12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....games.nove import hand as H
from ....i18n import _
from ... import theme
from ...cards import chip_stack
from ...people import said
from ...table import paint
from ...table.sprites import CardSprite
from ...table.text import fitted
from .geometry import BEST_NOVE_TOP, CHIP

if TYPE_CHECKING:
    from .base import NoveBase


def joker_badge(
    scene: NoveBase, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect
) -> None:
    """A joker's value on the card's left strip (visible in a fan): "=4" when chosen,
    "=7" when forced, a gold ring when locked by a NOVE, "?" while still free."""
    card = sprite.card
    if not sprite.showing_face or card is None or card not in scene.jokers or sprite.squash < 0.9:
        return
    app = scene.app
    state, option = scene.jokers[card]
    text = "=7" if state == H.FORCED else (f"={option}" if option else "?")
    badge = (rect.x + app.s(15), rect.centery + app.s(6))
    pygame.draw.circle(surface, theme.INK, badge, app.s(13))
    if state == H.LOCKED:
        pygame.draw.circle(surface, theme.ACCENT, badge, app.s(13), max(1, app.s(2)))
    image = fitted(app, text, app.s(24), app.s(12), theme.ACCENT, bold=True, max_lines=1)
    surface.blit(image, image.get_rect(center=badge))


def centre(scene: NoveBase, surface: pygame.Surface, show_best: bool) -> None:
    """The best NOVE so far (unless ``show_best`` is False), and each seat's chips."""
    app = scene.app
    best = min(scene.announcements, key=lambda a: a[1]) if scene.announcements else None
    if best is not None and show_best:
        text = said(
            scene.names[best[0]],
            _("best NOVE: yours ({value})"),
            _("best NOVE: {name} ({value})"),
            value=best[1],
        )
        image = fitted(app, text, app.s(400), app.s(16), paint.CALL_COLOUR)
        surface.blit(image, image.get_rect(midtop=scene.to_screen(BEST_NOVE_TOP)))
    for seat in range(scene.n):
        chips(scene, surface, seat)


def chips(scene: NoveBase, surface: pygame.Surface, seat: int) -> None:
    """A seat's score as a stack of chips beside its plate (four to a column, two columns)."""
    app = scene.app
    stack = chip_stack(scene.scores[seat])
    if not stack:
        return
    plate = scene.spot(seat).plate
    d = app.s(CHIP)
    left, bottom = scene.to_screen((plate.right + 6, plate.bottom))
    for i, value in enumerate(stack[:8]):
        image = app.art.chip(value, d)
        surface.blit(image, (left + (i // 4) * (d + 2), bottom - d - (i % 4) * app.s(5)))
