"""Drawing the table: felt, piles, name plates, cards and call-outs (the HUD, the move log and
the controls over them: :mod:`.hud`).

Everything is placed in design units (1280x720) and scaled to the window; labels are fitted
(shrunk, then wrapped) so that no text is ever clipped or runs under another.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from .. import theme
from ..app import App
from ..scenes import common
from .effects import Banner, TokenFlight
from .layout import DESIGN_H, DESIGN_W, Side
from .sprites import CardSprite
from .text import fitted

if TYPE_CHECKING:
    from .hooks import TablePart
    from .scene import TableScene

CALL_COLOUR = (255, 226, 120)
TAG_COLOUR = (200, 214, 205)
CENTRE_BANNER = (640.0, 236.0)
ROUND_BANNER = (640.0, 478.0)
"""A round's title ("Round 2", anchor "round"): in the empty band between the status lines and
the player's hand, so the piles and the seats' cards stay in view while the deal flies."""
STATUS_Y = 398.0
TABLE_CENTRE = (640.0, 318.0)
SHADOW_MIN_WIDTH = 30  # window pixels
FLIP_STEPS = 12  # widths a turning card is drawn at (cached)


# -- geometry ------------------------------------------------------------------------------------
def offset(app: App) -> tuple[float, float]:
    """Where the 1280x720 design starts in the window (the spare space is shared evenly)."""
    w, h = app.size
    return ((w - DESIGN_W * app.scale) / 2, (h - DESIGN_H * app.scale) / 2)


def to_screen(app: App, point: tuple[float, float]) -> tuple[int, int]:
    # Called for every card and label of every frame: the window size is read once.
    w, h = app.screen.get_size()
    scale = min(w / DESIGN_W, h / DESIGN_H)
    return (
        round((w - DESIGN_W * scale) / 2 + point[0] * scale),
        round((h - DESIGN_H * scale) / 2 + point[1] * scale),
    )


def to_design(app: App, pos: tuple[int, int]) -> tuple[float, float]:
    """A window pixel in design units (the inverse of ``to_screen``)."""
    ox, oy = offset(app)
    return ((pos[0] - ox) / app.scale, (pos[1] - oy) / app.scale)


def rect_to_screen(app: App, rect: pygame.FRect) -> pygame.Rect:
    x, y = to_screen(app, (rect.x, rect.y))
    scale = app.scale
    return pygame.Rect(x, y, round(rect.width * scale), round(rect.height * scale))


def drawn_width(sprite: CardSprite) -> float:
    """The width a card is drawn at. A card changing size on its way draws at its old size,
    then its new one: a face drawn at every size in between would be rendered anew in every
    frame (and crowd the face cache)."""
    size = sprite.size
    return size.end if size.done or size.progress >= 0.5 else size.start


def card_rect(scene: TablePart, sprite: CardSprite) -> pygame.Rect:
    w, h = scene.card_size(drawn_width(sprite))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = to_screen(scene.app, sprite.pos)
    return rect


# -- the table -----------------------------------------------------------------------------------
def table(scene: TableScene, surface: pygame.Surface) -> None:
    size = surface.get_size()
    image = scene.app.art._get(("table", *size), lambda: _table_image(scene.app, size))
    surface.blit(image, (0, 0))


def _table_image(app: App, size: tuple[int, int]) -> pygame.Surface:
    """Felt, vignette and the oval table, drawn once per window size."""
    surface = pygame.Surface(size)
    common.felt(surface, app)
    rect = pygame.Rect(0, 0, app.s(1120), app.s(560))
    rect.center = to_screen(app, (640, 352))
    pygame.draw.ellipse(surface, theme.GOLD_DARK, rect.inflate(app.s(14), app.s(14)))
    pygame.draw.ellipse(surface, theme.FELT_LIGHT, rect)
    pygame.draw.ellipse(surface, theme.FELT, rect.inflate(-app.s(40), -app.s(40)))
    return surface


def piles(scene: TableScene, surface: pygame.Surface) -> None:
    """Every pile as a short stack of backs with its count (an outline when empty)."""
    for pile, count in scene.zones.piles.items():
        label = scene.pile_label(pile, count)
        pile_stack(scene, surface, scene.pile_spot(pile), count, label)


def pile_stack(
    scene: TableScene,
    surface: pygame.Surface,
    pos: tuple[float, float],
    count: int,
    label: str,
) -> None:
    app = scene.app
    w, h = scene.card_size(scene.pile_width)
    centre = to_screen(app, pos)
    if count > 0:
        back = app.art.back(w, h, scene.deck)
        for i in range(min(4, max(1, count // 8))):
            surface.blit(back, back.get_rect(center=(centre[0] - i * 2, centre[1] - i * 2)))
    else:
        outline = pygame.Rect(0, 0, w, h)
        outline.center = centre
        pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(7))
    if label:
        # Room for a long word ("Nachziehstapel: 76") on one line at the readable size.
        image = fitted(app, label, max(w + app.s(40), app.s(150)), app.s(14), (215, 230, 215))
        surface.blit(image, image.get_rect(midtop=(centre[0], centre[1] + h // 2 + app.s(5))))


# -- name plates ---------------------------------------------------------------------------------
def plate(scene: TableScene, surface: pygame.Surface, seat: int) -> None:
    """Name, score, short status and markers of one seat. The score has its own column, so
    the status words never run under it. Drawn once per look (cached), then blitted."""
    app = scene.app
    box = rect_to_screen(app, scene.spot(seat).plate)
    turn = seat == scene.current
    out = seat in getattr(scene, "out_seats", ())
    name = str(scene.names[seat])
    if not scene.session.seats[seat].is_person or scene.session.seat_status(seat) == "ai_stand_in":
        # "Ada (AI)", or "Ada" alone on a plate too narrow for both at a readable size.
        name = _("{name} (AI)").format(name=name) + "\n" + name
    tags = list(scene.seat_tags(seat))
    if scene.thinking(seat):
        tags.insert(0, _("thinking..."))
    score = scene.score_text(seat)
    look = ("plate", box.size, turn, out, name, score, "  ".join(tags))
    image = app.art._get(
        look, lambda: _plate_image(app, box.size, turn, out, name, score, "  ".join(tags))
    )
    surface.blit(image, box)
    if seat == scene.dealer:
        dealer_chip(app, surface, (box.x - app.s(4), box.y + app.s(4)))


def _plate_image(
    app: App,
    size: tuple[int, int],
    turn: bool,
    out: bool,
    name: str,
    score_text: str,
    tags: str,
) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    box = surface.get_rect()
    fill = (92, 78, 30) if turn else ((40, 44, 48) if out else (46, 60, 70))
    pygame.draw.rect(surface, fill, box, border_radius=app.s(12))
    pygame.draw.rect(
        surface,
        theme.ACCENT if turn else (90, 110, 120),
        box,
        width=max(1, app.s(3 if turn else 1)),
        border_radius=app.s(12),
    )
    narrow = box.width < app.s(170)  # a 12-seat banco row: smaller, but one size per row
    score = fitted(app, score_text, app.s(64), app.s(18 if narrow else 22), theme.ACCENT, bold=True)
    if narrow:  # the score beside the name, so that the status words get the whole width
        surface.blit(score, score.get_rect(topright=(box.right - app.s(6), box.y + app.s(3))))
    else:
        surface.blit(score, score.get_rect(midright=(box.right - app.s(8), box.centery)))
    text_w = box.width - score.get_width() - app.s(24 if narrow else 28)
    ink = theme.MUTED if out else theme.WHITE
    # Plates of a row have the same size, so their names and tags get the same font size
    # (never shrunk per name: a long name is shortened with an ellipsis instead).
    name_px = theme.READABLE_PIXELS + 1 if narrow else app.s(16)
    forms = name.split("\n")
    font = app.fonts.get(name_px, bold=True)
    shown = next((f for f in forms if font.size(f)[0] <= text_w), forms[-1])
    title = fitted(app, shown, text_w, name_px, ink, bold=True, max_lines=1, shrink=False)
    surface.blit(title, (box.x + app.s(8 if narrow else 10), box.y + app.s(5)))
    if tags:
        tags_w = box.width - app.s(14) if narrow else text_w
        line = fitted(
            app,
            tags,
            tags_w,
            theme.READABLE_PIXELS if narrow else app.s(13),
            TAG_COLOUR,
            max_lines=1,
            shrink=False,
        )
        left = box.x + app.s(8 if narrow else 10)
        surface.blit(line, (left, box.bottom - line.get_height() - app.s(4 if narrow else 5)))
    surface.set_alpha(255, pygame.RLEACCEL)  # blitted every frame: run-length is faster
    return surface


def dealer_chip(app: App, surface: pygame.Surface, centre: tuple[int, int]) -> None:
    r = app.s(12)
    pygame.draw.circle(surface, theme.WHITE, centre, r)
    pygame.draw.circle(surface, theme.INK, centre, r, max(1, app.s(2)))
    letter = fitted(app, _("D"), 2 * r, app.s(14), theme.INK, bold=True, max_lines=1)
    surface.blit(letter, letter.get_rect(center=centre))


# -- cards ---------------------------------------------------------------------------------------
def cards(scene: TableScene, surface: pygame.Surface) -> None:
    """Cards at rest in zone order, then the moving ones on top, then those leaving (a card
    carried by the mouse is drawn last of all, by the scene)."""
    resting: list[CardSprite] = []
    moving: list[CardSprite] = []
    carried = scene.dragged()
    for _zone, ref in scene.zones.all_refs():
        sprite = scene.sprites.get(ref)
        if sprite is None or not sprite.visible or not scene.shown(ref) or sprite is carried:
            continue
        (moving if sprite.motion.moving else resting).append(sprite)
    app = scene.app
    frame = (app.scale, *offset(app))  # computed once per frame, not once per card
    for sprite in resting + moving + scene.leaving:
        if sprite.visible:
            sprite.set_lift(scene.lift_for(sprite))
            card(scene, surface, sprite, frame)


def card(
    scene: TableScene,
    surface: pygame.Surface,
    sprite: CardSprite,
    frame: tuple[float, float, float] | None = None,
) -> None:
    app = scene.app
    scale, ox, oy = frame if frame is not None else (app.scale, *offset(app))
    width = drawn_width(sprite)
    w = max(1, round(width * scale))
    h = max(1, round(width * scene.card_ratio * scale))
    if w < 4:
        return
    px, py = sprite.pos
    x, y = round(ox + px * scale), round(oy + py * scale)
    if sprite.card is not None and sprite.showing_face:  # (a face shown is a known card)
        image = app.art.face(sprite.card, w, h, scene.deck)
    else:
        image = app.art.back(w, h, scene.deck)
    squash = sprite.squash
    if squash < 0.999:
        # A flip squashes the card in a few cached steps: many cards turning at once (a deal,
        # a reveal) would otherwise rescale every one of them in every frame.
        level = max(1, round(squash * FLIP_STEPS))
        face = sprite.card if sprite.showing_face else "back"
        flat = image
        image = app.art.passing(
            ("squash", face, scene.deck, w, h, level),
            lambda: pygame.transform.scale(flat, (max(1, w * level // FLIP_STEPS), h)),
        )
    if w >= SHADOW_MIN_WIDTH:  # a shadow under a tiny card is invisible but costs a blit
        shadow = app.art.shadow(w, h)
        surface.blit(
            shadow,
            shadow.get_rect(center=(x + max(1, round(3 * scale)), y + max(1, round(4 * scale)))),
        )
    rect = image.get_rect(center=(x, y))
    surface.blit(image, rect)
    if sprite.selected:
        pygame.draw.rect(
            surface,
            theme.ACCENT,
            rect.inflate(app.s(6), app.s(6)),
            width=max(2, app.s(4)),
            border_radius=app.s(10),
        )
    scene.decorate(surface, sprite, rect)


def card_focus(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    pad = max(3, int(4 * scale))
    pygame.draw.rect(
        surface,
        theme.WHITE,
        rect.inflate(pad * 2, pad * 2),
        width=max(2, int(3 * scale)),
        border_radius=max(6, int(10 * scale)),
    )


# -- call-outs and tokens ------------------------------------------------------------------------
def banner_point(scene: TablePart, anchor: str) -> tuple[float, float]:
    """A call-out's place: the centre band, over a seat's cards (never over its plate), or a
    place the game's table names (``banner_spot``)."""
    spot = scene.banner_spot(anchor)
    if spot is not None:
        return spot
    if anchor == "round":
        return ROUND_BANNER
    if anchor.startswith("seat:"):
        seat = int(anchor.split(":")[1])
        seat_spot = scene.spot(seat)
        if seat_spot.side is Side.BOTTOM:
            return (seat_spot.area.centerx, seat_spot.area.top - 26)
        return seat_spot.area.center
    return CENTRE_BANNER


