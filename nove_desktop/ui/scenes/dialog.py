"""A modal question with two answers (e.g. "Leave this game?")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ..app import App
from ..widgets import Button, FocusGroup
from . import common


class ConfirmDialog(common.MenuScene):
    """Esc or "No" closes it; "Yes" closes it and runs ``on_yes``."""

    overlay = True
    name = "confirm"

    def __init__(
        self,
        app: App,
        question: str,
        detail: str,
        on_yes: Callable[[], None],
        yes: str | None = None,
        no: str | None = None,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.no_button = Button(no or _("No"), self.close)
        self.yes_button = Button(yes or _("Yes"), self.confirm, primary=True)
        self.focus = FocusGroup([self.no_button, self.yes_button])
        self.focus.keyboard = True

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, self.app.s(620), self.app.s(260))
        self.box.center = (w // 2, h // 2)
        bw, bh = self.app.s(200), self.app.s(54)
        self.no_button.rect = pygame.Rect(0, 0, bw, bh)
        self.yes_button.rect = pygame.Rect(0, 0, bw, bh)
        self.no_button.rect.bottomright = (
            self.box.centerx - self.app.s(12),
            self.box.bottom - self.app.s(26),
        )
        self.yes_button.rect.bottomleft = (
            self.box.centerx + self.app.s(12),
            self.box.bottom - self.app.s(26),
        )

    def close(self) -> None:
        self.app.stack.remove(self)

    def confirm(self) -> None:
        self.close()
        self.on_yes()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.dim(surface)
        common.panel(surface, self.box, app, 245)
        width = self.box.width - app.s(60)
        question = fitted(app, self.question, width, app.s(30), (255, 255, 255), bold=True)
        surface.blit(question, question.get_rect(midtop=(self.box.centerx, self.box.y + app.s(30))))
        detail = fitted(app, self.detail, width, app.s(19), (210, 214, 210), max_lines=3)
        surface.blit(detail, detail.get_rect(midtop=(self.box.centerx, self.box.y + app.s(86))))
        self.focus.draw(surface, app.fonts, app.scale)
