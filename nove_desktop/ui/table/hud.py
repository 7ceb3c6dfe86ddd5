"""Drawing over the table: the HUD (its buttons, the info line, the status line and the last
move's line), the move log, where the decision controls go, and the hint's suggestion.

Like :mod:`.paint`, in design units (1280x720) scaled to the window, with fitted labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from .. import theme
from ..app import App
from ..scenes import common
from .paint import STATUS_Y, card_rect, rect_to_screen, to_screen
from .text import fitted

if TYPE_CHECKING:
    from ..widgets import Widget
    from .hooks import TablePart
    from .scene import TableScene


def hud(scene: TableScene, surface: pygame.Surface) -> None:
    app = scene.app
    w, _h = surface.get_size()
    buttons = scene.hud_buttons
    look = ("hud", *[(b.label, b.enabled, b.visible, tuple(b.rect)) for b in buttons])
    area = buttons[0].rect.unionall([b.rect for b in buttons]).inflate(app.s(8), app.s(16))
    image = app.art._get(look, lambda: _hud_image(app, buttons, area))
    surface.blit(image, area)
    info = scene.hud_text()
    # The info line takes the room right of the HUD buttons (wider in some languages).
    room = min(app.s(520), w - app.s(30) - max(b.rect.right for b in buttons))
    image = fitted(app, info, room, app.s(14), (205, 220, 210), max_lines=2)
    surface.blit(image, image.get_rect(topright=(w - app.s(14), app.s(18))))
    notes = seat_notes(scene)
    if notes:  # under the info line: who is away, who an AI stands in for
        note = fitted(app, "\n".join(notes), room, app.s(14), theme.WHITE, bold=True, max_lines=4)
        surface.blit(note, note.get_rect(topright=(w - app.s(14), app.s(54))))
    if scene.status:
        status = fitted(app, scene.status, app.s(620), app.s(20), theme.WHITE, bold=True)
        surface.blit(status, status.get_rect(midtop=to_screen(app, scene.status_point())))
    if scene.log and not scene.log_open:
        last = fitted(app, scene.log[-1], app.s(236), app.s(13), (210, 222, 214), max_lines=3)
        surface.blit(last, last.get_rect(bottomleft=to_screen(app, (14, 708))))


def seat_notes(scene: TableScene) -> list[str]:
    """How seats are played when not as set up (online): "Ada: reconnecting...", "AI plays
    for Ada". Said in words, never only by a colour."""
    notes = []
    for seat, name in enumerate(scene.names):
        status = scene.session.seat_status(seat)
        if status == "away":
            notes.append(_("{name}: reconnecting...").format(name=name))
        elif status == "ai_stand_in":
            notes.append(_("AI plays for {name}").format(name=name))
    return notes


def _hud_image(app: App, buttons: Sequence[Widget], area: pygame.Rect) -> pygame.Surface:
    """The HUD buttons (never focused nor hovered: they answer clicks and their keys) drawn
    once per look, shadows included."""
    image = pygame.Surface(area.size, pygame.SRCALPHA)
    for button in buttons:
        rect = button.rect
        button.rect = rect.move(-area.x, -area.y)
        try:
            button.draw(image, app.fonts, False, app.scale)
        finally:
            button.rect = rect
    image.set_alpha(255, pygame.RLEACCEL)  # mostly transparent: run-length blits faster
    return image


def log_panel(scene: TableScene, surface: pygame.Surface) -> None:
    """The move log: the latest moves, newest at the bottom (L or Esc closes it)."""
    app = scene.app
    box = rect_to_screen(app, pygame.FRect(820, 54, 446, 470))
    common.panel(surface, box, app, 240)
    title = fitted(
        app, _("Move log  (L to close)"), box.width - app.s(24), app.s(17), theme.ACCENT, bold=True
    )
    surface.blit(title, (box.x + app.s(12), box.y + app.s(10)))
    y = box.bottom - app.s(12)
    for line in reversed(scene.log):
        image = fitted(app, line, box.width - app.s(24), app.s(14), theme.WHITE, max_lines=6)
        y -= image.get_height() + app.s(4)
        if y < box.y + app.s(40):
            break
        surface.blit(image, (box.x + app.s(12), y))


