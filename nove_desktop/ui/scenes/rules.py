"""The rules page: a game's ``assets/rules/<id>.txt`` laid out, word-wrapped and scrollable.

The text uses a tiny markup (``# `` page heading, ``## `` section heading, ``- `` bullet, a blank
line between paragraphs and ``**bold**`` spans inside a line), parsed and wrapped by plain
functions without pygame (:mod:`..rules_markup`), so they can be tested on their own; the scene
renders the wrapped lines once per window size and blits only the ones in view.
"""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass
from pathlib import Path

import pygame

from ...i18n import SOURCE_LANGUAGE, _, current_language
from ...resources import asset_path
from .. import theme
from ..app import App
from ..rules_markup import BlockKind, parse_rules, wrap_spans
from ..scene import Scene
from ..widgets import Button, FocusGroup
from . import common

BODY_COLOUR = (232, 236, 230)
BOLD_COLOUR = theme.WHITE
MAX_COLUMN = 1000  # design units: lines longer than this are hard to read
WHEEL_LINES = 3


# -- rendering -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Style:
    size: float  # design units
    bold: bool
    colour: tuple[int, int, int]
    before: float  # space above the block, design units
    after: float  # space below the block
    indent: float = 0.0


STYLES = {
    BlockKind.TITLE: Style(40, True, theme.ACCENT, 0, 16),
    BlockKind.SECTION: Style(28, True, theme.ACCENT, 20, 10),
    BlockKind.PARAGRAPH: Style(20, False, BODY_COLOUR, 0, 12),
    BlockKind.BULLET: Style(20, False, BODY_COLOUR, 0, 7, indent=30),
}


@dataclass(frozen=True)
class Line:
    """One rendered line: ``y`` from the top of the page, pieces at x offsets from the column."""

    y: int
    height: int
    pieces: tuple[tuple[int, pygame.Surface], ...]
    text: str

    @property
    def width(self) -> int:
        return max((x + image.get_width() for x, image in self.pieces), default=0)


def rules_file(game_id: str, language: str) -> Path:
    """The rules page of ``game_id`` in ``language`` (``assets/rules/<lang>/<game>.txt``), the
    English one (``assets/rules/<game>.txt``) for English or a language without its own page."""
    if language != SOURCE_LANGUAGE:
        try:
            return asset_path("rules", language, f"{game_id}.txt")
        except FileNotFoundError:
            pass
    return asset_path("rules", f"{game_id}.txt")


def _read_rules(app: App, game_id: str) -> str:
    """The rules text in the app's language, or a short page explaining why it is missing."""
    title = app.registry.get(game_id).title if game_id in app.registry else game_id
    try:
        return rules_file(game_id, current_language()).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, FileNotFoundError):
            reason = _("The file rules/{game}.txt is missing from the app's assets.").format(
                game=game_id
            )
        return "\n\n".join(
            [
                "# " + _("{game}: rules").format(game=title),
                _("The rules of **{game}** could not be opened.").format(game=title),
                reason,
                _("Press Esc to go back."),
            ]
        )


