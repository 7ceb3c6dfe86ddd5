"""Drawing what is particular to the banco table: the words under each seat, the bank (plaque,
chips and their total), the term marks on the plates, and on each hole card its stake and, for
the viewer's own, the corner peek. Functions of the table, called from its hooks."""

from __future__ import annotations

import pygame

from ....games.banco.cards import VALUE
from ....i18n import _
from ... import theme
from ...table import paint
from ...table.layout import Side
from ...table.sprites import CardSprite
from ...table.text import fitted
from ...table.zones import is_placeholder
from . import chips, geometry
from .base import BancoBase, Outcome, hand_zone

LABEL_PIXELS = 13
PEEK = ((0.0, 0.0), (0.56, 0.0), (0.56, 0.3), (0.34, 0.52), (0.0, 0.52))
"""The corner of the viewer's own hole card left uncovered (shares of width and height): its
index shows, the rest of the card stays face down."""


def draw_centre(table: BancoBase, surface: pygame.Surface) -> None:
    draw_bank(table, surface)
    for seat in range(table.n):
        draw_label(table, surface, seat)
        draw_terms(table, surface, seat)


def seat_label(table: BancoBase, seat: int) -> tuple[str, tuple[int, int, int], bool]:
    """The words under a seat's cards: (text, ink, drawn as a badge)."""
    refs = table.zones.row(hand_zone(seat))
    if not refs:
        return ("", theme.WHITE, False)
    outcome = table.outcomes.get(seat)
    if outcome is not None:
        return outcome_words(outcome)
    if table.punter_status[seat] == "sat_out":
        return (_("bank full"), theme.MUTED, True)
    known = [r for r in refs if not is_placeholder(r)]
    if len(known) == len(refs):
        score = sum(VALUE[r] for r in refs) % 10
        if seat == table.viewer:
            return (_("Your score: {score}").format(score=score), paint.CALL_COLOUR, False)
        if seat == table.banker:
            return (_("bank: {score}").format(score=score), paint.CALL_COLOUR, False)
        return (_("score {score}").format(score=score), theme.WHITE, False)
    extras = [r for r in refs[1:] if not is_placeholder(r)]
    if not extras:
        return ("", theme.WHITE, False)
    open_score = sum(VALUE[r] for r in extras) % 10
    return (_("? + {n}").format(n=open_score), theme.WHITE, False)


def label_image(table: BancoBase, seat: int) -> tuple[pygame.Surface, pygame.Rect, bool] | None:
    """The seat's label as drawn (image, place in window pixels, badge), or None."""
    text, ink, badge = seat_label(table, seat)
    if not text:
        return None
    app = table.app
    box = paint.rect_to_screen(app, table.rows[seat].label)
    pad = app.s(8) if badge else 0
    image = fitted(app, text, box.width - 2 * pad, app.s(LABEL_PIXELS), ink, bold=True)
    rect = image.get_rect(midtop=(box.centerx, box.y + app.s(1)))
    if table.spot(seat).side is Side.BOTTOM:
        rect.midbottom = (box.centerx, box.bottom)
    return image, rect, badge