def place_controls(scene: TablePart, widgets: list[Widget]) -> None:
    """The decision buttons in a column at the bottom right (two columns when many)."""
    if not widgets:
        return
    app = scene.app
    columns = 2 if len(widgets) > 5 else 1
    bw, bh = (222.0, 40.0) if columns == 2 else (250.0, 44.0)
    rows = (len(widgets) + columns - 1) // columns
    for i, widget in enumerate(widgets):
        col, row = (i % columns, i // columns)
        x = 1266 - (columns - col) * (bw + 8)
        y = 706 - (rows - row) * (bh + 8)
        widget.rect = rect_to_screen(app, pygame.FRect(x, y, bw, bh))


def _beside_cards(
    scene: TableScene, surface: pygame.Surface, text: str, image: pygame.Surface, box: pygame.Rect
) -> tuple[pygame.Surface, pygame.Rect]:
    """The hint's box moved off the cards it would cover (your hand, at a small window): into
    the room right of them, narrower, when the text still fits there; else above them."""
    app = scene.app
    hits = [
        rect
        for rect in (
            card_rect(scene, sprite) for sprite in scene.sprites.values() if sprite.visible
        )
        if rect.colliderect(box)
    ]
    if not hits:
        return image, box
    left = max(rect.right for rect in hits) + app.s(10)
    room = min(box.right, surface.get_width() - app.s(6)) - left
    if room >= app.s(240):
        narrow = fitted(app, text, room - app.s(20), app.s(15), theme.WHITE, max_lines=9)
        moved = pygame.Rect(left, 0, room, narrow.get_height() + app.s(16))
        moved.bottom = box.bottom
        if not any(
            moved.colliderect(card_rect(scene, sprite))
            for sprite in scene.sprites.values()
            if sprite.visible
        ):
            return narrow, moved
    box.bottom = min(rect.top for rect in hits) - app.s(10)
    return image, box


def suggestion(scene: TableScene, surface: pygame.Surface) -> None:
    """A hint: its sentence beside the controls, its button and cards outlined in green."""
    app = scene.app
    text = scene.advisor.text
    scene.hint_rect = pygame.Rect(0, 0, 0, 0)
    if not text:
        return
    green = theme.OK
    width = max(2, app.s(4))
    for widget in scene.controls:
        if widget.suggested and widget.visible:
            pygame.draw.rect(
                surface,
                green,
                widget.rect.inflate(app.s(10), app.s(10)),
                width,
                border_radius=app.s(14),
            )
    for ref in scene.suggested_refs:
        sprite = scene.sprites.get(ref)
        if sprite is not None and sprite.visible:
            pygame.draw.rect(
                surface,
                green,
                card_rect(scene, sprite).inflate(app.s(8), app.s(8)),
                width,
                border_radius=app.s(10),
            )
    tops = [w.rect.top for w in scene.controls if w.visible and w.rect.width]
    right = max((w.rect.right for w in scene.controls if w.visible), default=0)
    # A hint is a reason and a figure (ai.explain): up to seven lines of a wider box, so the
    # sentence wraps at a readable size instead of shrinking.
    box_w = app.s(380)
    image = fitted(app, text, box_w - app.s(20), app.s(15), theme.WHITE, max_lines=7)
    box = pygame.Rect(0, 0, box_w, image.get_height() + app.s(16))
    if tops and right:
        box.bottomright = (right, min(tops) - app.s(10))
        image, box = _beside_cards(scene, surface, text, image, box)
    else:
        box.midbottom = to_screen(app, (640, STATUS_Y - 8))
    scene.hint_rect = box
    back = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (12, 40, 24, 235), back.get_rect(), border_radius=app.s(10))
    pygame.draw.rect(
        back, (*green, 255), back.get_rect(), max(1, app.s(2)), border_radius=app.s(10)
    )
    surface.blit(back, box)
    surface.blit(image, image.get_rect(center=box.center))