class RulesScene(Scene):
    """A game's rules, scrollable with the wheel, the arrows, Page Up/Down, Home/End and the
    scroll bar. Esc or "Back" closes it. Opaque, so it can sit over the title or a table."""

    name = "rules"

    def __init__(
        self, app: App, game_id: str, choose: bool = False, section: int | None = None
    ) -> None:
        """``section``: open at that section (its ``##`` heading, counted from 0: the same in
        every language), as the coach of a guided game links to it."""
        super().__init__(app)
        self.game_id = game_id
        self.section = section
        self.section_tops: list[int] = []  # page y of each section heading
        self.blocks = parse_rules(_read_rules(app, game_id))
        self.back_button = Button(_("Back"), self.close)
        # From the title screen every game's rules are a click away; at a table, its own.
        self.game_buttons = (
            [Button(game.title, functools.partial(self.switch, game.id)) for game in app.registry]
            if choose
            else []
        )
        self.focus = FocusGroup([self.back_button, *self.game_buttons])
        self.lines: list[Line] = []
        self._bottoms: list[int] = []
        self._layout_key: tuple[int, int] | None = None
        self.page_height = 0
        self.line_step = 1
        self.scroll = 0
        self._drag: tuple[int, int] | None = None  # (mouse y, scroll) when the thumb was grabbed
        self.panel = self.view = self.track = pygame.Rect(0, 0, 0, 0)
        self.column_x = 0

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def close(self) -> None:
        self.app.stack.remove(self)

    def switch(self, game_id: str) -> None:
        """Show another game's rules (from the top)."""
        self.game_id = game_id
        self.blocks = parse_rules(_read_rules(self.app, game_id))
        self._layout_key = None
        self.scroll = 0
        self.layout()

    # -- layout ----------------------------------------------------------------------------------
    def layout(self) -> None:
        app = self.app
        w, h = app.size
        margin = app.s(40)
        self.panel = pygame.Rect(margin, app.s(22), w - 2 * margin, h - app.s(22) - app.s(92))
        self.view = self.panel.inflate(-app.s(8), -app.s(8))
        bar_w = max(6, app.s(10))
        self.track = pygame.Rect(0, 0, bar_w, self.panel.height - app.s(36))
        self.track.midright = (self.panel.right - app.s(14), self.panel.centery)
        room = self.track.left - app.s(16) - (self.panel.left + app.s(36))
        column_w = max(app.s(200), min(room, app.s(MAX_COLUMN)))
        self.column_x = self.panel.left + app.s(36) + max(0, (room - column_w) // 2)
        self.back_button.rect = pygame.Rect(0, 0, app.s(200), app.s(52))
        self.back_button.rect.midleft = (self.panel.left, (self.panel.bottom + h) // 2)
        x = self.back_button.rect.right + app.s(16)
        for button in self.game_buttons:
            button.rect = pygame.Rect(x, 0, app.s(150), app.s(46))
            button.rect.centery = self.back_button.rect.centery
            button.selected = button.label == self.app.registry.get(self.game_id).title
            x += app.s(158)
        key = (w, h)
        if key != self._layout_key:
            fraction = self.scroll / self.max_scroll if self.max_scroll else 0.0
            self._render(column_w)
            self._layout_key = key
            self.scroll = round(fraction * self.max_scroll)
            if self.section is not None and 0 <= self.section < len(self.section_tops):
                self.scroll = self.section_tops[self.section] - app.s(8)
                self.section = None  # only on opening: later resizes keep the reader's place
        self.scroll_to(self.scroll)

    def _render(self, column_w: int) -> None:
        app = self.app
        fonts = app.fonts
        self.lines = []
        self.section_tops = []
        y = app.s(28)
        for index, block in enumerate(self.blocks):
            style = STYLES[block.kind]
            if index:
                y += app.s(style.before)
            if block.kind is BlockKind.SECTION:
                self.section_tops.append(y)
            regular = fonts.get(app.s(style.size), bold=style.bold)
            bold = fonts.get(app.s(style.size), bold=True)

            def measure(
                text: str,
                is_bold: bool,
                regular: pygame.font.Font = regular,
                bold: pygame.font.Font = bold,
            ) -> int:
                return (bold if is_bold else regular).size(text)[0]

            indent = app.s(style.indent)
            line_h = regular.get_linesize() + app.s(3)
            for number, runs in enumerate(wrap_spans(block.spans, column_w - indent, measure)):
                pieces: list[tuple[int, pygame.Surface]] = []
                if block.kind is BlockKind.BULLET and number == 0:
                    dot = regular.render("\u2022", True, theme.ACCENT)
                    pieces.append((indent // 3, dot))
                x = indent
                for run in runs:
                    font = bold if run.bold else regular
                    colour = BOLD_COLOUR if run.bold and not style.bold else style.colour
                    image = font.render(run.text, True, colour)
                    pieces.append((x, image))
                    x += image.get_width()
                text = "".join(run.text for run in runs)
                self.lines.append(Line(y, line_h, tuple(pieces), text))
                y += line_h
            y += app.s(style.after)
        self.page_height = y + app.s(20)
        self._bottoms = [line.y + line.height for line in self.lines]
        self.line_step = fonts.get(app.s(20)).get_linesize() + app.s(3)

    # -- scrolling -------------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        return max(0, self.page_height - self.view.height)

    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, round(value))))

    def scroll_by(self, amount: float) -> None:
        self.scroll_to(self.scroll + amount)

    @property
    def page_step(self) -> int:
        return max(self.line_step, self.view.height - self.line_step * 2)

    def thumb(self) -> pygame.Rect:
        """The scroll bar's thumb (the whole track when everything fits)."""
        track = self.track
        if not self.max_scroll:
            return track.copy()
        height = max(self.app.s(40), round(track.height * self.view.height / self.page_height))
        height = min(track.height, height)
        top = track.top + round((track.height - height) * self.scroll / self.max_scroll)
        return pygame.Rect(track.left, top, track.width, height)

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.line_step * WHEEL_LINES)
            return
        if self.focus.handle(event):
            return
        self._mouse(event)

    def _key(self, event: pygame.event.Event) -> bool:
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        steps = {
            pygame.K_UP: -self.line_step,
            pygame.K_DOWN: self.line_step,
            pygame.K_PAGEUP: -self.page_step,
            pygame.K_PAGEDOWN: self.page_step,
            pygame.K_SPACE: -self.page_step if shift else self.page_step,
        }
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_HOME:
            self.scroll_to(0)
        elif event.key == pygame.K_END:
            self.scroll_to(self.max_scroll)
        elif event.key in steps:
            self.scroll_by(steps[event.key])
        else:
            return False
        return True

    def _mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.max_scroll:
            thumb = self.thumb()
            grab = thumb.inflate(self.app.s(12), 0)
            if grab.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
            elif self.track.inflate(self.app.s(12), 0).collidepoint(event.pos):
                self.scroll_by(self.page_step if event.pos[1] > thumb.centery else -self.page_step)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag = None
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_scroll = self._drag
            travel = max(1, self.track.height - self.thumb().height)
            self.scroll_to(start_scroll + (event.pos[1] - start_y) * self.max_scroll / travel)

    # -- drawing ---------------------------------------------------------------------------------
    def visible_lines(self) -> list[Line]:
        """The lines that overlap the view at the current scroll position."""
        first = bisect.bisect_right(self._bottoms, self.scroll)
        out: list[Line] = []
        bottom = self.scroll + self.view.height
        for line in self.lines[first:]:
            if line.y >= bottom:
                break
            out.append(line)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        common.panel(surface, self.panel, self.app, alpha=235)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        top = self.view.top - self.scroll
        for line in self.visible_lines():
            for x, image in line.pieces:
                surface.blit(image, (self.column_x + x, top + line.y))
        surface.set_clip(clip)
        self._draw_scroll_bar(surface)
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        if self.game_buttons:
            return  # the game buttons take the hint's place
        hint = _("\u2191 \u2193  Page Up/Down  Home/End to scroll   \u00b7   Esc to go back")
        common.text(
            surface,
            self.app,
            hint,
            (self.panel.right, self.back_button.rect.centery),
            15,
            colour=theme.MUTED,
            anchor="midright",
        )

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        radius = self.track.width // 2
        pygame.draw.rect(surface, (10, 16, 20), self.track, border_radius=radius)
        colour = theme.ACCENT if self.max_scroll else (70, 90, 100)
        if self._drag is not None:
            colour = theme.GOLD
        pygame.draw.rect(surface, colour, self.thumb(), border_radius=radius)
