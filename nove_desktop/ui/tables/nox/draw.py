"""Drawing what is particular to NOX: the six slots of every kitty, its info line (colour pips,
the points it would score now, the "n/6" counter that glows at five), depth badges, the lit
places a selected card may go with the preview of the hovered one, and a stack opened for a
look.

Colours are never shown by colour alone: each has a colour-blind-safe tint (Okabe-Ito), a shape
and a letter (spec 12): blue is a circle "B", green a triangle "G", orange a square "O". Pips
light up for the colours a kitty shows on top.

Every label is fitted (shrunk, then wrapped) into the rectangle the geometry gives it; the
rectangles of the labels drawn in a frame are kept in ``table.drawn_labels`` so that tests can
check that none of them overlaps another or leaves the window.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....games.nox.cards import COLOURS
from ....i18n import _
from ... import theme
from ...table import paint
from ...table.text import fitted
from .geometry import PIP, RATIO, SLOTS, SeatGeometry
from .preview import Outcome, missing_colours
from .words import colour_letter, missing_words

if TYPE_CHECKING:
    from .controls import TargetWidget
    from .table import NoxTable

SLOT_EDGE = (44, 104, 76)
GLOW = (255, 170, 60)
HIGHLIGHT = (255, 214, 102)
LABEL = (226, 236, 228)
NEEDS = (238, 150, 140)
READABLE = theme.READABLE_PIXELS
POPUP_CARD = 40.0
POPUP_STEP = 26.0
TINT = {"B": (0, 114, 178), "G": (0, 158, 115), "O": (230, 159, 0)}
SHAPE = {"B": "circle", "G": "triangle", "O": "square"}
DIM = (34, 62, 50)
DIM_EDGE = (96, 124, 110)


def label(
    table: NoxTable,
    surface: pygame.Surface,
    text: str,
    box: pygame.Rect,
    pixels: int,
    colour: tuple[int, int, int],
    anchor: str = "midleft",
    bold: bool = False,
) -> pygame.Rect:
    """``text`` fitted into ``box`` (one line, shrunk to fit), placed at ``anchor``; returns
    where it was drawn."""
    image = fitted(table.app, text, box.width, pixels, colour, bold=bold, max_lines=1)
    rect = image.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(image, rect)
    return rect


def kitties(table: NoxTable, surface: pygame.Surface) -> None:
    """Every seat's slots and info line (under the cards). Each seat's layer is drawn once per
    look (its top cards, its preview, the window size) and blitted afterwards."""
    preview = table.preview()
    for seat, geometry in table.geometry.items():
        outcome = preview[1] if preview is not None and preview[0] == seat else None
        stacks = table.kitty_rows(seat)
        key = (seat, table.app.size, tuple(s[-1] for s in stacks), outcome)
        layer = table.layers.get(key)
        if layer is None:
            if len(table.layers) > 48:
                table.layers.clear()
            layer = table.layers[key] = seat_layer(table, geometry, stacks, outcome)
        image, origin, labels = layer
        surface.blit(image, origin)
        table.drawn_labels += [rect.move(origin) for rect in labels]


def seat_layer(
    table: NoxTable, geometry: SeatGeometry, stacks: list[list[str]], outcome: Outcome | None
) -> tuple[pygame.Surface, tuple[int, int], list[pygame.Rect]]:
    """One seat's slots and info line drawn on a layer of their own: the image, where it goes
    on the screen, and the rectangles of its labels (in the layer)."""
    app = table.app
    area = paint.rect_to_screen(app, geometry.row.union(geometry.info)).inflate(
        app.s(14), app.s(12)
    )
    image = pygame.Surface(area.size, pygame.SRCALPHA)
    shift = (-area.x, -area.y)
    slots(table, image, geometry, len(stacks), shift)
    labels = info(table, image, geometry, stacks, outcome, shift)
    image.set_alpha(255, pygame.RLEACCEL)  # mostly transparent: run-length blits ~3x faster
    return image, area.topleft, labels


def slots(
    table: NoxTable,
    surface: pygame.Surface,
    geometry: SeatGeometry,
    count: int,
    shift: tuple[int, int],
) -> None:
    app = table.app
    for index in range(count, SLOTS):
        rect = paint.rect_to_screen(app, geometry.slot_rect(index)).move(shift)
        pygame.draw.rect(surface, SLOT_EDGE, rect, max(1, app.s(2)), app.s(5))
    if count == SLOTS - 1:  # one more stack ends the round: the row glows
        row = paint.rect_to_screen(app, geometry.row).inflate(app.s(10), app.s(8)).move(shift)
        surface.blit(_glow(row.size, app.s(9)), row)


def _glow(size: tuple[int, int], radius: int) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    for step, alpha in enumerate((40, 70, 120)):
        inner = rect.inflate(-4 * step, -4 * step)
        pygame.draw.rect(image, (*GLOW, alpha), inner, 2, radius)
    return image


def info(
    table: NoxTable,
    surface: pygame.Surface,
    geometry: SeatGeometry,
    stacks: list[list[str]],
    outcome: Outcome | None,
    shift: tuple[int, int],
) -> list[pygame.Rect]:
    """Pips, points ("39", "0 — needs blue", "39 → 46" in a preview) and the counter;
    returns the rectangles of the labels."""
    app = table.app
    tops = [tuple(s) for s in stacks if s]
    missing = missing_colours(tops)
    shown = missing if outcome is None else missing_colours(outcome.stacks)
    font = app.fonts.art(max(7, app.s(10)), bold=True)  # a pip's letter: part of its shape
    for colour, centre in zip(COLOURS, geometry.pips, strict=True):
        x, y = table.to_screen(centre)
        pip(surface, font, (x + shift[0], y + shift[1]), app.s(PIP), colour, colour not in shown)
    points_box = paint.rect_to_screen(app, geometry.points).move(shift)
    text, short, ink = points_words(tops, missing, outcome)
    if app.fonts.get(READABLE, bold=True).size(text)[0] > points_box.width:
        text = short  # "0" where "0 — needs blue and orange" has no room: the pips show it
    labels = [label(table, surface, text, points_box, app.s(14), ink, bold=True)]
    counter_box = paint.rect_to_screen(app, geometry.counter).move(shift)
    count = len(tops)
    if outcome is not None and len(outcome.stacks) != count:
        words, ink = f"{count}\u2192{len(outcome.stacks)}", HIGHLIGHT
    else:
        words, ink = f"{count}/{SLOTS}", LABEL
    if count == SLOTS - 1 or (outcome is not None and outcome.ends_round):
        pill = counter_box.inflate(0, -app.s(3))
        pygame.draw.rect(surface, (120, 60, 10), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, GLOW, pill, max(1, app.s(2)), pill.height // 2)
        ink = theme.WHITE
    labels.append(
        label(
            table,
            surface,
            words,
            counter_box.inflate(-app.s(2), 0),
            app.s(14),
            ink,
            "center",
            bold=True,
        )
    )
    return labels


def pip(
    surface: pygame.Surface,
    font: pygame.font.Font,
    centre: tuple[int, int],
    size: int,
    colour: str,
    lit: bool,
) -> None:
    """One colour pip: its shape filled with its tint when lit, a dim outline otherwise; the
    letter always sits inside, so a lit and an unlit pip differ by more than colour."""
    fill = TINT[colour] if lit else DIM
    edge = theme.WHITE if lit else DIM_EDGE
    width = max(1, size // 9)
    points = _shape(SHAPE[colour], centre, size / 2)
    if points is None:
        pygame.draw.circle(surface, fill, centre, size // 2)
        pygame.draw.circle(surface, edge, centre, size // 2, width)
    else:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, width)
    ink = theme.WHITE if lit else DIM_EDGE
    letter = font.render(colour_letter(colour), True, ink)
    drop = size // 10 if SHAPE[colour] == "triangle" else 0  # a triangle's middle sits low
    surface.blit(letter, letter.get_rect(center=(centre[0], centre[1] + drop)))


def _shape(shape: str, centre: tuple[int, int], radius: float) -> list[tuple[float, float]] | None:
    x, y = centre
    if shape == "triangle":
        return [
            (x + radius * 1.1 * math.cos(a), y + radius * 1.1 * math.sin(a) + radius * 0.15)
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if shape == "square":
        r = radius * 0.86
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    return None


def points_words(
    tops: list[tuple[str, ...]], missing: list[str], outcome: Outcome | None
) -> tuple[str, str, tuple[int, int, int]]:
    """What a kitty would score now (or with the previewed play): the words, a shorter form
    for narrow places, and their colour."""
    from ....games.nox.scoring import kitty_points

    now = kitty_points(tops)
    if outcome is not None:
        after = outcome.after
        colour = theme.OK if after > now else (theme.DANGER if after < now else LABEL)
        text = f"{now} \u2192 {after}"
        return (text, text, colour)
    if not tops:
        return (_("empty"), _("empty"), theme.MUTED)
    if missing:
        long = _("0 \u2014 {needs}").format(needs=missing_words(missing))
        return (long, "0", NEEDS)
    return (str(now), str(now), theme.ACCENT)


# -- depth badges --------------------------------------------------------------------------------
def depth_badge(table: NoxTable, surface: pygame.Surface, rect: pygame.Rect, depth: int) -> None:
    """ "×3" at the foot of a stack's top card."""
    app = table.app
    text = fitted(app, f"\u00d7{depth}", rect.width, app.s(12), theme.WHITE, bold=True, max_lines=1)
    pill = text.get_rect(midbottom=(rect.centerx, rect.bottom - app.s(2))).inflate(
        app.s(8), app.s(2)
    )
    pygame.draw.rect(surface, theme.INK, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, theme.ACCENT, pill, max(1, app.s(1)), pill.height // 2)
    surface.blit(text, text.get_rect(center=pill.center))


# -- targets -------------------------------------------------------------------------------------
def target(table: NoxTable, surface: pygame.Surface, widget: TargetWidget, focused: bool) -> None:
    """A place the selected card may go: outlined; the previewed one also shows the card
    landing there and, when it merges, an arrow to the stack it joins."""
    app = table.app
    rect = widget.rect
    width = max(2, app.s(3))
    previewed = table.preview_widget() is widget
    colour = theme.WHITE if previewed else HIGHLIGHT
    pygame.draw.rect(surface, colour, rect, width, app.s(7))
    if widget.action.stack is None and not previewed:
        plus = fitted(app, "+", rect.width, app.s(26), HIGHLIGHT, bold=True, max_lines=1)
        surface.blit(plus, plus.get_rect(center=rect.center))
    if previewed:
        ghost(table, surface, widget)
    if focused:
        paint.card_focus(surface, rect, app.scale)


def ghost(table: NoxTable, surface: pygame.Surface, widget: TargetWidget) -> None:
    app = table.app
    card = widget.action.card
    geometry = table.geometry[widget.action.target]
    w, h = table.card_size(geometry.card)
    image = table.cached(
        ("ghost", card, w, h), lambda: _faded(app.art.face(card, w, h, table.deck))
    )
    surface.blit(image, image.get_rect(center=widget.rect.move(0, app.s(3)).center))
    outcome = table.outcome_of(widget)
    if outcome is not None and outcome.merged is not None:
        start = geometry.slots[min(outcome.merged[0], SLOTS - 1)]
        end = geometry.slots[min(outcome.merged[1], SLOTS - 1)]
        arrow(table, surface, start, end, geometry.card * RATIO / 2 + 5)


def _faded(image: pygame.Surface) -> pygame.Surface:
    faded = image.copy()
    faded.set_alpha(170)
    return faded


def arrow(
    table: NoxTable,
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    drop: float,
) -> None:
    """A curved arrow under the slot row (the info line above it keeps its words clear):
    this stack slides onto that one."""
    app = table.app
    (x1, y1), (x2, _y2) = start, end
    low = y1 + drop
    points = []
    for k in range(13):
        t = k / 12
        x = x1 + (x2 - x1) * t
        y = low + math.sin(math.pi * t) * 12
        points.append(table.to_screen((x, y)))
    width = max(2, app.s(3))
    pygame.draw.lines(surface, theme.WHITE, False, points, width)
    tip = points[-1]
    back = points[-3]
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    size = app.s(9)
    head = [
        tip,
        (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5)),
        (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5)),
    ]
    pygame.draw.polygon(surface, theme.WHITE, head)


