"""The coach of a guided first game ("Learn to play") at the table: a thin layer over the kit.

The steps, their triggers and the moves they teach live in ``nove_desktop.tutorial`` (pure
Python); here the table shows the coach's panel, asks the coach at each decision the player is
shown, refuses another move than the taught one through the kit's own refusal path, opens the
rules page at the step's section (the panel's button or R), and shows the recap in the last
summary. A guided game is never saved for Continue nor counted in the statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from ...engine.actions import Action
from ...i18n import _, current_language
from ...tutorial import Coach, script_for
from .. import theme
from ..app import App
from ..rules_markup import BlockKind, parse_rules
from ..scenes import common
from ..scenes.rules import rules_file
from ..scenes.summary import RoundSummaryScene
from ..widgets import Button, Widget
from . import paint
from .hooks import TablePart
from .text import wrap

# The panel's place (design units): the left side of the table, under the seat across on the
# left (its cards end at y 210), clear of the player's hand, the controls (bottom right), the
# piles (NUM-X's deck starts at x 318) and NUM-X's malus row and objective (from y 480).
PANEL_X, PANEL_Y, PANEL_W = 14.0, 214.0, 292.0
PANEL_MAX_H = {"numx": 262.0, "nox": 310.0}  # the most height (NOX: over your kitty)
PANEL_MAX_H_DEFAULT = 360.0  # down to y 574, above the status line
TEXT_SIZES = (16, 15, 14)  # design units; 14 is still 11 px at 1024x640


@lru_cache(maxsize=32)
def section_titles(game_id: str, language: str) -> tuple[str, ...]:
    """The ``##`` headings of a game's rules page in ``language`` (empty if it is unreadable)."""
    try:
        text = rules_file(game_id, language).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return ()
    return tuple(b.text for b in parse_rules(text) if b.kind is BlockKind.SECTION)


