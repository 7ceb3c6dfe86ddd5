"""The About panel: the icon, the version, and the software shipped with the app and its licences.

An overlay over the title. The list scrolls (wheel, arrows, Page Up/Down, Home/End) when it does
not fit; Esc or "Close" closes the panel. Rows are rendered once per window size, word-wrapped
to the panel, and only the ones in view are drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _
from ...licenses import Component, LicenceManifestError, bundled_components, licence_folder
from ...version import app_version
from .. import theme
from ..app import App
from ..icon import draw_icon
from ..widgets import Button, FocusGroup
from . import common

WHEEL_LINES = 3
ICON_DESIGN_SIZE = 84  # design units
BODY = (232, 236, 230)


@dataclass(frozen=True)
class Row:
    """One rendered row of the scrolling list: images at (x, y) from its top left corner."""

    y: int
    height: int
    pieces: tuple[tuple[int, int, pygame.Surface], ...]
    text: str


def _read_components() -> tuple[tuple[Component, ...], str | None]:
    """The shipped software, or none and the reason it could not be read."""
    try:
        return bundled_components(), None
    except (OSError, UnicodeDecodeError, LicenceManifestError) as exc:
        return (), str(exc)


class AboutScene(common.MenuScene):
    """Version and licences. Esc, Enter on "Close" or a click on it closes the panel."""

    overlay = True
    name = "about"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.version = app_version()
        self.components, self.problem = _read_components()
        self.close_button = Button(_("Close"), self.close, primary=True)
        self.focus = FocusGroup([self.close_button])
        self.rows: list[Row] = []
        self.list_height = 0
        self.scroll = 0
        self.line_step = 1
        self._layout_size: tuple[int, int] | None = None
        self.box = self.view = self.track = pygame.Rect(0, 0, 0, 0)
        self.icon = pygame.Surface((1, 1), pygame.SRCALPHA)

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def close(self) -> None:
        self.app.stack.remove(self)

    def on_escape(self) -> None:
        self.close()

    # -- layout ----------------------------------------------------------------------------------
    def layout(self) -> None:
        app = self.app
        w, h = app.size
        width = min(app.s(920), w - 2 * app.s(30))
        self.box = pygame.Rect(0, 0, width, h - 2 * app.s(24))
        self.box.center = (w // 2, h // 2)
        pad = app.s(28)
        header_bottom = self.box.top + pad + app.s(ICON_DESIGN_SIZE) + app.s(18)
        self.close_button.rect = pygame.Rect(0, 0, app.s(200), app.s(50))
        self.close_button.rect.midbottom = (self.box.centerx, self.box.bottom - app.s(20))
        self.view = pygame.Rect(
            self.box.left + pad,
            header_bottom,
            width - 2 * pad - app.s(22),
            self.close_button.rect.top - app.s(16) - header_bottom,
        )
        self.track = pygame.Rect(self.view.right + app.s(10), self.view.top, max(6, app.s(8)), 0)
        self.track.height = self.view.height
        if (w, h) != self._layout_size:
            fraction = self.scroll / self.max_scroll if self.max_scroll else 0.0
            self.icon = draw_icon(app.s(ICON_DESIGN_SIZE))
            self._render_rows()
            self._layout_size = (w, h)
            self.scroll = round(fraction * self.max_scroll)
        self.scroll_to(self.scroll)

    def _render_rows(self) -> None:
        """The list: a heading, one row per component (its name on the left, its licence and
        licence files on the right), then the folder that holds the texts."""
        app = self.app
        width = self.view.width
        name_w = width * 36 // 100
        detail_x = name_w + app.s(16)
        self.rows = []
        y = 0

        def add(pieces: list[tuple[int, int, pygame.Surface]], text: str, above: float) -> None:
            nonlocal y
            y += app.s(above) if self.rows else 0
            height = max(top + image.get_height() for _x, top, image in pieces)
            self.rows.append(Row(y, height, tuple(pieces), text))
            y += height

        add(
            [(0, 0, self._text(_("Bundled software and licences"), 24, True, theme.ACCENT, width))],
            "heading",
            0,
        )
        if self.problem is not None:
            message = _("The list of licences could not be read: {reason}")
            problem = message.format(reason=self.problem)
            add([(0, 0, self._text(problem, 18, False, theme.DANGER, width))], problem, 8)
        for component in self.components:
            name = self._text(component.name, 18, True, theme.WHITE, name_w)
            licence = self._text(component.licence, 17, False, BODY, width - detail_x)
            files = ", ".join(component.files)
            where = self._text(files, 15, False, theme.MUTED, width - detail_x)
            pieces = [(0, 0, name), (detail_x, 0, licence), (detail_x, licence.get_height(), where)]
            add(pieces, f"{component.name}: {component.licence} ({files})", 10)
        try:
            folder = licence_folder()
        except FileNotFoundError as exc:
            folder = str(exc)
        label = self._text(
            _("The licence texts are in this folder:"), 18, True, theme.ACCENT, width
        )
        path = self._text(folder, 16, False, BODY, width)
        add([(0, 0, label), (0, label.get_height() + app.s(4), path)], folder, 22)
        self.list_height = y + app.s(8)
        self.line_step = app.fonts.get(app.s(17)).get_linesize() + app.s(4)

    def _text(
        self, value: str, size: float, bold: bool, colour: tuple[int, int, int], width: int
    ) -> pygame.Surface:
        """``value`` rendered and word-wrapped to ``width`` pixels (never clipped)."""
        font = self.app.fonts.get(self.app.s(size), bold=bold)
        return font.render(value, True, colour, wraplength=max(1, width))

    # -- scrolling -------------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        return max(0, self.list_height - self.view.height)

    @property
    def page_step(self) -> int:
        return max(self.line_step, self.view.height - 2 * self.line_step)

    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, round(value))))

    def visible_rows(self) -> list[Row]:
        """The rows that overlap the view at the current scroll position."""
        bottom = self.scroll + self.view.height
        return [row for row in self.rows if row.y < bottom and row.y + row.height > self.scroll]

    def thumb(self) -> pygame.Rect:
        """The scroll bar's thumb (the whole track when everything fits)."""
        if not self.max_scroll:
            return self.track.copy()
        share = self.view.height / self.list_height
        height = min(self.track.height, max(self.app.s(36), round(self.track.height * share)))
        top = self.track.top + round((self.track.height - height) * self.scroll / self.max_scroll)
        return pygame.Rect(self.track.left, top, self.track.width, height)

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * self.line_step * WHEEL_LINES)
            return
        if event.type == pygame.KEYDOWN and self._scroll_key(event.key):
            return
        super().handle_event(event)

    def _scroll_key(self, key: int) -> bool:
        targets = {
            pygame.K_UP: self.scroll - self.line_step,
            pygame.K_DOWN: self.scroll + self.line_step,
            pygame.K_PAGEUP: self.scroll - self.page_step,
            pygame.K_PAGEDOWN: self.scroll + self.page_step,
            pygame.K_HOME: 0,
            pygame.K_END: self.max_scroll,
        }
        if key not in targets:
            return False
        self.scroll_to(targets[key])
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.dim(surface)
        common.panel(surface, self.box, app, 245)
        pad = app.s(28)
        icon_rect = self.icon.get_rect(topleft=(self.box.left + pad, self.box.top + pad))
        surface.blit(self.icon, icon_rect)
        left = icon_rect.right + app.s(22)
        title = common.text(surface, app, "nove-desktop", (left, icon_rect.top), 34, bold=True)
        version = _("Version {version}").format(version=self.version)
        line = common.text(surface, app, version, (left, title.bottom + app.s(2)), 20)
        tagline = _("Five card games at an animated table")
        common.text(surface, app, tagline, (left, line.bottom + app.s(4)), 16, colour=theme.MUTED)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for row in self.visible_rows():
            top = self.view.top + row.y - self.scroll
            for x, y, image in row.pieces:
                surface.blit(image, (self.view.left + x, top + y))
        surface.set_clip(clip)
        if self.max_scroll:
            radius = self.track.width // 2
            pygame.draw.rect(surface, (10, 16, 20), self.track, border_radius=radius)
            pygame.draw.rect(surface, theme.ACCENT, self.thumb(), border_radius=radius)
        self.focus.draw(surface, app.fonts, app.scale)
