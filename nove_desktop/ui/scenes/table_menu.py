"""The table's menu (Esc or "Menu" at the table, or on the hand-off screen): the settings that
matter during a game, applied (and saved) at once, and leaving the table.

An overlay over what was on screen: opened from the hand-off screen, that screen stays under
it, so no private card is ever shown by opening the menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from ...i18n import _
from ...storage import AI_PACES, ANIMATION_SPEEDS, WINDOW_SECONDS
from .. import theme
from ..app import App
from ..widgets import Button, FocusGroup, Widget
from . import common
from .settings import ChoosesSettings, _speed, _window


class TableMenuScene(ChoosesSettings, common.MenuScene):
    """Back to the game, computer players' pace, animation speed, reaction windows, leave."""

    overlay = True
    name = "table_menu"

    def __init__(
        self, app: App, on_leave: Callable[[], None], on_skip: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.on_leave = on_leave
        self.on_skip = on_skip  # offered while every person at the table is out of the game
        self._build()

    def _build(self) -> None:
        settings = self.app.settings
        self.back_button = Button(_("Back to the game"), self.close)
        self.pace = self._choice(
            _("Computer players' pace"), AI_PACES, settings.ai_pace, "ai_pace", _speed
        )
        self.speed = self._choice(
            _("Animation speed"),
            ANIMATION_SPEEDS,
            settings.animation_speed,
            "animation_speed",
            _speed,
        )
        self.window = self._choice(
            _("Reaction windows"),
            WINDOW_SECONDS,
            settings.window_seconds,
            "window_seconds",
            _window,
        )
        self.leave_button = Button(_("Leave the table"), self.leave, danger=True)
        self.widgets: list[Widget] = [self.back_button, self.pace, self.speed, self.window]
        if self.on_skip is not None:
            self.skip_button = Button(_("Skip to the results"), self.skip)
            self.widgets.append(self.skip_button)
        self.widgets.append(self.leave_button)
        self.focus = FocusGroup(self.widgets)
        self.focus.keyboard = True  # opened by a key or a click: the ring shows where Enter goes

    def rebuild(self) -> None:
        self._build()

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        self.box = pygame.Rect(
            0, 0, min(w - app.s(30), app.s(720)), app.s(130 + 62 * len(self.widgets))
        )
        self.box.center = (w // 2, h // 2)
        for index, widget in enumerate(self.widgets):
            widget.rect = pygame.Rect(0, 0, app.s(620), app.s(50))
            widget.rect.midtop = (w // 2, self.box.y + app.s(72) + index * app.s(62))

    def _apply(self, **changes: Any) -> None:
        """A change applies at once: the table reads these settings every frame."""
        self.app.sounds.play("click")
        self.app.apply_settings(replace(self.app.settings, **changes))

    def close(self) -> None:
        self.app.stack.remove(self)

    def leave(self) -> None:
        self.close()
        self.on_leave()

    def skip(self) -> None:
        self.close()
        if self.on_skip is not None:
            self.on_skip()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        common.dim(surface, 150)
        common.panel(surface, self.box, app, 245)
        common.text(
            surface,
            app,
            _("Menu"),
            (self.box.centerx, self.box.y + app.s(18)),
            32,
            theme.ACCENT,
            bold=True,
            anchor="midtop",
        )
        self.focus.draw(surface, app.fonts, app.scale)
        common.text(
            surface,
            app,
            _("Changes apply at once. Esc goes back to the game."),
            (self.box.centerx, self.box.bottom - app.s(14)),
            15,
            colour=theme.MUTED,
            anchor="midbottom",
        )