class CoachMixin(TablePart):
    """A part of :class:`~.scene.TableScene` (first in its bases, so it may wrap the methods
    of the kit's other parts, not those of the scene's own body): the coach of a guided game,
    or nothing at all in an ordinary game."""

    coach_image: tuple[object, pygame.Surface, pygame.Rect] | None = None  # (look, image, link)

    def setup_coach(self) -> None:
        script = script_for(str(self.session.ui.get("tutorial", "")))
        self.coach = Coach(script) if script is not None else None
        self.coach_button = Button(_("Rules"), self.open_rules)
        self.coach_rect = pygame.Rect(0, 0, 0, 0)

    # -- the kit's moments -----------------------------------------------------------------------
    def show_controls(self, widgets: list[Widget]) -> None:
        super().show_controls(widgets)
        coach, seat = self.coach, self.viewer
        if coach is None or not widgets or seat is None or seat not in self.session.to_act():
            return
        coach.at_decision(self.decision_moment(), self.observe(), self.session.legal(seat))

    def apply(self, seat: int, action: Action) -> None:
        """A move the table makes for the player (Kaël's good draw laid by the setting) is a
        decision too: the coach explains it even though no control was shown."""
        coach = self.coach
        if coach is not None and seat == self.viewer and seat in self.session.to_act():
            coach.at_decision(self.decision_moment(), self.observe(), self.session.legal(seat))
        super().apply(seat, action)

    def refusal(self, seat: int, action: Action) -> str | None:
        """The coach's words first: another move than the one taught now is refused."""
        coach = self.coach
        if coach is not None and seat == self.viewer:
            words = coach.refusal(action)
            if words is not None and self.session.is_legal(seat, action):
                return _(words).rstrip(".")  # the kit adds the full stop
        return super().refusal(seat, action)

    def teaching(self) -> bool:
        """The coach requires a move now (a hint, from the search, might argue for another)."""
        return self.coach is not None and self.coach.required is not None

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            self.teaching()
            and event.type == pygame.KEYDOWN
            and getattr(event, "unicode", "") == "?"
        ):
            return  # the coach already says what to do, and why
        super().handle_event(event)

    def open_rules(self) -> None:
        section = self.coach.section if self.coach is not None else None
        self.app.scenes.push("rules", game_id=self.game.id, section=section)

    def click_hud(self, pos: tuple[int, int]) -> bool:
        if self.coach is not None and self.coach_button.rect.collidepoint(pos):
            self.coach_button.activate()
            return True
        return super().click_hud(pos)

    def autosave(self) -> None:
        if self.coach is None:  # a guided game is never offered by Continue
            super().autosave()

    def record_statistics(self) -> None:
        if self.coach is None:  # a guided game is not counted
            super().record_statistics()

    def play_again(self) -> None:
        """After a guided game, "play again" sets up a real game of it."""
        if self.coach is None:
            super().play_again()
            return
        self.app.scenes.clear_to("title")
        self.app.scenes.push("setup", game_id=self.game.id)

    def show_summary(
        self, title: str, columns: list[str], rows: list[list[Any]], note: str = ""
    ) -> None:
        coach = self.coach
        if coach is None or not self.session.over:
            super().show_summary(title, columns, rows, note)
            return
        coach.finish()
        recap = _(coach.script.recap)

        def opener() -> None:
            scene = RecapSummaryScene(
                self.app,
                title,
                columns,
                rows,
                self.summary_closed,
                note=note,
                last=True,
                recap=recap,
            )
            self.app.stack.push(scene)

        self.pending_modal = opener

    def show_game_over(self, reason: str) -> None:
        """A guided game whose end came without a last summary (banco's hand limit) shows the
        recap first, over the final totals, then the game over as usual."""
        coach = self.coach
        if coach is None or coach.finished:
            super().show_game_over(reason)
            return
        coach.finish()
        scores = self.session.result().scores
        rows = [[self.names[seat], str(score)] for seat, score in enumerate(scores)]
        show_game_over = super().show_game_over

        def closed() -> None:
            self.summary_closed()
            show_game_over(reason)

        def opener() -> None:
            self.app.stack.push(
                RecapSummaryScene(
                    self.app,
                    _("Well done"),
                    [_("Player"), _("Total")],
                    rows,
                    closed,
                    last=True,
                    recap=_(coach.script.recap),
                )
            )

        self.pending_modal = opener

    # -- drawing ---------------------------------------------------------------------------------
    def draw_coach(self, surface: pygame.Surface) -> None:
        """The panel: a heading, the step's words, and a link to its section of the rules
        (rendered once per text and window size, then blitted)."""
        coach = self.coach
        if coach is None:
            return
        if self.teaching():  # drawn before the HUD: the Hint button hides while a move is taught
            self.hint_button.visible = False
        app = self.app
        key = (coach.text, coach.finished, coach.section, app.size, current_language())
        cached = self.coach_image
        if cached is None or cached[0] != key:
            cached = self.coach_image = (key, *self.render_coach())
        _key, image, link = cached
        x, y = paint.to_screen(app, (PANEL_X, PANEL_Y))
        self.coach_rect = image.get_rect(topleft=(x, y))
        surface.blit(image, self.coach_rect)
        self.coach_button.visible = link.width > 0
        self.coach_button.rect = link.move(x, y) if link.width else pygame.Rect(0, 0, 0, 0)

    def render_coach(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The panel's image and where its link lies in it."""
        coach = self.coach
        assert coach is not None
        app = self.app
        width, pad = app.s(PANEL_W), app.s(10)
        title_font = app.fonts.get(app.s(17), bold=True)
        link = self.link_text()
        most = app.s(PANEL_MAX_H.get(self.game.id, PANEL_MAX_H_DEFAULT))
        for size in TEXT_SIZES:  # the largest size that fits the panel's room
            font = app.fonts.get(app.s(size))
            lines = wrap(font, _(coach.text), width - 2 * pad)
            links = wrap(font, link, width - 4 * pad) if link else []
            step = font.get_linesize()
            text_h = (len(lines) + len(links)) * step + (3 * pad if links else 0)
            if text_h + title_font.get_linesize() + 3 * pad <= most:
                break
        height = text_h + title_font.get_linesize() + 3 * pad
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        common.panel(image, image.get_rect(), app, alpha=240)
        heading = _("Well done") if coach.finished else _("Coach")
        image.blit(title_font.render(heading, True, theme.ACCENT), (pad, pad))
        line_y = 2 * pad + title_font.get_linesize()
        for line in lines:
            image.blit(font.render(line, True, theme.WHITE), (pad, line_y))
            line_y += step
        if not links:
            return image, pygame.Rect(0, 0, 0, 0)
        box = pygame.Rect(pad, line_y + pad, width - 2 * pad, len(links) * step + pad)
        pygame.draw.rect(image, theme.PANEL_LIGHT, box, border_radius=app.s(8))
        pygame.draw.rect(
            image, theme.GOLD_DARK, box, width=max(1, app.s(1)), border_radius=app.s(8)
        )
        line_y = box.y + pad // 2
        for line in links:
            image.blit(font.render(line, True, theme.ACCENT), (box.x + pad, line_y))
            line_y += step
        return image, box

    def link_text(self) -> str:
        """The words of the link to the step's section of the rules ("" without a step)."""
        section = self.coach.section if self.coach is not None else None
        if section is None:
            return ""
        titles = section_titles(self.game.id, current_language())
        name = titles[section] if section < len(titles) else ""
        if not name:
            return _("Read the rules  (R)")
        return _("Read the rules: {section}  (R)").format(section=name)


class RecapSummaryScene(RoundSummaryScene):
    """The last summary of a guided game, with the coach's recap under the scores."""

    RECAP_SIZE = 17  # design units

    def __init__(
        self,
        app: App,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[Any]],
        on_close: Callable[[], None],
        note: str = "",
        last: bool = True,
        recap: str = "",
    ) -> None:
        self.recap = recap
        self.recap_lines: list[str] = []
        super().__init__(app, title, columns, rows, on_close, note=note, last=last)

    def layout(self) -> None:
        super().layout()
        app = self.app
        w, h = app.size
        font = app.fonts.get(app.s(self.RECAP_SIZE))
        self.recap_lines = wrap(font, self.recap, self.box.width - app.s(60))
        extra = len(self.recap_lines) * font.get_linesize() + app.s(20)
        self.box.height = min(h - app.s(16), self.box.height + extra)
        self.box.center = (w // 2, h // 2)
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - app.s(18))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        font = app.fonts.get(app.s(self.RECAP_SIZE))
        y = self.box.y + app.s(self.TOP) + self.row_height * (len(self.rows) + 1) + app.s(12)
        for line in self.recap_lines:
            image = font.render(line, True, theme.WHITE)
            surface.blit(image, image.get_rect(midtop=(self.box.centerx, y)))
            y += font.get_linesize()