def effects(scene: TableScene, surface: pygame.Surface) -> None:
    app = scene.app
    for task in scene.tasks:
        if isinstance(task, TokenFlight) and task.started:
            d = app.s(28)
            image = (
                app.art.token(task.value, d)
                if task.kind == "token"
                else app.art.chip(task.value, d)
            )
            surface.blit(image, image.get_rect(center=to_screen(app, task.pos)))
    for task in scene.tasks:
        if isinstance(task, Banner):
            banner(scene, surface, task)


def banner(scene: TableScene, surface: pygame.Surface, item: Banner) -> None:
    app = scene.app
    pixels = app.s(item.size * max(item.scale.value, 0.1))
    image = fitted(app, item.text, app.s(560), pixels, item.colour, bold=True)
    centre = to_screen(app, scene.banner_point(item.anchor))
    pill = image.get_rect(center=centre).inflate(app.s(30), app.s(10))
    pill.clamp_ip(surface.get_rect())  # a seat at the window's edge keeps its call-out whole
    centre = pill.center
    back = pygame.Surface(pill.size, pygame.SRCALPHA)
    alpha = item.alpha
    radius = min(pill.height // 2, app.s(24))
    pygame.draw.rect(
        back, (10, 16, 20, int(200 * alpha / 255)), back.get_rect(), border_radius=radius
    )
    surface.blit(back, pill)
    image = image.copy()
    image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=centre))