def flash(table: NoxTable, surface: pygame.Surface, rect: pygame.Rect, progress: float) -> None:
    """A ring round a stack that was just joined by another, widening as it fades."""
    app = table.app
    grow = app.s(2 + 10 * progress)
    ring = rect.inflate(2 * grow, 2 * grow)
    image = pygame.Surface(ring.size, pygame.SRCALPHA)
    alpha = int(230 * (1 - progress))
    pygame.draw.rect(image, (*theme.WHITE, alpha), image.get_rect(), max(2, app.s(3)), app.s(9))
    surface.blit(image, ring)


# -- a stack opened for a look -------------------------------------------------------------------
def stack_popup(
    table: NoxTable, surface: pygame.Surface, seat: int, index: int, cards: list[str]
) -> None:
    """Every card of one stack, bottom to top, in a panel beside the stack."""
    app = table.app
    geometry = table.geometry[seat]
    x, y = geometry.slots[min(index, SLOTS - 1)]
    ch = POPUP_CARD * RATIO
    width = POPUP_CARD + POPUP_STEP * (len(cards) - 1) + 20
    height = ch + 42
    box = pygame.FRect(0, 0, max(width, 170), height)
    below = y + geometry.card * RATIO / 2 + 8
    box.midtop = (x, below)
    if box.bottom > 712:
        box.midbottom = (x, y - geometry.card * RATIO / 2 - 14)
    box.left = max(6.0, min(box.left, 1274 - box.width))
    screen_box = paint.rect_to_screen(app, box)
    pygame.draw.rect(surface, (14, 22, 28), screen_box, border_radius=app.s(10))
    pygame.draw.rect(surface, theme.ACCENT, screen_box, max(1, app.s(2)), app.s(10))
    title = paint.rect_to_screen(app, pygame.FRect(box.x + 10, box.y + 4, box.width - 20, 22))
    label(
        table,
        surface,
        _("{n} cards, bottom \u2192 top").format(n=len(cards)),
        title,
        app.s(13),
        LABEL,
        bold=True,
    )
    w, h = table.card_size(POPUP_CARD)
    for k, card in enumerate(cards):
        centre = (box.x + 10 + POPUP_CARD / 2 + k * POPUP_STEP, box.y + 30 + ch / 2)
        image = app.art.face(card, w, h, table.deck)
        surface.blit(image, image.get_rect(center=table.to_screen(centre)))