def draw_label(table: BancoBase, surface: pygame.Surface, seat: int) -> None:
    drawn = label_image(table, seat)
    if drawn is None:
        return
    image, rect, badge = drawn
    if badge:
        pill = rect.inflate(table.app.s(14), table.app.s(4))
        pygame.draw.rect(surface, (30, 36, 40), pill, border_radius=pill.height // 2)
        pygame.draw.rect(
            surface, theme.MUTED, pill, max(1, table.app.s(1)), border_radius=pill.height // 2
        )
    surface.blit(image, rect)


def draw_terms(table: BancoBase, surface: pygame.Surface, seat: int) -> None:
    """A small gold disc in the plate's top-right corner per term at the bank."""
    held = table.banks_held[seat]
    if not held:
        return
    app = table.app
    plate = paint.rect_to_screen(app, table.spot(seat).plate)
    r = max(2, app.s(4))
    for k in range(min(held, 6)):
        centre = (plate.right - app.s(12) - k * (2 * r + app.s(3)), plate.y + app.s(7))
        pygame.draw.circle(surface, theme.GOLD, centre, r)
        pygame.draw.circle(surface, theme.INK, centre, r, 1)


def draw_bank(table: BancoBase, surface: pygame.Surface) -> None:
    """The BANCO plaque with the term's hand count, and the banker's chips with their
    total (the stock and its count are the kit's pile)."""
    app = table.app
    centre = table.bank_position()
    plaque = paint.rect_to_screen(app, geometry.plaque_rect(centre))
    text = _("BANCO \u00b7 hand {k} of {per}").format(
        k=min(table.hands_in_term + 1, table.hands_per_bank), per=table.hands_per_bank
    )
    # The plaque grows with its words (a longer translation) rather than shrinking them.
    wide = app.fonts.get(app.s(15), bold=True).size(text)[0] + app.s(16)
    if wide > plaque.width:
        plaque = plaque.inflate(wide - plaque.width, 0)
    pygame.draw.rect(surface, theme.GOLD, plaque, border_radius=plaque.height // 2)
    pygame.draw.rect(
        surface, theme.GOLD_DARK, plaque, max(1, app.s(2)), border_radius=plaque.height // 2
    )
    image = fitted(
        app, text, plaque.width - app.s(12), app.s(15), theme.INK, bold=True, max_lines=1
    )
    surface.blit(image, image.get_rect(center=plaque.center))
    if table.bank_slide is not None:
        return  # the banker's chips stay with their owner: only the deck and plaque move
    point = table.to_screen(geometry.chips_point(centre))
    chips.draw_bank(app, surface, table.scores[table.banker], point, app.s(20))
    total = _("bank {n}").format(n=table.scores[table.banker])
    label = fitted(app, total, app.s(84), app.s(14), (215, 230, 215), max_lines=1)
    below = table.to_screen((geometry.chips_point(centre)[0], centre[1] + 40))
    surface.blit(label, label.get_rect(midtop=below))


def decorate(
    table: BancoBase, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect
) -> None:
    """The viewer's own hole card: face down but for a corner; every hole card: its
    stake as tokens on top."""
    seat = table.hole_refs.get(sprite.ref)
    if seat is None:
        return
    if table.peeking(seat) and sprite.showing_face and sprite.squash > 0.99:
        cover = peek_cover(table, rect.width, rect.height)
        surface.blit(cover, rect)
    stake = table.stakes[seat]
    if stake and sprite.squash > 0.99:
        d = max(8, int(rect.width * 0.66))
        bottom = (rect.centerx, rect.bottom - max(2, rect.height // 10))
        chips.draw_stack(table.app, surface, chips.split(stake), bottom, d)


def peek_cover(table: BancoBase, w: int, h: int) -> pygame.Surface:
    def build() -> pygame.Surface:
        cover = pygame.Surface((w, h), pygame.SRCALPHA)
        cover.blit(table.app.art.back(w, h, table.deck), (0, 0))
        corner = [(x * w, y * h) for x, y in PEEK]
        pygame.draw.polygon(cover, (0, 0, 0, 0), corner)
        pygame.draw.lines(cover, theme.GOLD, False, corner[1:], max(1, w // 28))
        return cover

    return table.app.art._get((f"banco-peek-{table.deck}", w, h), build)


def outcome_words(outcome: Outcome) -> tuple[str, tuple[int, int, int], bool]:
    """ "8 beats 7: +5", "7 = 7: tie, bank wins \u22125", "4 against 7: \u22125"."""
    result, amount, mine, bank = outcome
    if result == "win":
        text = _("{mine} beats {bank}: +{n}").format(mine=mine, bank=bank, n=amount)
        return (text, theme.OK, False)
    if mine == bank:
        text = _("{mine} = {bank}: tie \u2014 bank wins \u2212{n}").format(
            mine=mine, bank=bank, n=amount
        )
        return (text, theme.DANGER, False)
    text = _("{mine} against {bank}: \u2212{n}").format(mine=mine, bank=bank, n=amount)
    return (text, theme.DANGER, False)