def countdown_ring(
    scene: TableScene,
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    left: float,
    label: str = "",
) -> None:
    """A ring that empties clockwise as the time runs out (full and still while untimed)."""
    app = scene.app
    c = to_screen(app, centre)
    r = app.s(radius)
    width = max(3, app.s(7))
    pygame.draw.circle(surface, (20, 30, 36), c, r, width)
    if left > 0:
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = c
        start = math.pi / 2
        end = start + 2 * math.pi * left
        colour = theme.ACCENT if left > 0.3 else theme.DANGER
        pygame.draw.arc(surface, colour, rect, start, end, width)
    if label:
        image = fitted(app, label, app.s(200), app.s(15), theme.WHITE, bold=True)
        surface.blit(image, image.get_rect(midtop=(c[0], c[1] + r + app.s(4))))


def countdown_bar(
    scene: TableScene, surface: pygame.Surface, rect: pygame.FRect, left: float, label: str = ""
) -> None:
    app = scene.app
    box = rect_to_screen(app, rect)
    pygame.draw.rect(surface, (20, 30, 36), box, border_radius=box.height // 2)
    fill = box.copy()
    fill.width = round(box.width * left)
    if fill.width > 0:
        colour = theme.ACCENT if left > 0.3 else theme.DANGER
        pygame.draw.rect(surface, colour, fill, border_radius=box.height // 2)
    if label:
        image = fitted(app, label, box.width, app.s(14), theme.WHITE, bold=True)
        surface.blit(image, image.get_rect(midbottom=(box.centerx, box.y - app.s(3))))
