"""Drawing helpers shared by the menu scenes: background, headings, panels, button columns."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import theme
from ..app import App
from ..scene import Scene
from ..widgets import FocusGroup, Widget


def felt(surface: pygame.Surface, app: App) -> None:
    """The table cloth: a soft radial vignette over green felt."""
    w, h = surface.get_size()
    surface.fill(theme.FELT)
    glow = app.art._get(("felt", w, h), lambda: _vignette(w, h))
    surface.blit(glow, (0, 0))


def _vignette(w: int, h: int) -> pygame.Surface:
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (0, 0, 0, int(150 * d**2)))
    return pygame.transform.smoothscale(small, (w, h))


def heading(
    surface: pygame.Surface, app: App, text: str, y: float, size: float = 54
) -> pygame.Rect:
    font = app.fonts.get(app.s(size), bold=True)
    image = theme.render_text(font, text, theme.ACCENT, shadow=True)
    rect = image.get_rect(midtop=(surface.get_width() // 2, app.s(y)))
    surface.blit(image, rect)
    return rect


def text(
    surface: pygame.Surface,
    app: App,
    value: str,
    pos: tuple[int, int],
    size: float = 20,
    colour: tuple[int, int, int] = theme.WHITE,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = rendered(app, value, app.s(size), colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def rendered(
    app: App, value: str, pixels: int, colour: tuple[int, int, int], bold: bool
) -> pygame.Surface:
    """Rendered text, cached: most labels are the same from one frame to the next. The cache is
    bounded (cleared when it grows past 512 entries, and on every resize)."""
    key = ("text", value, pixels, colour, bold)
    cache = app.art.text_cache
    image = cache.get(key)
    if image is None:
        if len(cache) > 512:
            cache.clear()
        image = cache[key] = app.fonts.get(pixels, bold=bold).render(value, True, colour)
    return image


def panel(surface: pygame.Surface, rect: pygame.Rect, app: App, alpha: int = 225) -> None:
    """A rounded dark box with a gold edge, drawn once per size and cached."""
    key = ("panel", rect.width, rect.height, alpha)
    box = app.art.text_cache.get(key)
    if box is None:
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*theme.PANEL, alpha), box.get_rect(), border_radius=app.s(16))
        pygame.draw.rect(
            box,
            (*theme.GOLD_DARK, 255),
            box.get_rect(),
            width=max(1, app.s(2)),
            border_radius=app.s(16),
        )
        app.art.text_cache[key] = box
    surface.blit(box, rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is drawn so far, in place (no full-screen temporary surface)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def column(
    app: App,
    widgets: Sequence[Widget],
    top: float,
    width: float = 360,
    height: float = 54,
    gap: float = 14,
) -> None:
    """Stack widgets in a centred column (design units)."""
    w, _h = app.size
    y = app.s(top)
    for widget in widgets:
        widget.rect = pygame.Rect(0, 0, app.s(width), app.s(height))
        widget.rect.midtop = (w // 2, y)
        y += app.s(height + gap)


class MenuScene(Scene):
    """A scene run by its ``focus`` group: Esc calls ``on_escape``, every other input goes to the
    widgets (mouse, Tab/arrows, Enter/Space, typing)."""

    focus: FocusGroup

    def on_escape(self) -> None:
        """What Esc does (subclasses choose: close, leave, ask before quitting...)."""

    def rebuild(self) -> None:
        """Build the page's widgets again, in the active language (pages whose labels are made
        when their widgets are built override this)."""

    def language_changed(self) -> None:
        index, keyboard = self.focus.index, self.focus.keyboard
        self.rebuild()
        self.focus.index, self.focus.keyboard = index, keyboard  # the focus and its ring stay
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return
        self.focus.handle(event)
