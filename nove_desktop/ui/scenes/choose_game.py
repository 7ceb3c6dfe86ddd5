"""Choosing which game to set up: one big button per game that has a table."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from ...engine.errors import UnknownGameError
from ...i18n import _
from ...specs import spec_for
from ...tutorial import new_session, script_for
from .. import theme
from ..app import App
from ..tables import has_table
from ..theme import Fonts
from ..widgets import Button, FocusGroup, Widget, focus_ring
from . import common


def blurb(game_id: str) -> str:
    """The game's line under its title (an English msgid: drawn translated), "" if none."""
    try:
        return spec_for(game_id).blurb
    except UnknownGameError:
        return ""


class GameButton(Button):
    """A tall button with the game's title and a one-line description."""

    def __init__(
        self, game_id: str, title: str, description: str, on_click: Callable[[], Any]
    ) -> None:
        super().__init__(title, on_click)
        self.game_id = game_id
        self.description = description

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        radius = max(8, int(16 * scale))
        shadow = self.rect.move(0, max(2, int(5 * scale)))
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=radius)
        surface.blit(shade, shadow)
        fill = theme.PANEL_LIGHT if self.enabled else theme.PANEL
        if self.enabled and (self.hovered or focused):
            fill = theme.lighter(fill, 22)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(
            surface, theme.GOLD_DARK, self.rect, width=max(2, int(2 * scale)), border_radius=radius
        )
        h = self.rect.height
        ink = theme.ACCENT if self.enabled else theme.MUTED
        title = fonts.get(max(14, int(h * 0.34)), bold=True).render(self.label, True, ink)
        left = self.rect.x + int(h * 0.4)
        surface.blit(title, title.get_rect(bottomleft=(left, self.rect.centery + int(h * 0.06))))
        if self.description:
            font = fonts.get(max(11, int(h * 0.2)))
            words = _(self.description) if self.enabled else _("table coming")
            line = font.render(words, True, (220, 228, 222) if self.enabled else theme.MUTED)
            surface.blit(line, (left, self.rect.centery + int(h * 0.1)))
        arrow = fonts.get(max(14, int(h * 0.34)), bold=True).render("\u25b6", True, ink)
        surface.blit(
            arrow, arrow.get_rect(midright=(self.rect.right - int(h * 0.35), self.rect.centery))
        )
        if focused:
            focus_ring(surface, self.rect, scale)


class ChooseGameScene(common.MenuScene):
    """ "New game": pick a game, then set up its seats."""

    name = "choose_game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game_buttons: list[GameButton] = [
            GameButton(
                game.id,
                game.title,
                blurb(game.id),
                functools.partial(self.choose, game.id),
            )
            for game in app.registry
        ]
        for button in self.game_buttons:
            button.enabled = has_table(button.game_id)
        # Beside each game, its guided first game (a coach at the table, a chosen deal).
        self.learn_buttons: list[Button] = [
            Button(
                _("Learn to play"),
                functools.partial(self.learn, button.game_id),
                hint=_("A guided first game with a coach"),
            )
            for button in self.game_buttons
        ]
        for button, learn in zip(self.game_buttons, self.learn_buttons, strict=True):
            learn.enabled = button.enabled and script_for(button.game_id) is not None
        self.back_button = Button(_("Back"), self.close)
        rows = [w for pair in zip(self.game_buttons, self.learn_buttons, strict=True) for w in pair]
        self.focus = FocusGroup([*rows, self.back_button])
        for button in self.game_buttons:
            if button.game_id == app.settings.last_game:
                self.focus.focus(button)
        # The last game played has the focus, and shows it: the ring says what Enter opens
        # (an invisible focus made the first Down open the wrong setup).
        self.focus.keyboard = True

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        count = max(1, len(self.game_buttons))
        top, bottom = 150, 720 - 150  # design units: room between the heading and "Back"
        gap = 16
        height = min(104, (bottom - top) / count - gap)
        common.column(self.app, self.game_buttons, top=top, width=680, height=height, gap=gap)
        learn_w, room = self.app.s(200), self.app.s(12)
        for button, learn in zip(self.game_buttons, self.learn_buttons, strict=True):
            button.rect.x -= (learn_w + room) // 2
            learn.rect = pygame.Rect(
                button.rect.right + room, button.rect.y, learn_w, button.rect.height
            )
        below = top + count * (height + gap) + 24
        common.column(self.app, [self.back_button], top=below, width=240, height=52)

    def close(self) -> None:
        self.app.stack.remove(self)

    def choose(self, game_id: str) -> None:
        self.app.sounds.play("click")
        self.app.scenes.push("setup", game_id=game_id)

    def learn(self, game_id: str) -> None:
        """The game's guided first game: its chosen deal, with the coach at the table."""
        script = script_for(game_id)
        if script is None:
            return
        self.app.sounds.play("click")
        session = new_session(script, self.app.registry, _("You"))
        self.app.scenes.replace("table", session=session)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The games and their Learn to play buttons form two columns, and the arrows move as
        they look: Up/Down stay in the column (Down from a game goes to the next game, not to its
        Learn to play), Left/Right cross to the other column. Tab still visits everything."""
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_LEFT,
            pygame.K_RIGHT,
        ):
            target = self.arrow_target(event.key)
            if target is not None:
                self.focus.focus(target)
                self.focus.keyboard = True
                return
        super().handle_event(event)

    def arrow_target(self, key: int) -> Widget | None:
        """Where an arrow key moves the focus on this page (None: the usual order)."""
        focused = self.focus.focused
        games: list[Widget] = [*self.game_buttons]
        learns: list[Widget] = [*self.learn_buttons]
        column = games if focused in games else learns if focused in learns else None
        if focused is None or (column is None and focused is not self.back_button):
            return None
        usable = [w for w in self.focus.widgets if w.enabled and w.visible]
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if column is None:
                return focused  # Back stands alone
            row = column.index(focused)
            other = learns[row] if column is games else games[row]
            return other if other in usable else focused
        step = 1 if key == pygame.K_DOWN else -1
        if column is None:  # from Back: up to the last game, down round to the first
            line = [w for w in games if w in usable]
            return (line[-1] if step < 0 else line[0]) if line else None
        line = [w for w in column if w in usable]
        index = line.index(focused) + step
        if 0 <= index < len(line):
            return line[index]
        return self.back_button  # below the last game, or above the first (round the page)

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        common.heading(surface, self.app, _("New game"), 34, size=54)
        w, h = surface.get_size()
        common.text(
            surface,
            self.app,
            _("Choose a game"),
            (w // 2, self.app.s(104)),
            20,
            colour=(210, 230, 215),
            anchor="midtop",
        )
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        hint = _("\u2191 \u2193 or Tab to move, Enter to choose, Esc to go back")
        common.text(
            surface,
            self.app,
            hint,
            (w // 2, h - self.app.s(34)),
            15,
            colour=theme.MUTED,
            anchor="midtop",
        )
